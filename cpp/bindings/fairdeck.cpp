// cpp/bindings/fairdeck.cpp — the binding: a plain C ABI over the core, called directly from
// TypeScript (web/src/abi.ts). It only translates: numbers, (pointer, length) byte strings, and
// copies through the WASM heap.
//
// Why a C ABI and not Embind: Embind's invokers are built with `new Function`, which a strict
// Content-Security-Policy forbids, and its eval-free mode costs ~10x per call; its JS glue is
// also most of the package's JS. Direct exports need no eval and cost one call each; the modules
// are standalone, with no glue at all (web/src/instantiate.ts, docs/toolchain.md).
//
// Rules every export follows:
//  - No C++ exception crosses into JavaScript: `guard` catches, records the error's kind and
//    message (fd_error_kind / fd_error_message) and the export reports failure by its return value.
//  - Text results (state JSON, manifest, faces) live in one buffer until fd_text_free(); TS copies
//    them out at once and frees them in a `finally`, so a failed decode never leaks.
//  - Every deck export goes through `on(deck, …)`: it first applies the cards JS dealt from the
//    deck's window (the `taken` cell), then runs, then republishes the window. JS cannot forget.
//    (fd_deck_remaining and fd_deck_returned only subtract `taken`, keeping the window open.)
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "decks.hpp"

using namespace fairdeck::abi;  // errors, guard, text results, make_rng (common.hpp); CoreDeck, on (decks.hpp)

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

extern "C" {

// The hot exports, compiled -O3; construction, state, manifest and faces are in cold.cpp (-Oz).

// ---- decks ----
EMSCRIPTEN_KEEPALIVE void fd_deck_free(CoreDeck* d) { delete d; }
/// Address of the deck's three window cells (see CoreDeck).
EMSCRIPTEN_KEEPALIVE u32* fd_deck_port(CoreDeck* d) { return d->port; }
/// Gathers every card and shuffles; 1, or 0 (error recorded, nothing changed) if a secure deck
/// could not get the fresh entropy its re-keying needs, or a provable deck has no next round.
EMSCRIPTEN_KEEPALIVE int fd_deck_shuffle(CoreDeck* d) {
  return on(d, [](fd::Deck& k) { return rekeying(k, 0, [&] { return k.shuffle(), 1; }); });
}
EMSCRIPTEN_KEEPALIVE int fd_deck_shuffle_remaining(CoreDeck* d) {
  return on(d, [](fd::Deck& k) { return rekeying(k, 0, [&] { return k.shuffle_remaining(), 1; }); });
}
/// A card id, -1 when the deck is empty, or -2 (error recorded, nothing dealt) if re-keying failed.
/// A lazy or bitmap deck then looks ahead (CoreDeck): the next dealOne() calls read the window.
/// If that look-ahead cannot re-key, it changes nothing and the window stays empty: the next
/// deal asks again and reports the error itself.
EMSCRIPTEN_KEEPALIVE int fd_deck_deal_one(CoreDeck* d) {
  return on(d, [d](fd::Deck& k) {
    const int card = rekeying(k, -2, [&] {
      const u32 c = k.deal_one();
      return c == fd::kNoCard ? -1 : static_cast<int>(c);
    });
    if (card >= 0 && k.strategy() != fd::Strategy::eager && k.remaining() != 0) {
      if (!k.rng().rekeying()) k.look_ahead(d->burst);  // cannot fail: no re-keying
      else if (!try_look_ahead(k, d->burst)) return card;
      d->burst = std::min(2 * d->burst, fd::LookAhead::kCapacity);
    }
    return card;
  });
}
/// Deals up to n cards into the buffer; how many, or kFailed (error recorded, nothing dealt) if
/// the buffer cannot grow or re-keying failed.
EMSCRIPTEN_KEEPALIVE u32 fd_deck_deal(CoreDeck* d, u32 n) {
  return on(d, [&](fd::Deck& k) {
    const u32 want = std::min(n, k.remaining());  // guarded only when the buffer must grow
    if (d->buffer.size() < want && !guard(false, [&] { return d->reserve(want), true; })) return kFailed;
    return rekeying(k, kFailed, [&] { return k.deal(n, d->buffer.data()); });
  });
}
// (piles and returning cards, per call not per card: cold.cpp)
EMSCRIPTEN_KEEPALIVE u32* fd_deck_buffer(CoreDeck* d) { return d->buffer.data(); }
EMSCRIPTEN_KEEPALIVE u32 fd_deck_size(CoreDeck* d) { return d->deck->size(); }
/// remaining and returned leave the window open: the cards JS took from it are only subtracted
/// (a look-ahead's cards count as remaining, and no window reaches the return pile).
EMSCRIPTEN_KEEPALIVE u32 fd_deck_remaining(CoreDeck* d) { return d->deck->remaining() - d->port[1]; }
EMSCRIPTEN_KEEPALIVE u32 fd_deck_returned(CoreDeck* d) { return d->deck->returned(); }

// (bulk shuffles: a module of their own, cpp/bindings/shuffle.cpp)

// ---- raw engine output: fairdeck/random ----
EMSCRIPTEN_KEEPALIVE void fd_words_free(fd::Rng* r) { delete r; }
/// Writes the engine's next `count` 32-bit outputs at out.
EMSCRIPTEN_KEEPALIVE void fd_words_fill(fd::Rng* r, u32* out, u32 count) { r->fill(out, count); }

// (fairness experiments: a module of their own, cpp/bindings/fairness.cpp)

}  // extern "C"
