// fairdeck/reference.hpp — well-known shuffles, most of them WRONG, kept as references.
//
// Why: the fairness tests and the visualiser need negative controls that fail the same tests the
// fair algorithms pass. Each is written exactly as it is met in the wild, 0-based, and draws its
// bounded integers without bias, so the only flaw is the algorithm's own:
//  - naive_swap: for i in 0…n−1, j = rand[0, n): n^n paths over n! orders (4/27 vs 5/27 at n = 3).
//  - off_by_one: j = rand[0, n−1), the 1999 online-poker bug: the last card never stays last.
//  - sattolo: j = rand[0, i) for i = n−1…1: only cyclic permutations (no card stays in place).
//  - random_swaps: `rounds` swaps of two random positions: too few rounds leave order behind.
//  - bitmap_scan: r = rand[0, n), deal the first undealt card at or after r (wrapping): cards
//    after a run of dealt cards are favoured.
//  - remove_random: pick a random index of a list and remove it, n times: fair but O(n²).
#pragma once
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "fairdeck/uniform.hpp"

namespace fairdeck::reference {

/// Biased: for i in 0…n−1 swap a[i] with a[rand[0, n)].
template <class T, class Engine>
void naive_swap(std::span<T> a, Engine& engine) noexcept {
  const auto n = static_cast<std::uint32_t>(a.size());
  for (std::uint32_t i = 0; i < n; ++i) std::swap(a[i], a[bounded(engine, n)]);
}

/// Biased: for i in 0…n−1 swap a[i] with a[rand[0, n−1)] (needs n ≥ 2).
template <class T, class Engine>
void off_by_one(std::span<T> a, Engine& engine) noexcept {
  const auto n = static_cast<std::uint32_t>(a.size());
  if (n < 2) return;
  for (std::uint32_t i = 0; i < n; ++i) std::swap(a[i], a[bounded(engine, n - 1)]);
}

/// Biased: Sattolo's cycle algorithm used as a shuffle (j = rand[0, i)).
template <class T, class Engine>
void sattolo(std::span<T> a, Engine& engine) noexcept {
  for (std::size_t i = a.size(); i > 1; --i) std::swap(a[i - 1], a[bounded(engine, static_cast<std::uint32_t>(i - 1))]);
}

/// Biased for few rounds: `rounds` swaps of two uniformly chosen positions.
template <class T, class Engine>
void random_swaps(std::span<T> a, Engine& engine, std::uint32_t rounds) noexcept {
  const auto n = static_cast<std::uint32_t>(a.size());
  if (n < 2) return;
  for (std::uint32_t r = 0; r < rounds; ++r) std::swap(a[bounded(engine, n)], a[bounded(engine, n)]);
}

/// Biased: deals every item by "random start, scan to the next undealt"; writes the deal order.
template <class Engine>
void bitmap_scan(std::span<std::uint32_t> order, Engine& engine, std::vector<std::uint8_t>& used) {
  const auto n = static_cast<std::uint32_t>(order.size());
  used.assign(n, 0);
  for (std::uint32_t k = 0; k < n; ++k) {
    std::uint32_t i = bounded(engine, n);
    while (used[i]) i = (i + 1 == n) ? 0 : i + 1;
    used[i] = 1;
    order[k] = i;
  }
}

/// Fair but O(n²): repeatedly removes a uniformly chosen element of `pool` into `order`.
template <class Engine>
void remove_random(std::span<std::uint32_t> order, Engine& engine, std::vector<std::uint32_t>& pool) {
  const auto n = static_cast<std::uint32_t>(order.size());
  pool.resize(n);
  for (std::uint32_t i = 0; i < n; ++i) pool[i] = i;
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::uint32_t j = bounded(engine, n - k);
    order[k] = pool[j];
    pool.erase(pool.begin() + j);
  }
}

}  // namespace fairdeck::reference
