// fairdeck/engine/chacha20.hpp — ChaCha20 as a keystream generator: fairdeck's default engine.
//
// Why: a 256-bit key gives far more than the log2(52!) ≈ 225.6 bits needed to reach every deck
// order, and ChaCha20 is a vetted cipher, so its output cannot be predicted without the key.
// The stream is libsodium's `crypto_stream_chacha20` (the original variant: the 64-bit block
// counter in words 12–13, a 64-bit nonce in words 14–15, here zero), so one key yields 2^64
// blocks. Output words are the blocks' sixteen little-endian words in order.
//
// Which code computes the blocks (docs/cryptography.md, SECURITY.md): the engine computes four
// consecutive blocks at once (`chacha20_blocks4`: four lanes of 32-bit vectors, WASM SIMD128 or
// SSE2), because in WebAssembly that is measurably faster than libsodium's portable block
// (BENCHMARKS.md, "ChaCha20: which block runs"). It is the one piece of cryptographic arithmetic
// in fairdeck's own code, and it is held to libsodium's: tests/cpp/chacha20_libsodium_test.cpp
// compares it, natively and compiled to WASM in `npm test`, with crypto_stream_chacha20 on the
// RFC 8439 vectors, every lane and block boundary and 10^5 random (key, counter) pairs read over
// several blocks. Built with -DFAIRDECK_CHACHA20_LIBSODIUM=1 (CMake option of the same name), the
// engine takes every block from libsodium instead: the stream is the same word for word.
#pragma once
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <sodium/crypto_stream_chacha20.h>

#include "fairdeck/attributes.hpp"

#ifndef FAIRDECK_CHACHA20_LIBSODIUM
#define FAIRDECK_CHACHA20_LIBSODIUM 0  // 1: every block from libsodium (see above)
#endif
#include "fairdeck/engine/hex.hpp"
#include "fairdeck/entropy.hpp"
#include "fairdeck/engine/sha256.hpp"

