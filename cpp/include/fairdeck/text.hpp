// fairdeck/text.hpp — text built piece by piece, for the JSON the core writes (deck state,
// and in the binding the manifest, deck info and faces).
//
// Why: `"…" + std::to_string(x) + "…"` makes a temporary string per piece, each with its own
// cleanup path, at every place it is written; compiled to WebAssembly that was a noticeable part
// of the module. Here each piece is one out-of-line append.
#pragma once
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

namespace fairdeck {

/// Text built piece by piece: one out-of-line append per piece, instead of a chain of temporary
/// strings (each with its own cleanup path) at every place JSON is written.
struct Text {
  std::string s;
  [[gnu::noinline]] Text& operator<<(std::string_view piece) { return s.append(piece), *this; }
  /// An unsigned number in decimal.
  template <std::unsigned_integral N>
  Text& operator<<(N n) {
    return number(n);
  }
  [[gnu::noinline]] Text& number(std::uint64_t n) {
    char digits[20];
    int k = 0;
    do digits[k++] = static_cast<char>('0' + n % 10);
    while (n /= 10);
    while (k) s.push_back(digits[--k]);
    return *this;
  }
  /// `v` (UTF-8) as a JSON string literal.
  [[gnu::noinline]] Text& quoted(std::string_view v) {
    s.push_back('"');
    for (const char ch : v) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '"' || c == '\\') s.push_back('\\'), s.push_back(ch);
      else if (c < 0x20) s.append("\\u00").push_back("0123456789abcdef"[c >> 4]), s.push_back("0123456789abcdef"[c & 15]);
      else s.push_back(ch);
    }
    s.push_back('"');
    return *this;
  }
  /// `names` as a JSON array of strings.
  template <class Names>
  Text& list(const Names& names) {
    *this << "[";
    bool first = true;
    for (std::string_view n : names) (first ? *this : *this << ",").quoted(n), first = false;
    return *this << "]";
  }
};

/// The pieces (text and unsigned numbers) joined, for error messages: cold and never inlined, so
/// that a message costs the -O3 paths that can throw one neither bytes nor registers.
template <class... Pieces>
[[gnu::cold, gnu::noinline]] std::string cat(const Pieces&... pieces) {
  Text t;
  (t << ... << pieces);
  return std::move(t.s);
}

}  // namespace fairdeck
