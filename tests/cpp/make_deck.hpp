// tests/cpp/make_deck.hpp — test support: a deck from a struct of named options, as the native
// tests and fuzzers build them. (The package builds decks through the binding; this is not part
// of the core.)
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "fairdeck/deck.hpp"

namespace fairdeck {

/// Everything needed to make a deck. `size > 0` makes a generic deck (style must be "generic").
struct DeckOptions {
  std::string style = "french";
  std::uint32_t decks = 1;
  std::uint32_t jokers = 0;
  std::uint32_t size = 0;
  std::string strategy = "eager";
  std::string rng = "chacha20";
  SeedKind seed_kind = SeedKind::entropy;  ///< entropy: `seed` holds 32 bytes of platform entropy
  std::string seed;                        ///< seed material, see SeedKind
  std::optional<double> penetration;       ///< a shoe's cut card (Deck's constructor)
};

/// A new, shuffled deck.
inline std::unique_ptr<Deck> make_deck(const DeckOptions& o) {
  const Composition c = make_composition(o.style, o.decks, o.jokers, o.size);
  const Strategy s = parse_strategy(o.strategy);
  return std::make_unique<Deck>(c, s, Rng(o.rng, derive_key(o.seed_kind, o.seed), o.seed_kind == SeedKind::entropy),
                                o.penetration);
}

}  // namespace fairdeck
