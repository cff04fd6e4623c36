// fairdeck/engine/hex.hpp — lower-case hex for engine states and keys in saved deck states.
//
// Why: a deck's JSON state must carry 64-bit words exactly; JavaScript numbers cannot, strings can.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fairdeck::hex {

/// Hex digits of `bytes`, two per byte, lower case.
template <std::size_t N>
std::string encode(const std::array<std::uint8_t, N>& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * N);
  for (std::uint8_t b : bytes) {
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

/// Sixteen hex digits of `v`, most significant first.
inline std::string u64(std::uint64_t v) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = digits[v & 15];
  return out;
}

/// Value of one hex digit, or -1.
constexpr int digit(char c) noexcept {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/// Decodes exactly 2N lower-case hex digits into `out`; false if malformed (out may be partial).
template <std::size_t N>
bool decode(std::string_view text, std::array<std::uint8_t, N>& out) noexcept {
  if (text.size() != 2 * N) return false;
  for (std::size_t i = 0; i < N; ++i) {
    const int hi = digit(text[2 * i]), lo = digit(text[2 * i + 1]);
    if (hi < 0 || lo < 0) return false;
    out[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return true;
}

/// Parses exactly 16 lower-case hex digits; false if malformed.
inline bool parse_u64(std::string_view text, std::uint64_t& out) noexcept {
  if (text.size() != 16) return false;
  std::uint64_t v = 0;
  for (char c : text) {
    const int d = digit(c);
    if (d < 0) return false;
    v = (v << 4) | static_cast<std::uint64_t>(d);
  }
  out = v;
  return true;
}

}  // namespace fairdeck::hex
