// fairdeck/engine/seed.hpp — turns a user's seed (number, string, bytes) or fresh entropy into
// the 256-bit key both engines take.
//
// Why: one place decides how seeds map to keys, so native code, Node and browsers agree
// (the golden vectors in tests/vectors check it). Numbers are expanded with SplitMix64; strings
// and byte arrays are hashed with SHA-256 behind a domain label, so the seed 1, the string "1"
// and the byte 0x01 give three unrelated keys, and the empty string is a seed of its own.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "fairdeck/engine/sha256.hpp"
#include "fairdeck/engine/splitmix64.hpp"

namespace fairdeck {

/// What the seed material is.
enum class SeedKind : std::uint8_t {
  entropy = 0,  ///< exactly 32 bytes of platform entropy, used as the key itself (unseeded decks)
  integer = 1,  ///< exactly 8 bytes: an unsigned 64-bit integer, little-endian
  text = 2,     ///< UTF-8 bytes of a string, any length
  bytes = 3,    ///< raw bytes, any length
};

/// Derives the 256-bit key. Throws std::invalid_argument if `material` has the wrong length.
inline Bytes32 derive_key(SeedKind kind, std::string_view material) {
  Bytes32 key{};
  switch (kind) {
    case SeedKind::entropy:
      if (material.size() != 32) throw std::invalid_argument("entropy must be exactly 32 bytes");
      for (int i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(material[i]);
      return key;
    case SeedKind::integer: {
      if (material.size() != 8) throw std::invalid_argument("an integer seed must be exactly 8 bytes");
      std::uint64_t v = 0;
      for (int b = 7; b >= 0; --b) v = (v << 8) | static_cast<std::uint8_t>(material[b]);
      SplitMix64 sm(v);
      for (int w = 0; w < 4; ++w) {
        const std::uint64_t x = sm.next();
        for (int b = 0; b < 8; ++b) key[8 * w + b] = static_cast<std::uint8_t>(x >> (8 * b));
      }
      return key;
    }
    case SeedKind::text:
    case SeedKind::bytes: {
      Sha256 h;
      h.update(kind == SeedKind::text ? std::string_view("fairdeck/seed/text", 19)
                                      : std::string_view("fairdeck/seed/bytes", 20));
      h.update(material);
      return h.digest();
    }
  }
  throw std::invalid_argument("unknown seed kind");
}

/// Key for an integer seed, as `derive_key(SeedKind::integer, …)` would give.
inline Bytes32 key_from_u64(std::uint64_t seed) {
  std::string m(8, '\0');
  for (int b = 0; b < 8; ++b) m[static_cast<std::size_t>(b)] = static_cast<char>(seed >> (8 * b));
  return derive_key(SeedKind::integer, m);
}

}  // namespace fairdeck
