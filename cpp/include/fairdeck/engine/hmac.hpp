// fairdeck/engine/hmac.hpp — HMAC-SHA256 (RFC 2104, FIPS 198-1) on the core's SHA-256.
//
// Why: provably fair rounds (provable.hpp) derive each round's ChaCha20 key as an HMAC keyed by
// the server's secret seed, so that nobody without that seed can predict a deal, and the seed,
// once revealed, lets anyone recompute it. Verified against RFC 4231's test cases.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fairdeck/attributes.hpp"
#include "fairdeck/engine/sha256.hpp"

namespace fairdeck {

/// HMAC-SHA256 of `message` under `key` (any length; keys over 64 bytes are hashed first).
FAIRDECK_MINSIZE inline Bytes32 hmac_sha256(std::string_view key, std::string_view message) noexcept {
  std::uint8_t block[64] = {};
  if (key.size() > 64) {
    Sha256 h;
    h.update(key);
    const Bytes32 d = h.digest();
    for (std::size_t i = 0; i < 32; ++i) block[i] = d[i];
  } else {
    for (std::size_t i = 0; i < key.size(); ++i) block[i] = static_cast<std::uint8_t>(key[i]);
  }
  char ipad[64], opad[64];
  for (int i = 0; i < 64; ++i) {
    ipad[i] = static_cast<char>(block[i] ^ 0x36);
    opad[i] = static_cast<char>(block[i] ^ 0x5c);
  }
  Sha256 inner;
  inner.update(std::string_view(ipad, 64));
  inner.update(message);
  const Bytes32 in = inner.digest();
  Sha256 outer;
  outer.update(std::string_view(opad, 64));
  outer.update(std::string_view(reinterpret_cast<const char*>(in.data()), in.size()));
  return outer.digest();
}

}  // namespace fairdeck
