// fairdeck/state.hpp — saving and restoring a deck's whole state.
//
// Why: a game server must be able to persist a deck mid-hand and resume it exactly. The state is
// JSON written here, in the core, so every platform agrees. Reading it is two steps: its fields
// and their types (read_state here; in the package, web/src/state.ts over JSON.parse, with the
// same checks and messages), then restore_fields, the core's checks of everything else, which
// every platform shares and the fuzzers drive.
// A seeded deck's state holds its engine position, so the restored deck deals exactly what the
// original would have. A secure (unseeded) deck's key is left out unless asked for, and so is the
// order of its undealt cards (for an eager deck that order IS the future deal) and its pending
// dice: such a state is restored with fresh entropy and its undealt cards are shuffled again.
// Nothing in it may decide future cards, so one that carries dice (the core never writes that)
// is rejected rather than obeyed.
// Versions: a deck with no card in a named pile and no cut card writes version 1, byte for byte
// what 0.1 wrote. Otherwise it writes version 2, which adds "piles" (each pile besides the default
// one that holds cards, in pile_names() order, its ids in the order they arrived; the default
// pile stays in "dealt"), "cut" (the cut card's place, or null) and "drawn" (Deck::drawn). A 0.1
// reader refuses a version 2 state (an unknown field) instead of misreading it; this reader takes
// both, and a state's version must be the one its fields call for. Issue 40: a deck with dead
// cards (Deck::remove_cards) writes version 2 with one more field, "dead" (their ids, each also
// in "dealt", where a dead card lies); it is written only when there are some, so every other
// state is what it was, and a reader without it refuses the field rather than dealing them.
#pragma once
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fairdeck/deck.hpp"
#include "fairdeck/json.hpp"
#include "fairdeck/text.hpp"

