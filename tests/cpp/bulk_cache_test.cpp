// The cache-aware bucket shuffle (bulk_cache.hpp) and its use by BulkShuffle: uniform (with a
// negative control that the same tests reject), independent of chunking and array width.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string_view>
#include <tuple>
#include <vector>

#include "fairdeck/bulk.hpp"
#include "fairdeck/bulk_cache.hpp"
#include "fairdeck/engine/seed.hpp"
#include "fairdeck/engine/xoshiro256.hpp"
#include "fairdeck/fairness.hpp"
#include "fairdeck/shuffle.hpp"
#include "stats.hpp"

using namespace fairdeck;
using fairdeck::tests::chi2_critical;
using fairdeck::tests::chi2_matrix;
using fairdeck::tests::chi2_uniform;

namespace {

/// One bucket shuffle of `a` with 2^bits buckets growing by blocks of 2 items (so buckets span
/// several blocks), every stage run in steps of `budget` units.
/// (noinline: inlined into a caller with a 5-item array, GCC 12 warns about the > 8192 path.)
[[gnu::noinline]] void bucket_shuffle(std::vector<std::uint32_t>& a, int bits, Xoshiro256& engine, Dice& dice, std::uint32_t budget) {
  const auto n = static_cast<std::uint32_t>(a.size());
  std::vector<std::uint32_t> scratch(BucketShuffle::scratch_items(n, bits, 2));
  BucketShuffle b(n, bits, 2);
  while (b.stage() == 0) b.scatter(a.data(), scratch.data(), engine, budget);
  while (b.stage() == 1) b.buckets(a.data(), scratch.data(), engine, dice, budget);
}

/// The classic wrong "cache-friendly" shuffle, the negative control: shuffle inside fixed blocks
/// of two, then shuffle the order of the blocks. Neighbours stay neighbours: far from uniform.
void block_shuffle(std::vector<std::uint32_t>& a, Xoshiro256& engine) {
  std::vector<std::vector<std::uint32_t>> blocks;
  for (std::size_t i = 0; i < a.size(); i += 2) blocks.emplace_back(a.begin() + i, a.begin() + std::min(i + 2, a.size()));
  for (auto& block : blocks) fisher_yates(std::span(block), engine);
  fisher_yates(std::span(blocks), engine);
  a.clear();
  for (const auto& block : blocks) a.insert(a.end(), block.begin(), block.end());
}

/// X² of the counts of each order of 5 items over 120,000 shuffles (df 119).
template <class Shuffle>
double permutation_chi2(Shuffle shuffle) {
  std::vector<std::uint64_t> counts(120, 0);
  for (int t = 0; t < 120000; ++t) {
    std::vector<std::uint32_t> a(5);
    std::iota(a.begin(), a.end(), 0u);
    shuffle(a, t);
    ++counts[permutation_rank(a.data(), 5)];
  }
  return chi2_uniform(counts);
}

/// Negative control for the position matrix: labels and the scatter, but no shuffle inside the
/// buckets (a stable partition): an item's position depends on where it started.
void partition_only(std::vector<std::uint32_t>& a, Xoshiro256& engine) {
  std::vector<std::vector<std::uint32_t>> buckets(8);
  for (std::uint32_t x : a) buckets[engine.next_u32() >> 29].push_back(x);
  a.clear();
  for (const auto& b : buckets) a.insert(a.end(), b.begin(), b.end());
}

/// The algorithm of bulk_cache.hpp written plainly, as the reference its scatter must match: a
/// stable partition by labels (⌊32/bits⌋ per word, highest bits first), then each bucket in label
/// order put back and shuffled with the same engine and dice.
std::vector<std::uint32_t> reference_bucket_shuffle(std::vector<std::uint32_t> a, int bits, Xoshiro256 engine, Dice dice) {
  const auto n = static_cast<std::uint32_t>(a.size()), per = 32 / static_cast<std::uint32_t>(bits);
  std::vector<std::vector<std::uint32_t>> buckets(std::size_t{1} << bits);
  for (std::uint32_t i = 0; i < n; i += per) {
    std::uint32_t w = engine.next_u32();
    for (std::uint32_t t = i; t < i + per && t < n; ++t, w <<= bits) buckets[w >> (32 - bits)].push_back(a[t]);
  }
  std::uint32_t at = 0;
  for (const auto& b : buckets) {
    std::copy(b.begin(), b.end(), a.begin() + at);
    if (b.size() >= 2) dice.swap_down(engine, a.data() + at, static_cast<std::uint32_t>(b.size()), 2);
    at += static_cast<std::uint32_t>(b.size());
  }
  return a;
}

}  // namespace

