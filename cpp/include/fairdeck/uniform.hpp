// fairdeck/uniform.hpp — unbiased bounded integers from an engine's 32-bit words.
//
// Why: `x % n` and `floor(u * n)` favour some values whenever n does not divide 2^32. This file
// uses Lemire's nearly-divisionless rejection ("Fast Random Integer Generation in an Interval",
// ACM TOMACS 2019) on 32-bit words (WASM has a fast 32×32→64 multiply but no 64×64→128), and its
// batched form (Brackett-Rozinsky & Lemire, "Batched Ranged Random Integer Generation", 2024):
// one word yields several dice whose bounds multiply to at most kBatchLimit. `Dice` hands out
// those dice for the descending bounds a shuffle or a deal asks for, so that an eager shuffle
// and a card-by-card lazy deal draw exactly the same numbers.
#pragma once
#include <cstdint>
#include <limits>

namespace fairdeck {

namespace detail {

/// Unsigned type twice as wide as W (for W of 8, 16 or 32 bits).
template <class W> struct Wide;
template <> struct Wide<std::uint8_t> { using type = std::uint16_t; };
template <> struct Wide<std::uint16_t> { using type = std::uint32_t; };
template <> struct Wide<std::uint32_t> { using type = std::uint64_t; };

/// One attempt of Lemire's method with word `x` and bound s (1 ≤ s). Sets `out` to a value in
/// [0, s) and returns true, or returns false when `x` must be rejected. Exposed so that tests can
/// enumerate every word of a small W and prove each value is produced equally often.
template <class W>
constexpr bool lemire_try(W x, W s, W& out) noexcept {
  using D = typename Wide<W>::type;
  constexpr int bits = std::numeric_limits<W>::digits;
  const D m = static_cast<D>(static_cast<D>(x) * s);
  const W low = static_cast<W>(m);
  if (low < s) {
    const W threshold = static_cast<W>(static_cast<W>(-s) % s);  // 2^bits mod s
    if (low < threshold) return false;
  }
  out = static_cast<W>(m >> bits);
  return true;
}

/// One attempt of the batched method: word `x`, k bounds whose product is `prod` (≤ 2^bits).
/// Writes k dice (die i in [0, bounds[i])) or returns false when `x` must be rejected.
template <class W>
constexpr bool batch_try(W x, const W* bounds, int k, typename Wide<W>::type prod, W* out) noexcept {
  using D = typename Wide<W>::type;
  constexpr int bits = std::numeric_limits<W>::digits;
  W low = x;
  for (int i = 0; i < k; ++i) {
    const D m = static_cast<D>(static_cast<D>(low) * bounds[i]);
    out[i] = static_cast<W>(m >> bits);
    low = static_cast<W>(m);
  }
  if (low < prod) {
    const D span = D{1} << bits;
    if (low < (span - prod) % prod) return false;  // 2^bits mod prod
  }
  return true;
}

}  // namespace detail

/// A uniform integer in [0, s), for 1 ≤ s ≤ 2^32 − 1, with no bias.
template <class Engine>
std::uint32_t bounded(Engine& engine, std::uint32_t s) noexcept {
  std::uint32_t out = 0;
  while (!detail::lemire_try<std::uint32_t>(engine.next_u32(), s, out)) {
  }
  return out;
}

/// Largest product of bounds that one 32-bit word serves in a batch. At 2^26 a word is rejected
/// with probability below 2^-6, and a 52-card shuffle needs about 12 words instead of 51.
inline constexpr std::uint32_t kBatchLimit = 1u << 26;
/// Most dice drawn from one word.
inline constexpr int kMaxBatch = 8;
/// Above this bound a batch holds one die: 8193 · 8192 > kBatchLimit ≥ 8192 · 8191.
inline constexpr std::uint32_t kSingleAbove = 8192;
static_assert(std::uint64_t{kSingleAbove + 1} * kSingleAbove > kBatchLimit &&
              std::uint64_t{kSingleAbove} * (kSingleAbove - 1) <= kBatchLimit);

/// A stream of dice for descending bounds. Ask `roll(e, b)`: if the previous die was for b + 1
/// and the last batch still holds one for b, that die is returned; otherwise a new batch is
/// drawn for b, b − 1, … (as many as fit under kBatchLimit, never below 2). Unused dice are
/// independent of every die handed out, so dropping them keeps every result uniform.
struct Dice {
  std::uint32_t next_bound = 0;  ///< bound of the next pending die (0: none pending)
  std::uint8_t count = 0;        ///< pending dice left
  std::uint8_t pos = 0;          ///< index of the next pending die in `dice`
  std::uint32_t dice[kMaxBatch] = {};

