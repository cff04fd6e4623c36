// fairdeck/bulk_cache.hpp — a cache-aware shuffle for arrays far larger than the CPU caches.
//
// Why: Fisher–Yates swaps a[i] with a uniformly random a[j]; once the array outgrows the last-level
// cache almost every swap waits for DRAM. Rao (1961) and Sandelius (1962) shuffle in two stages:
// give every item an independent uniform label in [0, B), move the items into B buckets by label
// (a counting pass, then a sequential scatter with B write streams), then shuffle each bucket —
// small enough to stay in cache — with Fisher–Yates. Every order of the n items is equally likely:
// given the bucket sizes n_1…n_B, the items' assignment to buckets is uniform over the
// n!/(n_1!…n_B!) possibilities and each bucket's order uniform over its n_k! orders, so each of
// the n! orders has the same probability whatever the sizes. B is a power of two, so a label is
// b = log2 B bits of a 32-bit word (⌊32/b⌋ labels per word, the rest of the word unused): exact.
// The labels are drawn twice from two copies of the same engine state (once to count, once to
// scatter) instead of being stored. The scatter needs a scratch array as large as the input.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fairdeck/uniform.hpp"

namespace fairdeck {

/// Smallest n for which bulk shuffles are cache-aware: 2^23 items (32 MiB of uint32, more than most
/// last-level caches). The choice depends on n only, so Arrays, typed arrays of every width and
/// permutation() give the same order for the same seed.
inline constexpr std::uint32_t kCacheAwareFrom = 1u << 23;

/// log2 of the bucket count for n items: buckets of about 2^18 items, 2^7 to 2^10 buckets.
constexpr int bucket_bits(std::uint32_t n) noexcept {
  return std::clamp(static_cast<int>(std::bit_width(n - 1)) - 18, 7, 10);
}

/// One cache-aware shuffle of n items, run as bounded steps (see the file comment). The caller
/// owns the items, the scratch array and the engines; see BulkShuffle.
class BucketShuffle {
public:
  /// Prepares a shuffle of n ≥ 2 items into 2^bits buckets (1 ≤ bits ≤ 16; tests use few buckets).
  explicit BucketShuffle(std::uint32_t n, int bits)
      : n_(n), bits_(bits), per_(32 / static_cast<std::uint32_t>(bits)), end_((std::size_t{1} << bits) + 1, 0) {}
  /// Prepares a shuffle of n ≥ 2 items into 2^bucket_bits(n) buckets.
  explicit BucketShuffle(std::uint32_t n) : BucketShuffle(n, bucket_bits(n)) {}

  /// Stage of the next step: 0 count labels, 1 scatter, 2 shuffle buckets, 3 done.
  int stage() const noexcept { return stage_; }
  /// Work units (items labelled, scattered, or shuffled and copied back) left, at most 3n.
  std::uint64_t pending() const noexcept;

  /// Stage 0: draws the labels of up to `count` more items from `labels` and counts them.
  template <class Engine>
  std::uint32_t count(Engine& labels, std::uint32_t count) noexcept {
    const std::uint32_t k = chunk(count);
    const int shift = 32 - bits_;
    for (std::uint32_t i = 0; i < k; i += per_) {
      std::uint32_t w = labels.next_u32();
      for (std::uint32_t t = 0; t < per_ && i + t < k; ++t, w <<= bits_) ++end_[(w >> shift) + 1];
    }
    if ((done_ += k) == n_) {  // end_[b + 1] = items in buckets 0…b; the scatter fills from end_[b]
      for (std::size_t b = 1; b < end_.size(); ++b) end_[b] += end_[b - 1];
      fill_ = std::vector<std::uint32_t>(end_.begin(), end_.end() - 1);
      next_stage();
    }
    return k;
  }

  /// Stage 1: scatters up to `count` more items of `a` into `scratch`, drawing the same labels
  /// again from `main`.
  template <class T, class Engine>
  std::uint32_t scatter(const T* a, T* scratch, Engine& main, std::uint32_t count) noexcept {
    const std::uint32_t k = chunk(count);
    const int shift = 32 - bits_;
    std::uint32_t* fill = fill_.data();
    for (std::uint32_t i = done_, stop = done_ + k; i < stop; i += per_) {
      std::uint32_t w = main.next_u32();
      for (std::uint32_t t = i; t < i + per_ && t < stop; ++t, w <<= bits_) scratch[fill[w >> shift]++] = a[t];
    }
    if ((done_ += k) == n_) next_stage();
    return k;
  }

  /// Stage 2: Fisher–Yates inside the buckets of `scratch`, each bucket copied back to `a` when
  /// done; up to about `count` units.
  template <class T, class Engine>
  std::uint32_t buckets(T* a, T* scratch, Engine& main, Dice& dice, std::uint32_t count) noexcept {
    std::uint32_t units = 0;
    while (units < count && stage_ == 2) {
      const std::uint32_t lo = end_[bucket_], hi = end_[bucket_ + 1];
      if (bound_ == 0) bound_ = hi - lo;  // a fresh bucket
      if (bound_ >= 2) {
        const std::uint32_t to = std::max(2u, bound_ - std::min(bound_ - 2, count - units));
        T* s = scratch + lo;
        dice.descend(main, bound_, to, [s](std::uint32_t i, std::uint32_t j) { std::swap(s[i - 1], s[j]); });
        units += bound_ - to + 1;
        bound_ = to - 1;
      }
      if (bound_ < 2) {  // bucket shuffled: back to `a` while it is still in cache
        std::memcpy(a + lo, scratch + lo, std::size_t{hi - lo} * sizeof(T));
        units += hi - lo + 1;
        bound_ = 0;
        if (++bucket_ + 1 == end_.size()) next_stage();
      }
    }
    return units;
  }

private:
  std::uint32_t chunk(std::uint32_t count) const noexcept {  // whole words of labels, except at the end
    const std::uint32_t k = std::max(count - count % per_, per_);
    return std::min(k, n_ - done_);
  }
  void next_stage() noexcept { ++stage_, done_ = 0; }

  std::uint32_t n_;
  int bits_;
  std::uint32_t per_;                // labels per 32-bit word
  std::vector<std::uint32_t> end_;   // stage ≥ 1: bucket b is [end_[b], end_[b + 1])
  std::vector<std::uint32_t> fill_;  // stage 1: next free slot of each bucket
  int stage_ = 0;
  std::uint32_t done_ = 0;           // items done in stage 0 or 1
  std::uint32_t bucket_ = 0;         // stage 2: current bucket and its next Fisher–Yates bound
  std::uint32_t bound_ = 0;
};

inline std::uint64_t BucketShuffle::pending() const noexcept {
  if (stage_ == 3) return 0;
  if (stage_ < 2) return std::uint64_t{n_} * (3 - stage_) - done_;
  return std::uint64_t{n_} - end_[bucket_];
}

}  // namespace fairdeck
