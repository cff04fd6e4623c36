// fairdeck/engine/xoshiro256.hpp — xoshiro256** 1.0: fairdeck's fast engine for simulations.
//
// Why: 256 bits of state (enough period and state for every 52-card order) at about a
// nanosecond per output. It is NOT cryptographic: its output reveals its state. Follows
// Blackman & Vigna's reference code (prng.di.unimi.it/xoshiro256starstar.c); the key's four
// little-endian 64-bit words are the state. A 32-bit output is the upper half of one 64-bit output.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "fairdeck/engine/hex.hpp"
#include "fairdeck/engine/sha256.hpp"
#include "fairdeck/engine/splitmix64.hpp"

namespace fairdeck {

/// xoshiro256** engine.
class Xoshiro256 {
public:
  /// The engine's public name, as used by `new Deck({ rng })`.
  static constexpr std::string_view name = "xoshiro256";

  /// Takes the state from the key's four little-endian 64-bit words (never all zero).
  explicit Xoshiro256(const Bytes32& key) noexcept {
    for (int i = 0; i < 4; ++i) {
      std::uint64_t w = 0;
      for (int b = 7; b >= 0; --b) w = (w << 8) | key[8 * i + b];
      s_[i] = w;
    }
    if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) {
      SplitMix64 sm(0);
      for (auto& w : s_) w = sm.next();
    }
  }

  /// Returns the next 64-bit output (the reference `next()`).
  std::uint64_t next_u64() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0]; s_[3] ^= s_[1]; s_[1] ^= s_[2]; s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Returns the upper 32 bits of the next 64-bit output.
  std::uint32_t next_u32() noexcept { return static_cast<std::uint32_t>(next_u64() >> 32); }

  /// Serialises the four state words as 64 hex digits.
  std::string save() const { return hex::u64(s_[0]) + hex::u64(s_[1]) + hex::u64(s_[2]) + hex::u64(s_[3]); }

  /// Restores a state written by `save`; false (and no change) if malformed or all zero.
  bool load(std::string_view text) noexcept {
    std::uint64_t s[4];
    if (text.size() != 64) return false;
    for (int i = 0; i < 4; ++i)
      if (!hex::parse_u64(text.substr(static_cast<std::size_t>(16 * i), 16), s[i])) return false;
    if ((s[0] | s[1] | s[2] | s[3]) == 0) return false;
    for (int i = 0; i < 4; ++i) s_[i] = s[i];
    return true;
  }

private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace fairdeck
