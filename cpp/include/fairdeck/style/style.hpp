// fairdeck/style/style.hpp — the one interface every card style implements.
//
// Why: French and German cards (and any third style) differ only in their suits, ranks and how a
// card is named. A style is a table of suits and ranks plus a naming rule; card id within one
// deck is suit · ranks + rank. Jokers are added by the deck's composition, not by the style.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "fairdeck/text.hpp"

namespace fairdeck {

/// A suit or rank: its one-letter code, its short label and its full name.
struct Symbol {
  std::string_view code;   ///< one character used in card codes, e.g. "T" or "S"
  std::string_view label;  ///< short label drawn on the card, e.g. "10" or "♠"
  std::string_view name;   ///< full name, e.g. "Ten" or "Spades"
  std::uint8_t value = 0;  ///< a rank's number: ace 1, 2–10, jack/Unter 11, queen/Ober 12, king/König 13; 0 for suits
};

/// What one card of a style shows.
struct Face {
  std::string code;   ///< rank code + suit code, e.g. "TD"; jokers "X1", "X2"
  std::string name;   ///< e.g. "Ten of Diamonds", "Herz König", "Black Joker"
  std::string rank;   ///< rank label, e.g. "10", "Unter", "Joker"
  std::string suit;   ///< suit name, e.g. "Diamonds", "Eichel"; empty for jokers
  std::uint8_t value;  ///< the rank's number (Symbol::value); 0 for jokers
};

/// A card style: suits, ranks and a naming rule.
struct Style {
  std::string_view id;                  ///< public name, e.g. "french"
  std::span<const Symbol> suits;        ///< in id order
  std::span<const Symbol> ranks;        ///< in id order
  std::string (*name_of)(const Symbol& rank, const Symbol& suit);  ///< full card name

  /// Cards per deck, jokers excluded.
  constexpr std::uint32_t size() const noexcept {
    return static_cast<std::uint32_t>(suits.size() * ranks.size());
  }

  /// Face of card `i` (0 ≤ i < size() + 2); i ≥ size() is joker number i − size().
  Face face(std::uint32_t i) const {
    if (i >= size()) {
      const bool first = i == size();
      return {first ? "X1" : "X2", first ? "Black Joker" : "Red Joker", "Joker", "", 0};
    }
    const Symbol& suit = suits[i / ranks.size()];
    const Symbol& rank = ranks[i % ranks.size()];
    return {cat(rank.code, suit.code), name_of(rank, suit), std::string(rank.label), std::string(suit.name), rank.value};
  }
};

}  // namespace fairdeck
