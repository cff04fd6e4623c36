// fairdeck/cut_card.hpp — a shoe's cut card: where it goes for a penetration p (cut_for), and the
// number in the message when p is not one.
//
// The cut card (a penetration p at construction): Deck::cut_card_out() once cut = ⌈p · size⌉ cards
// have been drawn since the last shuffle(); Deck::drawn() counts from remaining() and the cards
// returned since the shuffle, so no deal counts anything (and a deck without a cut card counts
// nothing at all).
#pragma once
#include <cmath>
#include <cstdint>
#include <string>

#include "fairdeck/errors.hpp"
#include "fairdeck/text.hpp"

namespace fairdeck {

namespace detail {
/// A number for an error message, as JavaScript would show most (15 significant digits at most,
/// no trailing zeros; "NaN", "Infinity"). Integers, not printf: the WASM module has no float
/// formatting (docs/size.md); written into a char array, not built up by std::string edits, which
/// took 0.9 KB of the plain deck module's code for this one message.
inline std::string number_text(double x) {
  if (x != x) return "NaN";
  char text[48];  // sign, 16 digits, '.', 15 digits, "e-" and 3 digits at most
  char* out = text;
  if (x < 0) *out++ = '-', x = -x;
  if (x > 9.0e15) return std::string(text, out) + (x == x * 2 ? "Infinity" : "a number above 9e15");
  int exponent = 0;
  if (x != 0 && x < 1e-6)
    while (x < 1) x *= 10, --exponent;  // tiny: d.ddd…e-N
  int digits = 1;
  for (auto w = static_cast<std::uint64_t>(x); w >= 10; w /= 10) ++digits;
  const int places = digits >= 15 ? 0 : 15 - digits;
  double scale = 1;
  for (int i = 0; i < places; ++i) scale *= 10;
  auto scaled = static_cast<std::uint64_t>(std::llround(x * scale));
  char d[24];  // scaled's digits, last first: at least places + 1 of them
  int n = 0;
  do d[n++] = static_cast<char>('0' + scaled % 10), scaled /= 10;
  while (scaled != 0 || n <= places);
  for (int i = n - 1; i >= places; --i) *out++ = d[i];
  int last = 0;  // the fraction without its trailing zeros: d[places − 1] … d[last]
  while (last < places && d[last] == '0') ++last;
  if (last < places) {
    *out++ = '.';
    for (int i = places - 1; i >= last; --i) *out++ = d[i];
  }
  if (exponent) {
    *out++ = 'e', *out++ = '-';
    if (exponent <= -100) *out++ = static_cast<char>('0' - exponent / 100);
    if (exponent <= -10) *out++ = static_cast<char>('0' - exponent / 10 % 10);
    *out++ = static_cast<char>('0' - exponent % 10);
  }
  return std::string(text, out);
}

}  // namespace detail

/// The cut card's place in a deck of `size` cards for penetration p: cut = ⌈p · size⌉ cards are
/// dealt before it comes out. A product within 2^−40 (relative) above a whole number is taken as
/// that number, so a decimal p gives what it says (0.07 of 100 cards is 7, where the double
/// product 7.000000000000001 would give 8). Throws RangeError naming `penetration` unless
/// 0 < p ≤ 1.
inline std::uint32_t cut_for(double p, std::uint32_t size) {
  if (!(p > 0 && p <= 1))
    throw RangeError(cat("penetration must be a number greater than 0 and at most 1, got ", detail::number_text(p)));
  const double x = p * size;
  const double cut = std::ceil(x - x * 0x1p-40);
  return cut < 1 ? 1u : static_cast<std::uint32_t>(cut);
}

}  // namespace fairdeck
