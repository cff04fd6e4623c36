// fairdeck/deck_window.hpp — the dealing window's look-ahead: Deck::look_ahead, and how a
// pending look-ahead is kept (take) or undone (settle).
// Part of deck.hpp, which includes it after class Deck: include fairdeck/deck.hpp, not this file.
//
// Look-ahead (lazy, bitmap): look_ahead(k) deals up to k cards in advance, exactly as deal_one()
// would, so that a caller (the WASM binding's dealing window) can hand them out by reading memory
// instead of calling in once per card; take(t) then says how many it handed out. If t is less than
// k, the deck undoes all k deals (lookahead.hpp), restores the engine and dice it copied before
// them and deals t again: every pile, the engine and the dice end exactly as after t deal_one()
// calls, so seeded decks deal, save and restore the same as if nothing had been looked at. Until
// take(), the early deals count as remaining; every other public method, const ones included,
// settles it first (take(0)), so the look-ahead is invisible except to the window. Cards it hands
// out land in the default pile.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace fairdeck {

[[gnu::noinline]] inline void Deck::look_ahead(std::uint32_t k) {
  settle();
  if (strategy_ == Strategy::eager) return;
  k = std::min({k, LookAhead::kCapacity, u_});
  if (k == 0) return;
  rng_.reserve_for(k);  // prepare(k) but for its re-key now: rekey_if_due() before each deal does it
  ahead_.room->rng.emplace(rng_);
  std::uint32_t* steps = ahead_.room->steps.data();
  // rekey_if_due() before each deal, where deal_one() would prepare(): only where a re-key can
  // fall inside the k deals (Rng::prepare's bound on the words they take); elsewhere it would
  // do nothing, and it was a third of a look-ahead's cost per card with chacha20.
  const ChaCha20* rekeying = rng_.rekeying();
  const bool rekeys = rekeying != nullptr &&
                      (rekeying->missed() || rekeying->position() + 2 * std::uint64_t{k} + 64 >= rekeying->rekey_interval());
  for (std::uint32_t i = 0; i < k; ++i) {  // next_card(): the same step as every other deal
    if (rekeys) rng_.rekey_if_due();
    const std::uint32_t card = next_card();
    if (strategy_ == Strategy::bitmap) steps[k - 1 - i] = card;
    else steps[i] = last_swap_;
  }
  ahead_.count = k;
}

/// take(t) of a pending look-ahead. Out of line: every public method may call it (settle), and
/// inlined it would be copied into each of them (the WASM module grew by 4 KB gzip).
[[gnu::noinline]] inline void Deck::settle_ahead(std::uint32_t t) noexcept {
  const std::uint32_t k = ahead_.count;
  ahead_.count = 0;
  if (t >= k) return forget();
  if (strategy_ == Strategy::bitmap) LookAhead::undo_bitmap(std::span(out_), ahead_.room->steps.data(), k);
  else LookAhead::undo_lazy(std::span(cards_), u_, r_, ahead_.room->steps.data(), k);
  u_ += k;
  rng_ = std::move(*ahead_.room->rng);
  const bool rekeys = rng_.rekeying() != nullptr;
  for (std::uint32_t i = 0; i < t; ++i) {
    if (rekeys) rng_.rekey_if_due();
    next_card();
  }
}

/// Drops a kept look-ahead's engine copy. If the look-ahead re-keyed, the copy still holds the
/// key the re-key erased; it is overwritten, so that a key learnt later cannot recompute output
/// from before the re-key (SECURITY.md).
[[gnu::noinline]] inline void Deck::forget() noexcept {
  const ChaCha20* now = rng_.rekeying();
  if (now && now->rekeys() != ahead_.room->rng->rekeying()->rekeys())
    ahead_.room->rng->visit([](auto& e, Dice&) {
      if constexpr (std::is_same_v<std::decay_t<decltype(e)>, ChaCha20>) e = ChaCha20(Bytes32{});
    });
}

}  // namespace fairdeck
