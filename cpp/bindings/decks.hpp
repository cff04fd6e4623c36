// cpp/bindings/decks.hpp — a deck as the binding holds it (CoreDeck: Embind's class "CoreDeck")
// and the `on` wrapper every deck method goes through; shared by the hot methods (fairdeck.cpp,
// -O3) and the cold ones with the EMSCRIPTEN_BINDINGS block (cold.cpp, -Oz: construction, state,
// faces).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "fairdeck/checked.hpp"
#include "fairdeck/deck.hpp"

namespace fairdeck::abi {

/// The pile log (games module): a dealTo() or burn() onto a pile JS has a pinned number for, from
/// an eager deck's window, is dealt by JS alone, as deal(n) is: it reads the cards, counts them in
/// `taken` and appends (pile number, taken before it, n) to the log in the port; the next call
/// into the deck files them (CoreDeck::apply_log) before anything else. Pile numbers below
/// kPinnedPiles are never forgotten (forgetPileNames keeps them), so an entry's number always
/// names its pile when the log is applied. kPinnedPiles reaches TypeScript through the manifest
/// (limits.pinnedPiles); the log's room, at most kLogEntries, through the port (cell 6).
inline constexpr u32 kLogEntries = 8;
inline constexpr u32 kPinnedPiles = 64;
inline constexpr u32 kLogPort = 8;  // the port's cells before the entries
/// Boards in advance (sim module; fairdeck/deck_boards.hpp): after a shuffle() that ends a round
/// of shuffle() + k deals like the one before it, the core makes the next rounds at once, at most
/// kBoardIds cards in all. The window is then the current round's cards; the port's cell
/// kBoardsPort counts the rounds after it, and JS's shuffle(), once the round is dealt whole,
/// moves the window to the next one (cell 2 up by k ids, cell 1 to 0, this cell down by one)
/// without a call. `settle` tells the core how far JS got.
inline constexpr u32 kBoardsPort = kLogPort + 3 * kLogEntries;
static_assert(kBoardsPort == 32, "web/src/sim-deck.ts reads the rounds left in cell 32 (BOARDS), as games-deck.ts reads the log's cells by number");
inline constexpr u32 kBoardIds = 1024;

/// A deck as JS sees it: the core deck, the heap buffer for ids in and out, and the three cells
/// of its dealing window (Deck::window): cards whose deals are already decided, which JS deals
/// itself, order[window − 1 − taken], counting them in `taken`; every method applies that count
/// before anything else (see `on`). An eager deck's window is its undealt pile while its return
/// pile is empty. A lazy or bitmap deck's window is a look-ahead (Deck::look_ahead) that
/// the core dealOne() makes after each card it deals: `burst` cards, 4 at first, doubling at each
/// refill up to 64, and back to 4 when a window was left partly used (the core then had to undo
/// it), so that dealOne() mixed with other calls wastes few steps.
/// JS reads the cells, and the ids the deck writes for it (deal, piles) into `buffer`, through the
/// module's one heap view (HEAPU32), at the address port() gives once: a deck holds no view of its
/// own (two Uint32Arrays were 250 bytes of every Deck in V8).
struct CoreDeck;
template <class F>
auto on(CoreDeck* d, F&& f) noexcept;

struct CoreDeck {
private:
  /// The core deck, which only `on` and CoreDeck's own window code can reach: every other binding
  /// goes through `on`, which first applies what JS dealt from the window. One that read the
  /// deck directly could settle a look-ahead behind JS's back and deal its cards twice (a deck's
  /// first `info` once did: tests/unit/window-mix.test.ts).
  std::unique_ptr<fd::Deck> deck;
  template <class F>
  friend auto on(CoreDeck* d, F&& f) noexcept;

public:
  /// Takes `core` by reference: by value, its temporary cost adopt() 62 bytes of wasm.
  explicit CoreDeck(std::unique_ptr<fd::Deck>&& core) noexcept : deck(std::move(core)) {}

  std::vector<u32> buffer;
  // [0] window: cards JS may deal; [1] taken: cards JS has dealt; [2] their address; [3] the id
  // buffer's address, so that JS knows its view of the buffer is stale when the buffer moved (a
  // call that grew it and then failed returns no count that would tell it); [4] its size in ids.
  // The games module adds the pile log (below): [5] its entries; [6] how many more it may take;
  // [7] how many more cards they may hold; [8…] the entries, (pile number, taken before it, n).
#if FAIRDECK_SIM
  u32 port[kBoardsPort + 1] = {};  // the games module's, then the rounds after the window's (kBoardsPort)
#elif FAIRDECK_PILES
  u32 port[kLogPort + 3 * kLogEntries] = {};
#else
  u32 port[5] = {0, 0, 0, 0, 0};
#endif
  u32 burst = kFirstBurst;   // lazy, bitmap: the size of the next look-ahead
#if FAIRDECK_SIM
  u32 fresh = 0;  // the cards remaining after the last shuffle()
  u32 round = 0;  // the cards dealt between the two shuffle() calls before it
  // The rounds the next run makes: 2 at first, twice as many after a run JS dealt whole (up to
  // kBoardIds cards), none after one it left part way (another call came between its rounds),
  // until `calm` more rounds alike have passed, so that a loop with other calls in it does not
  // pay for rounds it never uses.
  u32 ahead = 2, calm = 0;
#endif

  static constexpr u32 kFirstBurst = 4;

