// cpp/bindings/cold.cpp — the deck module's cold exports, compiled -Oz (CMakeLists.txt): making
// and restoring decks, saving state, deck info, faces, and making
// word streams. Each runs once per object or per page, so size matters more than speed here; the
// exports called per deal or per chunk stay in fairdeck.cpp at -O3 (docs/size.md). fairdeck.cpp
// is linked first, so where both files use the same inline function the -O3 copy is the one kept.
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "decks.hpp"
#include "fairdeck/entropy.hpp"
#include "fairdeck/state.hpp"
#include "fairdeck/text.hpp"

using namespace fairdeck::abi;
using fairdeck::Text;

namespace {

/// What a deck was made with, as JSON (DeckInfo in web/src/state.ts). A provable deck adds what
/// it may tell anyone about its current round: commitment, client seed, nonce (never the seed).
std::string deck_info(const fd::Deck& d) {
  const fd::Composition& c = d.composition();
  Text t;
  t << "{\"rng\":\"" << d.rng().name() << "\",\"strategy\":\"" << fd::strategy_name(d.strategy()) << "\",\"style\":\""
    << c.style_name() << "\",\"decks\":" << (c.style ? c.decks : 1u) << ",\"jokers\":" << (c.style ? c.jokers : 0u)
    << ",\"size\":" << d.size() << ",\"seeded\":" << (d.rng().secure() ? "false" : "true");
  if (const fd::ProvableSeeds* p = d.provable()) {
    fd::Sha256 h;
    h.update(std::string_view(reinterpret_cast<const char*>(p->server.data()), p->server.size()));
    (t << ",\"provable\":{\"commitment\":\"" << fd::hex::encode(h.digest()) << "\",\"clientSeed\":").quoted(p->client)
        << ",\"nonce\":" << p->nonce << "}";
  }
  return std::move((t << "}").s);
}

/// A count from TypeScript as a double (exact up to 2^53 − 1); anything else becomes a value every
/// range check refuses.
std::uint64_t whole(double x) {
  return x >= 0 && x <= 9007199254740991.0 && x == static_cast<double>(static_cast<std::uint64_t>(x))
             ? static_cast<std::uint64_t>(x) : ~std::uint64_t{0};
}

}  // namespace

// Fresh entropy for the core's re-keying of secure decks (fairdeck/entropy.hpp): an import the
// package provides (web/src/instantiate.ts: crypto.getRandomValues, at most 65,536 bytes per
// call). A missing or throwing source returns 0, never throws: the core then reports a clean
// error and changes nothing.
extern "C" __attribute__((import_module("env"), import_name("js_entropy"))) int js_entropy(std::uint8_t* out, std::size_t n);

namespace {
bool entropy_from_js(std::uint8_t* out, std::size_t n) { return js_entropy(out, n) != 0; }
const bool g_entropy_installed = (fd::set_entropy_source(&entropy_from_js), true);
}  // namespace

