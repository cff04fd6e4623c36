// fairdeck/engine/sha256.hpp — SHA-256 (FIPS 180-4), from libsodium: hashes string and byte seeds
// into keys, and a provable round's server seed into its commitment.
//
// Why: a string seed such as "table-7/hand-1042" may be any length; hashing it gives a 256-bit
// key in which every byte of the seed matters. Only used at seeding time, never per card.
// The hash is libsodium's `crypto_hash_sha256_*` (docs/cryptography.md says which version and
// where it comes from); this header only adapts it to the core's types.
#pragma once
#include <sodium/crypto_hash_sha256.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fairdeck {

/// A 32-byte digest or key.
using Bytes32 = std::array<std::uint8_t, 32>;

/// Incremental SHA-256: `update` any number of times, then `digest` once.
class Sha256 {
public:
  Sha256() noexcept { crypto_hash_sha256_init(&state_); }

  /// Absorbs `data`.
  void update(std::string_view data) noexcept {
    crypto_hash_sha256_update(&state_, reinterpret_cast<const unsigned char*>(data.data()), data.size());
  }

  /// Finishes and returns the 32-byte digest (as FIPS 180-4 prints it, byte 0 first).
  Bytes32 digest() noexcept {
    Bytes32 out{};
    crypto_hash_sha256_final(&state_, out.data());
    return out;
  }

private:
  crypto_hash_sha256_state state_;
};

}  // namespace fairdeck
