// fairdeck/lookahead.hpp — what a lazy or bitmap Deck needs to take back the deals it made in
// advance (Deck::look_ahead, deck.hpp).
//
// Why: a lazy or bitmap deck draws at every deal, so its next cards are not decided until they are
// dealt, and without help every dealOne() from JavaScript would be a call into WASM. A look-ahead
// deals up to kCapacity cards early, exactly as deal_one() would, so the caller can read them
// straight from memory, and keeps what it takes to undo them: the engine and dice as they were
// before the first early deal, and per deal the one number that reverses it. If the caller then
// deals fewer than were made early, the deck undoes them all, restores the engine and deals again
// just as many: whatever is taken, the deck ends exactly as if it had dealt those cards one by one.
// No concepts of the deck here: card arrays, bitmaps and counts.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>

#include "fairdeck/rng.hpp"

namespace fairdeck {

/// The deals a deck made in advance and how to undo them.
struct LookAhead {
  /// Most deals made in advance at once.
  static constexpr std::uint32_t kCapacity = 64;

  /// Deals made in advance and not yet taken or undone (0: none pending).
  std::uint32_t count = 0;
  /// What the deals in advance keep: 700 bytes in WASM, which an eager deck (the default) never
  /// uses, so it lives apart and only lazy and bitmap decks allocate it (make(), at construction,
  /// where an allocation may fail; look_ahead() is called where it may not).
  struct Room {
    /// Lazy: the j each step swapped with (step i at [i]). Bitmap: the cards, the first at
    /// [count − 1], so that, like the eager card array, the next card is at the highest index.
    std::array<std::uint32_t, kCapacity> steps{};
    /// The engine and dice as they were before the first early deal (after its prepare()).
    std::optional<Rng> rng;
  };
  std::unique_ptr<Room> room;
  /// Allocates the room (lazy and bitmap decks, once).
  void make() {
    if (!room) room = std::make_unique<Room>();
  }

  /// Undoes `k` lazy steps on `cards`, newest first. `u` and `r` are the undealt and returned
  /// counts after the steps; the undealt count before them is u + k. Step i at undealt count v
  /// swapped cards[v − 1] with cards[steps[i]], then (with returned cards) cards[v − 1] with
  /// cards[v − 1 + r]; each swap is its own inverse, so they are redone in the opposite order.
  static void undo_lazy(std::span<std::uint32_t> cards, std::uint32_t u, std::uint32_t r,
                        const std::uint32_t* steps, std::uint32_t k) noexcept {
    for (std::uint32_t i = k; i-- > 0;) {
      const std::uint32_t v = ++u;
      if (r > 0) std::swap(cards[v - 1], cards[v - 1 + r]);
      std::swap(cards[v - 1], cards[steps[i]]);
    }
  }

  /// Clears the bits of the `k` cards a bitmap deck dealt in advance.
  static void undo_bitmap(std::span<std::uint64_t> out, const std::uint32_t* cards, std::uint32_t k) noexcept {
    for (std::uint32_t i = 0; i < k; ++i) out[cards[i] / 64] &= ~(1ULL << (cards[i] % 64));
  }
};

}  // namespace fairdeck