extern "C" {

// (names and limits: manifest.cpp, read at build time; errors, text results and memory: basics.cpp)

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
/// A provable deck (provable.hpp, docs/provably-fair.md): `server` the 32 seed bytes, `client` the
/// UTF-8 client seed, `nonce` an integer 0 … 2^53 − 1 (exact in a double).
EMSCRIPTEN_KEEPALIVE CoreDeck* fd_deck_new_provable(const char* style, u32 style_len, u32 decks, u32 jokers, u32 size,
                                                    const char* server, u32 server_len, const char* client,
                                                    u32 client_len, double nonce) {
  return guard<CoreDeck*>(nullptr, [&] {
    fd::ProvableSeeds seeds;
    if (server_len != 32) throw fd::TypeError("provable.serverSeed must be 32 bytes");
    std::copy(server, server + 32, seeds.server.begin());
    if (!(nonce >= 0 && nonce <= 9007199254740991.0) || nonce != static_cast<double>(static_cast<std::uint64_t>(nonce)))
      throw fd::RangeError("provable.nonce must be an integer from 0 to 2^53 − 1");
    seeds.client = std::string(view(client, client_len));
    seeds.nonce = static_cast<std::uint64_t>(nonce);
    return adopt(std::make_unique<fd::Deck>(fd::make_composition(std::string(view(style, style_len)), decks, jokers, size), seeds));
  });
}
/// A deck from a saved state's fields (fd::StateFields; web/src/state.ts read the JSON and checked
/// each field's type). `ids` holds the undealt, returned and dealt piles, then the dice, as
/// little-endian u32; `flags`: 1 seeded, 2 order "hidden", 4 engine present (else null).
/// `entropy` (32 bytes) keys a state saved without its secret.
EMSCRIPTEN_KEEPALIVE CoreDeck* fd_deck_restore(const char* style, u32 style_len, const char* strategy, u32 strategy_len,
                                               const char* rng, u32 rng_len, const char* engine, u32 engine_len,
                                               const char* entropy, u32 entropy_len, const char* ids, u32 ids_len,
                                               double decks, double jokers, double size, u32 flags, u32 undealt,
                                               u32 returned, u32 dealt) {
  return guard<CoreDeck*>(nullptr, [&] {
    const u32 words = ids_len / 4;
    if (ids_len % 4 || undealt > words || returned > words - undealt || dealt > words - undealt - returned)
      throw fd::TypeError("state piles do not match the ids given");
    fd::StateFields f;
    f.style = view(style, style_len), f.strategy = view(strategy, strategy_len), f.rng = view(rng, rng_len);
    f.decks = whole(decks), f.jokers = whole(jokers), f.size = whole(size);
    f.seeded = flags & 1, f.hidden = flags & 2;
    if (flags & 4) f.engine = std::string(view(engine, engine_len));
    const auto take = [&ids](std::vector<u32>& pile, u32 n) {  // ids need not be aligned: memcpy
      pile.resize(n);
      if (n) std::memcpy(pile.data(), ids, std::size_t{n} * 4), ids += std::size_t{n} * 4;
    };
    take(f.undealt, undealt), take(f.returned, returned), take(f.dealt, dealt);
    take(f.dice, words - undealt - returned - dealt);
    std::optional<fd::Bytes32> key;
    if (entropy_len) key = to_key(view(entropy, entropy_len));
    return adopt(fd::restore_fields(f, key));
  });
}
/// What the deck was made with, as JSON (text result).
EMSCRIPTEN_KEEPALIVE const char* fd_deck_info(CoreDeck* d) {
  return guard<const char*>(nullptr, [&] { return text(deck_info(*d->deck)); });
}
/// The state as JSON (text result); 0 with the error recorded if it cannot be written.
EMSCRIPTEN_KEEPALIVE const char* fd_deck_save(CoreDeck* d, bool include_secret) {
  return on(d, [&](fd::Deck& k) { return guard<const char*>(nullptr, [&] { return text(fd::save_state(k, include_secret)); }); });
}

// ---- piles and returning cards (once per call, not per card) ----
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

// ---- raw engine output (bulk shuffles: shuffle.cpp) ----
EMSCRIPTEN_KEEPALIVE fd::Rng* fd_words_new(const char* rng, u32 rng_len, int seed_kind, const char* seed, u32 seed_len) {
  return guard<fd::Rng*>(nullptr, [&] { return new fd::Rng(make_rng(view(rng, rng_len), seed_kind, view(seed, seed_len))); });
}

// ---- faces ----
/// One deck of a style (jokers included) as a JSON array of [code, name, rank, suit] (text result).
EMSCRIPTEN_KEEPALIVE const char* fd_faces(const char* style, u32 style_len, u32 jokers) {
  return guard<const char*>(nullptr, [&] {
    const auto c = fd::make_composition(std::string(view(style, style_len)), 1, jokers, 0);
    Text out;
    out << "[";
    for (u32 i = 0; i < c.per_deck(); ++i) {
      const fd::Face f = c.style->face(i);
      out << (i ? ",[\"" : "[\"") << f.code << "\",\"" << f.name << "\",\"" << f.rank << "\",\"" << f.suit << "\"]";
    }
    return text(std::move((out << "]").s));
  });
}

}  // extern "C"
