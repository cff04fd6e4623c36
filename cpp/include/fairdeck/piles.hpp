// fairdeck/piles.hpp — piles by name: the names (the default pile, burn, hands), the limits, and
// the small types that carry a checked name (PileRef, PileLabel) or a packet of a dealing
// pattern. No deck here: how a Deck holds its piles is pile_slots.hpp, what it does with them
// deck_piles.hpp.
//
// Piles (issue 31): every dealt card lies in exactly one pile. The default pile, "dealt", is where
// deal_one(), deal() and the dealing window put cards, and it costs nothing: it is every dealt
// card that no other pile holds. Other piles (a name of 1–32 printable ASCII bytes; hands are
// "hand:0", "hand:1", …; at most kMaxPiles hold cards at once) hold their cards in the order they
// arrived.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fairdeck/errors.hpp"
#include "fairdeck/text.hpp"

namespace fairdeck {

/// The default pile: deal_one(), deal() and the dealing window put their cards there.
inline constexpr std::string_view kDefaultPile = "dealt";
/// Most piles besides the default one that can hold cards at once.
inline constexpr std::uint32_t kMaxPiles = 64;
/// Most seats deal_hands() deals to.
inline constexpr std::uint32_t kMaxSeats = 64;
/// Most cards of hands that deal_hands() deals through a plan it keeps (more: seat by seat).
inline constexpr std::uint64_t kHandsPlanCards = 4096;
/// Longest pile name, in bytes.
inline constexpr std::size_t kMaxPileName = 32;

#ifndef FAIRDECK_PILES
#define FAIRDECK_PILES 1
#endif
/// Whether this build deals to named piles. The package builds its deck module twice: "fairdeck"
/// without them (FAIRDECK_PILES=0: every path that meets them is compiled out, so an app that only
/// deals cards does not ship them) and "games" with them (docs/size.md). Natively always with.
inline constexpr bool kPiles = FAIRDECK_PILES != 0;

/// The pile burn() deals onto.
inline constexpr std::string_view kBurnPile = "burn";
/// What a hand's pile name starts with: seat `seat`'s hand is kHandPrefix + seat.
inline constexpr std::string_view kHandPrefix = "hand:";
/// The pile that holds seat `seat`'s hand: "hand:0", "hand:1", …
inline std::string hand_pile(std::uint32_t seat) { return cat(kHandPrefix, seat); }

namespace detail {
/// `s` for an error message: at most 40 bytes, bytes outside printable ASCII as \xHH.
inline std::string shown(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < 40; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c <= 0x7e) out.push_back(static_cast<char>(c));
    else out.append("\\x").append(1, "0123456789abcdef"[c >> 4]).append(1, "0123456789abcdef"[c & 15]);
  }
  if (s.size() > 40) out.append(cat("… (", s.size(), " bytes)"));
  return out;
}

}  // namespace detail

/// Throws TypeError naming `param` and the value unless `name` is a pile name: 1 to 32 bytes of
/// printable ASCII without spaces (0x21–0x7e).
inline bool is_pile_name(std::string_view name) noexcept {
  bool ok = !name.empty() && name.size() <= kMaxPileName;
  for (const char c : name) ok = ok && c >= 0x21 && c <= 0x7e;
  return ok;
}
inline void check_pile_name(std::string_view name, std::string_view param = "pile") {
  if (!is_pile_name(name)) throw TypeError(cat(param, " must be 1 to 32 printable ASCII characters (no spaces), got '", detail::shown(name), "'"));
}

/// One packet of Deck::deal_pattern(): `count` cards onto pile `pile`.
struct Packet {
  std::string pile;
  std::uint32_t count = 0;
};

/// A pile name checked once (Deck::pile_ref) with its key, for a caller that deals to the same
/// piles again and again (the binding numbers each name once): a deal given one neither checks
/// nor hashes the name again. It views the name, which must outlive its use.
struct PileRef {
  std::string_view name;
  std::uint64_t key = 0;
};
/// A packet of Deck::deal_pattern() whose pile is a PileRef.
struct RefPacket {
  PileRef pile;
  std::uint32_t count = 0;
};

/// A pile's name held in place (no allocation): its bytes and key, as PileRef has them. The
/// deck's slots, a DealPlan's piles and the binding's table of pile numbers are each one.
struct PileLabel {
  std::uint64_t key = 0;
  std::uint8_t len = 0;
  char name[kMaxPileName] = {};
  std::string_view view() const noexcept { return {name, len}; }
  PileRef ref() const noexcept { return {view(), key}; }
  /// Takes the name of `pile` (a checked one: at most kMaxPileName bytes).
  void set(PileRef pile) noexcept {
    len = static_cast<std::uint8_t>(std::min(pile.name.size(), kMaxPileName));
    std::memcpy(name, pile.name.data(), len);
    key = pile.key;
  }
  /// Whether it names `pile`: equal keys, and since a name holds no zero byte, names of the same
  /// length of at most 8 bytes are equal if their keys are (Deck's name_key); longer ones compare.
  bool is(PileRef pile) const noexcept { return key == pile.key && len == pile.name.size() && (len <= 8 || view() == pile.name); }
};

/// Piles as a state holds them: each name with its cards in the order they arrived.
using NamedPileList = std::vector<std::pair<std::string, std::vector<std::uint32_t>>>;

/// A pile besides the default one, as a Deck holds it.
struct NamedPile {
  std::string name;
  std::vector<std::uint32_t> cards;  ///< in the order they arrived, the first arrived first
};

}  // namespace fairdeck
