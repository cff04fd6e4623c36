// The engine's own four-lane ChaCha20 block (engine/chacha20.hpp, `chacha20_blocks4`) held to
// libsodium's crypto_stream_chacha20, natively and compiled to WASM (scripts/wasm-tests.sh):
// RFC 8439's vectors, every lane at every kind of block boundary, and 10^5 random (key, counter)
// pairs read through the engine over several blocks. This is what lets the SIMD block stay the
// fast path (SECURITY.md, docs/cryptography.md): it must be libsodium's stream, word for word.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "fairdeck/engine/chacha20.hpp"
#include "fairdeck/engine/hex.hpp"
#include "fairdeck/engine/splitmix64.hpp"
#include "sodium_reference.hpp"

using namespace fairdeck;

namespace {
constexpr std::uint32_t kSigma[4] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};

/// The block input for `key` (words 4–11, little-endian), nonce words 14–15, counter 0.
void input(const Bytes32& key, std::uint32_t in[16], std::uint32_t n0 = 0, std::uint32_t n1 = 0) {
  for (int i = 0; i < 4; ++i) in[i] = kSigma[i];
  for (int i = 0; i < 8; ++i)
    in[4 + i] = std::uint32_t{key[4 * i]} | (std::uint32_t{key[4 * i + 1]} << 8) | (std::uint32_t{key[4 * i + 2]} << 16) |
                (std::uint32_t{key[4 * i + 3]} << 24);
  in[12] = in[13] = 0, in[14] = n0, in[15] = n1;
}

/// libsodium's words of `count` blocks from block `block`.
std::vector<std::uint32_t> reference(const std::uint32_t in[16], std::uint64_t block, std::size_t count) {
  std::uint32_t at[16];
  std::copy(in, in + 16, at);
  at[12] = static_cast<std::uint32_t>(block), at[13] = static_cast<std::uint32_t>(block >> 32);
  std::vector<std::uint32_t> out(16 * count);
  test::sodium_blocks(at, out.data(), count);
  return out;
}

Bytes32 counting_key() {
  Bytes32 k{};
  for (int i = 0; i < 32; ++i) k[i] = static_cast<std::uint8_t>(i);
  return k;
}
}  // namespace

// RFC 8439 §2.3.2: the block function's test vector. In the original layout its nonce
// 00:00:00:09:00:00:00:4a:00:00:00:00 and counter 1 are counter 1 | 0x09000000 << 32 and nonce
// words (0x4a000000, 0). The SIMD block computes it in lane 0; libsodium must agree.
TEST(ChaCha20Libsodium, FourLaneBlockMatchesRfc8439Section2_3_2InEveryLane) {
  std::uint32_t in[16];
  input(counting_key(), in, 0x4a000000, 0);
  const std::uint32_t expected[16] = {0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3, 0xc7f4d1c7, 0x0368c033,
                                      0x9aaa2204, 0x4e6cd4c3, 0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9,
                                      0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2};
  const std::uint64_t block = 1 | (std::uint64_t{0x09000000} << 32);
  for (std::uint64_t lane = 0; lane < 4; ++lane) {  // the vector's block in lane 0, 1, 2 and 3
    std::uint32_t four[64];
    chacha20_blocks4(in, block - lane, four);
    for (int i = 0; i < 16; ++i) ASSERT_EQ(four[16 * lane + i], expected[i]) << "lane " << lane << " word " << i;
  }
  const auto ref = reference(in, block, 1);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(ref[i], expected[i]) << "libsodium, word " << i;
}

// RFC 8439 Appendix A.1, test vectors 1 and 2: the all-zero key and nonce, blocks 0 and 1
// (also `openssl enc -chacha20` over zeros with an all-zero IV).
TEST(ChaCha20Libsodium, EngineStreamMatchesRfc8439AppendixA1) {
  const std::string expected =
      "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
      "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"
      "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
      "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f";
  ChaCha20 e(Bytes32{});
  std::string got;
  for (int w = 0; w < 32; ++w) {
    const std::uint32_t v = e.next_u32();
    for (int b = 0; b < 4; ++b) {
      static const char* digits = "0123456789abcdef";
      const auto byte = static_cast<std::uint8_t>(v >> (8 * b));
      got += digits[byte >> 4], got += digits[byte & 15];
    }
  }
  EXPECT_EQ(got, expected);
}

