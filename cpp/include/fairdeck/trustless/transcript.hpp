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

}  // namespace fairdeck::trustless
