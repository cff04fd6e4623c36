// fairdeck/style/french.hpp — the 52-card French (poker, bridge) deck.
//
// Suits in bridge order ♣ ♦ ♥ ♠ (ids 0–12 clubs … 39–51 spades), ranks A 2–10 J Q K.
// Codes follow the common two-letter form: rank A 2–9 T J Q K, suit C D H S ("AS", "TD", "7C").
#pragma once
#include "fairdeck/style/style.hpp"
#include "fairdeck/text.hpp"

namespace fairdeck::styles {

namespace detail {
inline constexpr Symbol kFrenchSuits[] = {
    {"C", "♣", "Clubs"}, {"D", "♦", "Diamonds"}, {"H", "♥", "Hearts"}, {"S", "♠", "Spades"}};
inline constexpr Symbol kFrenchRanks[] = {
    {"A", "A", "Ace"},   {"2", "2", "Two"},   {"3", "3", "Three"}, {"4", "4", "Four"}, {"5", "5", "Five"},
    {"6", "6", "Six"},   {"7", "7", "Seven"}, {"8", "8", "Eight"}, {"9", "9", "Nine"}, {"T", "10", "Ten"},
    {"J", "J", "Jack"},  {"Q", "Q", "Queen"}, {"K", "K", "King"}};
inline std::string french_name(const Symbol& rank, const Symbol& suit) {
  return cat(rank.name, " of ", suit.name);
}
}  // namespace detail

/// The French style ("Ace of Spades").
inline constexpr Style french{"french", detail::kFrenchSuits, detail::kFrenchRanks, &detail::french_name};

}  // namespace fairdeck::styles
