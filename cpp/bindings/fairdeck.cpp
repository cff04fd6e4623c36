// cpp/bindings/fairdeck.cpp — the binding: a plain C ABI over the core, called directly from
// TypeScript (web/src/abi.ts). It only translates: numbers, (pointer, length) byte strings, and
// copies through the WASM heap.
//
// Why a C ABI and not Embind: Embind's invokers are built with `new Function`, which a strict
// Content-Security-Policy forbids, and its eval-free mode costs ~10x per call; its JS glue is
// also most of the package's JS. Direct exports need no eval, cost one call each, and leave the
// glue small (docs/toolchain.md).
//
// Rules every export follows:
//  - No C++ exception crosses into JavaScript: `guard` catches, records the error's kind and
//    message (fd_error_kind / fd_error_message) and the export reports failure by its return value.
//  - Text results (state JSON, manifest, faces) live in one buffer until fd_text_free(); TS copies
//    them out at once and frees them in a `finally`, so a failed decode never leaks.
//  - Every deck export goes through `on(deck, …)`: it first applies the cards JS dealt from the
//    deck's window (the `taken` cell), then runs, then republishes the window. JS cannot forget.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "fairdeck/bulk.hpp"
#include "fairdeck/fairness.hpp"  // names and limits only (fd_manifest)
#include "fairdeck/state.hpp"

namespace {

using namespace fairdeck::abi;  // errors, guard, text results, make_rng (common.hpp)

/// A deck as JS sees it: the core deck, the heap buffer for ids in and out, and the two cells of
/// its dealing window. While an eager deck's return pile is empty its next deals are already
/// decided (Deck::straight): JS may deal order[window − 1 − taken] itself and count it in
/// `taken`; every export applies that count before anything else (see `on`).
struct CoreDeck {
  std::unique_ptr<fd::Deck> deck;
  std::vector<u32> buffer;
  u32 port[3] = {0, 0, 0};  // [0] window: cards JS may deal; [1] taken: cards JS has dealt; [2] order address

