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
    {"A", "A", "Ace", 1},   {"2", "2", "Two", 2},   {"3", "3", "Three", 3}, {"4", "4", "Four", 4}, {"5", "5", "Five", 5},
    {"6", "6", "Six", 6},   {"7", "7", "Seven", 7}, {"8", "8", "Eight", 8}, {"9", "9", "Nine", 9}, {"T", "10", "Ten", 10},
    {"J", "J", "Jack", 11},  {"Q", "Q", "Queen", 12}, {"K", "K", "King", 13}};
inline std::string french_name(const Symbol& rank, const Symbol& suit) {
  return cat(rank.name, " of ", suit.name);
}
}  // namespace detail

/// The French style ("Ace of Spades").
inline constexpr Style french{"french", detail::kFrenchSuits, detail::kFrenchRanks, &detail::french_name};

}  // namespace fairdeck::styles