TEST(BucketShuffle, EveryOrderOfFiveItemsIsEquallyLikelyWithAnyBucketCountAndChunking) {
  for (int bits : {1, 2, 4}) {  // 2 buckets (every item shares one) to 16 (most of them empty)
    Xoshiro256 engine(key_from_u64(100 + bits));
    Dice dice;
    const double x2 = permutation_chi2([&](std::vector<std::uint32_t>& a, int t) {
      bucket_shuffle(a, bits, engine, dice, 1 + t % 3);  // budgets 1, 2, 3: stages split mid-word and mid-bucket
    });
    EXPECT_LT(x2, chi2_critical(119)) << "bits=" << bits;
  }
}

TEST(BucketShuffle, MatchesThePlainAlgorithmForEveryBucketCountBlockAndChunking) {
  // 7–10 bits take the scatter's constant-shift copies (bucket_bits()), the others its general
  // loop; blocks of 2 make every bucket span many blocks, and odd budgets split words and buckets.
  for (int bits : {1, 3, 6, 7, 8, 9, 10, 11}) {
    for (std::uint32_t block : {2u, 64u, BucketShuffle::kBlock}) {
      const std::uint32_t n = 20000 + static_cast<std::uint32_t>(bits);
      std::vector<std::uint32_t> a(n);
      std::iota(a.begin(), a.end(), 0u);
      const Xoshiro256 start(key_from_u64(static_cast<std::uint64_t>(bits) * 1000 + block));
      const std::vector<std::uint32_t> want = reference_bucket_shuffle(a, bits, start, Dice{});
      std::vector<std::uint32_t> scratch(BucketShuffle::scratch_items(n, bits, block));
      BucketShuffle b(n, bits, block);
      Xoshiro256 engine = start;
      Dice dice;
      while (b.stage() == 0) b.scatter(a.data(), scratch.data(), engine, 997);
      while (b.stage() == 1) b.buckets(a.data(), scratch.data(), engine, dice, 1009);
      ASSERT_EQ(a, want) << "bits=" << bits << " block=" << block;
    }
  }
  EXPECT_THROW(BucketShuffle(100, 2, 3), RangeError);  // the cursor's mask needs a power of two
}

TEST(BucketShuffle, TheBlockShuffleNegativeControlFailsTheSameTest) {
  Xoshiro256 engine(key_from_u64(7));
  const double x2 = permutation_chi2([&](std::vector<std::uint32_t>& a, int) { block_shuffle(a, engine); });
  EXPECT_GT(x2, chi2_critical(119));
}

TEST(BucketShuffle, FiftyTwoItemPositionMatrixIsUniformAndWithoutTheBucketShufflesItIsNot) {
  // 52,000 shuffles: 1,000 expected per (item, position); χ²((n − 1)²) = χ²(2601) at α = 1e-6.
  const std::uint32_t n = 52;
  std::vector<std::uint64_t> fair(n * n, 0), stable(n * n, 0);
  Xoshiro256 engine(key_from_u64(52));
  Dice dice;
  for (int t = 0; t < 52000; ++t) {
    std::vector<std::uint32_t> a(n), b(n);
    std::iota(a.begin(), a.end(), 0u);
    std::iota(b.begin(), b.end(), 0u);
    bucket_shuffle(a, 3, engine, dice, 1000);
    partition_only(b, engine);
    for (std::uint32_t p = 0; p < n; ++p) ++fair[a[p] * n + p], ++stable[b[p] * n + p];
  }
  EXPECT_LT(chi2_matrix(fair, n), chi2_critical(2601));
  EXPECT_GT(chi2_matrix(stable, n), chi2_critical(2601));
}

