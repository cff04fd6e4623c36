// fairdeck/trustless/group.hpp — ristretto255 points, scalars and the protocol's hashes, all from
// libsodium (docs/trustless.md §1–§3).
//
// Why: the trustless protocol must not rest on cryptographic arithmetic of fairdeck's own. Every
// group, scalar and hash operation here is one libsodium call; this file only gives them value
// types, turns their return codes into the protocol's meaning (an identity result is a point, not
// an error) and frames hash inputs exactly as the specification says (F(b) = u32be(len) ‖ b).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include <sodium/core.h>
#include <sodium/crypto_core_ristretto255.h>
#include <sodium/crypto_hash_sha512.h>
#include <sodium/crypto_scalarmult_ristretto255.h>

#include "fairdeck/engine/hex.hpp"
#include "fairdeck/errors.hpp"

namespace fairdeck::trustless {

/// A ristretto255 point: its 32-byte canonical encoding (the identity is 32 zero bytes).
using Point = std::array<std::uint8_t, crypto_core_ristretto255_BYTES>;
/// A scalar mod ℓ: 32 bytes little-endian, as libsodium keeps them.
using Scalar = std::array<std::uint8_t, crypto_core_ristretto255_SCALARBYTES>;

/// The identity O.
inline constexpr Point kIdentity{};

/// True if `p` is a canonical encoding of a point (the identity included).
inline bool valid_point(const Point& p) noexcept { return crypto_core_ristretto255_is_valid_point(p.data()) == 1; }

/// True if `s` is canonical (< ℓ): libsodium has no public test, so s ‖ 0^32 is reduced and compared.
inline bool canonical_scalar(const Scalar& s) noexcept {
  unsigned char wide[crypto_core_ristretto255_NONREDUCEDSCALARBYTES] = {};
  std::memcpy(wide, s.data(), s.size());
  Scalar r;
  crypto_core_ristretto255_scalar_reduce(r.data(), wide);
  return r == s;
}

namespace detail {
/// An operation on points that callers have validated failed: a bug, never a peer's input.
[[noreturn]] inline void bad_point(const char* where) {
  throw TypeError(std::string("trustless: ") + where + " was given a point that is not a valid ristretto255 encoding");
}
}  // namespace detail

inline Point add(const Point& a, const Point& b) {
  Point r;
  if (crypto_core_ristretto255_add(r.data(), a.data(), b.data()) != 0) detail::bad_point("add");
  return r;
}
inline Point sub(const Point& a, const Point& b) {
  Point r;
  if (crypto_core_ristretto255_sub(r.data(), a.data(), b.data()) != 0) detail::bad_point("sub");
  return r;
}
/// s·P. libsodium returns −1 both for an invalid P and for an identity result; the latter is the
/// identity here (s ≡ 0, or P = O), which the protocol's equations need.
inline Point mul(const Scalar& s, const Point& p) {
  Point r;
  if (crypto_scalarmult_ristretto255(r.data(), s.data(), p.data()) != 0) {
    if (!valid_point(p)) detail::bad_point("mul");
    r = kIdentity;
  }
  return r;
}
/// s·G; the identity for s ≡ 0 (libsodium returns −1 then).
inline Point mul_base(const Scalar& s) {
  Point r;
  if (crypto_scalarmult_ristretto255_base(r.data(), s.data()) != 0) r = kIdentity;
  return r;
}

inline Scalar sadd(const Scalar& a, const Scalar& b) noexcept {
  Scalar r;
  crypto_core_ristretto255_scalar_add(r.data(), a.data(), b.data());
  return r;
}
inline Scalar ssub(const Scalar& a, const Scalar& b) noexcept {
  Scalar r;
  crypto_core_ristretto255_scalar_sub(r.data(), a.data(), b.data());
  return r;
}
inline Scalar smul(const Scalar& a, const Scalar& b) noexcept {
  Scalar r;
  crypto_core_ristretto255_scalar_mul(r.data(), a.data(), b.data());
  return r;
}
inline Scalar sneg(const Scalar& a) noexcept {
  Scalar r;
  crypto_core_ristretto255_scalar_negate(r.data(), a.data());
  return r;
}
/// The scalar 1 (little-endian).
inline Scalar sone() noexcept {
  Scalar r{};
  r[0] = 1;
  return r;
}
/// 64 bytes read little-endian, reduced mod ℓ.
inline Scalar reduce64(const unsigned char wide[crypto_core_ristretto255_NONREDUCEDSCALARBYTES]) noexcept {
  Scalar r;
  crypto_core_ristretto255_scalar_reduce(r.data(), wide);
  return r;
}
/// libsodium's sodium_init(), once per process; false if it failed. Every call below is valid
/// without it except randombytes: under Emscripten, libsodium's randombytes_random() calls
/// Module.getRandomValue, which only sodium_init() (through randombytes_stir) installs — from
/// crypto.getRandomValues, or Node's crypto.randomBytes — so the first live scalar in WASM was a
/// JS TypeError ("Module.getRandomValue is not a function") until this was called.
///
/// FAIRDECK_TRUSTLESS_KEYED_ONLY (the package's trustless.wasm) leaves these two out: there a seat
/// draws only from a stream keyed in TypeScript by crypto.getRandomValues (random.hpp), and
/// sodium_init()'s Emscripten code (randombytes_stir's require('crypto') for Node) neither passes
/// the Closure Compiler nor runs in an ES module.
#ifndef FAIRDECK_TRUSTLESS_KEYED_ONLY
inline bool sodium_ready() noexcept {
  static const bool ok = sodium_init() >= 0;  // 0: initialised now, 1: already; −1: failed
  return ok;
}

/// A uniform scalar from the platform CSPRNG (libsodium's randombytes). Randomness::live()
/// checks sodium_ready() first; this calls it again (a static's load) so no path can skip it.
inline Scalar random_scalar() noexcept {
  (void)sodium_ready();
  Scalar r;
  crypto_core_ristretto255_scalar_random(r.data());
  return r;
}
#endif

/// A SHA-512 hash input built of framed fields (docs/trustless.md §2): F(b) = u32be(len(b)) ‖ b.
/// Copyable, so a common prefix (the u_j of a shuffle) is hashed once.
class Hash {
public:
  /// Starts the input with F(tag).
  explicit Hash(std::string_view tag) noexcept {
    crypto_hash_sha512_init(&state_);
    bytes(tag);
  }
  /// F(b) for raw bytes.
  Hash& bytes(const void* data, std::size_t n) noexcept {
    length(n);
    crypto_hash_sha512_update(&state_, static_cast<const unsigned char*>(data), n);
    return *this;
  }
  Hash& bytes(std::string_view s) noexcept { return bytes(s.data(), s.size()); }
  /// F(u32be(v)).
  Hash& u32(std::uint32_t v) noexcept {
    const unsigned char b[4] = {static_cast<unsigned char>(v >> 24), static_cast<unsigned char>(v >> 16),
                                static_cast<unsigned char>(v >> 8), static_cast<unsigned char>(v)};
    return bytes(b, 4);
  }
  Hash& point(const Point& p) noexcept { return bytes(p.data(), p.size()); }
  /// F(P_0 ‖ P_1 ‖ …): one field for a whole list of points.
  Hash& points(std::span<const Point> ps) noexcept {
    length(32 * ps.size());
    for (const Point& p : ps) crypto_hash_sha512_update(&state_, p.data(), p.size());
    return *this;
  }
  /// F(P_0 ‖ … ‖ P_{k−1}) for k points given as pairs (a deck: A_0 ‖ B_0 ‖ A_1 ‖ …).
  template <class Pair>
  Hash& pairs(std::span<const Pair> ps) noexcept {
    length(64 * ps.size());
    for (const Pair& p : ps) {
      crypto_hash_sha512_update(&state_, p.a.data(), p.a.size());
      crypto_hash_sha512_update(&state_, p.b.data(), p.b.size());
    }
    return *this;
  }
  /// The 64-byte digest (the state is consumed: call once).
  std::array<unsigned char, crypto_hash_sha512_BYTES> digest() noexcept {
    std::array<unsigned char, crypto_hash_sha512_BYTES> d;
    crypto_hash_sha512_final(&state_, d.data());
    return d;
  }
  /// H2S: the digest reduced mod ℓ.
  Scalar scalar() noexcept { return reduce64(digest().data()); }
  /// H2P: RFC 9496's element derivation from the digest (libsodium's from_hash).
  Point to_point() noexcept {
    Point p;
    crypto_core_ristretto255_from_hash(p.data(), digest().data());
    return p;
  }

private:
  void length(std::size_t n) noexcept {
    const auto v = static_cast<std::uint32_t>(n);
    const unsigned char b[4] = {static_cast<unsigned char>(v >> 24), static_cast<unsigned char>(v >> 16),
                                static_cast<unsigned char>(v >> 8), static_cast<unsigned char>(v)};
    crypto_hash_sha512_update(&state_, b, 4);
  }
  crypto_hash_sha512_state state_;
};

/// Lower-case hex of a point or scalar.
inline std::string to_hex(const std::array<std::uint8_t, 32>& v) { return hex::encode(v); }

}  // namespace fairdeck::trustless
