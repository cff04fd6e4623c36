// fairdeck/deal_plan.hpp — a dealing pattern read once (DealPlan): the packets of a game's deal
// (e.g. Skat: 3 cards to each of three hands, 2 to "skat", …) with their piles found and keyed,
// so that a deck deals the same pattern hand after hand without reading it again
// (Deck::deal_pattern, deck_piles.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fairdeck/attributes.hpp"
#include "fairdeck/piles.hpp"

namespace fairdeck {

/// A dealing pattern read once (assign()), for a game that deals the same pattern hand after
/// hand: its distinct piles with their names (copied: a plan holds no views) and keys, the pile
/// and count of each packet, and the cards it deals. Deck::deal_pattern(plan) then only finds
/// each pile's slot and files the cards. assign() reuses the plan's memory.
class DealPlan {
public:
  DealPlan() = default;
  explicit DealPlan(std::span<const RefPacket> packets) { assign(packets); }
  /// Reads `packets` (their piles checked before: pile_ref) into this plan.
  void assign(std::span<const RefPacket> packets);
  /// Cards the pattern deals: its packets' counts added up.
  std::uint64_t total() const noexcept { return total_; }

private:
  friend class Deck;
  struct Pile : PileLabel {
    std::uint64_t count = 0;  ///< cards the pattern deals onto it
    bool is_default = false;  ///< the default pile (kDefaultPile)
  };
  std::vector<Pile> piles_;         // in the order the packets first name them
  std::vector<std::uint32_t> pile_of_, count_;  // per packet
  std::vector<std::uint32_t> opens_;  // the piles dealt to, in the order they get their first card
  std::vector<std::uint8_t> card_pile_;  // per card dealt: its pile (an index of piles_), while there are at most 256
  std::uint64_t total_ = 0;
  /// The slots the last deck that dealt this plan found for its piles (Deck::deal_pattern): valid
  /// for that deck (its serial) while it has named no slot since (its naming count).
  struct SlotCache {
    std::uint64_t deck = 0, names = 0;  // deck 0: none (serials start at 1)
    std::vector<std::uint8_t> slot;     // per pile of piles_
  };
  mutable SlotCache cache_;
};

// For size: run once per pattern (Deck.pattern), or per ad-hoc call, and no loop of it is hot.
FAIRDECK_MINSIZE inline void DealPlan::assign(std::span<const RefPacket> packets) {
  cache_.deck = 0;
  piles_.clear(), opens_.clear(), card_pile_.clear(), pile_of_.resize(packets.size()), count_.resize(packets.size()), total_ = 0;
  std::uint16_t table[256] = {};  // by the key's hash (its top 8 bits): 1 + the pile, for the first 128 piles
  for (std::size_t i = 0; i < packets.size(); ++i) {
    const PileRef pile = packets[i].pile;
    std::size_t b = static_cast<std::size_t>((pile.key * 0x9e3779b97f4a7c15ULL) >> 56), at = 0;
    for (; table[b] && !piles_[table[b] - 1u].is(pile); b = (b + 1) & 255) {}
    if (table[b]) {
      at = table[b] - 1u;
    } else {
      at = piles_.size() > 128 ? 128 : piles_.size();  // past the first 128 piles: a plain search
      while (at < piles_.size() && !piles_[at].is(pile)) ++at;
      if (at == piles_.size()) {
        piles_.emplace_back().set(pile);
        piles_.back().is_default = pile.name == kDefaultPile;
        if (at < 128) table[b] = static_cast<std::uint16_t>(at + 1);
      }
    }
    if (piles_[at].count == 0 && packets[i].count != 0) opens_.push_back(static_cast<std::uint32_t>(at));
    piles_[at].count += packets[i].count;
    pile_of_[i] = static_cast<std::uint32_t>(at);
    count_[i] = packets[i].count;
    total_ += packets[i].count;
  }
  // Each card's pile, for a deal that files cards without walking the packets (a deal never
  // exceeds 2^32 cards; a plan for more piles than a byte numbers walks them instead).
  if (piles_.size() <= 256 && total_ <= 4096) {
    card_pile_.resize(total_);
    std::size_t j = 0;
    for (std::size_t i = 0; i < packets.size(); ++i)
      for (std::uint32_t c = 0; c < count_[i]; ++c) card_pile_[j++] = static_cast<std::uint8_t>(pile_of_[i]);
  }
}

}  // namespace fairdeck
