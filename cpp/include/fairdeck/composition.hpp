// fairdeck/composition.hpp — what cards a deck holds: style, number of decks, jokers, or a size.
//
// Why: a 6-deck shoe with jokers and a generic deck of 10^6 items are the same machinery with
// different card counts. Card id = deck index · per_deck + face index; jokers follow the style's
// cards within each deck. A generic deck (no style) has ids 0…size−1 and no faces.
#pragma once
#include <cstdint>
#include <string>

#include "fairdeck/errors.hpp"
#include "fairdeck/text.hpp"
#include "fairdeck/style/registry.hpp"

namespace fairdeck {

/// Largest number of cards in one deck or shoe (2^26): bitmaps and ids stay in 32 bits with room.
inline constexpr std::uint32_t kMaxCards = 1u << 26;
/// Most decks in a shoe.
inline constexpr std::uint32_t kMaxDecks = 64;
/// Most jokers per deck.
inline constexpr std::uint32_t kMaxJokers = 2;

/// The cards of a deck.
struct Composition {
  const Style* style = &styles::french;  ///< nullptr for a generic deck
  std::uint32_t decks = 1;               ///< standard decks in the shoe (styled decks only)
  std::uint32_t jokers = 0;              ///< jokers per deck, 0–2 (styled decks only)
  std::uint32_t generic_size = 0;        ///< number of items of a generic deck

  /// Cards in one deck.
  std::uint32_t per_deck() const noexcept { return style ? style->size() + jokers : generic_size; }
  /// Cards in all.
  std::uint32_t size() const noexcept { return per_deck() * (style ? decks : 1); }

  /// Throws RangeError naming the option if any count is out of range.
  void validate() const {
    if (style) {
      if (decks < 1 || decks > kMaxDecks)
        throw RangeError(cat("decks must be an integer from 1 to ", kMaxDecks, ", got ", decks));
      if (jokers > kMaxJokers) throw RangeError(cat("jokers must be 0, 1 or 2, got ", jokers));
    } else if (generic_size < 1 || generic_size > kMaxCards) {
      throw RangeError(cat("size must be an integer from 1 to ", kMaxCards, ", got ", generic_size));
    }
  }

  /// How messages name card `id`: by its code and id in a styled deck ("card AS (id 39)"), so a
  /// caller who passed 'AS' recognises it; by its id, which is its code, in a generic one.
  std::string card_label(std::uint32_t id) const {
    Text t;  // Text's out-of-line appends: no new instantiation of cat() for an error path
    t << "card ";
    if (!style || id >= size()) return std::move((t << id).s);
    return std::move((t << style->face(id % per_deck()).code << " (id " << id << ")").s);
  }

  /// Public style name ("french", "german", or "generic").
  std::string style_name() const { return style ? std::string(style->id) : std::string("generic"); }
};

/// The composition named by options; throws TypeError/RangeError naming the option.
inline Composition make_composition(const std::string& style, std::uint32_t decks, std::uint32_t jokers,
                                    std::uint32_t size) {
  Composition c;
  if (style == "generic") {
    c.style = nullptr;
    c.generic_size = size;
  } else {
    c.style = find_style(style);
    if (!c.style) throw TypeError(cat("style must be 'french' or 'german', got '", style, "'"));
    c.decks = decks;
    c.jokers = jokers;
  }
  c.validate();
  return c;
}

}  // namespace fairdeck
