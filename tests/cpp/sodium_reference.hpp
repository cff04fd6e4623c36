// tests/cpp/sodium_reference.hpp — ChaCha20 blocks from libsodium, in the block-function shape
// the tests read: the reference every ChaCha20 test compares the engine with.
#pragma once
#include <sodium/crypto_stream_chacha20.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace fairdeck::test {

/// Block `in[12] | in[13] << 32` of the key in words 4–11 and the nonce in words 14–15 (the
/// original ChaCha20 layout), as `count` consecutive blocks of 16 words each, from libsodium's
/// crypto_stream_chacha20_xor_ic. Words 0–3 must be the constants: libsodium sets them itself.
inline void sodium_blocks(const std::uint32_t in[16], std::uint32_t* out, std::size_t count = 1) {
  unsigned char key[32], nonce[8];
  for (int i = 0; i < 8; ++i)
    for (int b = 0; b < 4; ++b) key[4 * i + b] = static_cast<unsigned char>(in[4 + i] >> (8 * b));
  for (int i = 0; i < 2; ++i)
    for (int b = 0; b < 4; ++b) nonce[4 * i + b] = static_cast<unsigned char>(in[14 + i] >> (8 * b));
  const std::uint64_t counter = std::uint64_t{in[12]} | (std::uint64_t{in[13]} << 32);
  std::vector<unsigned char> zeros(64 * count), bytes(64 * count);
  crypto_stream_chacha20_xor_ic(bytes.data(), zeros.data(), bytes.size(), nonce, counter, key);
  for (std::size_t w = 0; w < 16 * count; ++w)
    out[w] = std::uint32_t{bytes[4 * w]} | (std::uint32_t{bytes[4 * w + 1]} << 8) |
             (std::uint32_t{bytes[4 * w + 2]} << 16) | (std::uint32_t{bytes[4 * w + 3]} << 24);
}

}  // namespace fairdeck::test
