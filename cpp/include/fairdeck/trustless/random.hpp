// fairdeck/trustless/random.hpp — where a seat's secrets, nonces and permutation come from
// (docs/trustless.md §8).
//
// Why: in play, every secret must come from the platform CSPRNG, and the permutation from
// fairdeck's own unbiased Fisher–Yates. Tests and known-answer vectors need the same code paths to
// be reproducible, so a seat's randomness is one object that is either live or seeded, and every
// prover draws from it in the order the specification states.
#pragma once
#include <cstdint>
#include <numeric>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "fairdeck/engine/chacha20.hpp"
#include "fairdeck/entropy.hpp"
#include "fairdeck/shuffle.hpp"
#include "fairdeck/trustless/group.hpp"

namespace fairdeck::trustless {

/// Domain tag of the seeded streams (tests only).
inline constexpr std::string_view kSeededTag = "fairdeck/trustless/v1/seeded";

/// One seat's source of randomness.
class Randomness {
public:
  /// Live: scalars from crypto_core_ristretto255_scalar_random, permutation keys from the
  /// platform's entropy source (fresh_entropy).
  /// Throws std::runtime_error if libsodium cannot initialise (no secure random source).
  static Randomness live() {
#ifdef FAIRDECK_TRUSTLESS_KEYED_ONLY
    throw std::runtime_error("trustless: this build draws only from keyed streams (trustless.wasm: keyed from crypto.getRandomValues)");
#else
    if (!sodium_ready()) throw std::runtime_error("trustless: libsodium failed to initialise (sodium_init)");
    return Randomness();
#endif
  }

  /// Seeded (never for play): one ChaCha20 keystream keyed by the first 32 bytes of
  /// SHA-512(F(tag) ‖ F(seed) ‖ F(u32be(seat))).
  static Randomness seeded(std::span<const std::uint8_t> seed, std::uint32_t seat) {
    Hash h(kSeededTag);
    h.bytes(seed.data(), seed.size()).u32(seat);
    const auto d = h.digest();
    Bytes32 key;
    std::memcpy(key.data(), d.data(), key.size());
    Randomness r;
    r.stream_.emplace(key);
    return r;
  }

  bool is_seeded() const noexcept { return stream_.has_value(); }

  /// A uniform scalar: live from libsodium; seeded, the next 64 keystream bytes reduced mod ℓ.
  Scalar scalar() {
#ifndef FAIRDECK_TRUSTLESS_KEYED_ONLY
    if (!stream_) return random_scalar();
#endif
    unsigned char wide[64];
    take(wide, 64);
    return reduce64(wide);
  }

  /// The 32-byte ChaCha20 key of a permutation: live from the entropy source, seeded the next
  /// 32 keystream bytes. Throws EntropyError if the platform source fails.
  Bytes32 permutation_key() {
    Bytes32 key;
    if (!stream_) {
      if (!fresh_entropy(key.data(), key.size())) throw EntropyError();
    } else {
      take(key.data(), key.size());
    }
    return key;
  }

private:
  Randomness() = default;
  /// The next n keystream bytes: the engine's words, little-endian (crypto_stream_chacha20's bytes).
  void take(unsigned char* out, std::size_t n) {
    for (std::size_t i = 0; i < n; i += 4) {
      const std::uint32_t w = stream_->next_u32();
      for (std::size_t b = 0; b < 4 && i + b < n; ++b) out[i + b] = static_cast<unsigned char>(w >> (8 * b));
    }
  }
  std::optional<ChaCha20> stream_;
};

/// ψ for n positions: fairdeck's Fisher–Yates on 0 … n−1, driven by ChaCha20 keyed with `key`.
/// Output position i takes input position ψ[i].
inline std::vector<std::uint32_t> draw_permutation(const Bytes32& key, std::uint32_t n) {
  std::vector<std::uint32_t> psi(n);
  std::iota(psi.begin(), psi.end(), 0u);
  ChaCha20 engine(key);
  fisher_yates(std::span<std::uint32_t>(psi), engine);
  return psi;
}

}  // namespace fairdeck::trustless
