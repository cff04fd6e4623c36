// fairdeck/engine/splitmix64.hpp — SplitMix64, used only to expand a 64-bit seed into key material.
//
// Why: a numeric seed is 64 bits at most, but both engines take a 256-bit key. SplitMix64
// (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014; the
// seeding procedure recommended by the xoshiro authors) turns one word into well-mixed words.
// It is not an engine for shuffling: its state (64 bits) cannot reach all 52! deck orders.
#pragma once
#include <cstdint>

namespace fairdeck {

/// SplitMix64: a 64-bit counter passed through a bijective mixer.
class SplitMix64 {
public:
  /// Starts the sequence at `seed`.
  explicit constexpr SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}

  /// Returns the next 64-bit output (Vigna's reference `next()`).
  constexpr std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

private:
  std::uint64_t state_;
};

}  // namespace fairdeck