namespace fairdeck {

namespace detail {
inline void put_ids(Text& out, const char* key, const std::vector<std::uint32_t>& ids) {
  out << ",\"" << key << "\":[";
  for (std::size_t i = 0; i < ids.size(); ++i) (i ? out << "," : out) << ids[i];
  out << "]";
}
}  // namespace detail

/// Largest deck whose state can be saved: 2^24 = 16,777,216 cards. Its JSON text is at most about
/// 151 MB (≤ 8 digits and a comma per card), far below the longest string JavaScript engines
/// allow (V8: 2^29 − 24 characters, which a 2^26-card state exceeds), and restoring it fits the
/// 4 GiB WASM heap with room (the reader holds each id as a JSON value first).
inline constexpr std::uint32_t kMaxSavableCards = 1u << 24;

/// What a state's engine field must be (a type in JSON, a rule with `seeded` and `order`).
inline constexpr const char* kEngineFieldMessage =
    "state.engine must be a hex string (null only for a secure deck saved with order \"hidden\")";

/// Throws RangeError naming the deck size and the largest savable size if a deck of `size`
/// cards cannot be saved. Called before any text is built, so a refusal allocates nothing.
inline void check_savable(std::uint32_t size) {
  if (size > kMaxSavableCards)
    throw RangeError(cat("a deck of ", size, " cards is too large to save: the largest deck whose state can be saved has ",
                         kMaxSavableCards, " cards (2^24)"));
}

/// The deck's state as JSON. The secret parts of a secure deck only with `include_secret`.
/// Throws RangeError (see check_savable) for decks above kMaxSavableCards.
inline std::string save_state(const Deck& d, bool include_secret) {
  if (d.provable())
    throw TypeError("a provable deck has no saved state: replay it from its seeds, nonce and the history of calls");
  check_savable(d.size());
  const bool secret = d.rng().secure() && !include_secret;
  const bool v2 = d.has_named_piles() || d.cut() != 0 || d.any_dead();  // else exactly what 0.1 wrote
  const Composition& c = d.composition();
  Text o;
  o << "{\"format\":\"fairdeck-deck\",\"version\":" << (v2 ? "2" : "1") << ",\"style\":\"" << c.style_name() << "\",\"decks\":"
    << (c.style ? c.decks : 1u) << ",\"jokers\":" << (c.style ? c.jokers : 0u) << ",\"size\":" << d.size()
    << ",\"strategy\":\"" << strategy_name(d.strategy()) << "\",\"rng\":\"" << d.rng().name()
    << "\",\"seeded\":" << (d.rng().secure() ? "false" : "true") << ",\"order\":\"" << (secret ? "hidden" : "exact") << "\"";
  std::vector<std::uint32_t> undealt = d.pile(0), returned = d.pile(1);
  if (secret) std::sort(undealt.begin(), undealt.end()), std::sort(returned.begin(), returned.end());
  detail::put_ids(o, "undealt", undealt);
  detail::put_ids(o, "returned", returned);
  if (!v2) {
    detail::put_ids(o, "dealt", d.pile(2));
  } else {
    detail::put_ids(o, "dealt", d.default_pile_as_saved());
    o << ",\"piles\":{";
    bool first = true;
    for (const NamedPile& p : d.named_piles()) {
      (first ? o : o << ",").quoted(p.name) << ":[";
      for (std::size_t i = 0; i < p.cards.size(); ++i) (i ? o << "," : o) << p.cards[i];
      o << "]";
      first = false;
    }
    o << "},\"cut\":";
    if (d.cut()) o << d.cut();
    else o << "null";
    o << ",\"drawn\":" << d.drawn();
    if (d.any_dead()) detail::put_ids(o, "dead", d.dead());
  }
  o << ",\"engine\":";
  if (secret) o << "null";
  else o << "\"" << d.rng().save() << "\"";
  const Dice& dice = d.rng().dice();
  std::vector<std::uint32_t> pending;
  if (!secret && dice.count) {
    pending.push_back(dice.next_bound);
    for (int i = 0; i < dice.count; ++i) pending.push_back(dice.dice[dice.pos + i]);
  }
  detail::put_ids(o, "dice", pending);
  o << "}";
  return std::move(o.s);
}

/// A deck state's fields, as its JSON holds them: read from the text by read_state (native code,
/// the tests and the fuzzers), or handed over by the package's TypeScript, which reads the text
/// with JSON.parse and checks each field's type itself (web/src/state.ts), so that the WASM module
/// carries no JSON reader. restore_fields checks everything else: the ranges, the composition, the
/// names, every card exactly once, the dice and the engine.
struct StateFields {
  std::string style, strategy, rng;
  std::uint64_t decks = 0, jokers = 0, size = 0;
  bool seeded = false;
  bool hidden = false;  ///< order "hidden" (false: "exact")
  std::vector<std::uint32_t> undealt, returned, dealt, dice;
  std::optional<std::string> engine;  ///< the engine's hex; nullopt for JSON null
  // Version 2 only (empty / nullopt for version 1):
  NamedPileList piles;                 ///< the piles besides the default one, in the state's order
  std::optional<std::uint64_t> cut;    ///< the cut card's place (Deck::cut); nullopt: no cut card
  std::optional<std::uint64_t> drawn;  ///< Deck::drawn() (without a cut: the cards dealt); nullopt: those
  std::vector<std::uint32_t> dead;     ///< version 2, issue 40: cards out of play (each in `dealt`)
};

namespace detail {
inline const json::Value& field(const json::Value& v, const char* key, json::Value::Kind kind, const char* what) {
  const auto it = v.object.find(key);
  if (it == v.object.end() || it->second.kind != kind)
    throw TypeError(cat("state.", key, " must be ", what));
  return it->second;
}
inline std::vector<std::uint32_t> ids(const json::Value& v, const char* key) {
  std::vector<std::uint32_t> out;
  for (const json::Value& x : field(v, key, json::Value::Kind::array, "an array of card ids").array) {
    if (x.kind != json::Value::Kind::integer || x.integer >= kMaxCards)
      throw TypeError(cat("state.", key, " must hold only card ids (integers)"));
    out.push_back(static_cast<std::uint32_t>(x.integer));
  }
  return out;
}
}  // namespace detail

/// Reads save_state() JSON into its fields, checking the text and each field's type (TypeError
/// naming the field). The same checks, with the same messages, as web/src/state.ts.

/// The message for a state whose version does not match its fields (the TypeScript reader,
/// web/src/state.ts, gives the same text): a newer fairdeck's state, or an edited one.
inline std::string version_error(std::uint64_t version, bool v2) {
  if (version > 2) return cat("state.version ", version, " is newer than this fairdeck reads (1 and 2): restore it with the fairdeck that wrote it, or a newer one");
  if (v2) return "state.version must be 2: the state has fields that version 2 adds (piles, cut, drawn)";
  return "state.version must be 1: the state has none of the fields that version 2 adds (piles, cut, drawn)";
}

inline StateFields read_state(std::string_view text) {
  using K = json::Value::Kind;
  const json::Value v = json::parse(text);
  if (v.kind != K::object) throw TypeError("state must be an object");
  static const char* known[] = {"format", "version", "style",  "decks",    "jokers", "size",  "strategy",
                                "rng",    "seeded",  "order",  "undealt",  "returned", "dealt", "engine", "dice",
                                "piles",  "cut",     "drawn",  "dead"};
  for (const auto& entry : v.object) {
    const std::string& key = entry.first;
    if (std::find_if(std::begin(known), std::end(known), [&key](const char* k) { return key == k; }) == std::end(known))
      throw TypeError(cat("state has an unknown field '", key, "'"));
  }
  if (detail::field(v, "format", K::string, "\"fairdeck-deck\"").string != "fairdeck-deck")
    throw TypeError("state.format must be \"fairdeck-deck\"");
  // Version 2 adds piles, cut and drawn; a state with none of them is version 1 (as 0.1 wrote it).
  const bool v2 = v.object.count("piles") || v.object.count("cut") || v.object.count("drawn") || v.object.count("dead");
  const std::uint64_t version = detail::field(v, "version", K::integer, v2 ? "2" : "1").integer;
  if (version != (v2 ? 2u : 1u)) throw RangeError(version_error(version, v2));
  const auto num = [&](const char* k) { return detail::field(v, k, K::integer, "an integer").integer; };
  StateFields f;
  f.size = num("size"), f.decks = num("decks"), f.jokers = num("jokers");
  f.style = detail::field(v, "style", K::string, "a style name").string;
  f.strategy = detail::field(v, "strategy", K::string, "a strategy name").string;
  f.rng = detail::field(v, "rng", K::string, "an engine name").string;
  f.seeded = detail::field(v, "seeded", K::boolean, "true or false").boolean;
  const std::string& order = detail::field(v, "order", K::string, "\"exact\" or \"hidden\"").string;
  if (order != "exact" && order != "hidden") throw TypeError("state.order must be \"exact\" or \"hidden\"");
  f.hidden = order == "hidden";
  f.undealt = detail::ids(v, "undealt"), f.returned = detail::ids(v, "returned"), f.dealt = detail::ids(v, "dealt");
  f.dice = detail::ids(v, "dice");
  const auto engine = v.object.find("engine");
  if (engine == v.object.end()) throw TypeError("state.engine is missing");
  if (engine->second.kind == K::string) f.engine = engine->second.string;
  else if (engine->second.kind != K::null) throw TypeError(kEngineFieldMessage);
  if (!v2) return f;
  const char* piles_message = "state.piles must be an object of pile names and card-id arrays";
  for (const auto& [name, list] : detail::field(v, "piles", K::object, "an object of pile names and card-id arrays").object) {
    if (list.kind != K::array) throw TypeError(piles_message);
    std::vector<std::uint32_t> cards;
    for (const json::Value& x : list.array) {
      if (x.kind != K::integer || x.integer >= kMaxCards) throw TypeError("state.piles must hold only card ids (integers)");
      cards.push_back(static_cast<std::uint32_t>(x.integer));
    }
    f.piles.emplace_back(name, std::move(cards));
  }
  const auto cut = v.object.find("cut");
  if (cut == v.object.end() || (cut->second.kind != K::integer && cut->second.kind != K::null))
    throw TypeError("state.cut must be an integer or null");
  if (cut->second.kind == K::integer) f.cut = cut->second.integer;
  f.drawn = num("drawn");
  if (v.object.count("dead")) {  // a build without dead cards (kSim false) refuses them here; its
    if (!kSim) throw TypeError(kNoSimInBuild);  // WASM bindings never pass restore_fields any
    f.dead = detail::ids(v, "dead");
  }
  return f;
}

/// A build without named piles (kPiles false) refuses a state that holds some, with this message.
inline constexpr const char* kNoPilesInBuild =
    "state.piles holds named piles, and this build of fairdeck has none (FAIRDECK_PILES=0)";

/// Rebuilds a deck from a state's fields. Validates everything first (throws TypeError or
/// RangeError naming the field). `entropy` keys a state saved without its secret.
inline std::unique_ptr<Deck> restore_fields(const StateFields& f, const std::optional<Bytes32>& entropy) {
  const std::uint64_t size = f.size, decks = f.decks, jokers = f.jokers;
  if (size > kMaxCards || decks > kMaxDecks || jokers > 2) throw RangeError("state.size, decks or jokers out of range");
  const Composition comp = make_composition(f.style, static_cast<std::uint32_t>(decks), static_cast<std::uint32_t>(jokers),
                                            static_cast<std::uint32_t>(size));
  if (comp.size() != size) throw RangeError(cat("state.size is ", size, " but the style, decks and jokers make ", comp.size()));
  const Strategy strategy = parse_strategy(f.strategy);
  Rng::check_name(f.rng);
  const std::vector<std::uint32_t>&undealt = f.undealt, &returned = f.returned, &dealt = f.dealt, &dice = f.dice;
  if (!kPiles && !f.piles.empty()) throw TypeError(kNoPilesInBuild);
  static const NamedPileList none;
  const NamedPileList& piles = kPiles ? f.piles : none;  // a build without piles compiles their checks out
  if (piles.size() > kMaxPiles)
    throw RangeError(cat("state.piles holds ", piles.size(), " piles but at most ", kMaxPiles,
                         " besides 'dealt' can hold cards at once"));
  std::uint64_t in_piles = 0;
  for (std::size_t i = 0; i < piles.size(); ++i) {
    const std::string& name = piles[i].first;
    check_pile_name(name, "each name in state.piles");
    if (name == kDefaultPile) throw TypeError("state.piles must not hold the default pile 'dealt' (its cards are in state.dealt)");
    for (std::size_t j = 0; j < i; ++j)
      if (piles[j].first == name) throw TypeError(cat("state.piles names pile '", name, "' twice"));
    if (piles[i].second.empty()) throw RangeError(cat("state.piles '", name, "' is empty (a state lists only piles that hold cards)"));
    in_piles += piles[i].second.size();
  }
  const std::uint64_t held = undealt.size() + returned.size() + dealt.size() + in_piles;
  if (held != size)  // before allocating `size` bytes below
    throw RangeError(cat("state piles hold ", held, " cards but the deck has ", size));
  if (size > kMaxSavableCards)  // no deck this large saves a state (save_state refuses it)
    throw RangeError(cat("state.size is ", size, " but the largest deck whose state can be saved has ", kMaxSavableCards, " cards"));
  std::vector<std::uint8_t> seen(size, 0);
  const auto once = [&seen, size](const std::vector<std::uint32_t>& pile) {
    for (std::uint32_t c : pile) {
      if (c >= size) throw RangeError(cat("state holds card ", c, " but the deck has ids 0–", size - 1));
      if (seen[c]++) throw RangeError(cat("state holds card ", c, " twice"));
    }
  };
  for (const auto* pile : {&undealt, &returned, &dealt}) once(*pile);
  for (const auto& pile : piles) once(pile.second);
  if (f.cut && (*f.cut < 1 || *f.cut > size))
    throw RangeError(cat("state.cut must be null or from 1 to the deck's ", size, " cards, got ", *f.cut));
  const std::uint64_t out = dealt.size() + in_piles;
  if (f.drawn && (*f.drawn < out || *f.drawn > size))
    throw RangeError(cat("state.drawn must be from the ", out, " cards dealt to the deck's ", size, " cards, got ", *f.drawn));
  if (f.drawn && !f.cut && *f.drawn != out)  // without a cut card nothing counts draws (Deck::drawn)
    throw RangeError(cat("state.drawn must be the ", out, " cards dealt when state.cut is null, got ", *f.drawn));
  if (kSim && !f.dead.empty()) {  // issue 40: each dead card lies in the default pile, once, in a deck without a cut card
    if (f.cut) throw TypeError("state.dead must be empty in a deck with a cut card (state.cut)");
    std::vector<std::uint8_t> in_dealt(size, 0);
    for (std::uint32_t c : dealt) in_dealt[c] = 1;
    for (std::uint32_t c : f.dead) {
      if (c >= size || !in_dealt[c]) throw RangeError(cat("state.dead holds card ", c, ", which state.dealt does not"));
      if (in_dealt[c]++ != 1) throw RangeError(cat("state.dead holds card ", c, " twice"));
    }
  }
  Dice pending;
  if (!dice.empty()) {
    const std::size_t k = dice.size() - 1;
    if (k < 1 || k > static_cast<std::size_t>(kMaxBatch) || dice[0] < k + 1)
      throw RangeError("state.dice must be [] or [bound, die…] with 1–8 dice for bounds ≥ 2");
    for (std::size_t i = 0; i < k; ++i) {
      if (dice[1 + i] >= dice[0] - i) throw RangeError("state.dice holds a die outside its bound");
      pending.dice[i] = dice[1 + i];
    }
    pending.next_bound = dice[0];
    pending.count = static_cast<std::uint8_t>(k);
  }
  const bool keyed = f.engine.has_value();
  if (!keyed && (f.seeded || !f.hidden)) throw TypeError(kEngineFieldMessage);
  if (!keyed && !entropy) throw TypeError("restoring a secure deck saved without its secret needs fresh entropy");
  if (!keyed && !dice.empty())  // pending dice would decide the next cards whatever the fresh key is
    throw TypeError("state.dice must be [] when state.engine is null (a state saved without its secret has no pending dice)");
  auto d = std::make_unique<Deck>(comp, strategy, Rng(f.rng, keyed ? Bytes32{} : *entropy, !f.seeded));
  if (keyed) d->rng().load(*f.engine);
  d->set_piles(undealt, returned, dealt, piles);
  d->set_cut_card(static_cast<std::uint32_t>(f.cut.value_or(0)), f.drawn.value_or(out));
  d->rng().dice() = pending;
  if (kSim && !f.dead.empty()) {
    std::vector<std::uint32_t> dead = f.dead;
    std::sort(dead.begin(), dead.end());
    d->set_dead(std::move(dead));
  }
  if (f.hidden) d->shuffle_undealt();
  return d;
}

/// Rebuilds a deck from save_state() JSON: read_state, then restore_fields.
inline std::unique_ptr<Deck> restore_state(std::string_view text, const std::optional<Bytes32>& entropy) {
  return restore_fields(read_state(text), entropy);
}

}  // namespace fairdeck