TEST(BulkShuffle, IsCacheAwareFromTheThresholdAndGivesOneOrderWhateverTheChunkingAndWidth) {
  const std::uint32_t n = kCacheAwareFrom + 12345;
  std::vector<std::uint32_t> a(n);
  std::vector<std::uint64_t> wide(n);
  std::iota(a.begin(), a.end(), 0u);
  std::iota(wide.begin(), wide.end(), std::uint64_t{0});
  BulkShuffle s1(n, Rng("xoshiro256", key_from_u64(3), false)), s2(n, Rng("xoshiro256", key_from_u64(3), false));
  ASSERT_TRUE(s1.cache_aware());
  while (s1.step(a.data(), 1u << 18) > 0) {
  }
  while (s2.step(wide.data(), 99991) > 0) {
  }
  EXPECT_FALSE(s1.failed());
  EXPECT_EQ(s1.pending(), 0u);
  for (std::uint32_t i = 0; i < n; ++i) ASSERT_EQ(a[i], wide[i]) << "at " << i;
  std::vector<std::uint8_t> seen(n, 0);
  std::uint32_t fixed = 0;
  for (std::uint32_t i = 0; i < n; ++i) seen[a[i]] = 1, fixed += a[i] == i;
  EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), static_cast<std::ptrdiff_t>(n));
  EXPECT_LT(fixed, 20u);  // a uniform order has about one fixed point

  BulkShuffle plain(n, Rng("xoshiro256", key_from_u64(3), false));
  plain.fisher_yates_only();
  EXPECT_FALSE(plain.cache_aware());
  std::vector<std::uint32_t> b(n);
  std::iota(b.begin(), b.end(), 0u);
  while (plain.step(b.data(), 1u << 20) > 0) {
  }
  EXPECT_NE(a, b);  // a different (equally fair) algorithm above the threshold

  BulkShuffle below(kCacheAwareFrom - 1, Rng("xoshiro256", key_from_u64(3), false));
  EXPECT_FALSE(below.cache_aware());
}

TEST(BucketShuffle, BucketsHoldAbout2To18ItemsAndAreAPowerOfTwo) {
  EXPECT_EQ(bucket_bits(kCacheAwareFrom), 7);
  EXPECT_EQ(bucket_bits(100000000), 9);
  EXPECT_EQ(bucket_bits(0xffffffffu), 10);
}

TEST(BulkShuffle, CacheAwareOrdersOfSeededShufflesAreThoseOfTheFirstRelease) {
  // No golden vector reaches 2^23 items, so speed work on the scatter and the bucket shuffles is
  // pinned here: FNV-1a over the order (written by the code at ec6c96c) for each engine.
  const std::uint32_t n = kCacheAwareFrom + 12345;
  for (const auto& [engine, seed, fnv] : {std::tuple{"xoshiro256", 3, 14111510709202225847ULL},
                                         std::tuple{"chacha20", 4, 750062389199126759ULL}}) {
    std::vector<std::uint32_t> a(n);
    std::iota(a.begin(), a.end(), 0u);
    BulkShuffle s(n, Rng(engine, key_from_u64(static_cast<std::uint64_t>(seed)), false));
    while (s.step(a.data(), 1u << 18) > 0) {
    }
    std::uint64_t h = 14695981039346656037ULL;
    for (std::uint32_t x : a) h = (h ^ x) * 1099511628211ULL;
    EXPECT_EQ(h, fnv) << engine;
    EXPECT_EQ(a[0], engine == std::string_view("xoshiro256") ? 1091218u : 5407006u) << engine;
  }
}
