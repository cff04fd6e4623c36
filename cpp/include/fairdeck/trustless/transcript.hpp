// fairdeck/trustless/transcript.hpp — a whole hand: the deal plan, the messages in the order of
// the schedule, a checker for all of it and its JSON (docs/trustless.md §3, §9).
//
// Why: a seat, a spectator and a later auditor must reach the same verdict from the same
// messages, and name the same seat, step and check when one fails. The transcript is that list
// of messages; verify_transcript() is the checker every party runs; deal_hand() plays a hand among
// seats held in one process (tests, vectors, benchmarks), each seat drawing from its own
// Randomness as the specification orders it.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "fairdeck/json.hpp"
#include "fairdeck/trustless/protocol.hpp"

namespace fairdeck::trustless {

/// Where a position of the final deck goes: to one seat (private), to all (public), or burned.
struct DealTo {
  enum class Kind { seat, all, burn } kind = Kind::burn;
  std::uint32_t seat = 0;
  static DealTo to_seat(std::uint32_t s) { return {Kind::seat, s}; }
  static DealTo to_all() { return {Kind::all, 0}; }
  static DealTo burn() { return {Kind::burn, 0}; }
};

/// One deal of the transcript: a position, where it goes, the published shares (by seat) and,
/// in seeded test transcripts only, the card (`card`, also for private cards: the holder's view).
struct Deal {
  std::uint32_t position = 0;
  DealTo to;
  std::vector<ShareMessage> shares;
  std::optional<std::uint32_t> card;
};

struct Transcript {
  Table table;
  std::vector<KeyMessage> keys;
  std::vector<ShuffleMessage> shuffles;
  std::vector<Deal> deals;
  std::string seed_hex;  ///< seeded test transcripts only (empty otherwise)
};

/// Hold'em's plan for n seats: two hole cards each, round-robin (position i to seat i mod n),
/// then burn, flop (three), burn, turn, burn, river.
inline std::vector<std::pair<std::uint32_t, DealTo>> holdem_plan(std::uint32_t seats) {
  std::vector<std::pair<std::uint32_t, DealTo>> plan;
  std::uint32_t p = 0;
  for (; p < 2 * seats; ++p) plan.emplace_back(p, DealTo::to_seat(p % seats));
  plan.emplace_back(p++, DealTo::burn());
  for (int i = 0; i < 3; ++i) plan.emplace_back(p++, DealTo::to_all());
  plan.emplace_back(p++, DealTo::burn());
  plan.emplace_back(p++, DealTo::to_all());
  plan.emplace_back(p++, DealTo::burn());
  plan.emplace_back(p++, DealTo::to_all());
  return plan;
}

/// Plays a hand among all seats in this process: keys, the n shuffles (each verified before
/// the next, as every seat would), then the plan's deals. rngs[i] is seat i's randomness; each
/// private card is opened by its holder with its own share, and recorded in `card`.
inline Transcript deal_hand(const Table& t, std::vector<Randomness>& rngs,
                            const std::vector<std::pair<std::uint32_t, DealTo>>& plan,
                            std::vector<Scalar>* secrets_out = nullptr) {
  t.validate();
  if (rngs.size() != t.seats) throw RangeError("deal_hand: one Randomness per seat");
  Transcript tr;
  tr.table = t;
  std::vector<Scalar> x(t.seats);
  std::vector<Point> ys;
  for (std::uint32_t s = 0; s < t.seats; ++s) {
    tr.keys.push_back(make_key(t, s, Table::key_step(), rngs[s], x[s]));
    if (!verify_key(t, tr.keys.back()).ok()) throw TypeError("deal_hand: own key proof failed");
    ys.push_back(tr.keys.back().key);
  }
  const Keys keys = Keys::of(ys);
  Deck deck = initial_deck(t.cards);
  for (std::uint32_t s = 0; s < t.seats; ++s) {
    tr.shuffles.push_back(shuffle(t, s, t.shuffle_step(s), keys, deck, rngs[s]));
    if (!verify_shuffle(t, keys, deck, tr.shuffles.back()).ok()) throw TypeError("deal_hand: own shuffle proof failed");
    deck = tr.shuffles.back().deck;
  }
  for (const auto& [position, to] : plan) {
    if (position >= t.cards) throw RangeError("deal_hand: position past the deck");
    Deal d;
    d.position = position;
    d.to = to;
    if (to.kind != DealTo::Kind::burn) {
      std::vector<Point> all(t.seats);
      for (std::uint32_t s = 0; s < t.seats; ++s) {
        if (to.kind == DealTo::Kind::seat && s == to.seat) {
          all[s] = own_share(x[s], deck[position]);
          continue;
        }
        d.shares.push_back(make_share(t, s, t.share_step(position), position, keys, x[s], deck[position], rngs[s]));
        all[s] = d.shares.back().share;
      }
      d.card = open_card(deck[position], all, t.cards);
      if (!d.card) throw TypeError("deal_hand: an opened point is no card");
    }
    tr.deals.push_back(std::move(d));
  }
  if (secrets_out) *secrets_out = x;
  return tr;
}

/// A seeded test hand (§8, §9): `seats` seats, each drawing from Randomness::seeded(seed, i),
/// dealing `plan`; the transcript records the seed. Never for play.
inline Transcript seeded_hand(const Table& t, std::span<const std::uint8_t> seed,
                              const std::vector<std::pair<std::uint32_t, DealTo>>& plan) {
  std::vector<Randomness> rngs;
  for (std::uint32_t s = 0; s < t.seats; ++s) rngs.push_back(Randomness::seeded(seed, s));
  Transcript tr = deal_hand(t, rngs, plan);
  static constexpr char digits[] = "0123456789abcdef";
  for (std::uint8_t b : seed) tr.seed_hex += digits[b >> 4], tr.seed_hex += digits[b & 15];
  return tr;
}

/// The known-answer vector's table and seed (tests/vectors/trustless-3seat.json, §9): table id
/// "fairdeck-test/3seat", 3 seats, 52 cards; seed bytes 00 01 02 … 1f; Hold'em's plan.
inline Table trustless_vector_table() { return Table{"fairdeck-test/3seat", 3, kCards}; }
inline std::vector<std::uint8_t> trustless_vector_seed() {
  std::vector<std::uint8_t> seed(32);
  for (std::uint8_t i = 0; i < 32; ++i) seed[i] = i;
  return seed;
}

/// What verify_transcript() found: the first failure (seat, step, check) if any, the final
/// deck, and for each deal the card if it is public (nothing for private and burned cards).
struct TranscriptCheck {
  bool ok = true;
  std::uint32_t seat = 0, step = 0;
  std::string check;
  Deck final_deck;
  std::vector<std::optional<std::uint32_t>> public_cards;

