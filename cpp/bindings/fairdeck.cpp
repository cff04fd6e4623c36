// cpp/bindings/fairdeck.cpp — the deck module's hot methods, compiled -O3 (CMakeLists.txt): the
// ones called per deal or per shuffle. They are bound, with the cold ones, by the
// EMSCRIPTEN_BINDINGS block in cold.cpp (-Oz), as methods of Embind's class "CoreDeck".
//
// The binding is Embind (EMSCRIPTEN_BINDINGS, class_, emscripten::val, typed_memory_view) and
// only translates: numbers and option objects (read as vals inside `guard`, common.hpp says why
// they are not value_objects) in, and typed_memory_views of the heap out. Its JS
// invokers are this project's own, eval-free and re-entrant (cpp/bindings/invokers.js), so a
// strict Content-Security-Policy works and a call costs what Embind's eval'd invokers cost.
//
// Rules every binding follows:
//  - No C++ exception crosses into JavaScript: `guard` catches, records the error's kind and
//    message (errorKind / errorMessage, basics.cpp) and the binding reports failure by its
//    result: false, -2, kFailed or null. TypeScript then throws a TypeError or RangeError.
//  - Text results (state JSON, info, faces) are a view of one buffer until textFree(); TS decodes
//    them at once and frees them in a `finally`, so a failed decode never leaks.
//  - Every deck method goes through `on(deck, …)`: it first applies the cards JS dealt from the
//    deck's window (the `taken` cell), then runs, then republishes the window. JS cannot forget.
//    (remaining and returned only subtract `taken`, keeping the window open.)
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "decks.hpp"
#if FAIRDECK_SIM
#include "fairdeck/sample.hpp"
#endif

using namespace fairdeck::abi;  // errors, guard (common.hpp); CoreDeck, on (decks.hpp)

namespace {
/// A secure deck's look-ahead, which fails (changing nothing) if re-keying finds no fresh entropy;
/// no error is recorded: the deal that made it succeeded, and the next deal reports it. A bare
/// catch-all rather than `guard`, which would record that error as this call's.
[[gnu::noinline]] bool try_look_ahead(fd::Deck& k, u32 burst) noexcept {
  try {
    k.look_ahead(burst);
    return true;
  } catch (...) {
    return false;
  }
}
}  // namespace

namespace fairdeck::abi::hot {

/// Gathers every card and shuffles; false (error recorded, nothing changed) if a secure deck
/// could not get the fresh entropy its re-keying needs, or a provable deck has no next round.
bool shuffle(CoreDeck& d) {
#if FAIRDECK_SIM
  // A simulation's loop, shuffle() + deal(k) (dealIds, deal, dealOne) again and again: after two
  // rounds alike, the next ones are made in advance (kBoardsPort says how JS hands them out).
  return on(&d, [&d](fd::Deck& k) {
    const u32 left = k.remaining(), dealt = d.fresh > left ? d.fresh - left : 0;
    if (!rekeying(k, false, [&] { return k.shuffle(), true; })) return false;
    d.fresh = k.remaining();
    if (dealt != 0 && dealt == d.round) {
      if (d.ahead == 0 && ++d.calm == 8) d.ahead = 2;
      if (d.ahead != 0) k.boards_ahead(dealt, std::min(d.ahead, kBoardIds / dealt));
    }
    d.round = dealt;
    return true;
  });
#else
  return on(&d, [](fd::Deck& k) { return rekeying(k, false, [&] { return k.shuffle(), true; }); });
#endif
}
bool shuffle_remaining(CoreDeck& d) {
  return on(&d, [](fd::Deck& k) { return rekeying(k, false, [&] { return k.shuffle_remaining(), true; }); });
}
/// A card id, -1 when the deck is empty, or -2 (error recorded, nothing dealt) if re-keying failed.
/// A lazy or bitmap deck then looks ahead (CoreDeck): the next dealOne() calls read the window.
/// If that look-ahead cannot re-key, it changes nothing and the window stays empty: the next
/// deal asks again and reports the error itself.
int deal_one(CoreDeck& d) {
  return on(&d, [&d](fd::Deck& k) {
    const int card = rekeying(k, -2, [&] {
      const u32 c = k.deal_one();
      return c == fd::kNoCard ? -1 : static_cast<int>(c);
    });
    if (card >= 0 && k.strategy() != fd::Strategy::eager && k.remaining() != 0) {
      if (!k.rng().rekeying()) k.look_ahead(d.burst);  // cannot fail: no re-keying
      else if (!try_look_ahead(k, d.burst)) return card;
      d.burst = std::min(2 * d.burst, fd::LookAhead::kCapacity);
    }
    return card;
  });
}
/// Deals up to n cards into the buffer (ids()); how many, or kFailed (error recorded, nothing
/// dealt) if the buffer cannot grow or re-keying failed.
u32 deal(CoreDeck& d, u32 n) {
  return on(&d, [&](fd::Deck& k) {
    const u32 want = std::min(n, k.remaining());  // guarded only when the buffer must grow
    if (d.buffer.size() < want && !guard(false, [&] { return d.reserve(want), true; })) return kFailed;
    return rekeying(k, kFailed, [&] { return k.deal(n, d.buffer.data()); });
  });
}
/// remaining and returned leave the window open (CoreDeck::remaining says why they may).
u32 remaining(CoreDeck& d) { return d.remaining(); }
u32 returned(CoreDeck& d) { return d.returned(); }

/// The engine's next `count` 32-bit outputs, as a view; null (error recorded) if out of memory.
/// Here at -O3: the engine's fill loop inlines into it (at -Oz, in cold.cpp, xoshiro256's words
/// took 2.19 ns each against 1.41 ns).
val words_next(CoreWords& w, u32 count) {
  if (w.out.size() < count && !guard(false, [&] { return w.out.resize(count), true; })) return val::null();
  w.rng.fill(w.out.data(), count);
  return view(count, w.out.data());
}

#if FAIRDECK_SIM  // the sim module only (CMakeLists.txt, docs/size.md)
/// sampleIds' trials (issue 40, fairdeck/sample.hpp): the only part of sampleIds compiled -O3;
/// its checks and scratch are in cold.cpp (`sample`), which calls this inside its guard.
void sample_run(fd::Rng& rng, std::vector<u32>& scratch, u32 k, u32 trials, u32* out) {
  fd::sample_run(rng, scratch, k, trials, out);
}
#endif

#if FAIRDECK_PILES  // the games module only (CMakeLists.txt, docs/size.md)
}  // namespace fairdeck::abi::hot

