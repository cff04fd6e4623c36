// fairdeck/bulk_cache.hpp — a cache-aware shuffle for arrays far larger than the CPU caches.
//
// Why: Fisher–Yates swaps a[i] with a uniformly random a[j]; once the array outgrows the last-level
// cache almost every swap waits for DRAM. Rao (1961) and Sandelius (1962) shuffle in two stages:
// give every item an independent uniform label in [0, B) and move the items into B buckets by
// label, keeping their order (a sequential scatter with B write streams); then shuffle each bucket
// — small enough to stay in cache — with Fisher–Yates. Every order of the n items is equally
// likely: given the bucket sizes n_1…n_B, the items' assignment to buckets is uniform over the
// n!/(n_1!…n_B!) possibilities and each bucket's order uniform over its n_k! orders, so each of
// the n! orders has the same probability whatever the sizes. B is a power of two, so a label is
// b = log2 B bits of a 32-bit word (⌊32/b⌋ labels per word, the rest of the word unused): exact.
// Buckets grow in blocks of kBlock items taken from a scratch array, so one pass suffices (no
// counting pass); each bucket is then copied back into place and shuffled there while in cache.
// The scatter keeps one cursor per bucket, the scratch index of its next item (an item costs a
// load, two stores and a mask test), and its label shifts are constants for the bucket counts
// bucket_bits() chooses. Which blocks a bucket gets does not change what a seed deals.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fairdeck/checked.hpp"
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
/// owns the items, the scratch array (scratch_items(n, bits) items) and the engine; see BulkShuffle.
class BucketShuffle {
public:
  /// Items per block of scratch space that a bucket grows by.
  static constexpr std::uint32_t kBlock = 4096;

  /// Prepares a shuffle of n ≥ 2 items into 2^bits buckets (1 ≤ bits ≤ 16) growing by `block`
  /// items, a power of two (tests use few buckets and tiny blocks). Bucket b starts in block b.
  BucketShuffle(std::uint32_t n, int bits, std::uint32_t block = kBlock)
      : n_(n), bits_(bits), per_(32 / static_cast<std::uint32_t>(bits)), buckets_(std::uint32_t{1} << bits), block_(block),
        tail_(buckets_), size_(buckets_, 0), cursor_(buckets_), next_(blocks(n, bits, block), kNone),
        free_(buckets_) {
    if (!std::has_single_bit(block)) throw RangeError("the cache-aware shuffle's block must be a power of two");
    for (std::uint32_t b = 0; b < buckets_; ++b) tail_[b] = b, cursor_[b] = std::size_t{b} * block;
  }
  /// Prepares a shuffle of n ≥ 2 items into 2^bucket_bits(n) buckets.
  explicit BucketShuffle(std::uint32_t n) : BucketShuffle(n, bucket_bits(n)) {}

  /// Scratch items needed: every bucket may leave one block partly filled. Throws RangeError if
  /// the count does not fit in size_t (32 bits in wasm32).
  static std::size_t scratch_items(std::uint32_t n, int bits, std::uint32_t block = kBlock) {
    return detail::checked_mul<std::size_t>(blocks(n, bits, block), block, "the cache-aware shuffle's scratch array");
  }
  static std::size_t scratch_items(std::uint32_t n) { return scratch_items(n, bucket_bits(n)); }
  /// Scratch bytes for n items of `width` bytes; throws RangeError if they do not fit in size_t.
  static std::size_t scratch_bytes(std::uint32_t n, std::size_t width) {
    return detail::checked_mul<std::size_t>(scratch_items(n), width, "the cache-aware shuffle's scratch array");
  }

  /// Stage of the next step: 0 scatter, 1 shuffle buckets, 2 done.
  int stage() const noexcept { return stage_; }
  /// Work units (items scattered, or copied back and shuffled) left, at most 2n.
  std::uint64_t pending() const noexcept { return stage_ == 2 ? 0 : std::uint64_t{n_} * (2 - stage_) - done_; }

  /// Stage 0: labels up to `count` more items of `a` with words of `engine` and appends them to
  /// their buckets in `scratch`.
  template <class T, class Engine>
  std::uint32_t scatter(const T* a, T* scratch, Engine& engine, std::uint32_t count) noexcept {
    auto e = hot(engine);  // its state in registers, not stored back at every word (the scatter
    return scatter_bits(a, scratch, e, count);  // is bound by its stores; uniform.hpp, hot())
  }