  std::string describe() const { return ok ? std::string("ok") : cat("seat ", seat, ", step ", step, ": ", check); }
};

/// Checks a whole transcript in schedule order and stops at the first failure: the schedule
/// itself (seats and steps in order, each position dealt once, the right shares present),
/// every proof, and that every public card opens to a card.
inline TranscriptCheck verify_transcript(const Transcript& tr) {
  TranscriptCheck r;
  const Table& t = tr.table;
  const auto fail = [&](std::uint32_t seat, std::uint32_t step, std::string check) {
    r.ok = false, r.seat = seat, r.step = step, r.check = std::move(check);
    return r;
  };
  t.validate();
  if (tr.keys.size() != t.seats) return fail(0, 0, "schedule: key count");
  std::vector<Point> ys;
  for (std::uint32_t s = 0; s < t.seats; ++s) {
    const KeyMessage& k = tr.keys[s];
    if (k.seat != s || k.step != Table::key_step()) return fail(s, Table::key_step(), "schedule");
    if (const Verdict v = verify_key(t, k); !v.ok()) return fail(s, k.step, v.failed);
    ys.push_back(k.key);
  }
  const Keys keys = Keys::of(ys);
  if (keys.table == kIdentity) return fail(0, 0, "key");
  if (tr.shuffles.size() != t.seats) return fail(0, 0, "schedule: shuffle count");
  Deck deck = initial_deck(t.cards);
  for (std::uint32_t s = 0; s < t.seats; ++s) {
    const ShuffleMessage& m = tr.shuffles[s];
    if (m.seat != s || m.step != t.shuffle_step(s)) return fail(s, t.shuffle_step(s), "schedule");
    if (const Verdict v = verify_shuffle(t, keys, deck, m); !v.ok()) return fail(s, m.step, v.failed);
    deck = m.deck;
  }
  std::vector<bool> dealt(t.cards, false);
  for (const Deal& d : tr.deals) {
    const std::uint32_t step = t.share_step(d.position);
    if (d.position >= t.cards || dealt[d.position]) return fail(0, step, "schedule: position");
    dealt[d.position] = true;
    std::vector<std::uint32_t> expected;
    if (d.to.kind != DealTo::Kind::burn)
      for (std::uint32_t s = 0; s < t.seats; ++s)
        if (d.to.kind == DealTo::Kind::all || s != d.to.seat) expected.push_back(s);
    if (d.to.kind == DealTo::Kind::seat && d.to.seat >= t.seats) return fail(0, step, "schedule: holder");
    if (d.shares.size() != expected.size()) return fail(0, step, "schedule: share count");
    std::vector<Point> all;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const ShareMessage& m = d.shares[i];
      if (m.seat != expected[i] || m.step != step || m.position != d.position) return fail(expected[i], step, "schedule");
      if (const Verdict v = verify_share(t, keys, deck[d.position], m); !v.ok()) return fail(m.seat, step, v.failed);
      all.push_back(m.share);
    }
    std::optional<std::uint32_t> card;
    if (d.to.kind == DealTo::Kind::all) {
      card = open_card(deck[d.position], all, t.cards);
      if (!card) return fail(0, step, "card");
    }
    r.public_cards.push_back(card);
  }
  r.final_deck = deck;
  return r;
}