  /// Drops pending dice (the next roll draws a fresh batch).
  void clear() noexcept { next_bound = 0; count = 0; pos = 0; }

  /// A uniform integer in [0, bound). Bound 0 or 1 returns 0 and consumes nothing.
  template <class Engine>
  std::uint32_t roll(Engine& engine, std::uint32_t bound) noexcept {
    if (bound <= 1) return 0;
    if (count == 0 || next_bound != bound) refill(engine, bound);
    --count;
    next_bound = bound - 1;
    return dice[pos++];
  }

  /// Same as calling f(b, roll(engine, b)) for b = from, from − 1, …, to (2 ≤ to ≤ from): the same
  /// draws, in the same order, leaving the same pending dice. Faster, because each batch is kept
  /// in locals rather than in this struct, which the caller's stores could alias.
  template <class Engine, class F>
  void descend(Engine& engine, std::uint32_t from, std::uint32_t to, F&& f) noexcept {
    std::uint32_t b = from;
    while (b >= to && count != 0 && next_bound == b) f(b, roll(engine, b)), --b;
    std::uint32_t out[kMaxBatch];
    int k = 0, use = 0;
    while (b >= to) {
      if (b > kSingleAbove) {  // a batch of one: skip the batch machinery (large shuffles)
        f(b, bounded(engine, b));
        --b, k = use = 1;
        continue;
      }
      std::uint32_t bounds[kMaxBatch];
      k = batch(engine, b, bounds, out);
      use = b - to + 1 < static_cast<std::uint32_t>(k) ? static_cast<int>(b - to + 1) : k;
      for (int i = 0; i < use; ++i) f(b - static_cast<std::uint32_t>(i), out[i]);
      b -= static_cast<std::uint32_t>(use);
    }
    if (k == 0) return;
    for (int i = use; i < k; ++i) dice[i] = out[i];  // the last batch's unused dice stay pending
    count = static_cast<std::uint8_t>(k - use);
    pos = static_cast<std::uint8_t>(use);
    next_bound = b;
  }

private:
  /// Draws a fresh batch for `bound` into `out` (bounds into `bounds`); returns its size.
  template <class Engine>
  [[gnu::always_inline]] static int batch(Engine& engine, std::uint32_t bound, std::uint32_t* bounds, std::uint32_t* out) noexcept {
    std::uint64_t prod = bound;
    int k = 1;
    bounds[0] = bound;
    while (k < kMaxBatch && bound - static_cast<std::uint32_t>(k) >= 2 &&
           prod * (bound - static_cast<std::uint32_t>(k)) <= kBatchLimit) {
      bounds[k] = bound - static_cast<std::uint32_t>(k);
      prod *= bounds[k];
      ++k;
    }
    if (k == 1) {
      out[0] = bounded(engine, bound);
    } else {
      while (!detail::batch_try<std::uint32_t>(engine.next_u32(), bounds, k, prod, out)) {
      }
    }
    return k;
  }

  template <class Engine>
  void refill(Engine& engine, std::uint32_t bound) noexcept {
    std::uint32_t bounds[kMaxBatch];
    const int k = batch(engine, bound, bounds, dice);
    count = static_cast<std::uint8_t>(k);
    pos = 0;
  }
};

}  // namespace fairdeck
