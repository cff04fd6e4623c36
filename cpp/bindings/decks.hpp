// cpp/bindings/decks.hpp — a deck as the binding holds it (CoreDeck) and the `on` wrapper every
// deck export goes through; shared by the hot exports (fairdeck.cpp, -O3) and the cold ones
// (cold.cpp, -Oz: construction, state, manifest, faces).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "common.hpp"
#include "fairdeck/checked.hpp"
#include "fairdeck/deck.hpp"

namespace fairdeck::abi {

/// A deck as JS sees it: the core deck, the heap buffer for ids in and out, and the two cells of
/// its dealing window. While an eager deck's return pile is empty its next deals are already
/// decided (Deck::straight): JS may deal order[window − 1 − taken] itself and count it in
/// `taken`; every export applies that count before anything else (see `on`).
struct CoreDeck {
  std::unique_ptr<fd::Deck> deck;
  std::vector<u32> buffer;
  u32 port[3] = {0, 0, 0};  // [0] window: cards JS may deal; [1] taken: cards JS has dealt; [2] order address

  u32* reserve(u32 n) {
    if (buffer.size() < n) fd::detail::checked_mul<std::size_t>(n, sizeof(u32), "the id buffer"), buffer.resize(n);
    return buffer.data();
  }
  void publish() noexcept {
    port[0] = deck->window();
    port[1] = 0;
    port[2] = static_cast<u32>(reinterpret_cast<std::uintptr_t>(deck->window_cards()));
  }
};

/// Runs f(deck) after applying the cards JS took from the window; republishes the window after.
/// f must not throw (exports that can fail catch inside, with guard): no cleanup is needed here,
/// so no JS exception trampoline (invoke_*) sits on the hot paths.
template <class F>
auto on(CoreDeck* d, F&& f) noexcept {
  d->deck->take(d->port[1]);
  d->port[1] = 0;
  auto result = f(*d->deck);
  d->publish();
  return result;
}

inline CoreDeck* adopt(std::unique_ptr<fd::Deck> deck) {
  auto* d = new CoreDeck{std::move(deck), {}};
  d->publish();
  return d;
}

/// Runs f(deck), which can fail only for a secure deck that needs fresh entropy to re-key
/// (fd::EntropyError) or a provable deck past its last round (RangeError), changing nothing:
/// guarded for those decks, called plainly for the rest, so that dealing from seeded and
/// xoshiro256 decks never passes through Emscripten's exception trampolines.
template <class R, class F>
R rekeying(fd::Deck& k, R failed, F&& f) noexcept {
  if (k.rng().rekeying() || k.provable()) return guard(failed, f);
  return f();
}

}  // namespace fairdeck::abi
