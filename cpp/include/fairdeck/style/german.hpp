// fairdeck/style/german.hpp — the 32-card German (Skat) deck.
//
// Suits Eichel (acorns), Grün (leaves), Herz (hearts), Schellen (bells); ranks 7 8 9 10 Unter Ober
// König Ass. Codes: rank 7 8 9 T U O K A + suit E G H S ("AE" is the Eichel-Ass); names are
// German, suit first ("Herz König"), as players say them.
#pragma once
#include "fairdeck/style/style.hpp"
#include "fairdeck/text.hpp"

namespace fairdeck::styles {

namespace detail {
inline constexpr Symbol kGermanSuits[] = {
    {"E", "Eichel", "Eichel"}, {"G", "Grün", "Grün"}, {"H", "Herz", "Herz"}, {"S", "Schellen", "Schellen"}};
inline constexpr Symbol kGermanRanks[] = {
    {"7", "7", "7", 7},         {"8", "8", "8", 8},         {"9", "9", "9", 9},         {"T", "10", "10", 10},
    {"U", "Unter", "Unter", 11}, {"O", "Ober", "Ober", 12},   {"K", "König", "König", 13}, {"A", "Ass", "Ass", 1}};
inline std::string german_name(const Symbol& rank, const Symbol& suit) {
  return cat(suit.name, " ", rank.name);
}
}  // namespace detail

/// The German Skat style ("Herz König").
inline constexpr Style german{"german", detail::kGermanSuits, detail::kGermanRanks, &detail::german_name};

}  // namespace fairdeck::styles
