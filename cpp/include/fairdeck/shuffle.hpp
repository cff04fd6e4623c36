// fairdeck/shuffle.hpp — the fair shuffle algorithms. No deck concepts: spans and an engine.
//
// Why: each of the n! orders must be exactly equally likely. Fisher–Yates with swaps only
// (Durstenfeld 1964; Knuth TAOCP vol. 2, Algorithm P) draws j uniform in [0, i] for i = n−1…1,
// which gives n·(n−1)·…·2 = n! equally likely paths, one per order. The lazy step is the same
// algorithm done one position per deal; the inside-out form builds a shuffled 0…n−1 directly;
// `select_unset` deals the r-th undealt card of a bitmap (uniform, unlike "scan from a random
// start"). Every algorithm takes its generator as a parameter.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

#include "fairdeck/uniform.hpp"

namespace fairdeck {

/// Fisher–Yates (Durstenfeld, backwards) on `a`, drawing through `dice`. a[n−1] is decided
/// first, so dealing from the end deals in the order a lazy deck would.
template <class T, class Engine>
void fisher_yates(std::span<T> a, Engine& engine, Dice& dice) noexcept {
  if (a.size() < 2) return;
  dice.swap_down(engine, a.data(), static_cast<std::uint32_t>(a.size()), 2);
}

/// Fisher–Yates on `a` with a fresh dice stream (nothing pending afterwards).
template <class T, class Engine>
void fisher_yates(std::span<T> a, Engine& engine) noexcept {
  Dice dice;
  fisher_yates(a, engine, dice);
}

/// One step of a lazy deal: picks a uniform element of a[0, remaining), swaps it to
/// a[remaining − 1] and returns that index. Requires remaining ≥ 1.
template <class T, class Engine>
std::size_t lazy_step(std::span<T> a, std::uint32_t remaining, Engine& engine, Dice& dice) noexcept {
  const std::uint32_t j = dice.roll(engine, remaining);
  std::swap(a[remaining - 1], a[j]);
  return remaining - 1;
}

/// Inside-out Fisher–Yates: fills `out` with a uniformly random order of 0…n−1.
template <class Engine>
void inside_out(std::span<std::uint32_t> out, Engine& engine) noexcept {
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::uint32_t j = bounded(engine, static_cast<std::uint32_t>(i + 1));
    out[i] = out[j];
    out[j] = static_cast<std::uint32_t>(i);
  }
}

/// Position (0…63) of the r-th zero bit of `word`, counting from bit 0; r < number of zeros.
constexpr int select_zero(std::uint64_t word, std::uint32_t r) noexcept {
  std::uint64_t free = ~word;
  int base = 0;
  for (int width = 32; width >= 1; width /= 2) {
    const std::uint64_t mask = (1ULL << width) - 1;  // width ≤ 32: the shift is defined
    const auto low = static_cast<std::uint32_t>(std::popcount(free & mask));
    if (r >= low) {
      r -= low;
      free >>= width;
      base += width;
    }
  }
  return base;
}

/// Index of the r-th zero bit across `words` (bit i of word w is item 64·w + i); r must be
/// less than the number of zero bits in `words` (bits past the last item are kept set).
inline std::uint32_t select_unset(std::span<const std::uint64_t> words, std::uint32_t r) noexcept {
  for (std::size_t w = 0;; ++w) {
    const auto zeros = static_cast<std::uint32_t>(64 - std::popcount(words[w]));
    if (r < zeros) return static_cast<std::uint32_t>(64 * w) + static_cast<std::uint32_t>(select_zero(words[w], r));
    r -= zeros;
  }
}

/// One bitmap deal among the items of `words`, of which `remaining` are unset: draws r in
/// [0, remaining), sets and returns the r-th unset item. Requires remaining ≥ 1.
template <class Engine>
std::uint32_t bitmap_step(std::span<std::uint64_t> words, std::uint32_t remaining, Engine& engine,
                          Dice& dice) noexcept {
  const std::uint32_t item = select_unset(words, dice.roll(engine, remaining));
  words[item / 64] |= 1ULL << (item % 64);
  return item;
}

}  // namespace fairdeck
