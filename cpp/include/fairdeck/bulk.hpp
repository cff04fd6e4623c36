// fairdeck/bulk.hpp — shuffling large arrays in bounded steps.
//
// Why: `shuffle(array)` and `permutation(n)` must handle 10^8 items without one endless call
// (V8 tiers WASM code up only between calls, and a page must stay responsive). A BulkShuffle is
// Fisher–Yates (shuffle.hpp) cut into steps: each `step` runs positions i = next…next−count+1, so
// any chunking gives the same result as one pass. From kCacheAwareFrom items on it is the
// cache-aware bucket shuffle of bulk_cache.hpp instead (also uniform, and also independent of the
// chunking), which needs a scratch array slightly larger than the input. JavaScript Arrays, which
// cannot live in the WASM heap, are shuffled through a permutation of their indices.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <utility>

#include "fairdeck/bulk_cache.hpp"
#include "fairdeck/rng.hpp"
#include "fairdeck/uniform.hpp"

namespace fairdeck {

/// Fisher–Yates (or, from kCacheAwareFrom items, the cache-aware shuffle) over n items, run as a
/// sequence of bounded steps.
class BulkShuffle {
public:
  /// Prepares a shuffle of n items (n ≥ 0) with `rng`.
  BulkShuffle(std::uint32_t n, Rng rng) : n_(n), next_(n), rng_(std::move(rng)) {
    if (n >= kCacheAwareFrom) cache_.emplace(n);
  }

  /// Uses plain Fisher–Yates whatever n is (for benchmarks and tests); call before any step.
  void fisher_yates_only() noexcept { cache_.reset(); }
  /// True if the steps run the cache-aware shuffle.
  bool cache_aware() const noexcept { return cache_.has_value(); }
  /// True if the cache-aware shuffle could not get its scratch array (nothing was changed).
  bool failed() const noexcept { return failed_; }

  /// Work left: positions (Fisher–Yates) or items × stages (cache-aware); 0 when done.
  std::uint32_t pending() const noexcept {
    if (cache_) return static_cast<std::uint32_t>(std::min<std::uint64_t>(cache_->pending(), 0xffffffffu));
    return next_ > 1 ? next_ - 1 : 0;
  }

  /// Shuffles in place: processes up to about `count` units of `a` (the whole array, n items);
  /// returns the units done, 0 once the shuffle is complete (or failed()).
  template <class T>
  std::uint32_t step(T* a, std::uint32_t count) noexcept {
    if (cache_) return cache_step(a, count);
    const std::uint32_t k = std::min(count, pending());
    if (k == 0) return 0;
    rng_.visit([&](auto& e, Dice& d) {
      d.swap_down(e, a, next_, next_ - k + 1);
    });
    next_ -= k;
    return k;
  }

  /// The steps' random choices without moving anything, for a caller that moves the items itself
  /// (JavaScript Arrays): the same words, dice and result as step(). Plain Fisher–Yates: up to
  /// `count` choices, position next − 1 − t swapping with out[t] (positions from n − 1 down to 1).
  /// Returns how many were written; 0 once done (and always 0 for the cache-aware shuffle, whose
  /// choices come from labels() and bucket_choices()).
  std::uint32_t choices(std::uint32_t* out, std::uint32_t count) noexcept {
    if (cache_) return 0;
    const std::uint32_t k = std::min(count, pending());
    if (k == 0) return 0;
    rng_.visit([&](auto& e, Dice& d) { d.choose_down(e, out, next_, next_ - k + 1); });
    next_ -= k;
    return k;
  }
  /// Cache-aware only, stage 0: the next labels (BucketShuffle::labels()); 0 once stage 0 is done.
  std::uint32_t labels(std::uint16_t* out, std::uint32_t count) noexcept {
    if (!cache_ || cache_->stage() != 0) return 0;
    return rng_.visit([&](auto& e, Dice&) { return cache_->labels(out, e, count); });
  }
  /// Cache-aware only, stage 1: the next bucket choices (BucketShuffle::choices()).
  std::uint32_t bucket_choices(std::uint32_t* out, std::uint32_t count) noexcept {
    if (!cache_ || cache_->stage() != 1 || count == 0) return 0;
    return rng_.visit([&](auto& e, Dice& d) { return cache_->choices(out, e, d, count); });
  }
  /// The cache-aware shuffle's buckets (nullptr for plain Fisher–Yates).
  const BucketShuffle* buckets() const noexcept { return cache_ ? &*cache_ : nullptr; }

private:
  template <class T>
  std::uint32_t cache_step(T* a, std::uint32_t count) noexcept {
    if (!scratch_ && cache_->stage() < 2) {
      try {  // in wasm32 the byte count can exceed size_t (it used to wrap to a tiny buffer)
        const std::size_t bytes = BucketShuffle::scratch_bytes(n_, sizeof(T));
        // The items and the scratch must fit the address space together (4 GiB in wasm32), or
        // the allocation cannot succeed: refuse it here rather than ask the allocator.
        detail::checked_add(bytes, detail::checked_mul<std::size_t>(n_, sizeof(T), "the array"), "array and scratch");
        scratch_.reset(new (std::nothrow) unsigned char[bytes]);
      } catch (const RangeError&) {
      }
      if (!scratch_) return failed_ = true, 0;
    }
    T* s = reinterpret_cast<T*>(scratch_.get());
    std::uint32_t k = 0;
    if (cache_->stage() == 0) k = rng_.visit([&](auto& e, Dice&) { return cache_->scatter(a, s, e, count); });
    else if (cache_->stage() == 1) k = rng_.visit([&](auto& e, Dice& d) { return cache_->buckets(a, s, e, d, count); });
    if (cache_->stage() == 2) scratch_.reset();
    return k;
  }

  std::uint32_t n_;
  std::uint32_t next_;  // Fisher–Yates: the next position processed is next_ − 1
  Rng rng_;
  std::optional<BucketShuffle> cache_;
  std::unique_ptr<unsigned char[]> scratch_;
  bool failed_ = false;
};

}  // namespace fairdeck