  u32* reserve(u32 n) {
    if (buffer.size() < n) buffer.resize(n);
    return buffer.data();
  }
  void publish() noexcept {
    port[0] = deck->straight();
    port[1] = 0;
    port[2] = static_cast<u32>(reinterpret_cast<std::uintptr_t>(deck->order()));
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

CoreDeck* adopt(std::unique_ptr<fd::Deck> deck) {
  auto* d = new CoreDeck{std::move(deck), {}};
  d->publish();
  return d;
}

/// What a deck was made with, as JSON (DeckInfo in web/src/state.ts).
std::string deck_info(const fd::Deck& d) {
  const fd::Composition& c = d.composition();
  return "{\"rng\":\"" + std::string(d.rng().name()) + "\",\"strategy\":\"" + std::string(fd::strategy_name(d.strategy())) +
         "\",\"style\":\"" + c.style_name() + "\",\"decks\":" + std::to_string(c.style ? c.decks : 1) +
         ",\"jokers\":" + std::to_string(c.style ? c.jokers : 0) + ",\"size\":" + std::to_string(d.size()) +
         ",\"seeded\":" + (d.rng().secure() ? "false" : "true") + "}";
}

/// A secure deck that has used up its interval asks JS for fresh entropy (fd_deck_reseed).
int opened(const fd::Deck& deck) { return deck.rng().wants_entropy() ? -1 : 1; }

/// Names and limits of the core, once, as JSON: TypeScript and the pages read them from here.
std::string manifest() {
  auto list = [](auto&& names) {
    std::string out = "[";
    for (std::string_view n : names) out += (out.size() > 1 ? ",\"" : "\"") + std::string(n) + "\"";
    return out + "]";
  };
  std::vector<std::string_view> styles;
  for (const fd::Style* s : fd::kStyles) styles.push_back(s->id);
  const auto num = [](auto v) { return std::to_string(v); };
  return std::string("{\"engines\":") + list(fd::kEngineNames) +
         ",\"strategies\":" + list(fd::kStrategyNames) + ",\"styles\":" + list(styles) +
         ",\"algorithms\":" + list(fd::kAlgorithmNames) +
         ",\"piles\":{\"undealt\":0,\"returned\":1,\"dealt\":2}" +
         ",\"measures\":{\"permutations\":0,\"positions\":1,\"time\":2}" +
         ",\"seedKinds\":{\"entropy\":0,\"integer\":1,\"text\":2,\"bytes\":3}" +
         ",\"errorKinds\":{\"none\":0,\"error\":1,\"type\":2,\"range\":3}" +
         ",\"limits\":{\"maxCards\":" + num(fd::kMaxCards) + ",\"maxDecks\":" + num(fd::kMaxDecks) +
         ",\"maxJokers\":" + num(fd::kMaxJokers) + ",\"maxPermutationN\":" + num(fd::kMaxPermutationN) +
         ",\"maxMatrixN\":" + num(fd::kMaxMatrixN) + ",\"maxTimingN\":" + num(fd::kMaxTimingN) +
         ",\"reseedWords\":" + num(fd::kReseedWords) + ",\"entropyBytes\":32,\"failed\":" + num(kFailed) + "}}";
}

}  // namespace

extern "C" {

// ---- names and limits (errors, text results and memory: basics.cpp) ----
EMSCRIPTEN_KEEPALIVE const char* fd_manifest() {
  return guard<const char*>(nullptr, [] { return text(manifest()); });
}

// ---- decks ----
EMSCRIPTEN_KEEPALIVE CoreDeck* fd_deck_new(const char* style, u32 style_len, u32 decks, u32 jokers, u32 size,
                                           const char* strategy, u32 strategy_len, const char* rng, u32 rng_len,
                                           int seed_kind, const char* seed, u32 seed_len) {
  return guard<CoreDeck*>(nullptr, [&] {
    const auto c = fd::make_composition(std::string(view(style, style_len)), decks, jokers, size);
    return adopt(std::make_unique<fd::Deck>(c, fd::parse_strategy(view(strategy, strategy_len)),
                                            make_rng(view(rng, rng_len), seed_kind, view(seed, seed_len))));
  });
}
/// A deck from saved state; `entropy` (32 bytes) keys a state saved without its secret.
EMSCRIPTEN_KEEPALIVE CoreDeck* fd_deck_restore(const char* state, u32 state_len, const char* entropy, u32 entropy_len) {
  return guard<CoreDeck*>(nullptr, [&] {
    std::optional<fd::Bytes32> key;
    if (entropy_len) key = to_key(view(entropy, entropy_len));
    return adopt(fd::restore_state(view(state, state_len), key));
  });
}
EMSCRIPTEN_KEEPALIVE void fd_deck_free(CoreDeck* d) { delete d; }
/// Address of the deck's three window cells (see CoreDeck).
EMSCRIPTEN_KEEPALIVE u32* fd_deck_port(CoreDeck* d) { return d->port; }
/// Gathers every card and shuffles; 1, or -1 when a secure deck wants fresh entropy first.
EMSCRIPTEN_KEEPALIVE int fd_deck_shuffle(CoreDeck* d) {
  return on(d, [](fd::Deck& k) { return k.shuffle(), opened(k); });
}
EMSCRIPTEN_KEEPALIVE int fd_deck_shuffle_remaining(CoreDeck* d) {
  return on(d, [](fd::Deck& k) { return k.shuffle_remaining(), opened(k); });
}
/// Mixes 32 bytes of fresh entropy at `bytes` into a secure deck's key.
EMSCRIPTEN_KEEPALIVE void fd_deck_reseed(CoreDeck* d, const char* bytes) {
  on(d, [&](fd::Deck& k) { return guard(0, [&] { return k.rng().reseed(to_key(view(bytes, 32))), 0; }); });
}
/// A card id, or -1 when the deck is empty.
EMSCRIPTEN_KEEPALIVE int fd_deck_deal_one(CoreDeck* d) {
  return on(d, [](fd::Deck& k) {
    const u32 c = k.deal_one();
    return c == fd::kNoCard ? -1 : static_cast<int>(c);
  });
}
/// Deals up to n cards into the buffer; how many, or kFailed (error recorded, nothing dealt).
EMSCRIPTEN_KEEPALIVE u32 fd_deck_deal(CoreDeck* d, u32 n) {
  return on(d, [&](fd::Deck& k) {
    if (!guard(false, [&] { return d->reserve(std::min(n, k.remaining())), true; })) return kFailed;
    return k.deal(n, d->buffer.data());
  });
}
/// Copies pile 0 (undealt), 1 (returned) or 2 (dealt) into the buffer; its length, or kFailed.
EMSCRIPTEN_KEEPALIVE u32 fd_deck_pile(CoreDeck* d, int which) {
  return on(d, [&](fd::Deck& k) {
    return guard(kFailed, [&] {
      const auto v = k.pile(which);
      std::copy(v.begin(), v.end(), d->reserve(static_cast<u32>(v.size())));
      return static_cast<u32>(v.size());
    });
  });
}
/// The deck's id buffer, holding at least n slots (for fd_deck_return's ids); 0 if out of memory
/// (or if n is 0 and the buffer was never used).
EMSCRIPTEN_KEEPALIVE u32* fd_deck_input(CoreDeck* d, u32 n) {
  return guard<u32*>(nullptr, [&] { return d->reserve(n); });
}
/// Returns the n ids at the buffer to the deck: all or nothing. False: error recorded.
EMSCRIPTEN_KEEPALIVE bool fd_deck_return(CoreDeck* d, u32 n) {
  return on(d, [&](fd::Deck& k) { return guard(false, [&] { return k.return_cards(std::span(d->buffer.data(), n)), true; }); });
}
EMSCRIPTEN_KEEPALIVE u32* fd_deck_buffer(CoreDeck* d) { return d->buffer.data(); }
EMSCRIPTEN_KEEPALIVE u32 fd_deck_size(CoreDeck* d) { return d->deck->size(); }
EMSCRIPTEN_KEEPALIVE u32 fd_deck_remaining(CoreDeck* d) { return on(d, [](fd::Deck& k) { return k.remaining(); }); }
EMSCRIPTEN_KEEPALIVE u32 fd_deck_returned(CoreDeck* d) { return on(d, [](fd::Deck& k) { return k.returned(); }); }
/// What the deck was made with, as JSON (text result).
EMSCRIPTEN_KEEPALIVE const char* fd_deck_info(CoreDeck* d) {
  return guard<const char*>(nullptr, [&] { return text(deck_info(*d->deck)); });
}
/// The state as JSON (text result); 0 with the error recorded if it cannot be written.
EMSCRIPTEN_KEEPALIVE const char* fd_deck_save(CoreDeck* d, bool include_secret) {
  return on(d, [&](fd::Deck& k) { return guard<const char*>(nullptr, [&] { return text(fd::save_state(k, include_secret)); }); });
}

// ---- bulk shuffles: shuffle(array), permutation(n) ----
EMSCRIPTEN_KEEPALIVE fd::BulkShuffle* fd_bulk_new(u32 n, const char* rng, u32 rng_len, int seed_kind, const char* seed,
                                                  u32 seed_len) {
  return guard<fd::BulkShuffle*>(nullptr, [&] {
    return new fd::BulkShuffle(n, make_rng(view(rng, rng_len), seed_kind, view(seed, seed_len)));
  });
}
EMSCRIPTEN_KEEPALIVE void fd_bulk_free(fd::BulkShuffle* b) { delete b; }
/// Shuffles the heap array at ptr in bounded steps; 0 when done or failed (then fd_bulk_ok is false).
EMSCRIPTEN_KEEPALIVE u32 fd_bulk_step(fd::BulkShuffle* b, void* ptr, int width, u32 count) {
  u32 k = 0;
  switch (width) {
    case 1: k = b->step(static_cast<u8*>(ptr), count); break;
    case 2: k = b->step(static_cast<std::uint16_t*>(ptr), count); break;
    case 8: k = b->step(static_cast<std::uint64_t*>(ptr), count); break;
    default: k = b->step(static_cast<u32*>(ptr), count); break;
  }
  if (b->failed())
    g_error_kind = kRangeError, g_error_message = "not enough WASM memory for the cache-aware shuffle's scratch array";
  return k;
}
EMSCRIPTEN_KEEPALIVE bool fd_bulk_ok(fd::BulkShuffle* b) { return !b->failed(); }
#ifdef FAIRDECK_BENCH_EXPORTS
/// Bench-only build (preset wasm-bench): plain Fisher–Yates whatever n is, for the 10^8 comparison.
EMSCRIPTEN_KEEPALIVE void fd_bulk_plain(fd::BulkShuffle* b) { b->fisher_yates_only(); }
#endif
/// Writes start, start + 1, … (count values) at ptr: permutation()'s identity, without a JS loop.
EMSCRIPTEN_KEEPALIVE void fd_fill_identity(u32* out, u32 start, u32 count) {
  for (u32 i = 0; i < count; ++i) out[i] = start + i;
}

// ---- raw engine output: fairdeck/random ----
EMSCRIPTEN_KEEPALIVE fd::Rng* fd_words_new(const char* rng, u32 rng_len, int seed_kind, const char* seed, u32 seed_len) {
  return guard<fd::Rng*>(nullptr, [&] { return new fd::Rng(make_rng(view(rng, rng_len), seed_kind, view(seed, seed_len))); });
}
EMSCRIPTEN_KEEPALIVE void fd_words_free(fd::Rng* r) { delete r; }
/// Writes the engine's next `count` 32-bit outputs at out.
EMSCRIPTEN_KEEPALIVE void fd_words_fill(fd::Rng* r, u32* out, u32 count) {
  r->visit([&](auto& e, fd::Dice&) {
    for (u32 i = 0; i < count; ++i) out[i] = e.next_u32();
  });
}

// (fairness experiments: a module of their own, cpp/bindings/fairness.cpp)

// ---- faces ----
/// One deck of a style (jokers included) as a JSON array of [code, name, rank, suit] (text result).
EMSCRIPTEN_KEEPALIVE const char* fd_faces(const char* style, u32 style_len, u32 jokers) {
  return guard<const char*>(nullptr, [&] {
    const auto c = fd::make_composition(std::string(view(style, style_len)), 1, jokers, 0);
    std::string out = "[";
    for (u32 i = 0; i < c.per_deck(); ++i) {
      const fd::Face f = c.style->face(i);
      out += (i ? ",[\"" : "[\"") + f.code + "\",\"" + f.name + "\",\"" + f.rank + "\",\"" + f.suit + "\"]";
    }
    return text(out + "]");
  });
}

}  // extern "C"