// Every lane, at every kind of boundary: the first blocks, the 32-bit carry of the counter in
// each lane (block 2^32 − k for k = 1…4 puts the carry between lanes 3−k+1 and so on), the last
// blocks the engine can reach (2^60 − 4) and the top of libsodium's 64-bit counter.
TEST(ChaCha20Libsodium, FourLaneBlockIsLibsodiumInEveryLaneAtEveryBoundary) {
  std::vector<std::uint64_t> blocks = {0, 1, 2, 3, 4, 5, 63, 64, 65};
  for (std::uint64_t k = 0; k <= 8; ++k) blocks.push_back((std::uint64_t{1} << 32) - k);
  for (std::uint64_t k = 0; k <= 8; ++k) blocks.push_back((std::uint64_t{1} << 60) - k);
  for (std::uint64_t k = 4; k <= 8; ++k) blocks.push_back(~std::uint64_t{0} - k + 1);
  fairdeck::SplitMix64 mix(20261204);
  for (int key_kind = 0; key_kind < 3; ++key_kind) {
    Bytes32 key{};
    if (key_kind == 1) key = counting_key();
    if (key_kind == 2)
      for (auto& b : key) b = static_cast<std::uint8_t>(mix.next());
    std::uint32_t in[16];
    input(key, in, key_kind == 2 ? static_cast<std::uint32_t>(mix.next()) : 0, key_kind == 2 ? 0xffffffffu : 0);
    for (std::uint64_t block : blocks) {
      std::uint32_t four[64];
      chacha20_blocks4(in, block, four);
      const auto ref = reference(in, block, 4);
      for (int w = 0; w < 64; ++w)
        ASSERT_EQ(four[w], ref[w]) << "key kind " << key_kind << ", block " << block << ", lane " << w / 16 << ", word " << w % 16;
    }
  }
}

// 10^5 random keys and positions: the engine restored at the position (a saved state's key and
// word position), then read 1–300 words at a time through next_u32() and fill() (so reads cross
// the four-block buffer and block edges anywhere), against libsodium's blocks over the same range.
TEST(ChaCha20Libsodium, EngineIsLibsodiumAt100000RandomKeysAndPositions) {
  fairdeck::SplitMix64 mix(58);
  constexpr int kPairs = 100000;
  std::vector<std::uint32_t> got;
  for (int pair = 0; pair < kPairs; ++pair) {
    Bytes32 key{};
    for (int i = 0; i < 32; i += 8) {
      const std::uint64_t r = mix.next();
      for (int b = 0; b < 8; ++b) key[i + b] = static_cast<std::uint8_t>(r >> (8 * b));
    }
    // Counters spread over the whole 2^60-block stream, and near its 32-bit carries.
    std::uint64_t block = mix.next() >> 4;
    if (pair % 4 == 1) block = (std::uint64_t{1} << 32) - 1 - (mix.next() % 8);
    if (pair % 4 == 2) block = (std::uint64_t{1} << 60) - 24 + (mix.next() % 8);
    const std::uint64_t position = block * 16 + mix.next() % 16;
    const auto count = static_cast<std::uint32_t>(1 + mix.next() % 300);
    ChaCha20 e(Bytes32{});
    ASSERT_TRUE(e.load(hex::encode(key) + hex::u64(position)));
    got.resize(count);
    if (pair % 2 == 0) {
      for (auto& w : got) w = e.next_u32();
    } else {
      e.fill(got.data(), count);
    }
    std::uint32_t in[16];
    input(key, in);
    const std::size_t skip = position % 16, blocks = (skip + count + 15) / 16;
    // The engine's stream wraps at block 2^60 (2^64 words); libsodium's counter does not.
    const auto wrap = std::uint64_t{1} << 60;
    std::vector<std::uint32_t> ref;
    for (std::size_t j = 0; j < blocks; ++j) {
      const auto one = reference(in, (position / 16 + j) % wrap, 1);
      ref.insert(ref.end(), one.begin(), one.end());
    }
    for (std::uint32_t i = 0; i < count; ++i)
      ASSERT_EQ(got[i], ref[skip + i]) << "pair " << pair << ", block " << block << ", position " << position << ", word " << i;
  }
}