  /// Stage 1: bucket by bucket, copies the bucket back into `a` (buckets in label order), then
  /// runs Fisher–Yates on it there; up to about `count` units.
  template <class T, class Engine>
  std::uint32_t buckets(T* a, const T* scratch, Engine& engine, Dice& dice, std::uint32_t count) noexcept {
    std::uint32_t units = 0;
    while (units < count && stage_ == 1) {
      const std::uint32_t m = size_[bucket_];
      T* s = a + start_;
      if (bound_ == 0) {  // a fresh bucket: gather its blocks (brings it into cache)
        std::uint32_t copied = 0;
        for (std::uint32_t blk = bucket_; blk != kNone; blk = next_[blk]) {  // bucket b starts in block b
          const std::uint32_t c = std::min(block_, m - copied);
          std::memcpy(s + copied, scratch + std::size_t{blk} * block_, std::size_t{c} * sizeof(T));
          copied += c;
        }
        bound_ = m;
        units += m + 1;
      }
      if (bound_ >= 2) {
        const std::uint32_t to = std::max(2u, bound_ - std::min(bound_ - 2, count - units));
        dice.swap_down(engine, s, bound_, to);
        units += bound_ - to + 1;
        bound_ = to - 1;
      }
      if (bound_ < 2) {  // bucket done
        start_ += m;
        done_ += m;
        bound_ = 0;
        if (++bucket_ == buckets_) ++stage_;
      }
    }
    return units;
  }

  /// Stage 0 without moving items, for a caller that moves them itself (JavaScript Arrays, which
  /// cannot live in the WASM heap): the labels scatter() would give the next `count` items (about:
  /// whole words, as scatter() takes them), item done + t's bucket in out[t]; returns how many.
  /// The same words as scatter(), so a caller that appends each item to its bucket (buckets in
  /// order, each keeping the items' order) gets the array scatter() and stage 1's copy give.
  template <class Engine>
  std::uint32_t labels(std::uint16_t* out, Engine& engine, std::uint32_t count) noexcept {
    auto e = hot(engine);
    const std::uint32_t k = std::min(std::max(count - count % per_, per_), n_ - done_);
    const std::uint32_t bits = static_cast<std::uint32_t>(bits_), per = per_, shift = 32 - bits;
    std::uint32_t* const size = size_.data();
    for (std::uint32_t t = 0; t < k; t += per) {
      std::uint32_t w = e.next_u32();
      for (std::uint32_t u = t; u < t + per && u < k; ++u, w <<= bits) ++size[out[u] = static_cast<std::uint16_t>(w >> shift)];
    }
    if ((done_ += k) == n_) ++stage_, done_ = 0;
    return k;
  }
  /// Bucket b's item count once labels() is done (its items go to positions start … start + size − 1,
  /// the buckets in order).
  std::uint32_t bucket_size(std::uint32_t b) const noexcept { return size_[b]; }
  /// The bucket sizes, bucket_count() of them.
  const std::uint32_t* bucket_sizes() const noexcept { return size_.data(); }
  std::uint32_t bucket_count() const noexcept { return buckets_; }