// ---- §9 JSON ------------------------------------------------------------------------------------

namespace detail {
inline void hexes(std::string& o, std::span<const Point> ps) {
  o += '[';
  for (std::size_t i = 0; i < ps.size(); ++i) o += (i ? ",\"" : "\"") + to_hex(ps[i]) + '"';
  o += ']';
}
inline std::string q(const std::array<std::uint8_t, 32>& v) { return '"' + to_hex(v) + '"'; }
inline std::string json_string(std::string_view s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o + '"';
}
}  // namespace detail

inline std::string to_json(const KeyMessage& m) {
  return cat("{\"kind\":\"key\",\"seat\":", m.seat, ",\"step\":", m.step, ",\"key\":", detail::q(m.key),
             ",\"proof\":{\"t\":", detail::q(m.proof.t), ",\"s\":", detail::q(m.proof.s), "}}");
}

inline std::string to_json(const ShuffleMessage& m) {
  std::string o = cat("{\"kind\":\"shuffle\",\"seat\":", m.seat, ",\"step\":", m.step, ",\"deck\":[");
  for (std::size_t i = 0; i < m.deck.size(); ++i)
    o += (i ? ",[" : "[") + detail::q(m.deck[i].a) + ',' + detail::q(m.deck[i].b) + ']';
  const ShuffleProof& p = m.proof;
  o += "],\"proof\":{\"c\":";
  detail::hexes(o, p.c);
  o += ",\"chat\":";
  detail::hexes(o, p.chat);
  o += ",\"t1\":" + detail::q(p.t1) + ",\"t2\":" + detail::q(p.t2) + ",\"t3\":" + detail::q(p.t3) + ",\"t4\":[" +
       detail::q(p.t4a) + ',' + detail::q(p.t4b) + "],\"that\":";
  detail::hexes(o, p.that);
  o += ",\"s1\":" + detail::q(p.s1) + ",\"s2\":" + detail::q(p.s2) + ",\"s3\":" + detail::q(p.s3) +
       ",\"s4\":" + detail::q(p.s4) + ",\"shat\":";
  detail::hexes(o, p.shat);
  o += ",\"sprime\":";
  detail::hexes(o, p.sprime);
  return o + "}}";
}

