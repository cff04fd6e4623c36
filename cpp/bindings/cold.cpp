// cpp/bindings/cold.cpp — the deck module's Embind bindings (EMSCRIPTEN_BINDINGS below) and its
// cold methods, compiled -Oz (CMakeLists.txt): making and restoring decks, saving state, deck
// info, piles, faces, and word streams. Each runs once per object or per page, so size matters
// more than speed here; the methods called per deal or per shuffle are in fairdeck.cpp at -O3
// (docs/size.md), and fairdeck.cpp says the rules every binding follows. fairdeck.cpp is linked
// first, so where both files use the same inline function the -O3 copy is the one kept.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <emscripten/bind.h>

#include "common.hpp"
#include "decks.hpp"
#include "fairdeck/entropy.hpp"
#if FAIRDECK_SIM
#include "fairdeck/sample.hpp"
#endif
#include "fairdeck/state.hpp"
#include "fairdeck/text.hpp"

using namespace fairdeck::abi;
using fairdeck::Text;

namespace {

/// What a deck was made with, as JSON (DeckInfo in web/src/state.ts). A provable deck adds what
/// it may tell anyone about its current round: commitment, client seed, nonce and the scheme's
/// version (never the seed).
std::string deck_info(const fd::Deck& d) {
  const fd::Composition& c = d.composition();
  Text t;
  t << "{\"rng\":\"" << d.rng().name() << "\",\"strategy\":\"" << fd::strategy_name(d.strategy()) << "\",\"style\":\""
    << c.style_name() << "\",\"decks\":" << (c.style ? c.decks : 1u) << ",\"jokers\":" << (c.style ? c.jokers : 0u)
    << ",\"size\":" << d.size() << ",\"seeded\":" << (d.rng().secure() ? "false" : "true");
  if (d.cut()) t << ",\"cut\":" << d.cut();
  if (const fd::ProvableSeeds* p = d.provable()) {
    fd::Sha256 h;
    h.update(std::string_view(reinterpret_cast<const char*>(p->server.data()), p->server.size()));
    (t << ",\"provable\":{\"commitment\":\"" << fd::hex::encode(h.digest()) << "\",\"clientSeed\":").quoted(p->client)
        << ",\"nonce\":" << p->nonce << ",\"version\":" << p->version << "}";
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

// Fresh entropy for the core's re-keying of secure decks (fairdeck/entropy.hpp): a JS function
// of this project's (cpp/bindings/imports.js: crypto.getRandomValues, at most 65,536 bytes per
// call). A missing or throwing source returns 0, never throws: the core then reports a clean
// error and changes nothing.
extern "C" int js_entropy(std::uint8_t* out, std::size_t n);

namespace {
bool entropy_from_js(std::uint8_t* out, std::size_t n) { return js_entropy(out, n) != 0; }
const bool g_entropy_installed = (fd::set_entropy_source(&entropy_from_js), true);

/// A shoe's penetration (`cut` 1: `penetration` holds it; 0: no cut card), checked by the core.
std::optional<double> penetration_of(const val& s) {
  if (!s["cut"].as<bool>()) return std::nullopt;
  return s["penetration"].as<double>();
}

/// A deck's options (DeckSpec in binding.ts, as options.ts checked them), packed by TypeScript
/// into the spec area (binding.ts, packSpec) rather than read field by field from an object: each
/// emval read was a call out of WASM and an allocation, and 20-odd of them were most of a new
/// deck's 15–25 µs. Little-endian u32 words: [0] decks, [1] jokers, [2] size, [3] cut (0/1),
/// [4] seedKind, [5]–[8] the byte lengths of style, strategy, rng and seed; bytes 40–47 the
/// penetration (a double); from byte 48 the four byte strings one after another. The area is
/// kSpecBytes of static memory, or, for a spec that needs more (a long seed text), a heap block
/// (spec_area): every deck is made from it, so the binding reads no options object.
alignas(8) std::uint8_t g_fixed_spec[kSpecBytes];
std::uint8_t* g_spec = g_fixed_spec;
std::size_t g_spec_size = kSpecBytes;

/// A provable deck's options (provable.hpp, docs/provably-fair.md): `server` the 32 seed bytes,
/// `client` the UTF-8 client seed, `nonce` an integer 0 … 2^53 − 1 (exact in a double),
/// `version` the scheme, 1 or 2.
struct ProvableSpec {
  std::string style;
  u32 decks, jokers, size;
  std::string server, client;
  double nonce;
  u32 version;
  std::optional<double> penetration;
  explicit ProvableSpec(const val& s)
      : style(bytes_of(s["style"])), decks(s["decks"].as<u32>()), jokers(s["jokers"].as<u32>()), size(s["size"].as<u32>()),
        server(bytes_of(s["server"])), client(bytes_of(s["client"])), nonce(s["nonce"].as<double>()),
        version(s["version"].as<u32>()), penetration(penetration_of(s)) {}
};
/// A saved state's fields (fd::StateFields; web/src/state.ts read the JSON and checked each
/// field's type). The ids, the undealt, returned and dealt piles, then each named pile's cards,
/// then the dice, are in the input buffer (input()); flags: 1 seeded, 2 order "hidden", 4 engine
/// present (else null). `cut` and `drawn`: a version-2 state's integers (−1 for a null cut); `drawn`
/// is −1 for a version-1 state.
/// `named` holds each named pile's name length and card count, its names' UTF-8 bytes one after
/// the other in `names`. `entropy` (32 bytes) keys a state saved without its secret.
struct StateSpec {
  std::string style, strategy, rng, engine, entropy, names, named;
  double decks, jokers, size, cut, drawn;
  u32 flags, undealt, returned, dealt, ids, dead = 0;
  explicit StateSpec(const val& s)
      : style(bytes_of(s["style"])), strategy(bytes_of(s["strategy"])), rng(bytes_of(s["rng"])), engine(bytes_of(s["engine"])),
        entropy(bytes_of(s["entropy"])), names(bytes_of(s["names"])), named(bytes_of(s["named"])),
        decks(s["decks"].as<double>()), jokers(s["jokers"].as<double>()), size(s["size"].as<double>()),
        cut(s["cut"].as<double>()), drawn(s["drawn"].as<double>()), flags(s["flags"].as<u32>()),
        undealt(s["undealt"].as<u32>()), returned(s["returned"].as<u32>()), dealt(s["dealt"].as<u32>()),
        ids(s["ids"].as<u32>()) {
#if FAIRDECK_SIM  // dead cards: the sim module only (a state with some is refused before, in state.ts)
    if (!s["dead"].isUndefined()) dead = s["dead"].as<u32>();
#endif
  }
};

/// The input buffer for a state's ids: filled by JS through input(n), read by restore().
std::vector<u32> g_input;

fd::Composition composition(const std::string& style, u32 decks, u32 jokers, u32 size) {
  return fd::make_composition(style, decks, jokers, size);
}

/// A deck made from the options TypeScript packed into g_spec (the layout above). It zeroes the seed
/// once read, so a secure deck's key stays nowhere but in its engine; the rest of the area is not
/// secret and stays, so that TypeScript writes only the seed for a deck made like the last one
/// (binding.ts, packSpec).
CoreDeck* make_packed() {
  u32 w[9];
  double penetration;
  std::memcpy(w, g_spec, sizeof w);
  std::memcpy(&penetration, g_spec + 40, sizeof penetration);
  std::string_view field[4];
  std::size_t at = 48;
  for (int i = 0; i < 4; ++i) {
    const std::size_t n = std::min<std::size_t>(w[5 + i], g_spec_size - at);
    field[i] = {reinterpret_cast<const char*>(g_spec + at), n}, at += n;
  }
  CoreDeck* d = guard<CoreDeck*>(nullptr, [&] {
    const auto c = composition(std::string(field[0]), w[0], w[1], w[2]);
    return adopt(std::make_unique<fd::Deck>(c, fd::parse_strategy(field[1]), make_rng(field[2], static_cast<int>(w[4]), field[3]),
                                            w[3] ? std::optional<double>(penetration) : std::nullopt));
  });
  std::memset(g_spec + at - field[3].size(), 0, field[3].size());  // the seed: it ends at `at`
  return d;
}
/// The address of a spec area of at least `n` bytes, where TypeScript packs makePacked()'s
/// options: the static one, or a heap block for a larger spec (freed at the next call); 0, with
/// the error recorded, if the heap has no room for it.
u32 spec_area(u32 n) {
  if (g_spec != g_fixed_spec) std::free(g_spec);  // its seed is zeroed (make_packed)
  g_spec = g_fixed_spec, g_spec_size = kSpecBytes;
  if (n > kSpecBytes) {
    void* big = std::malloc(n);
    if (big == nullptr) return record_error(kRangeError, kNoMemory), 0;
    g_spec = static_cast<std::uint8_t*>(big), g_spec_size = n;
  }
  return static_cast<u32>(reinterpret_cast<std::uintptr_t>(g_spec));
}

CoreDeck* make_provable(const val& spec) {
  return guard<CoreDeck*>(nullptr, [&] {
    const ProvableSpec s(spec);
    fd::ProvableSeeds seeds;
    if (s.server.size() != 32) throw fd::TypeError("provable.serverSeed must be 32 bytes");
    std::copy(s.server.begin(), s.server.end(), seeds.server.begin());
    if (!(s.nonce >= 0 && s.nonce <= 9007199254740991.0) || s.nonce != static_cast<double>(static_cast<std::uint64_t>(s.nonce)))
      throw fd::RangeError("provable.nonce must be an integer from 0 to 2^53 − 1");
    seeds.client = s.client;
    seeds.nonce = static_cast<std::uint64_t>(s.nonce);
    seeds.version = s.version;  // checked by the Deck (ProvableSeeds::validate)
    const auto c = composition(s.style, s.decks, s.jokers, s.size);
    return adopt(std::make_unique<fd::Deck>(c, seeds, s.penetration));
  });
}

/// n u32 slots for a state's ids, as a view JS fills; null (error recorded) if the heap is full.
val input(u32 n) {
  if (!guard(false, [&] { return g_input.resize(n), true; })) return val::null();
  return view(n, g_input.data());
}

/// A saved state's MAC (issue 59, SECURITY.md "Saved states"): HMAC-SHA256, libsodium's through
/// fd::hmac_sha256, of the `message` bytes under the `key` bytes that JS wrote one after the other
/// into the input buffer (input(), at least 32 bytes). The buffer is zeroed (the key is a secret)
/// and left holding the 32-byte MAC at its start, where JS reads it before it calls input(0).
void state_mac(u32 key_bytes, u32 message_bytes) {
  auto* b = reinterpret_cast<char*>(g_input.data());
  const std::size_t room = g_input.size() * 4, n = std::min<std::size_t>(std::size_t{key_bytes} + message_bytes, room),
                    k = std::min<std::size_t>(key_bytes, n);
  const auto mac = fd::hmac_sha256({b, k}, {b + k, n - k});
  std::memset(b, 0, room);
  if (room >= mac.size()) std::memcpy(b, mac.data(), mac.size());
}

CoreDeck* restore(const val& spec) {
  std::vector<u32> input = std::move(g_input);  // freed however this ends
  g_input = {};
  return guard<CoreDeck*>(nullptr, [&] {
    const StateSpec s(spec);
    const u32 words = std::min<std::size_t>(s.ids, input.size());
    if (s.undealt > words || s.returned > words - s.undealt || s.dealt > words - s.undealt - s.returned)
      throw fd::TypeError("state piles do not match the ids given");
    fd::StateFields f;
    f.style = s.style, f.strategy = s.strategy, f.rng = s.rng;
    f.decks = whole(s.decks), f.jokers = whole(s.jokers), f.size = whole(s.size);
    f.seeded = s.flags & 1, f.hidden = s.flags & 2;
    if (s.flags & 4) f.engine = s.engine;
    const u32* ids = input.data();
    const auto take = [&ids](std::vector<u32>& pile, u32 n) { pile.assign(ids, ids + n), ids += n; };
    take(f.undealt, s.undealt), take(f.returned, s.returned), take(f.dealt, s.dealt);
    u32 left = words - s.undealt - s.returned - s.dealt;
    std::size_t name_at = 0;
    if (!fd::kPiles && !s.named.empty()) throw fd::TypeError(fd::kNoPilesInBuild);  // their reading compiled out
    for (std::size_t i = 0; fd::kPiles && i + 8 <= s.named.size(); i += 8) {  // (name length, count) pairs of u32
      u32 pair[2];
      std::memcpy(pair, s.named.data() + i, sizeof pair);
      const u32 length = static_cast<u32>(std::min<std::size_t>(pair[0], s.names.size() - name_at)), count = std::min(pair[1], left);
      f.piles.emplace_back(s.names.substr(name_at, length), std::vector<u32>());
      name_at += length, left -= count, take(f.piles.back().second, count);
    }
#if FAIRDECK_SIM
    const u32 dead = std::min(s.dead, left);  // issue 40: the dead cards, before the dice
    take(f.dead, dead), left -= dead;
#endif
    take(f.dice, left);
    if (s.drawn >= 0) {  // version 2
      if (s.cut >= 0) f.cut = whole(s.cut);
      f.drawn = whole(s.drawn);
    }
    std::vector<u32>().swap(input);
    std::optional<fd::Bytes32> key;
    if (!s.entropy.empty()) key = to_key(s.entropy);
    return adopt(fd::restore_fields(f, key));
  });
}

/// The address of the deck's window cells and its buffer's address and size (CoreDeck): fixed
/// for the deck's life, read once by JS through the module's heap view.
u32 port(CoreDeck& d) { return static_cast<u32>(reinterpret_cast<std::uintptr_t>(d.port)); }
u32 size(CoreDeck& d) { return d.size(); }

/// What the deck was made with, as JSON (text result). Through `on` like every question that
/// reaches the core deck: reading its engine settles a look-ahead, which must first know how many
/// of its cards JS dealt from the window (else it undoes them, and JS deals them again).
val info(CoreDeck& d) {
  return on(&d, [](fd::Deck& k) { return text_or_null([&] { return deck_info(k); }); });
}
/// The state as JSON (text result); null with the error recorded if it cannot be written.
val save(CoreDeck& d, bool include_secret) {
  return on(&d, [&](fd::Deck& k) { return text_or_null([&] { return fd::save_state(k, include_secret); }); });
}

/// Copies ids into the deck's buffer; how many.
u32 copy_out(CoreDeck& d, const std::vector<u32>& ids) {
  std::copy(ids.begin(), ids.end(), d.reserve(static_cast<u32>(ids.size())));
  return static_cast<u32>(ids.size());
}
/// Copies pile 0 (undealt), 1 (returned) or 2 (dealt), or 3 the dead cards (issue 40), into the
/// buffer; its length, or kFailed.
u32 pile(CoreDeck& d, int which) {
#if FAIRDECK_SIM
  return on(&d, [&](fd::Deck& k) { return guard(kFailed, [&] { return copy_out(d, which == 3 ? k.dead() : k.pile(which)); }); });
#else
  return on(&d, [&](fd::Deck& k) { return guard(kFailed, [&] { return copy_out(d, k.pile(which)); }); });
#endif
}
#if FAIRDECK_SIM  // the sim module only (CMakeLists.txt, docs/size.md)
/// sampleIds (issue 40, fairdeck/sample.hpp): `trials` samples of k cards from the remaining
/// cards into the buffer (ids()), the deck's cards unmoved; k · trials ids, or kFailed (error
/// recorded, nothing changed: k past the cards remaining, a provable deck, no memory, no entropy
/// for a re-key). The checks and the scratch here (-Oz), the trials at -O3 (hot::sample_run).
/// TypeScript calls it in chunks of at most 64 K ids, so that V8 runs the later chunks in its
/// optimised tier (a WebAssembly function is replaced between calls, never during one).
u32 sample(CoreDeck& d, u32 k, u32 trials) {
  return on(&d, [&](fd::Deck& deck) {
    return guard(kFailed, [&] {
      std::vector<u32> scratch = fd::sample_scratch(deck, k, trials);
      u32* out = d.reserve(k * trials);  // k * trials fits: sample_scratch checked it
      hot::sample_run(deck.rng(), scratch, k, trials, out);
      return k * trials;
    });
  });
}
/// Takes the n ids at the buffer out of play (issue 40, Deck::remove_cards): all or nothing.
/// False: error recorded.
bool remove_cards(CoreDeck& d, u32 n) {
  return on(&d, [&](fd::Deck& k) {
    return guard(false, [&] { return k.remove_cards(std::span(d.buffer.data(), std::min<std::size_t>(n, d.buffer.size()))), true; });
  });
}
#endif
/// Makes the deck's id buffer hold at least n slots (for returnCards' ids): false if out of memory.
bool reserve(CoreDeck& d, u32 n) {
  return guard(false, [&] { return d.reserve(n), true; });
}
/// Returns the n ids at the buffer to the deck: all or nothing. False: error recorded.
bool return_cards(CoreDeck& d, u32 n) {
  return on(&d, [&](fd::Deck& k) {
    return guard(false, [&] { return k.return_cards(std::span(d.buffer.data(), std::min<std::size_t>(n, d.buffer.size()))), true; });
  });
}

#if FAIRDECK_PILES  // the games module only (CMakeLists.txt, docs/size.md)
/// Names a pile: checks `name` (TypeError naming `param`) and gives it the next number in
/// g_pile_names (decks.hpp); −1 with the error recorded.
int pile_name(const val& name, const val& param) {
  return guard(-1, [&] {
    const std::string n = bytes_of(name);
    g_pile_names.emplace_back().set(fd::Deck::pile_ref(n, bytes_of(param)));
    return static_cast<int>(g_pile_names.size() - 1);
  });
}
/// Forgets every pile number but the pinned ones (the first kPinnedPiles: a pile log may hold
/// them, decks.hpp) and every pattern.
void forget_pile_names() {
  if (g_pile_names.size() > kPinnedPiles) g_pile_names.resize(kPinnedPiles), g_pile_names.shrink_to_fit();
  std::vector<fd::DealPlan>().swap(g_plans);
}
/// Reads a pattern once: `pairs` holds (pile number, count) pairs as bytes (a Uint32Array's);
/// its number in g_plans, or −1 with the error recorded.
int plan_pattern(const val& pairs) {
  return guard(-1, [&] {
    const std::string bytes = bytes_of(pairs);
    std::vector<fd::RefPacket> packets(bytes.size() / 8);
    for (std::size_t i = 0; i < packets.size(); ++i) {
      u32 pair[2];
      std::memcpy(pair, bytes.data() + 8 * i, 8);
      packets[i] = {pile_numbered(pair[0]), pair[1]};
    }
    g_plans.emplace_back(packets);
    return static_cast<int>(g_plans.size() - 1);
  });
}

/// Deals seats · perSeat cards round by round onto piles hand:0 … (as dealTo in fairdeck.cpp).
/// Here at -Oz: once per hand, and its size weighed more than its speed (docs/size.md).
u32 deal_hands(CoreDeck& d, u32 seats, u32 per_seat) {
  return on(&d, [&](fd::Deck& k) {
    return guard(kFailed, [&] {
      const auto want = static_cast<u32>(std::min<std::uint64_t>(std::uint64_t{seats} * per_seat, k.remaining()));
      return k.deal_hands(seats, per_seat, d.reserve(want));
    });
  });
}
/// A pattern's packets and its plan, reused from call to call (no allocation per hand).
std::vector<fd::RefPacket> g_packets;
fd::DealPlan g_plan;
/// Deals packets given as (pile number, count) pairs at the start of the buffer (as dealPlan in
/// fairdeck.cpp, reading the pattern first). Here at -Oz: a game that deals one pattern again and
/// again reads it once (Deck.pattern) and deals it with dealPlan (docs/size.md).
u32 deal_pattern(CoreDeck& d, u32 packets) {
  return on(&d, [&](fd::Deck& k) {
    return guard(kFailed, [&] {
      const std::size_t n = std::min<std::size_t>(packets, d.buffer.size() / 2);
      if (g_packets.size() < n) g_packets.resize(n);
      const u32* pairs = d.buffer.data();
      for (std::size_t i = 0; i < n; ++i) g_packets[i] = {pile_numbered(pairs[2 * i]), pairs[2 * i + 1]};
      g_plan.assign(std::span<const fd::RefPacket>(g_packets.data(), n));
      // The pairs are read: the buffer may now grow and take the ids.
      return k.deal_pattern(g_plan, d.reserve(static_cast<u32>(std::min<std::uint64_t>(g_plan.total(), k.remaining()))));
    });
  });
}
/// Copies pile number `pile`'s cards (in the order they arrived) into the buffer; how many.
u32 pile_cards(CoreDeck& d, u32 pile) {
  return on(&d, [&](fd::Deck& k) {
    return guard(kFailed, [&] { return copy_out(d, k.pile_cards(pile_numbered(pile).name)); });
  });
}
/// The names of the piles that hold cards, in the core's order, separated by spaces (text result).
val pile_names(CoreDeck& d) {
  return on(&d, [&](fd::Deck& k) {
    return text_or_null([&] {
      std::string out;
      for (const std::string& name : k.pile_names()) out += (out.empty() ? "" : " ") + name;
      return out;
    });
  });
}
#endif
bool cut_card_out(CoreDeck& d) {
  return on(&d, [](fd::Deck& k) { return k.cut_card_out(); });
}

CoreWords* words_make(const val& engine) {
  return guard<CoreWords*>(nullptr, [&] { return new CoreWords{EngineSpec(engine).make(), {}}; });
}

/// One deck of a style (jokers included) as a JSON array of [code, name, rank, suit, rank number] (text result).
val faces(const val& style, u32 jokers) {
  return text_or_null([&] {
    const auto c = fd::make_composition(bytes_of(style), 1, jokers, 0);
    Text out;
    out << "[";
    for (u32 i = 0; i < c.per_deck(); ++i) {
      const fd::Face f = c.style->face(i);
      out << (i ? ",[\"" : "[\"") << f.code << "\",\"" << f.name << "\",\"" << f.rank << "\",\"" << f.suit << "\"," << u32{f.value} << "]";
    }
    return std::move((out << "]").s);
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(fairdeck_deck) {
  using namespace emscripten;
  using fairdeck::abi::CoreDeck;
  // Decks: made by the class functions (null, the error recorded, when the options are refused),
  // freed by the handle's delete() (web/src/deck.ts: dispose, `using`, or a FinalizationRegistry).
  class_<CoreDeck>("CoreDeck")
      .class_function("makePacked", &make_packed, allow_raw_pointers())
      .class_function("makeProvable", &make_provable, allow_raw_pointers())
      .class_function("restore", &restore, allow_raw_pointers())
      .function("port", &port)
      .function("shuffle", &hot::shuffle)
      .function("shuffleRemaining", &hot::shuffle_remaining)
      .function("dealOne", &hot::deal_one)
      .function("deal", &hot::deal)
      .function("remaining", &hot::remaining)
      .function("returned", &hot::returned)
      .function("size", &size)
      .function("pile", &pile)
      .function("reserve", &reserve)
      .function("returnCards", &return_cards)
#if FAIRDECK_SIM
      .function("sample", &sample)
      .function("removeCards", &remove_cards)
#endif
#if FAIRDECK_PILES
      .function("dealTo", &hot::deal_to)
      .function("dealHands", &deal_hands)
      .function("dealPattern", &deal_pattern)
      .function("dealPlan", &hot::deal_plan)
      .function("pileCards", &pile_cards)
      .function("pileNames", &pile_names)
      .function("moveCards", &hot::move_cards)
#endif
      .function("cutCardOut", &cut_card_out)
      .function("info", &info)
      .function("save", &save);
  function("input", &input);
  function("stateMac", &state_mac);
  function("specArea", &spec_area);
#if FAIRDECK_PILES
  function("pileName", &pile_name);
  function("forgetPileNames", &forget_pile_names);
  function("planPattern", &plan_pattern);
#if FAIRDECK_SPARE_ROOM
  function("dropRoom", +[] { fd::Deck::drop_room(), CoreDeck::spare().drop(); });
#endif
#endif
  class_<CoreWords>("CoreWords")
      .class_function("make", &words_make, allow_raw_pointers())
      .function("next", &hot::words_next);
  function("faces", &faces);
}