namespace fairdeck::abi {
/// The games module's publish(), settle() and pile log (decks.hpp), out of line: in every method
/// inline, they grew games.wasm by 0.5 KB. The log is opened to an eager deck's window only, for
/// as many entries as piles could still get their first card without allocating, and as many
/// cards as the named piles can take without allocating; JS logs only pinned pile numbers. So
/// applying it can neither fail nor throw: the deck ends as after the deal(), dealTo() and
/// burn() calls JS answered itself, in their order.
void CoreDeck::publish() noexcept {
#if FAIRDECK_SIM
  if (const u32 boards = deck->boards_pending()) {  // the rounds made in advance: the first is the window
    port[0] = deck->run_size();
    port[1] = 0;
    port[2] = static_cast<u32>(reinterpret_cast<std::uintptr_t>(deck->board_ids()));
    port[5] = port[6] = port[7] = 0;
    port[kBoardsPort] = boards - 1;
    return;
  }
  port[kBoardsPort] = 0;
#endif
  port[0] = deck->window();
  port[1] = 0;
  port[2] = static_cast<u32>(reinterpret_cast<std::uintptr_t>(deck->window_cards()));
  const bool open = deck->strategy() == fd::Strategy::eager && port[0] != 0;
  port[5] = 0;
  port[6] = open ? std::min(deck->pile_room(), kLogEntries) : 0;
  port[7] = open ? deck->named_room() : 0;
}
void CoreDeck::settle() noexcept {
#if FAIRDECK_SIM
  if (const u32 boards = deck->boards_pending()) {  // rounds JS moved past, then the cards it took
    const bool whole = port[kBoardsPort] == 0 && port[1] == port[0];
    ahead = whole ? std::min(2 * boards, kBoardIds) : 0, calm = 0;
    deck->settle_boards(boards - 1 - std::min(port[kBoardsPort], boards - 1), port[1]);
    port[1] = 0;
    return;
  }
#endif
  if (port[1] < port[0]) burst = kFirstBurst;
  if (port[5] != 0) return apply_log();
  deck->take(port[1]);
  port[1] = 0;
}
void CoreDeck::apply_log() noexcept {
  const u32 window = deck->window(), entries = std::min(port[5], kLogEntries);
  const u32* cards = deck->window_cards();  // an eager deck's card array: take() moves no card
  deck->take(port[1]);
  for (u32 e = 0; e < entries; ++e) {
    const u32* entry = port + kLogPort + 3 * e;  // pile number, cards taken before it, n
    deck->file_dealt(g_pile_names[entry[0]].ref(), cards + (window - 1 - entry[1]), entry[2]);
  }
  port[1] = 0;
  port[5] = 0;
}
}  // namespace fairdeck::abi

namespace fairdeck::abi::hot {
/// Deals exactly n cards onto pile number `pile` (g_pile_names) into the buffer in dealing order:
/// how many, or kFailed (error recorded, nothing changed: too few cards, too many piles, no
/// entropy for a re-key). deal_hands and deal_pattern the same; a pattern's packets are `packets`
/// (pile number, count) pairs at the start of the buffer. The buffer grows first to the cards
/// that can be dealt (never more than remain: a count past them fails in the core, unwritten).
/// Here at -O3 with the core's pile code they reach, as a game calls them once per hand or per
/// street (at -Oz a 9-seat Hold'em hand took 2.1 µs against 0.5 µs for the same deal(26)).
u32 deal_to(CoreDeck& d, u32 pile, u32 n) {
  return on(&d, [&](fd::Deck& k) {
    return guard(kFailed, [&] { return k.deal_to(pile_numbered(pile), n, d.reserve(std::min(n, k.remaining()))); });
  });
}
/// Deals plan number `plan` (g_plans, planPattern), as deal_pattern: no pairs cross, no names are read.
u32 deal_plan(CoreDeck& d, u32 plan) {
  return on(&d, [&](fd::Deck& k) {
    return guard(kFailed, [&] {
      if (plan >= g_plans.size()) throw fd::TypeError("unknown pattern number");
      const fd::DealPlan& p = g_plans[plan];
      return k.deal_pattern(p, d.reserve(static_cast<u32>(std::min<std::uint64_t>(p.total(), k.remaining()))));
    });
  });
}
/// Moves the n ids at the buffer onto pile number `to` (from pile number `from`, or any pile if
/// from < 0): all or nothing. False: error recorded.
bool move_cards(CoreDeck& d, u32 n, u32 to, int from) {
  return on(&d, [&](fd::Deck& k) {
    return guard(false, [&] {
      std::optional<std::string_view> source;
      if (from >= 0) source = pile_numbered(static_cast<u32>(from)).name;
      k.move_cards(std::span(d.buffer.data(), std::min<std::size_t>(n, d.buffer.size())), pile_numbered(to), source);
      return true;
    });
  });
}

#endif

}  // namespace fairdeck::abi::hot