  /// The three questions a binding may ask without `on`: the deck's size never changes, and
  /// remaining and returned keep the window open (the cards JS took from it are only subtracted:
  /// a look-ahead's cards count as remaining, and no window reaches the return pile).
  u32 size() const noexcept { return deck->size(); }
  u32 remaining() const noexcept { return deck->remaining() - port[1]; }
  u32 returned() const noexcept { return deck->returned(); }

#if FAIRDECK_PILES
  /// Issue 38: a destroyed deck's id buffer, for the next deck's first call that writes ids (as
  /// the core keeps a destroyed deck's pile slots and arrival list: Deck::keep_room), so that the
  /// first hand of a deck made per hand allocates nothing. One per thread, in the core's
  /// trivially destructible holder. A buffer longer than a game's hands (fd::kKeptCards ids) is
  /// freed, not kept.
  static fd::detail::SpareVector<u32>& spare() noexcept {
    static thread_local fd::detail::SpareVector<u32> s;
    return s;
  }
  ~CoreDeck() {
    if constexpr (fd::kSpareRoom)
      if (!spare().kept() && !buffer.empty() && buffer.size() <= fd::kKeptCards) spare().keep(std::move(buffer));
  }
#endif
  u32* reserve(u32 n) {
#if FAIRDECK_PILES
    if (fd::kSpareRoom && buffer.empty() && spare().kept()) {  // a new deck's first: the kept buffer
      spare().take(buffer);
      show_buffer(static_cast<u32>(buffer.size()));
    }
#endif
    if (buffer.size() < n) {
      fd::detail::checked_mul<std::size_t>(n, sizeof(u32), "the id buffer");
      buffer.resize(n);
      show_buffer(n);
    }
    return buffer.data();
  }
  /// Cells 3 and 4: where the id buffer is now, and its size in ids. Inlined: as a call it cost
  /// fairdeck.wasm 4 bytes; inlined, every module is byte for byte what it was.
  [[gnu::always_inline]] void show_buffer(u32 size) noexcept {
    port[3] = static_cast<u32>(reinterpret_cast<std::uintptr_t>(buffer.data()));
    port[4] = size;
  }
#if FAIRDECK_PILES
  [[gnu::noinline]] void publish() noexcept;  // fairdeck.cpp: and opens the pile log
#else
  void publish() noexcept {
    port[0] = deck->window();
    port[1] = 0;
    port[2] = static_cast<u32>(reinterpret_cast<std::uintptr_t>(deck->window_cards()));
  }
#endif
  /// Applies the cards JS took from the window (and the pile log: the cards it filed onto piles);
  /// a partly used window resets the burst.
#if FAIRDECK_PILES
  [[gnu::noinline]] void settle() noexcept;  // fairdeck.cpp: one copy rather than one per method
  /// settle() with a pile log: takes the cards, then files each entry's onto its pile, in the
  /// order JS dealt them, exactly as the dealTo() calls would have.
  void apply_log() noexcept;
#else
  void settle() noexcept {
    if (port[1] < port[0]) burst = kFirstBurst;
    deck->take(port[1]);
    port[1] = 0;
  }
#endif
};

/// A stream of an engine's raw words (fairdeck/random, Embind's class "CoreWords") and the
/// buffer it fills for JS.
struct CoreWords {
  fd::Rng rng;
  std::vector<u32> out;
};

#if FAIRDECK_PILES  // the games module only (CMakeLists.txt, docs/size.md)
/// Pile names by number. TypeScript names each pile once (pileName in cold.cpp, after the core
/// checked it) and then passes its number, so a deal onto a pile costs no string crossing, no
/// check and no hash (the entry keeps the core's key: fd::PileRef); it keeps the numbers it was
/// given in a Map and clears both (forgetPileNames) when the table is full. A number is only ever
/// an index the binding handed out, so TS never holds a stale one.
inline std::vector<fd::PileLabel> g_pile_names;
/// Pile number `i` (valid while no name is added: within one call); TypeError for a number the
/// binding never handed out (never one TypeScript holds).
inline fd::PileRef pile_numbered(u32 i) {
  if (i >= g_pile_names.size()) throw fd::TypeError("unknown pile number");
  return g_pile_names[i].ref();
}

/// Dealing patterns read once (Deck.pattern in TypeScript: planPattern in cold.cpp), by number.
/// They hold their own names; forgetPileNames drops them with the pile numbers (one generation
/// in TypeScript for both), and TS starts both again when either table is full.
inline std::vector<fd::DealPlan> g_plans;
#endif

/// The hot methods (fairdeck.cpp, -O3), bound in cold.cpp's EMSCRIPTEN_BINDINGS.
namespace hot {
bool shuffle(CoreDeck& d);
bool shuffle_remaining(CoreDeck& d);
int deal_one(CoreDeck& d);
u32 deal(CoreDeck& d, u32 n);
u32 remaining(CoreDeck& d);
u32 returned(CoreDeck& d);
emscripten::val words_next(CoreWords& w, u32 count);
#if FAIRDECK_SIM
/// sampleIds' trials (fairdeck/sample.hpp), at -O3; the binding (cold.cpp) makes the scratch.
void sample_run(fd::Rng& rng, std::vector<u32>& scratch, u32 k, u32 trials, u32* out);
#endif
#if FAIRDECK_PILES
u32 deal_to(CoreDeck& d, u32 pile, u32 n);
u32 deal_plan(CoreDeck& d, u32 plan);
bool move_cards(CoreDeck& d, u32 n, u32 to, int from);
#endif
}  // namespace hot

/// Runs f(deck) after applying the cards JS took from the window; republishes the window after.
/// f must not throw (methods that can fail catch inside, with guard): no cleanup is needed here,
/// so no JS exception trampoline (invoke_*) sits on the hot paths.
template <class F>
auto on(CoreDeck* d, F&& f) noexcept {
  d->settle();
  auto result = f(*d->deck);
  d->publish();
  return result;
}

inline CoreDeck* adopt(std::unique_ptr<fd::Deck> deck) {
  auto* d = new CoreDeck(std::move(deck));
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
