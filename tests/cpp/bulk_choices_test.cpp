// The bulk shuffle's choices without moves (bulk.hpp choices(), labels(), bucket_choices()): what
// `shuffle(array)` uses for JavaScript Arrays, which move their own items. Applied as the
// package applies them (web/src/shuffle.ts), they must give exactly the order step() gives, for
// every engine, chunking and size on both sides of the cache-aware threshold — or seeded Arrays
// would stop matching seeded typed arrays and permutation(n).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <tuple>
#include <utility>
#include <vector>

#include "fairdeck/bulk.hpp"
#include "fairdeck/bulk_cache.hpp"
#include "fairdeck/engine/seed.hpp"

using namespace fairdeck;

namespace {

/// n items shuffled by step(), in chunks of `chunk`.
std::vector<std::uint32_t> stepped(std::uint32_t n, const char* engine, std::uint64_t seed, std::uint32_t chunk) {
  std::vector<std::uint32_t> a(n);
  std::iota(a.begin(), a.end(), 0u);
  BulkShuffle s(n, Rng(engine, key_from_u64(seed), false));
  while (s.step(a.data(), chunk) > 0) {
  }
  return a;
}

/// n items moved by the choices, the way shuffle.ts moves an Array's items, in chunks of `chunk`.
std::vector<std::uint32_t> chosen(std::uint32_t n, const char* engine, std::uint64_t seed, std::uint32_t chunk) {
  std::vector<std::uint32_t> a(n), out(chunk);
  std::iota(a.begin(), a.end(), 0u);
  BulkShuffle s(n, Rng(engine, key_from_u64(seed), false));
  if (!s.cache_aware()) {
    std::uint32_t i = n - 1;
    for (std::uint32_t k; (k = s.choices(out.data(), chunk)) > 0;)
      for (std::uint32_t t = 0; t < k; ++t, --i) std::swap(a[i], a[out[t]]);
    EXPECT_EQ(i, n == 0 ? 0xffffffffu : 0u);  // every position from n − 1 down to 1 chose
    return a;
  }
  std::vector<std::uint16_t> labels(n);
  std::uint32_t done = 0;
  for (std::uint32_t k; (k = s.labels(labels.data() + done, chunk)) > 0;) done += k;
  EXPECT_EQ(done, n);
  const BucketShuffle& b = *s.buckets();
  std::vector<std::uint32_t> cursor(b.bucket_count()), start(b.bucket_count());
  for (std::uint32_t q = 0, at = 0; q < b.bucket_count(); ++q) start[q] = cursor[q] = at, at += b.bucket_size(q);
  std::vector<std::uint32_t> copy = a;
  for (std::uint32_t src = 0; src < n; ++src) a[cursor[labels[src]]++] = copy[src];
  std::uint32_t q = 0, bound = b.bucket_size(0);  // the current bucket and its next bound
  for (std::uint32_t k; (k = s.bucket_choices(out.data(), chunk)) > 0;) {
    for (std::uint32_t t = 0; t < k; ++t, --bound) {
      while (bound < 2) bound = b.bucket_size(++q);
      std::swap(a[start[q] + bound - 1], a[start[q] + out[t]]);
    }
  }
  EXPECT_EQ(s.pending(), 0u);
  return a;
}

}  // namespace

TEST(BulkChoices, PlainFisherYatesChoicesGiveTheOrderOfStep) {
  for (const char* engine : {"chacha20", "xoshiro256"}) {
    for (const auto& [n, chunk] : {std::pair{0u, 7u}, {1u, 7u}, {2u, 1u}, {3u, 1u}, {52u, 5u}, {1000u, 999u}, {100003u, 1u << 18}, {100003u, 4093u}}) {
      for (std::uint64_t seed : {1u, 77u}) {
        ASSERT_EQ(chosen(n, engine, seed, chunk), stepped(n, engine, seed, 1u << 18)) << engine << " n " << n << " chunk " << chunk;
      }
    }
  }
}

TEST(BulkChoices, CacheAwareLabelsAndBucketChoicesGiveTheOrderOfStep) {
  // One size past the threshold (2^7 buckets of about 2^16 items), two engines, two chunkings:
  // 8 shuffles of 8.4 M items, about 2 s natively.
  const std::uint32_t n = kCacheAwareFrom + 12345;
  for (const auto& [engine, seed] : {std::tuple{"chacha20", 4u}, std::tuple{"xoshiro256", 3u}}) {
    const auto want = stepped(n, engine, seed, 1u << 18);
    ASSERT_EQ(chosen(n, engine, seed, 1u << 18), want) << engine;
    ASSERT_EQ(chosen(n, engine, seed, 65537u), want) << engine << " in odd chunks";
  }
}

TEST(BulkChoices, TheNegativeControlDiffers) {
  // A choice read one step late (the order a careless caller would get) is a different order.
  const std::uint32_t n = 1000;
  std::vector<std::uint32_t> a(n), out(n);
  std::iota(a.begin(), a.end(), 0u);
  BulkShuffle s(n, Rng("chacha20", key_from_u64(1), false));
  const std::uint32_t k = s.choices(out.data(), n);
  ASSERT_EQ(k, n - 1);
  for (std::uint32_t t = 1, i = n - 1; t < k; ++t, --i) std::swap(a[i], a[out[t]]);
  EXPECT_NE(a, stepped(n, "chacha20", 1, 1u << 18));
}
