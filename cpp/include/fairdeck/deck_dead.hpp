// fairdeck/deck_dead.hpp — dead cards (issue 40): cards a simulation takes out of play before
// dealing (remove_cards), kept out through shuffle() (set_aside_dead) until returned (revive).
// Part of deck.hpp, which includes it after class Deck: include fairdeck/deck.hpp, not this file.
//
// remove_cards() takes undealt or returned cards out of play: they join the default pile (the
// most recently dealt cards, in the order given), and shuffle() leaves them out — it gathers
// every other card, moves the dead ones to the end of the card array (bitmap decks: marks them
// out) and shuffles the rest, so the live cards are dealt in uniformly random order. They come
// back through return_cards(), like any dealt card (to the return pile; the next shuffle()
// gathers them). Refused for provable decks (their rounds deal the composition the
// specification commits to) and with a cut card (drawn() would count them). A deck without
// dead cards does exactly what it did before. Only sim.wasm and native builds have them (kSim).
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace fairdeck {

[[gnu::noinline]] FAIRDECK_MINSIZE inline void Deck::remove_cards(std::span<const std::uint32_t> ids) {
  if (!kSim) throw TypeError(kNoSimInBuild);  // the rest compiled out
  settle();
  if (provable_)
    throw TypeError("a provable deck cannot take cards out of play: each round deals the whole composition its commitment covers");
  if (cut_) throw TypeError("cards cannot be taken out of play in a deck with a cut card (penetration)");
  std::vector<std::uint32_t> sorted(ids.begin(), ids.end());
  std::sort(sorted.begin(), sorted.end());
  const std::vector<std::uint8_t> where = piles_of(sorted);
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const char* why = sorted[i] >= n_ ? " is not in this deck"
                      : i > 0 && sorted[i] == sorted[i - 1] ? " is named twice in one remove call"
                      : where[i] != 2 ? nullptr
                      : is_dead(sorted[i]) ? " cannot be removed: it is not in the deck (it is already out of play)"
                                           : " cannot be removed: it is not in the deck (it is dealt)";
    if (why) throw RangeError(cat("card ", sorted[i], why));
  }
  if (sorted.empty()) return;
  std::vector<std::uint32_t> merged(dead_.size() + sorted.size());  // allocated before any change
  std::copy(sorted.begin(), sorted.end(), std::copy(dead_.begin(), dead_.end(), merged.begin()));
  std::sort(merged.begin(), merged.end());
  if (strategy_ == Strategy::bitmap) {
    for (std::uint32_t c : sorted) {
      if (bit(ret_, c)) ret_[c / 64] &= ~(1ULL << (c % 64)), --r_;
      else out_[c / 64] |= 1ULL << (c % 64), --u_;
    }
  } else {  // [undealt | returned] keep their order; the removed cards go to the end, the oldest dealt,
    std::uint32_t w = 0, u = 0;  // where shuffle() finds the dead cards already set aside
    for (std::uint32_t p = 0; p < u_ + r_; ++p) {
      if (p == u_) u = w;
      if (!holds(sorted, cards_[p])) cards_[w++] = cards_[p];
    }
    if (u_ == u_ + r_) u = w;
    const auto k = static_cast<std::uint32_t>(ids.size());
    std::copy(cards_.begin() + u_ + r_, cards_.end(), cards_.begin() + w);  // the dealt cards move down
    std::copy(ids.begin(), ids.end(), cards_.end() - k);
    r_ = w - u, u_ = u;
  }
  rng_.dice().clear();
  dead_ = std::move(merged);
}

/// shuffle() of a deck with dead cards (after gathering): the dead ones at the end of the array
/// (the oldest dealt; where remove_cards put them, else moved there with the live cards keeping
/// their order), and the live ones shuffled (eager) or left for the lazy deals; bitmap decks
/// mark the dead ones out.
[[gnu::noinline]] FAIRDECK_MINSIZE inline void Deck::set_aside_dead() {
  u_ = n_ - static_cast<std::uint32_t>(dead_.size());
  if (strategy_ == Strategy::bitmap) {  // shuffle() has cleared the bitmaps
    for (std::uint32_t c : dead_) out_[c / 64] |= 1ULL << (c % 64);
    return;
  }
  // Usually they are already at the end (remove_cards puts them there): no scan. The end holds
  // as many cards as there are dead ones, all distinct, so it is in place if each is dead; for a
  // deck of up to 64 cards a mask of the dead ones says so with one test a card (holds() was 9 %
  // of a lazy shuffle() + dealIds(5) with 4 dead cards).
  bool in_place = true;
  if (n_ <= 64) {
    std::uint64_t dead = 0;
    for (const std::uint32_t c : dead_) dead |= std::uint64_t{1} << c;
    for (std::uint32_t p = u_; p < n_; ++p) in_place &= ((dead >> cards_[p]) & 1) != 0;
  } else {
    for (std::uint32_t p = u_; p < n_ && in_place; ++p) in_place = holds(dead_, cards_[p]);
  }
  if (!in_place) {
    std::uint32_t w = 0;
    for (std::uint32_t p = 0; p < n_; ++p)
      if (!holds(dead_, cards_[p])) cards_[w++] = cards_[p];
    std::copy(dead_.begin(), dead_.end(), cards_.begin() + w);
  }
  if (strategy_ == Strategy::eager) shuffle_front(u_);
}

/// return_cards() of checked, sorted ids: those that are dead are back in play.
[[gnu::noinline]] FAIRDECK_MINSIZE inline void Deck::revive(const std::vector<std::uint32_t>& sorted) noexcept {
  std::size_t w = 0;
  for (const std::uint32_t c : dead_)
    if (!holds(sorted, c)) dead_[w++] = c;
  dead_.erase(dead_.begin() + static_cast<std::ptrdiff_t>(w), dead_.end());
}

}  // namespace fairdeck
