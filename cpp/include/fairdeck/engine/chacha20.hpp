// fairdeck/engine/chacha20.hpp — ChaCha20 as a keystream generator: fairdeck's default engine.
//
// Why: a 256-bit key gives far more than the log2(52!) ≈ 225.6 bits needed to reach every deck
// order, and ChaCha20 is a vetted cipher, so its output cannot be predicted without the key.
// Follows RFC 8439 §2.3 (the block function) with the original 64-bit block counter in words
// 12–13 and a zero 64-bit nonce in words 14–15, so one key yields 2^64 blocks. Output words are
// the block's sixteen little-endian words in order. Verified against RFC 8439 §2.3.2 / §2.4.2.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "fairdeck/engine/hex.hpp"
#include "fairdeck/engine/sha256.hpp"

namespace fairdeck {

/// RFC 8439 §2.3: 20 rounds over `in`, then adds `in` back; writes 16 words to `out`.
inline void chacha20_block(const std::uint32_t in[16], std::uint32_t out[16]) noexcept {
  std::uint32_t x[16];
  for (int i = 0; i < 16; ++i) x[i] = in[i];
  auto qr = [&x](int a, int b, int c, int d) {
    x[a] += x[b]; x[d] ^= x[a]; x[d] = (x[d] << 16) | (x[d] >> 16);
    x[c] += x[d]; x[b] ^= x[c]; x[b] = (x[b] << 12) | (x[b] >> 20);
    x[a] += x[b]; x[d] ^= x[a]; x[d] = (x[d] << 8) | (x[d] >> 24);
    x[c] += x[d]; x[b] ^= x[c]; x[b] = (x[b] << 7) | (x[b] >> 25);
  };
  for (int round = 0; round < 10; ++round) {
    qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15);
    qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) out[i] = x[i] + in[i];
}

/// ChaCha20 keystream engine. Its state is the key and a 64-bit word position, so it can be
/// saved, restored and seeked exactly.
class ChaCha20 {
public:
  /// The engine's public name, as used by `new Deck({ rng })`.
  static constexpr std::string_view name = "chacha20";

  /// Keys the engine; the stream starts at word 0.
  explicit ChaCha20(const Bytes32& key) noexcept { rekey(key); }

  /// Returns the next 32-bit output word.
  std::uint32_t next_u32() noexcept {
    if (index_ == 16) refill();
    return buffer_[index_++];
  }

  /// Number of 32-bit words produced since the key was set.
  std::uint64_t position() const noexcept { return (counter_ - 1) * 16 + index_; }

  /// Mixes fresh entropy into the key: new key = `fresh` XOR the next 32 keystream bytes,
  /// so a weak `fresh` can never make the engine weaker. The position restarts at 0.
  void reseed(const Bytes32& fresh) noexcept {
    Bytes32 next{};
    for (int w = 0; w < 8; ++w) {
      const std::uint32_t v = next_u32();
      for (int b = 0; b < 4; ++b) next[4 * w + b] = static_cast<std::uint8_t>(v >> (8 * b)) ^ fresh[4 * w + b];
    }
    rekey(next);
  }

  /// Serialises the state as 80 hex digits: the key (64) then the word position (16).
  std::string save() const { return hex::encode(key_bytes()) + hex::u64(position()); }

  /// Restores a state written by `save`; returns false (and changes nothing) if malformed.
  bool load(std::string_view text) noexcept {
    Bytes32 key{};
    std::uint64_t pos = 0;
    if (text.size() != 80 || !hex::decode(text.substr(0, 64), key) || !hex::parse_u64(text.substr(64), pos) ||
        (pos >> 60) != 0)
      return false;
    rekey(key);
    counter_ = pos / 16;
    refill();
    index_ = static_cast<std::uint32_t>(pos % 16);
    return true;
  }

private:
  void rekey(const Bytes32& key) noexcept {
    state_[0] = 0x61707865; state_[1] = 0x3320646e; state_[2] = 0x79622d32; state_[3] = 0x6b206574;
    for (int i = 0; i < 8; ++i)
      state_[4 + i] = std::uint32_t{key[4 * i]} | (std::uint32_t{key[4 * i + 1]} << 8) |
                      (std::uint32_t{key[4 * i + 2]} << 16) | (std::uint32_t{key[4 * i + 3]} << 24);
    state_[14] = state_[15] = 0;
    counter_ = 0;
    refill();
    index_ = 0;
  }

  void refill() noexcept {
    state_[12] = static_cast<std::uint32_t>(counter_);
    state_[13] = static_cast<std::uint32_t>(counter_ >> 32);
    chacha20_block(state_, buffer_);
    ++counter_;
    index_ = 0;
  }

  Bytes32 key_bytes() const noexcept {
    Bytes32 k{};
    for (int i = 0; i < 8; ++i)
      for (int b = 0; b < 4; ++b) k[4 * i + b] = static_cast<std::uint8_t>(state_[4 + i] >> (8 * b));
    return k;
  }

  std::uint32_t state_[16];
  std::uint32_t buffer_[16];
  std::uint64_t counter_ = 0;  // block number of the NEXT refill
  std::uint32_t index_ = 16;
};

}  // namespace fairdeck