inline std::string to_json(const ShareMessage& m) {
  return cat("{\"kind\":\"share\",\"seat\":", m.seat, ",\"step\":", m.step, ",\"position\":", m.position,
             ",\"share\":", detail::q(m.share), ",\"proof\":{\"t1\":", detail::q(m.proof.t1),
             ",\"t2\":", detail::q(m.proof.t2), ",\"s\":", detail::q(m.proof.s), "}}");
}

/// The transcript as §9's JSON, one message per line (so that a diff shows which one changed).
inline std::string to_json(const Transcript& tr) {
  std::string o = cat("{\"protocol\":\"", kProtocol, "\",\"table\":", detail::json_string(tr.table.id),
                      ",\"seats\":", tr.table.seats, ",\"cards\":", tr.table.cards);
  if (!tr.seed_hex.empty()) o += ",\"seed\":\"" + tr.seed_hex + '"';
  o += ",\n\"keys\":[";
  for (std::size_t i = 0; i < tr.keys.size(); ++i) o += (i ? ",\n" : "\n") + to_json(tr.keys[i]);
  o += "],\n\"shuffles\":[";
  for (std::size_t i = 0; i < tr.shuffles.size(); ++i) o += (i ? ",\n" : "\n") + to_json(tr.shuffles[i]);
  o += "],\n\"deals\":[";
  for (std::size_t i = 0; i < tr.deals.size(); ++i) {
    const Deal& d = tr.deals[i];
    o += cat(i ? ",\n" : "\n", "{\"position\":", d.position, ",\"to\":");
    o += d.to.kind == DealTo::Kind::seat ? cat(d.to.seat) : d.to.kind == DealTo::Kind::all ? "\"all\"" : "\"burn\"";
    if (d.card) o += cat(",\"card\":", *d.card);
    if (d.to.kind != DealTo::Kind::burn) {
      o += ",\"shares\":[";
      for (std::size_t k = 0; k < d.shares.size(); ++k) o += (k ? ",\n" : "\n") + to_json(d.shares[k]);
      o += "]";
    }
    o += "}";
  }
  return o + "]}\n";
}

// ---- §9 JSON in: one message at a time ------------------------------------------------------
//
// A seat receives messages one by one from peers it does not trust, so these readers are strict:
// the message must be one JSON object of the §9 shape with every field present, hex exactly 64
// lower-case digits, integers below 2^32 (extra fields are ignored). A malformed message is a
// TypeError naming the field; whether the points and scalars are valid is the verifier's check
// ("encoding"), so that a bad point is reported like any other failed proof.