namespace fairdeck {

namespace detail {
/// Four 32-bit lanes (GCC/Clang vector extension: SIMD128 in WASM with -msimd128, SSE2 on x86-64).
using U32x4 = std::uint32_t __attribute__((vector_size(16)));

/// Rotates each lane left by N. In WASM the rotation by 16 is a byte shuffle that swaps each
/// lane's 16-bit halves, which V8 lowers to two word shuffles (pshuflw, pshufhw); every other
/// rotation is two shifts and an or. A byte shuffle for 8 as well was 12–17% slower per block
/// (V8 builds a pshufb mask for it at every use; measured in Node 20 on an AMD EPYC Zen 3).
template <int N>
inline U32x4 rotl(U32x4 x) noexcept {
#if defined(__wasm_simd128__)
  if constexpr (N == 16) {
    using U8x16 = std::uint8_t __attribute__((vector_size(16)));
    const auto b = reinterpret_cast<U8x16>(x);
    return reinterpret_cast<U32x4>(__builtin_shufflevector(b, b, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
  }
#endif
  return (x << N) | (x >> (32 - N));
}

inline void quarter_round(U32x4& a, U32x4& b, U32x4& c, U32x4& d) noexcept {
  a += b; d = rotl<16>(d ^ a);
  c += d; b = rotl<12>(b ^ c);
  a += b; d = rotl<8>(d ^ a);
  c += d; b = rotl<7>(b ^ c);
}

/// Writes lanes as rows: out[16·b + k] = v_k[b] for the four vectors v_0…v_3 (a 4×4 transpose).
inline void store_rows(U32x4 v0, U32x4 v1, U32x4 v2, U32x4 v3, std::uint32_t* out) noexcept {
  const U32x4 t0 = __builtin_shufflevector(v0, v1, 0, 4, 1, 5), t1 = __builtin_shufflevector(v2, v3, 0, 4, 1, 5);
  const U32x4 t2 = __builtin_shufflevector(v0, v1, 2, 6, 3, 7), t3 = __builtin_shufflevector(v2, v3, 2, 6, 3, 7);
  const U32x4 rows[4] = {__builtin_shufflevector(t0, t1, 0, 1, 4, 5), __builtin_shufflevector(t0, t1, 2, 3, 6, 7),
                         __builtin_shufflevector(t2, t3, 0, 1, 4, 5), __builtin_shufflevector(t2, t3, 2, 3, 6, 7)};
  for (int b = 0; b < 4; ++b) std::memcpy(out + 16 * b, &rows[b], 16);
}
}  // namespace detail

/// Blocks `block`, `block` + 1, `block` + 2, `block` + 3 of the key in `in` (words 12–13, the
/// 64-bit block counter, are replaced): out[16·b + i] is word i of block `block` + b, exactly
/// what libsodium's crypto_stream_chacha20 gives for those blocks of the key in words 4–11 and the
/// nonce in words 14–15. Lane b of each vector works on block `block` + b.
inline void chacha20_blocks4(const std::uint32_t in[16], std::uint64_t block, std::uint32_t out[64]) noexcept {
  using V = detail::U32x4;
  const auto splat = [in](int i) { return V{in[i], in[i], in[i], in[i]}; };
  const auto lo = [block](std::uint64_t b) { return static_cast<std::uint32_t>(block + b); };
  const auto hi = [block](std::uint64_t b) { return static_cast<std::uint32_t>((block + b) >> 32); };
  const V s0 = splat(0), s1 = splat(1), s2 = splat(2), s3 = splat(3), s4 = splat(4), s5 = splat(5), s6 = splat(6),
          s7 = splat(7), s8 = splat(8), s9 = splat(9), s10 = splat(10), s11 = splat(11), s14 = splat(14), s15 = splat(15);
  const V s12 = V{lo(0), lo(1), lo(2), lo(3)}, s13 = V{hi(0), hi(1), hi(2), hi(3)};
  V x0 = s0, x1 = s1, x2 = s2, x3 = s3, x4 = s4, x5 = s5, x6 = s6, x7 = s7;
  V x8 = s8, x9 = s9, x10 = s10, x11 = s11, x12 = s12, x13 = s13, x14 = s14, x15 = s15;
  for (int round = 0; round < 10; ++round) {
    detail::quarter_round(x0, x4, x8, x12); detail::quarter_round(x1, x5, x9, x13);
    detail::quarter_round(x2, x6, x10, x14); detail::quarter_round(x3, x7, x11, x15);
    detail::quarter_round(x0, x5, x10, x15); detail::quarter_round(x1, x6, x11, x12);
    detail::quarter_round(x2, x7, x8, x13); detail::quarter_round(x3, x4, x9, x14);
  }
  detail::store_rows(x0 + s0, x1 + s1, x2 + s2, x3 + s3, out);
  detail::store_rows(x4 + s4, x5 + s5, x6 + s6, x7 + s7, out + 4);
  detail::store_rows(x8 + s8, x9 + s9, x10 + s10, x11 + s11, out + 8);
  detail::store_rows(x12 + s12, x13 + s13, x14 + s14, x15 + s15, out + 12);
}

/// ChaCha20 keystream engine. Its state is the key and a 64-bit word position, so it can be
/// saved, restored and seeked exactly. The position counts words modulo 2^64: the stream of one
/// key is 2^64 words (2^60 blocks, 64 EiB) long and starts again at word 0 after its last word,
/// so every position the engine reaches is one that save() writes and load() accepts. No deck
/// gets near the end by dealing; only a crafted state can start there.
class ChaCha20 {
public:
  /// The engine's public name, as used by `new Deck({ rng })`.
  static constexpr std::string_view name = "chacha20";

  /// Keys the engine; the stream starts at word 0.
  explicit ChaCha20(const Bytes32& key) noexcept { rekey(key); }

  /// Returns the next 32-bit output word (re-keying first if the interval is reached, see rekey_every).
  std::uint32_t next_u32() noexcept {
    if (index_ == kWords) advance();
    return buffer_[index_++];
  }

  /// Number of 32-bit words produced since the key was set.
  std::uint64_t position() const noexcept { return block_ * 16 + index_; }

  /// The engine as a hot loop reads it (uniform.hpp, hot()): the same words as next_u32(), with
  /// the place in the buffer kept in locals and written back when the reader goes. A loop that
  /// stores into uint32 arrays while it draws otherwise reloads and stores `index_` at every
  /// word, because for all the compiler knows those stores could write it; through a reader the
  /// place stays in registers (what it saved: BENCHMARKS.md, the list of speed changes).
  /// Use the engine itself only after the reader has gone.
  class Reader {
  public:
    explicit Reader(ChaCha20& engine) noexcept : e_(engine), at_(engine.buffer_ + engine.index_) {}
    ~Reader() { e_.index_ = static_cast<std::uint32_t>(at_ - e_.buffer_); }
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    std::uint32_t next_u32() noexcept { return *(words(), at_++); }

    /// The words next_u32() would return next, up to the end of the buffer: [words(), end()),
    /// never empty (it refills first). A loop that reads them itself then calls resume() with
    /// the first word it did not use.
    const std::uint32_t* words() noexcept {
      if (at_ == end()) {
        e_.index_ = kWords;  // advance() may re-key, which reads the position
        e_.advance();
        at_ = e_.buffer_ + e_.index_;
      }
      return at_;
    }
    const std::uint32_t* end() const noexcept { return e_.buffer_ + kWords; }
    void resume(const std::uint32_t* at) noexcept { at_ = at; }

  private:
    ChaCha20& e_;
    const std::uint32_t* at_;  // the next word in e_.buffer_
  };

  /// Writes the next `count` words to `out`: the same words as `count` next_u32() calls, copied
  /// a run of the buffer at a time.
  void fill(std::uint32_t* out, std::uint32_t count) noexcept {
    while (count != 0) {
      if (index_ == kWords) advance();
      const std::uint32_t run = count < kWords - index_ ? count : kWords - index_;
      const std::uint32_t* from = buffer_ + index_;
      for (std::uint32_t i = 0; i < run; ++i) out[i] = from[i];
      out += run, count -= run, index_ += run;
    }
  }

  /// Mixes fresh entropy into the key: new key = `fresh` XOR the next 32 keystream bytes,
  /// so a weak `fresh` can never make the engine weaker. The position restarts at 0.
  FAIRDECK_MINSIZE void reseed(const Bytes32& fresh) noexcept {
    Bytes32 next{};
    for (int w = 0; w < 8; ++w) {
      if (index_ == kWords) refill(block_ + 4);  // raw keystream: never re-keys inside a re-key
      const std::uint32_t v = buffer_[index_++];
      for (int b = 0; b < 4; ++b) next[4 * w + b] = static_cast<std::uint8_t>(v >> (8 * b)) ^ fresh[4 * w + b];
    }
    rekey(next);
  }

  // Re-keying (secure decks; the policy is in rng.hpp). With an interval set, the engine never
  // produces the word at position `interval` with its current key: when output reaches it, the
  // engine first reseeds with a reserve key (or, if the reserve is empty, a key fetched from the
  // entropy source there and then; if that fails too, with zeros: the new key is then the old
  // keystream alone, which still erases the old key, and missed() tells the caller to catch up).

  /// Re-key before the word at position `interval` (a multiple of 64; 0: never re-key).
  void rekey_every(std::uint64_t interval) noexcept { interval_ = interval; }
  std::uint64_t rekey_interval() const noexcept { return interval_; }
  /// Adds a fresh key to the reserve the re-keys use (first in, first used).
  void add_reserve(const Bytes32& key) { reserve_.push_back(key); }
  std::size_t reserve() const noexcept { return reserve_.size() - used_; }
  /// Re-keys now, with a reserve key (see above).
  void rekey_now() noexcept {
    Bytes32 fresh{};
    bool ok = true;
    if (reserve() != 0) {
      fresh = reserve_[used_], reserve_[used_++] = Bytes32{};
      if (used_ == reserve_.size()) reserve_.clear(), used_ = 0;
    } else {
      ok = fresh_entropy(fresh.data(), fresh.size());  // the bound was exceeded: fetch now
      if (!ok) fresh = Bytes32{};
    }
    last_rekey_at_ = position();
    reseed(fresh);
    missed_ = !ok;
    ++rekeys_;
    fresh = Bytes32{};
  }
  /// Re-keys so far, the position at which the last one happened, and whether it got no fresh entropy.
  std::uint64_t rekeys() const noexcept { return rekeys_; }
  std::uint64_t last_rekey_at() const noexcept { return last_rekey_at_; }
  bool missed() const noexcept { return missed_; }

  /// Serialises the state as 80 hex digits: the key (64) then the word position (16).
  std::string save() const { return hex::encode(key_bytes()) + hex::u64(position()); }

  /// Restores a state written by `save`; returns false (and changes nothing) if malformed.
  bool load(std::string_view text) noexcept {
    Bytes32 key{};
    std::uint64_t pos = 0;
    if (text.size() != 80 || !hex::decode(text.substr(0, 64), key) || !hex::parse_u64(text.substr(64), pos))
      return false;
    rekey(key);
    refill(pos / 64 * 4);  // buffers start at multiples of 64 words, so re-key points are buffer edges
    index_ = static_cast<std::uint32_t>(pos % 64);
    return true;
  }

private:
  static constexpr std::uint32_t kWords = 64;  // four blocks per refill
  static constexpr std::uint64_t kBlockMask = (std::uint64_t{1} << 60) - 1;  // blocks of a 2^64-word stream

  void rekey(const Bytes32& key) noexcept {
    state_[0] = 0x61707865; state_[1] = 0x3320646e; state_[2] = 0x79622d32; state_[3] = 0x6b206574;
    for (int i = 0; i < 8; ++i)
      state_[4 + i] = std::uint32_t{key[4 * i]} | (std::uint32_t{key[4 * i + 1]} << 8) |
                      (std::uint32_t{key[4 * i + 2]} << 16) | (std::uint32_t{key[4 * i + 3]} << 24);
    state_[12] = state_[13] = state_[14] = state_[15] = 0;
    refill(0);
  }

  /// Computes blocks block…block + 3 (block a multiple of 4, so they never straddle the wrap of
  /// block numbers at 2^60) into the buffer; the next word is word 0 of `block`. Because blocks
  /// wrap at 2^60, position() = 16·block_ + index_ (mod 2^64) always names the next word.
  [[gnu::noinline]] void refill(std::uint64_t block) noexcept {  // the rare path: keeps next_u32() small
    block &= kBlockMask;
#if FAIRDECK_CHACHA20_LIBSODIUM
    // libsodium's keystream for these four blocks: the key is words 4–11 as little-endian bytes,
    // the nonce words 14–15 (zero), the counter `block`; XOR with zeros leaves the keystream.
    static constexpr unsigned char zeros[kWords * 4] = {};
    static constexpr unsigned char nonce[crypto_stream_chacha20_NONCEBYTES] = {};
    const Bytes32 key = key_bytes();
    crypto_stream_chacha20_xor_ic(reinterpret_cast<unsigned char*>(buffer_), zeros, sizeof zeros, nonce, block, key.data());
    for (std::uint32_t& w : buffer_) w = le32(w);
#else
    chacha20_blocks4(state_, block, buffer_);
#endif
    block_ = block;
    index_ = 0;
  }

  /// The buffer is used up: re-key if the next word would reach the interval, else refill.
  [[gnu::noinline]] void advance() noexcept {
    if (interval_ != 0 && block_ + 4 >= interval_ / 16) rekey_now();
    else refill(block_ + 4);
  }

  /// A word as libsodium wrote it (little-endian bytes) read on this machine: the identity on
  /// little-endian machines (x86-64, ARM, WebAssembly), a byte swap on big-endian ones.
  static std::uint32_t le32(std::uint32_t w) noexcept {
    const auto* b = reinterpret_cast<const std::uint8_t*>(&w);
    return std::uint32_t{b[0]} | (std::uint32_t{b[1]} << 8) | (std::uint32_t{b[2]} << 16) | (std::uint32_t{b[3]} << 24);
  }

  Bytes32 key_bytes() const noexcept {
    Bytes32 k{};
    for (int i = 0; i < 8; ++i)
      for (int b = 0; b < 4; ++b) k[4 * i + b] = static_cast<std::uint8_t>(state_[4 + i] >> (8 * b));
    return k;
  }

  std::uint32_t state_[16];
  std::uint32_t buffer_[kWords];
  std::uint64_t block_ = 0;  // block number of buffer_[0]
  std::uint32_t index_ = 0;  // next word in buffer_
  std::uint64_t interval_ = 0;      // re-key before this position (0: never)
  std::vector<Bytes32> reserve_;    // fresh keys for the re-keys to come: reserve_[used_…]
  std::size_t used_ = 0;
  std::uint64_t rekeys_ = 0, last_rekey_at_ = 0;
  bool missed_ = false;
};

}  // namespace fairdeck
