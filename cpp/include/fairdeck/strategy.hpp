// fairdeck/strategy.hpp — how a deck deals: the three strategies, their names and what each does.
//
// Strategies (all uniform; see shuffle.hpp for why):
//  - eager:  Fisher–Yates at shuffle(), O(n); each deal is O(1).
//  - lazy:   shuffle() is O(1); each deal is one Fisher–Yates step. With the same engine state an
//            eager and a lazy deck deal the same cards, because both ask the dice stream for the
//            bounds n, n−1, …, 2 in that order.
//  - bitmap: the state is two bitmaps (out of the deck; returned); each deal takes the r-th
//            undealt card for r uniform in [0, remaining).
// The deals themselves are Deck's (deck.hpp: next_card, lazy_deal, bitmap_deal and deal()'s
// batches), as each reads and writes the deck's card array or bitmaps.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "fairdeck/errors.hpp"

namespace fairdeck {

/// How a deck deals; see the file comment.
enum class Strategy : std::uint8_t { eager, lazy, bitmap };

/// Names of the strategies, in Strategy's order (the API lists them in this order too).
inline constexpr std::string_view kStrategyNames[] = {"eager", "lazy", "bitmap"};

/// Parses a strategy name; throws TypeError naming `strategy`.
inline Strategy parse_strategy(std::string_view s) {
  for (std::size_t i = 0; i < std::size(kStrategyNames); ++i)
    if (kStrategyNames[i] == s) return static_cast<Strategy>(i);
  throw TypeError("strategy must be 'eager', 'lazy' or 'bitmap', got '" + std::string(s) + "'");
}

/// Public name of a strategy.
inline std::string_view strategy_name(Strategy s) noexcept { return kStrategyNames[static_cast<std::size_t>(s)]; }

}  // namespace fairdeck