namespace detail {
struct Reader {
  std::string what;  // "key message", "transcript keys[1]", … for the error messages
  [[noreturn]] void fail(std::string_view field, std::string_view why) const {
    throw TypeError(cat("trustless ", what, ": field '", field, "' ", why));
  }
  const json::Value& at(const json::Value& obj, std::string_view key, std::string_view path) const {
    if (obj.kind != json::Value::Kind::object) fail(path, "is not an object");
    const auto it = obj.object.find(key);
    if (it == obj.object.end()) fail(cat(path.empty() ? "" : path, path.empty() ? "" : ".", key), "is missing");
    return it->second;
  }
  std::uint32_t u32_of(const json::Value& v, std::string_view field) const {
    if (v.kind != json::Value::Kind::integer || v.integer > 0xffffffffu) fail(field, "must be an integer from 0 to 2^32 - 1");
    return static_cast<std::uint32_t>(v.integer);
  }
  std::uint32_t u32(const json::Value& obj, std::string_view key) const { return u32_of(at(obj, key, ""), key); }
  std::array<std::uint8_t, 32> bytes(const json::Value& v, std::string_view field) const {
    std::array<std::uint8_t, 32> out{};
    if (v.kind != json::Value::Kind::string || !hex::decode(v.string, out))
      fail(field, "must be 64 lower-case hex characters");
    return out;
  }
  std::vector<std::array<std::uint8_t, 32>> list(const json::Value& v, std::string_view field) const {
    if (v.kind != json::Value::Kind::array) fail(field, "must be an array");
    std::vector<std::array<std::uint8_t, 32>> out;
    for (const json::Value& x : v.array) out.push_back(bytes(x, field));
    return out;
  }
  const std::vector<json::Value>& array(const json::Value& obj, std::string_view key) const {
    const json::Value& v = at(obj, key, "");
    if (v.kind != json::Value::Kind::array) fail(key, "must be an array");
    return v.array;
  }
  void kind(const json::Value& root, std::string_view expected) const {
    const json::Value& k = at(root, "kind", "");
    if (k.kind != json::Value::Kind::string || k.string != expected) fail("kind", cat("must be \"", expected, "\""));
  }
};
inline json::Value parse_message(std::string_view text, std::string_view what) {
  try {
    return json::parse(text);
  } catch (const TypeError& e) {
    throw TypeError(cat("trustless ", what, " is not valid JSON: ", e.what()));
  }
}

inline KeyMessage key_message(const json::Value& v, const Reader& r) {
  r.kind(v, "key");
  KeyMessage m;
  m.seat = r.u32(v, "seat"), m.step = r.u32(v, "step");
  m.key = r.bytes(r.at(v, "key", ""), "key");
  const json::Value& p = r.at(v, "proof", "");
  m.proof.t = r.bytes(r.at(p, "t", "proof"), "proof.t");
  m.proof.s = r.bytes(r.at(p, "s", "proof"), "proof.s");
  return m;
}

inline ShuffleMessage shuffle_message(const json::Value& v, const Reader& r) {
  r.kind(v, "shuffle");
  ShuffleMessage m;
  m.seat = r.u32(v, "seat"), m.step = r.u32(v, "step");
  for (const json::Value& c : r.array(v, "deck")) {
    if (c.kind != json::Value::Kind::array || c.array.size() != 2) r.fail("deck", "must hold [A, B] pairs");
    m.deck.push_back({r.bytes(c.array[0], "deck"), r.bytes(c.array[1], "deck")});
  }
  const json::Value& p = r.at(v, "proof", "");
  ShuffleProof& q = m.proof;
  q.c = r.list(r.at(p, "c", "proof"), "proof.c");
  q.chat = r.list(r.at(p, "chat", "proof"), "proof.chat");
  q.t1 = r.bytes(r.at(p, "t1", "proof"), "proof.t1");
  q.t2 = r.bytes(r.at(p, "t2", "proof"), "proof.t2");
  q.t3 = r.bytes(r.at(p, "t3", "proof"), "proof.t3");
  const auto t4 = r.list(r.at(p, "t4", "proof"), "proof.t4");
  if (t4.size() != 2) r.fail("proof.t4", "must be [t4A, t4B]");
  q.t4a = t4[0], q.t4b = t4[1];
  q.that = r.list(r.at(p, "that", "proof"), "proof.that");
  q.s1 = r.bytes(r.at(p, "s1", "proof"), "proof.s1");
  q.s2 = r.bytes(r.at(p, "s2", "proof"), "proof.s2");
  q.s3 = r.bytes(r.at(p, "s3", "proof"), "proof.s3");
  q.s4 = r.bytes(r.at(p, "s4", "proof"), "proof.s4");
  q.shat = r.list(r.at(p, "shat", "proof"), "proof.shat");
  q.sprime = r.list(r.at(p, "sprime", "proof"), "proof.sprime");
  return m;
}

inline ShareMessage share_message(const json::Value& v, const Reader& r) {
  r.kind(v, "share");
  ShareMessage m;
  m.seat = r.u32(v, "seat"), m.step = r.u32(v, "step"), m.position = r.u32(v, "position");
  m.share = r.bytes(r.at(v, "share", ""), "share");
  const json::Value& p = r.at(v, "proof", "");
  m.proof.t1 = r.bytes(r.at(p, "t1", "proof"), "proof.t1");
  m.proof.t2 = r.bytes(r.at(p, "t2", "proof"), "proof.t2");
  m.proof.s = r.bytes(r.at(p, "s", "proof"), "proof.s");
  return m;
}
}  // namespace detail

inline KeyMessage parse_key_message(std::string_view text) {
  const detail::Reader r{"key message"};
  return detail::key_message(detail::parse_message(text, r.what), r);
}

inline ShuffleMessage parse_shuffle_message(std::string_view text) {
  const detail::Reader r{"shuffle message"};
  return detail::shuffle_message(detail::parse_message(text, r.what), r);
}

