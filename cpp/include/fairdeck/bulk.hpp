// fairdeck/bulk.hpp — shuffling large arrays in bounded steps.
//
// Why: `shuffle(array)` and `permutation(n)` must handle 10^8 items without one endless call
// (V8 tiers WASM code up only between calls, and a page must stay responsive). A BulkShuffle is
// Fisher–Yates (shuffle.hpp) cut into steps: each `step` runs positions i = next…next−count+1, so
// any chunking gives the same result as one pass. For JavaScript Arrays, which cannot live in the
// WASM heap, `targets` writes the swap partners j so the caller swaps a[i] and a[j] itself.
#pragma once
#include <algorithm>
#include <cstdint>
#include <utility>

#include "fairdeck/rng.hpp"
#include "fairdeck/uniform.hpp"

namespace fairdeck {

/// Fisher–Yates over n items, run as a sequence of bounded steps.
class BulkShuffle {
public:
  /// Prepares a shuffle of n items (n ≥ 0) with `rng`.
  BulkShuffle(std::uint32_t n, Rng rng) : next_(n), rng_(std::move(rng)) {}

  /// Positions still to process (the shuffle is done at 0 or 1).
  std::uint32_t pending() const noexcept { return next_ > 1 ? next_ - 1 : 0; }

  /// Shuffles in place: processes up to `count` positions of `a` (the whole array, n items).
  template <class T>
  std::uint32_t step(T* a, std::uint32_t count) noexcept {
    const std::uint32_t k = std::min(count, pending());
    if (k == 0) return 0;
    rng_.visit([&](auto& e, Dice& d) {
      d.descend(e, next_, next_ - k + 1, [a](std::uint32_t i, std::uint32_t j) { std::swap(a[i - 1], a[j]); });
    });
    next_ -= k;
    return k;
  }

  /// Writes up to `count` swap partners: out[t] = j for position i = (pending() − t), meaning
  /// "swap a[i] and a[j]", to be applied in order. Returns how many were written.
  std::uint32_t targets(std::uint32_t* out, std::uint32_t count) noexcept {
    const std::uint32_t k = std::min(count, pending());
    if (k == 0) return 0;
    const std::uint32_t top = next_;
    rng_.visit([&](auto& e, Dice& d) { d.descend(e, top, top - k + 1, [out, top](std::uint32_t i, std::uint32_t j) { out[top - i] = j; }); });
    next_ -= k;
    return k;
  }

private:
  std::uint32_t next_;  // the next position processed is next_ − 1
  Rng rng_;
};

}  // namespace fairdeck
