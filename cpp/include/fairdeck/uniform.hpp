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
#include <type_traits>
#include <utility>

#include "fairdeck/attributes.hpp"

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

/// hot()'s view of an engine that is plain data (xoshiro256): a local copy, written back when it goes.
template <class Engine>
class Copy {
public:
  explicit Copy(Engine& engine) noexcept : home_(engine), e_(engine) {}
  ~Copy() { home_ = e_; }
  Copy(const Copy&) = delete;
  Copy& operator=(const Copy&) = delete;
  std::uint32_t next_u32() noexcept { return e_.next_u32(); }

private:
  Engine& home_;
  Engine e_;
};

/// hot()'s view of any other engine: the engine itself.
template <class Engine>
struct Ref {
  Engine& e;
  std::uint32_t next_u32() noexcept { return e.next_u32(); }
};

}  // namespace detail

/// The engine as a hot loop should draw from it: an object whose next_u32() gives exactly the
/// engine's next words and which, when it goes, leaves the engine where those draws took it. A
/// loop that stores into arrays while it draws (a shuffle's swaps, the scatter) would otherwise
/// keep the engine's state in memory and reload it after every store, because the compiler
/// cannot rule out that the stores write it. The view is a local copy for an engine that is
/// plain data (xoshiro256: its state in registers), the engine's own Reader where it has one
/// (ChaCha20: its place in the buffer in registers), else the engine itself. Use the engine
/// again only after the view has gone (keep the view in a scope of its own).
template <class Engine>
[[gnu::always_inline]] inline auto hot(Engine& engine) noexcept {
  if constexpr (requires { typename Engine::Reader; }) return typename Engine::Reader(engine);
  else if constexpr (std::is_trivially_copyable_v<Engine>) return detail::Copy<Engine>(engine);
  else return detail::Ref<Engine>{engine};
}

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
  /// in locals rather than in this struct, which the caller's stores could alias. Fisher–Yates
  /// itself uses swap_down(), which must do exactly what descend() with swaps does (its tests).
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

  /// Fisher–Yates steps: the same as descend(engine, from, to, f) with f(i, j) swapping p[i − 1]
  /// and p[j]: the same words, the same dice, the same swaps in the same order, the same pending
  /// dice. Faster, in WASM above all: a batch used whole swaps as it multiplies, with no arrays
  /// of bounds and dice in memory; a word that the batch then rejects (probability below 2^-6)
  /// is undone by redoing its swaps in reverse order (a swap is its own inverse), so the array is
  /// as before it and the next word is tried. A last batch used only in part goes through roll().
  template <class Engine, class T>
  void swap_down(Engine& engine, T* p, std::uint32_t from, std::uint32_t to) noexcept {
    std::uint32_t b = from;
    while (b >= to && count != 0 && next_bound == b) std::swap(p[b - 1], p[roll(engine, b)]), --b;
    if (b >= to) {
      int k = 0;
      if constexpr (buffered<Engine>) {
        if (b > kSingleAbove) b = singles(engine, p, b, to), k = 1;
      }
      {
        auto e = hot(engine);  // its state in registers while the swaps store (see hot())
        b = whole_batches(e, p, b, to, k);
      }
      count = 0, pos = static_cast<std::uint8_t>(k), next_bound = b;  // what descend() leaves: nothing pending
    }
    for (; b >= to; --b) std::swap(p[b - 1], p[roll(engine, b)]);  // a fresh batch, the rest of it left pending
  }

  /// swap_down() without the swaps, for a caller that makes them itself (JavaScript Arrays,
  /// bulk.hpp choices()): out[from − b] = the j that position b − 1 swaps with, for b = from down
  /// to `to` — the same words, dice and pending dice as swap_down(), and as fast: descend()'s
  /// callback per step cost about 1 ns more in WASM. A rejected batch's choices are overwritten
  /// by the next word's. Tests: BulkChoices (the result of step() through these choices).
  template <class Engine>
  void choose_down(Engine& engine, std::uint32_t* out, std::uint32_t from, std::uint32_t to) noexcept {
    std::uint32_t b = from;
    std::uint32_t* o = out;
    while (b >= to && count != 0 && next_bound == b) *o++ = roll(engine, b), --b;
    if (b >= to) {
      int k = 0;
      if constexpr (buffered<Engine>) {
        if (b > kSingleAbove) {
          auto e = hot(engine);
          while (b >= to && b > kSingleAbove) {
            const std::uint32_t *q = e.words(), *end = e.end();
            for (; q != end && b >= to && b > kSingleAbove;) {
              std::uint32_t j;
              if (detail::lemire_try<std::uint32_t>(*q++, b, j)) *o++ = j, --b;
            }
            e.resume(q);
          }
          k = 1;
        }
      }
      {
        auto e = hot(engine);
        for (; b >= to && b > kSingleAbove; --b, k = 1) *o++ = bounded(e, b);
        while (b >= to) {
          std::uint64_t prod;
          const int n = batch_size(b, prod);
          if (b - to + 1 < static_cast<std::uint32_t>(n)) break;
          for (;;) {
            std::uint32_t low = e.next_u32(), s = b;
#pragma GCC unroll 1
            for (int i = 0; i < n; ++i) {
              const std::uint64_t m = std::uint64_t{low} * s--;
              o[i] = static_cast<std::uint32_t>(m >> 32);
              low = static_cast<std::uint32_t>(m);
            }
            if (low >= prod || low >= (std::uint64_t{1} << 32) % prod) break;
          }
          o += n, b -= static_cast<std::uint32_t>(n), k = n;
        }
      }
      count = 0, pos = static_cast<std::uint8_t>(k), next_bound = b;
    }
    for (; b >= to; --b) *o++ = roll(engine, b);
  }

  /// Most steps a round of swap_down_rounds() may make (from − to + 1).
  static constexpr std::uint32_t kRoundSteps = 64;

  /// The batches of one round of Fisher–Yates steps from bound `from` down to `to`, as
  /// swap_down() draws them from fresh dice: each one's size (batch()'s: as many bounds as fit
  /// under kBatchLimit, never below 2), the dice the round uses (fewer in a last batch used in
  /// part), the bounds' product and the rejection threshold 2^32 mod product.
  struct Rounds {
    std::uint8_t size[kRoundSteps], use[kRoundSteps];
    std::uint32_t prod[kRoundSteps], least[kRoundSteps];
    int batches = 0;
    /// For 2 ≤ to ≤ from ≤ kSingleAbove and from − to + 1 ≤ kRoundSteps.
    [[gnu::noinline]] FAIRDECK_MINSIZE Rounds(std::uint32_t from, std::uint32_t to) noexcept {
      for (std::uint32_t b = from; b >= to; ++batches) {
        std::uint64_t q;
        const std::uint32_t n = static_cast<std::uint32_t>(batch_size(b, q));
        size[batches] = static_cast<std::uint8_t>(n);
        use[batches] = static_cast<std::uint8_t>(b - to + 1 < n ? b - to + 1 : n);
        prod[batches] = static_cast<std::uint32_t>(q);
        least[batches] = static_cast<std::uint32_t>((std::uint64_t{1} << 32) % q);
        b -= use[batches];
      }
    }
  };

  /// `rounds` rounds of swap_down(engine, p, from, to) then clear(), each followed by done(round),
  /// for the batches `plan` = Rounds(from, to): the same words, dice and swaps as those calls one
  /// by one, nothing left pending. For no dice pending (count == 0) and a caller that drops the
  /// pending dice after each round anyway: a simulation's rounds made in advance
  /// (deck_boards.hpp), where each round's shuffle() clears them. Faster: the batches are worked
  /// out once; one view of the engine (hot()) serves every round; a last batch used only in part
  /// is drawn in registers like the others (its first dice swap, the rest only multiply, so the
  /// word is accepted or rejected on the whole batch's product exactly as batch_try() decides),
  /// not stored into `dice` through roll(). A 48-card round of 5 deals is one whole batch of 4
  /// and one used for 1. done() must not draw from the engine.
  template <class Engine, class T, class F>
  FAIRDECK_MINSIZE void swap_down_rounds(Engine& engine, T* p, std::uint32_t from, const Rounds& plan, std::uint32_t rounds, F&& done) noexcept {
    auto e = hot(engine);
    for (std::uint32_t r = 0; r < rounds; ++r) {
      std::uint32_t b = from;
#pragma GCC unroll 1
      for (int i = 0; i < plan.batches; ++i) {
        const int n = plan.size[i], u = plan.use[i];
        for (;;) {
          const std::uint32_t x = e.next_u32();
          std::uint32_t low = x, s = b;
          T* top = p + b;
#pragma GCC unroll 1
          for (int j = 0; j < u; ++j) {  // batch_try(), swapping as it goes
            const std::uint64_t m = std::uint64_t{low} * s--;
            std::swap(*--top, p[static_cast<std::uint32_t>(m >> 32)]);
            low = static_cast<std::uint32_t>(m);
          }
#pragma GCC unroll 1
          for (int j = u; j < n; ++j) low = static_cast<std::uint32_t>(std::uint64_t{low} * s--);  // dice the round leaves unused
          if (low >= plan.prod[i] || low >= plan.least[i]) break;
          undo(x, b, u, p);
        }
        b -= static_cast<std::uint32_t>(u);
      }
      done(r);
    }
  }