inline ShareMessage parse_share_message(std::string_view text) {
  const detail::Reader r{"share message"};
  return detail::share_message(detail::parse_message(text, r.what), r);
}

// ---- §9 JSON in: a whole transcript -------------------------------------------------------------

/// How deep a transcript nests: the root (0) → "deals" (1) → a deal (2) → "shares" (3) → a share
/// message (4) → "proof" (5) → "t1" (6). One level more than the deck-state reader allows
/// (json::kStateDepth = 5), which is why the transcript reader passes its own limit; anything
/// deeper, even in a field the format does not define, is refused ("nested too deeply").
inline constexpr int kTranscriptDepth = 6;

/// Reads a transcript in §9's JSON (what to_json(Transcript) writes), strictly: "protocol" must be
/// "fairdeck/trustless/v1"; "table", "seats", "cards", "keys", "shuffles" and "deals" must be
/// present; every message is read as parse_*_message reads it, and the error names where it is
/// ("trustless transcript deals[3].shares[1]: field 'proof.s' is missing"). Ranges (seats, cards,
/// table id length) and every proof are verify_transcript()'s checks, not the reader's. The
/// test-only fields "seed" and "card" are read when present.
inline Transcript parse_transcript(std::string_view text) {
  const json::Value v = json::parse(text, kTranscriptDepth, "trustless transcript is not valid JSON");
  detail::Reader r{"transcript"};
  const json::Value& protocol = r.at(v, "protocol", "");
  if (protocol.kind != json::Value::Kind::string || protocol.string != kProtocol)
    r.fail("protocol", cat("must be \"", kProtocol, "\""));
  Transcript tr;
  const json::Value& table = r.at(v, "table", "");
  if (table.kind != json::Value::Kind::string) r.fail("table", "must be a string");
  tr.table.id = table.string;
  tr.table.seats = r.u32(v, "seats");
  tr.table.cards = r.u32(v, "cards");
  if (const auto it = v.object.find("seed"); it != v.object.end()) {
    if (it->second.kind != json::Value::Kind::string) r.fail("seed", "must be a string");
    tr.seed_hex = it->second.string;
  }
  const auto& keys = r.array(v, "keys");
  for (std::size_t i = 0; i < keys.size(); ++i)
    tr.keys.push_back(detail::key_message(keys[i], detail::Reader{cat("transcript keys[", i, "]")}));
  const auto& shuffles = r.array(v, "shuffles");
  for (std::size_t i = 0; i < shuffles.size(); ++i)
    tr.shuffles.push_back(detail::shuffle_message(shuffles[i], detail::Reader{cat("transcript shuffles[", i, "]")}));
  const auto& deals = r.array(v, "deals");
  for (std::size_t i = 0; i < deals.size(); ++i) {
    const detail::Reader dr{cat("transcript deals[", i, "]")};
    const json::Value& dv = deals[i];
    Deal d;
    d.position = dr.u32(dv, "position");
    const json::Value& to = dr.at(dv, "to", "");
    if (to.kind == json::Value::Kind::integer) d.to = DealTo::to_seat(dr.u32_of(to, "to"));
    else if (to.kind == json::Value::Kind::string && to.string == "all") d.to = DealTo::to_all();
    else if (to.kind == json::Value::Kind::string && to.string == "burn") d.to = DealTo::burn();
    else dr.fail("to", "must be a seat number, \"all\" or \"burn\"");
    if (const auto it = dv.object.find("card"); it != dv.object.end()) d.card = dr.u32_of(it->second, "card");
    // A burn has no "shares" (§9); if one is there anyway it is read, and verify_transcript()
    // reports the wrong share count.
    const bool has_shares = dv.object.find("shares") != dv.object.end();
    if (d.to.kind != DealTo::Kind::burn || has_shares) {
      const auto& shares = dr.array(dv, "shares");
      for (std::size_t k = 0; k < shares.size(); ++k)
        d.shares.push_back(detail::share_message(shares[k], detail::Reader{cat("transcript deals[", i, "].shares[", k, "]")}));
    }
    tr.deals.push_back(std::move(d));
  }
  return tr;
}

}  // namespace fairdeck::trustless