  /// Stage 1 without moving items, after labels(): the Fisher–Yates choices buckets() would make,
  /// at most `count` (≥ 1) of them, in order: for each bucket of m ≥ 2 items, from its start s,
  /// position s + b − 1 swaps with s + out[t] for b = m, m − 1, …, 2. Returns how many; 0 when done.
  /// The same words and dice as buckets() (choose_down() is swap_down() without the swaps).
  template <class Engine>
  std::uint32_t choices(std::uint32_t* out, Engine& engine, Dice& dice, std::uint32_t count) noexcept {
    std::uint32_t w = 0;
    while (w < count && stage_ == 1) {
      const std::uint32_t m = size_[bucket_];
      if (bound_ == 0) bound_ = m;
      if (bound_ >= 2) {
        const std::uint32_t to = std::max(2u, bound_ + 1 - std::min(bound_ - 1, count - w));
        dice.choose_down(engine, out + w, bound_, to);
        w += bound_ - to + 1;
        bound_ = to - 1;
      }
      if (bound_ < 2) {
        start_ += m, done_ += m, bound_ = 0;
        if (++bucket_ == buckets_) ++stage_;
      }
    }
    return w;
  }

private:
  /// scatter_words() for the bucket counts bucket_bits() chooses, with constant label shifts (in
  /// WASM, V8 reloaded both run-time shift counts into CL from the stack at every item); other
  /// counts (tests) take the general loop.
  template <class T, class Engine>
  [[gnu::always_inline]] std::uint32_t scatter_bits(const T* a, T* scratch, Engine& engine, std::uint32_t count) noexcept {
    switch (bits_) {
      case 7: return scatter_words<7>(a, scratch, engine, count);
      case 8: return scatter_words<8>(a, scratch, engine, count);
      case 9: return scatter_words<9>(a, scratch, engine, count);
      case 10: return scatter_words<10>(a, scratch, engine, count);
      default: return scatter_words<0>(a, scratch, engine, count);
    }
  }

  /// scatter() with the engine in hand; Bits is bits_, or 0 for any.
  template <int Bits, class T, class Engine>
  [[gnu::always_inline]] std::uint32_t scatter_words(const T* a, T* scratch, Engine& engine, std::uint32_t count) noexcept {
    const std::uint32_t k = std::min(std::max(count - count % per_, per_), n_ - done_);  // whole words of labels
    // Members in locals: a store to the scratch array could write them, as far as the compiler knows.
    const std::uint32_t bits = Bits ? Bits : static_cast<std::uint32_t>(bits_), per = 32 / bits, shift = 32 - bits;
    const std::size_t mask = block_ - 1;
    std::size_t* const cursor = cursor_.data();
    for (std::uint32_t i = done_, stop = done_ + k; i < stop; i += per) {
      std::uint32_t w = engine.next_u32();
      for (std::uint32_t t = i; t < i + per && t < stop; ++t, w <<= bits) {
        const std::uint32_t b = w >> shift;
        const std::size_t c = cursor[b];
        scratch[c] = a[t];
        cursor[b] = ((c + 1) & mask) != 0 ? c + 1 : grow(b);  // block full: the bucket's next one
      }
    }
    if ((done_ += k) == n_) {
      for (std::uint32_t b = 0; b < buckets_; ++b) size_[b] += cursor_[b] & mask;  // its last block's items
      ++stage_, done_ = 0;
    }
    return k;
  }

  static constexpr std::uint32_t kNone = 0xffffffffu;
  static std::size_t blocks(std::uint32_t n, int bits, std::uint32_t block) {  // 64-bit sum: n + block − 1 may wrap 32
    const std::uint64_t count = (std::uint64_t{n} + block - 1) / block + (std::uint64_t{1} << bits);
    if (count > static_cast<std::size_t>(-1)) throw RangeError("the cache-aware shuffle's block count is too large");
    return static_cast<std::size_t>(count);
  }

  /// Bucket b's tail block is full: links the next free block after it; returns its first index.
  /// Each bucket holds ⌊n_b / block⌋ + 1 blocks at most, so the scratch array's blocks suffice.
  std::size_t grow(std::uint32_t b) noexcept {
    const std::uint32_t blk = free_++;
    next_[tail_[b]] = blk;
    size_[b] += block_;
    tail_[b] = blk;
    return std::size_t{blk} * block_;
  }

  std::uint32_t n_;
  int bits_;
  std::uint32_t per_;                // labels per 32-bit word
  std::uint32_t buckets_;
  std::uint32_t block_;              // items per block
  std::vector<std::uint32_t> tail_, size_;  // per bucket: last block (its first is block b), items in full blocks (then all)
  std::vector<std::size_t> cursor_;  // per bucket, while scattering: scratch index of its next item
  std::vector<std::uint32_t> next_;  // per block: the bucket's next block
  std::uint32_t free_;               // next unused block of the scratch array
  int stage_ = 0;
  std::uint32_t done_ = 0;           // items done in the current stage
  std::uint32_t bucket_ = 0, start_ = 0, bound_ = 0;  // stage 1: current bucket, its place in `a`, next bound
};

}  // namespace fairdeck