private:
  /// swap_down()'s batches used whole, from bound b down (b ≥ to); returns the bound left, with
  /// the last batch's size in k. The engine comes as hot()'s view.
  template <class Engine, class T>
  [[gnu::always_inline]] static std::uint32_t whole_batches(Engine& engine, T* p, std::uint32_t b, std::uint32_t to, int& k) noexcept {
    for (; b >= to && b > kSingleAbove; --b, k = 1) std::swap(p[b - 1], p[bounded(engine, b)]);  // batches of one (unbuffered engines)
    while (b >= to) {
      std::uint64_t prod;
      const int n = batch_size(b, prod);
      if (b - to + 1 < static_cast<std::uint32_t>(n)) break;  // used in part: roll()
      for (;;) {
        const std::uint32_t x = engine.next_u32();
        std::uint32_t low = x;
        T* top = p + b;
        std::uint32_t s = b;
#pragma GCC unroll 1  // unrolled eight times, GCC spilled eight addresses per batch: slower
        for (int i = 0; i < n; ++i) {  // batch_try(), swapping as it goes
          const std::uint64_t m = std::uint64_t{low} * s--;
          std::swap(*--top, p[static_cast<std::uint32_t>(m >> 32)]);
          low = static_cast<std::uint32_t>(m);
        }
        if (low >= prod || low >= (std::uint64_t{1} << 32) % prod) break;
        undo(x, b, n, p);
      }
      b -= static_cast<std::uint32_t>(n);
      k = n;
    }
    return b;
  }

  /// True if hot()'s view of Engine hands out its buffer's words directly (ChaCha20::Reader).
  template <class Engine>
  static constexpr bool buffered = requires(Engine& e) { hot(e).words(); hot(e).end(); };

  /// swap_down()'s batches of one (bounds above kSingleAbove) for a buffered engine, from bound b
  /// down (b ≥ to); returns the bound left. One Lemire attempt per word read straight from the
  /// buffer, so that the inner loop has no call (a refill call inside it made V8 spill the bound,
  /// the base and the buffer end), in a function of its own. Unbuffered engines (xoshiro256) keep
  /// the loop in whole_batches(): given a function of its own it was no faster, and the fairness
  /// module's 3-card loop got slower.
  template <class Engine, class T>
  [[gnu::noinline]] static std::uint32_t singles(Engine& engine, T* p, std::uint32_t b, std::uint32_t to) noexcept {
    auto e = hot(engine);
    while (b >= to && b > kSingleAbove) {
      const std::uint32_t *q = e.words(), *end = e.end();
      for (; q != end && b >= to && b > kSingleAbove;) {
        std::uint32_t j;
        if (detail::lemire_try<std::uint32_t>(*q++, b, j)) std::swap(p[b - 1], p[j]), --b;
      }
      e.resume(q);
    }
    return b;
  }

  /// Undoes the swaps of a rejected batch: word x, bounds b, b − 1, …, b − k + 1 (swap_down()).
  template <class T>
  [[gnu::noinline]] static void undo(std::uint32_t x, std::uint32_t b, int k, T* p) noexcept {
    std::uint32_t j[kMaxBatch];
    for (int i = 0; i < k; ++i) {
      const std::uint64_t m = std::uint64_t{x} * (b - static_cast<std::uint32_t>(i));
      j[i] = static_cast<std::uint32_t>(m >> 32);
      x = static_cast<std::uint32_t>(m);
    }
    for (int i = k - 1; i >= 0; --i) std::swap(p[b - 1 - static_cast<std::uint32_t>(i)], p[j[i]]);
  }

  /// The size of a fresh batch for bound b, the one rule every draw follows: as many bounds b,
  /// b − 1, … as fit under kBatchLimit (at most kMaxBatch), never below 2; their product in `prod`.
  [[gnu::always_inline]] static int batch_size(std::uint32_t b, std::uint64_t& prod) noexcept {
    prod = b;
    int n = 1;
    while (n < kMaxBatch && b - static_cast<std::uint32_t>(n) >= 2 && prod * (b - static_cast<std::uint32_t>(n)) <= kBatchLimit)
      prod *= b - static_cast<std::uint32_t>(n), ++n;
    return n;
  }

  /// Draws a fresh batch for `bound` into `out` (bounds into `bounds`); returns its size.
  template <class Engine>
  [[gnu::always_inline]] static int batch(Engine& engine, std::uint32_t bound, std::uint32_t* bounds, std::uint32_t* out) noexcept {
    std::uint64_t prod = bound;  // batch_size()'s rule, writing the bounds as it goes
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
  FAIRDECK_MINSIZE void refill(Engine& engine, std::uint32_t bound) noexcept {  // minsize: -366 bytes gzip a module, dealOne the same (issue 59)
    std::uint32_t bounds[kMaxBatch];
    const int k = batch(engine, bound, bounds, dice);
    count = static_cast<std::uint8_t>(k);
    pos = 0;
  }
};

}  // namespace fairdeck
