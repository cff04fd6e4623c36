// fairdeck/engine/hmac.hpp — HMAC-SHA256 (RFC 2104, FIPS 198-1), from libsodium.
//
// Why: provably fair rounds (provable.hpp) derive each round's ChaCha20 key as an HMAC keyed by
// the server's secret seed, so that nobody without that seed can predict a deal, and the seed,
// once revealed, lets anyone recompute it. The MAC is libsodium's `crypto_auth_hmacsha256_*`
// (its `_init` takes a key of any length and hashes one over 64 bytes first, as RFC 2104 says);
// tests/cpp/provable_test.cpp checks it against RFC 4231's test cases.
#pragma once
#include <sodium/crypto_auth_hmacsha256.h>

#include <string_view>

#include "fairdeck/engine/sha256.hpp"

namespace fairdeck {

/// HMAC-SHA256 of `message` under `key` (any length).
inline Bytes32 hmac_sha256(std::string_view key, std::string_view message) noexcept {
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(key.data()), key.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()), message.size());
  Bytes32 out{};
  crypto_auth_hmacsha256_final(&state, out.data());
  return out;
}

}  // namespace fairdeck
