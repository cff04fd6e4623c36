// The trustless protocol (docs/trustless.md): every proof verifies when honest and each kind of
// forgery is rejected with the check that caught it; seeded tables of 2–10 seats deal every card
// exactly once; the seeded 3-seat transcript matches tests/vectors/trustless-3seat.json byte for
// byte. Timings are printed, never asserted (BENCHMARKS.md will carry the measured figures).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fairdeck/reference.hpp"
#include "fairdeck/trustless/transcript.hpp"
#include "stats.hpp"

using namespace fairdeck;
using namespace fairdeck::trustless;

namespace {

std::vector<std::uint8_t> seed_bytes(std::uint32_t tag) {
  std::vector<std::uint8_t> s(32);
  for (std::uint32_t i = 0; i < 32; ++i) s[i] = static_cast<std::uint8_t>(i * 7 + tag * 131 + 1);
  return s;
}

/// A seeded table with keys made and verified: the fixture of the single-proof tests.
struct Seated {
  Table table;
  std::vector<Randomness> rngs;
  std::vector<Scalar> x;
  std::vector<KeyMessage> key_messages;
  Keys keys;

  explicit Seated(std::uint32_t seats, std::uint32_t cards = kCards, std::string id = "test-table") {
    table = Table{std::move(id), seats, cards};
    const auto seed = seed_bytes(seats + 1000 * cards);
    x.resize(seats);
    std::vector<Point> ys;
    for (std::uint32_t s = 0; s < seats; ++s) {
      rngs.push_back(Randomness::seeded(seed, s));
      key_messages.push_back(make_key(table, s, 0, rngs[s], x[s]));
      ys.push_back(key_messages.back().key);
    }
    keys = Keys::of(ys);
  }
};

Point g_point() { return mul_base(sone()); }

/// A scalar that is not canonical: ℓ itself (little-endian), as libsodium documents ℓ.
Scalar ell() {
  Scalar s{};
  const std::uint8_t l[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
                              0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
  std::copy(std::begin(l), std::end(l), s.begin());
  return s;
}

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

#ifdef __EMSCRIPTEN__
constexpr const char* kWhere = "wasm";
#else
constexpr const char* kWhere = "native";
#endif

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

// ---- the group wrappers -------------------------------------------------------------------------

TEST(TrustlessGroup, IdentityResultsAndCanonicalScalars) {
  const Point g = g_point();
  EXPECT_TRUE(valid_point(kIdentity));
  EXPECT_EQ(mul_base(Scalar{}), kIdentity);      // libsodium returns −1 here: the wrapper gives O
  EXPECT_EQ(mul(Scalar{}, g), kIdentity);
  EXPECT_EQ(mul(sone(), kIdentity), kIdentity);
  EXPECT_EQ(add(g, kIdentity), g);
  EXPECT_EQ(sub(g, g), kIdentity);
  Point bad{};
  bad[0] = 1;  // the encoding of a non-canonical field element: not a point
  EXPECT_FALSE(valid_point(bad));
  EXPECT_THROW(mul(sone(), bad), TypeError);
  EXPECT_TRUE(canonical_scalar(sone()));
  EXPECT_FALSE(canonical_scalar(ell()));
  EXPECT_EQ(sadd(ssub(Scalar{}, sone()), sone()), Scalar{});  // (ℓ − 1) + 1 = 0
}

TEST(TrustlessGroup, CardPointsAreDistinctAndFound) {
  const auto& cards = card_points();
  ASSERT_EQ(cards.size(), 52u);
  for (std::uint32_t c = 0; c < 52; ++c) {
    EXPECT_EQ(card_of(cards[c]), c);
    EXPECT_TRUE(valid_point(cards[c]));
  }
  EXPECT_EQ(card_of(g_point()), std::nullopt);
  EXPECT_EQ(card_of(kIdentity), std::nullopt);
  EXPECT_EQ(card_of(cards[51], 51), std::nullopt);  // outside the first `cards`
  // The generators and the cards come from different tags: none coincide.
  const auto h = generators(52);
  for (const Point& p : h) EXPECT_EQ(card_of(p), std::nullopt);
  EXPECT_EQ(std::set<Point>(h.begin(), h.end()).size(), 53u);
}

// Known answers computed independently with @noble/curves 2.4.0 (ristretto255_hasher.deriveToCurve
// of @noble/hashes' SHA-512) from docs/trustless.md §2 alone; the page lists them.
TEST(TrustlessGroup, HashToPointKnownAnswersAgreeWithNoble) {
  EXPECT_EQ(to_hex(card_point(0)), "0ac31d7d9e33e80918bb998fb294d6c837955287e7966fd50a5c15e422213243");
  EXPECT_EQ(to_hex(card_point(51)), "56aa6b1b24729676e5ae832df9275b5a9d8f8bbc6505f5814b49ce6153f7062d");
  EXPECT_EQ(to_hex(generator(0)), "4ef8f2714247e1f78e42831379d62e2b453b58ee2bc77100d9fa97da5ebe8660");
  EXPECT_EQ(to_hex(generator(52)), "7c7b517fa776561164c2a52c1dd7da23bd7d8e45644415b2754f82391d92de2c");
}

TEST(TrustlessGroup, EncryptionRoundTrip) {
  Seated s(3);
  const Ciphertext c = encrypt(card_points()[17], s.keys.table, s.rngs[0].scalar());
  const Ciphertext c2 = reencrypt(c, s.keys.table, s.rngs[1].scalar());
  EXPECT_NE(c.a, c2.a);
  std::vector<Point> shares;
  for (std::uint32_t i = 0; i < 3; ++i) shares.push_back(own_share(s.x[i], c2));
  EXPECT_EQ(open_card(c2, shares), 17u);
  shares.pop_back();
  EXPECT_EQ(open_card(c2, shares), std::nullopt);  // one share missing: no card
}

TEST(TrustlessGroup, PermutationIsFisherYatesOfChaCha20) {
  const Bytes32 key{1, 2, 3};
  const auto psi = draw_permutation(key, 52);
  std::vector<std::uint32_t> sorted = psi;
  std::sort(sorted.begin(), sorted.end());
  for (std::uint32_t i = 0; i < 52; ++i) EXPECT_EQ(sorted[i], i);
  EXPECT_EQ(draw_permutation(key, 52), psi);           // a function of the key
  EXPECT_NE(draw_permutation(Bytes32{1, 2, 4}, 52), psi);
}

// ---- keys ---------------------------------------------------------------------------------------

TEST(TrustlessKeys, HonestKeysVerify) {
  Seated s(4);
  for (const auto& k : s.key_messages) EXPECT_TRUE(verify_key(s.table, k).ok()) << verify_key(s.table, k).failed;
}

TEST(TrustlessKeys, ForgedKeyProofsAreRejected) {
  Seated s(3);
  const KeyMessage good = s.key_messages[1];
  KeyMessage m = good;
  m.proof.s = sadd(m.proof.s, sone());
  EXPECT_EQ(verify_key(s.table, m).failed, "schnorr");
  m = good;
  m.proof.t = add(m.proof.t, g_point());
  EXPECT_EQ(verify_key(s.table, m).failed, "schnorr");
  m = good;
  m.key = s.key_messages[2].key;  // another seat's key with this proof
  EXPECT_EQ(verify_key(s.table, m).failed, "schnorr");
  m = good;
  m.key = kIdentity;
  EXPECT_EQ(verify_key(s.table, m).failed, "key");
  m = good;
  m.proof.s = ell();
  EXPECT_EQ(verify_key(s.table, m).failed, "encoding");
  m = good;
  m.key[0] ^= 1;
  EXPECT_FALSE(verify_key(s.table, m).ok());
}

TEST(TrustlessKeys, ReplayedUnderAnotherTableSeatOrStepIsRejected) {
  Seated s(3);
  const KeyMessage good = s.key_messages[1];
  Table other = s.table;
  other.id = "another-table";
  EXPECT_EQ(verify_key(other, good).failed, "schnorr");
  other = s.table;
  other.seats = 4;
  EXPECT_EQ(verify_key(other, good).failed, "schnorr");
  KeyMessage m = good;
  m.seat = 2;  // seat 2 presenting seat 1's key and proof as its own
  EXPECT_EQ(verify_key(s.table, m).failed, "schnorr");
  m = good;
  m.step = 1;
  EXPECT_EQ(verify_key(s.table, m).failed, "schnorr");
}

// ---- shuffles -----------------------------------------------------------------------------------

namespace {
struct ShuffleCase {
  Seated s{3};
  Deck in;
  ShuffleWitness w;
  ShuffleMessage m;
  ShuffleCase() {
    // Seat 0's shuffle first, so that the deck under test is a non-trivial one (seat 1's).
    const ShuffleMessage first = shuffle(s.table, 0, 1, s.keys, initial_deck(), s.rngs[0]);
    in = first.deck;
    m = shuffle(s.table, 1, 2, s.keys, in, s.rngs[1], &w);
  }
  Verdict check(const ShuffleMessage& msg) const { return verify_shuffle(s.table, s.keys, in, msg); }
  /// Re-proves `out` with the witness (psi, rho) as a cheating seat would.
  ShuffleMessage prove(const Deck& out, const std::vector<std::uint32_t>& psi, const std::vector<Scalar>& rho) {
    ShuffleMessage f = m;
    f.deck = out;
    f.proof = prove_shuffle(s.table, 1, 2, s.keys, in, out, psi, rho, s.rngs[1]);
    return f;
  }
};
}  // namespace

TEST(TrustlessShuffle, HonestShuffleVerifiesAndPermutes) {
  ShuffleCase c;
  EXPECT_TRUE(c.check(c.m).ok()) << c.check(c.m).failed;
  // The first shuffle of the initial deck verifies too.
  Seated s(2);
  const ShuffleMessage first = shuffle(s.table, 0, 1, s.keys, initial_deck(), s.rngs[0]);
  EXPECT_TRUE(verify_shuffle(s.table, s.keys, initial_deck(), first).ok());
  // Output i re-encrypts input psi[i]: decrypting both with every secret gives the same point.
  for (std::uint32_t i = 0; i < 52; i += 13) {
    std::vector<Point> out_shares, in_shares;
    for (std::uint32_t k = 0; k < 3; ++k) {
      out_shares.push_back(own_share(c.s.x[k], c.m.deck[i]));
      in_shares.push_back(own_share(c.s.x[k], c.in[c.w.psi[i]]));
    }
    EXPECT_EQ(open_card(c.m.deck[i], out_shares), open_card(c.in[c.w.psi[i]], in_shares));
    EXPECT_NE(c.m.deck[i], c.in[c.w.psi[i]]);  // re-encrypted, not copied
  }
}

TEST(TrustlessShuffle, DuplicatedCardIsRejected) {
  ShuffleCase c;
  // A non-permutation: output 1 re-encrypts the same input as output 0 (one card twice, one lost).
  std::vector<std::uint32_t> psi = c.w.psi;
  psi[1] = psi[0];
  Deck out = c.m.deck;
  out[1] = reencrypt(c.in[psi[1]], c.s.keys.table, c.w.rho[1]);
  EXPECT_FALSE(c.check(c.prove(out, psi, c.w.rho)).ok());
  // Honest psi but a duplicated output ciphertext: also rejected.
  out = c.m.deck;
  out[5] = out[4];
  EXPECT_FALSE(c.check(c.prove(out, c.w.psi, c.w.rho)).ok());
}

TEST(TrustlessShuffle, SwappedCardsAfterProvingAreRejected) {
  ShuffleCase c;
  ShuffleMessage f = c.m;
  std::swap(f.deck[3], f.deck[40]);
  EXPECT_FALSE(c.check(f).ok());
  f = c.m;
  std::swap(f.deck[3].b, f.deck[40].b);  // halves swapped
  EXPECT_FALSE(c.check(f).ok());
}

TEST(TrustlessShuffle, ChangedReencryptionIsRejected) {
  ShuffleCase c;
  ShuffleMessage f = c.m;
  // A changed statement changes every challenge, so the first equation already fails.
  f.deck[7].a = add(f.deck[7].a, g_point());
  EXPECT_EQ(c.check(f).failed, "shuffle.t1");
  f = c.m;
  f.deck[7].b = add(f.deck[7].b, g_point());
  EXPECT_EQ(c.check(f).failed, "shuffle.t1");
  // A substituted card (card 0 encrypted afresh at output 9), re-proved with the true witness.
  Deck out = c.m.deck;
  out[9] = encrypt(card_points()[0], c.s.keys.table, c.s.rngs[2].scalar());
  EXPECT_FALSE(c.check(c.prove(out, c.w.psi, c.w.rho)).ok());
  // The right permutation with a wrong randomness in the proof.
  std::vector<Scalar> rho = c.w.rho;
  rho[2] = sadd(rho[2], sone());
  EXPECT_EQ(c.check(c.prove(c.m.deck, c.w.psi, rho)).failed, "shuffle.t4");
}

TEST(TrustlessShuffle, EveryTamperedProofPartIsRejected) {
  ShuffleCase c;
  const Point g = g_point();
  std::vector<std::pair<const char*, void (*)(ShuffleProof&, const Point&)>> edits = {
      {"c", [](ShuffleProof& p, const Point& g) { p.c[10] = add(p.c[10], g); }},
      {"chat", [](ShuffleProof& p, const Point& g) { p.chat[10] = add(p.chat[10], g); }},
      {"chat last", [](ShuffleProof& p, const Point& g) { p.chat[51] = add(p.chat[51], g); }},
      {"t1", [](ShuffleProof& p, const Point& g) { p.t1 = add(p.t1, g); }},
      {"t2", [](ShuffleProof& p, const Point& g) { p.t2 = add(p.t2, g); }},
      {"t3", [](ShuffleProof& p, const Point& g) { p.t3 = add(p.t3, g); }},
      {"t4a", [](ShuffleProof& p, const Point& g) { p.t4a = add(p.t4a, g); }},
      {"t4b", [](ShuffleProof& p, const Point& g) { p.t4b = add(p.t4b, g); }},
      {"that", [](ShuffleProof& p, const Point& g) { p.that[0] = add(p.that[0], g); }},
      {"s1", [](ShuffleProof& p, const Point&) { p.s1 = sadd(p.s1, sone()); }},
      {"s2", [](ShuffleProof& p, const Point&) { p.s2 = sadd(p.s2, sone()); }},
      {"s3", [](ShuffleProof& p, const Point&) { p.s3 = sadd(p.s3, sone()); }},
      {"s4", [](ShuffleProof& p, const Point&) { p.s4 = sadd(p.s4, sone()); }},
      {"shat", [](ShuffleProof& p, const Point&) { p.shat[20] = sadd(p.shat[20], sone()); }},
      {"sprime", [](ShuffleProof& p, const Point&) { p.sprime[20] = sadd(p.sprime[20], sone()); }},
      {"s1 not canonical", [](ShuffleProof& p, const Point&) { p.s1 = ell(); }},
      {"short", [](ShuffleProof& p, const Point&) { p.sprime.pop_back(); }},
  };
  for (const auto& [name, edit] : edits) {
    ShuffleMessage f = c.m;
    edit(f.proof, g);
    EXPECT_FALSE(c.check(f).ok()) << name;
  }
  ShuffleMessage f = c.m;
  f.proof.s1 = ell();
  EXPECT_EQ(c.check(f).failed, "encoding");
  f = c.m;
  f.proof.s1 = sadd(f.proof.s1, sone());
  EXPECT_EQ(c.check(f).failed, "shuffle.t1");
  f = c.m;
  f.proof.s3 = sadd(f.proof.s3, sone());
  EXPECT_EQ(c.check(f).failed, "shuffle.t3");
  f = c.m;
  f.proof.shat[3] = sadd(f.proof.shat[3], sone());
  EXPECT_EQ(c.check(f).failed, "shuffle.that");
}

TEST(TrustlessShuffle, ReplayedUnderAnotherTableSeatStepOrKeysIsRejected) {
  ShuffleCase c;
  Table other = c.s.table;
  other.id = "another-table";
  EXPECT_FALSE(verify_shuffle(other, c.s.keys, c.in, c.m).ok());
  ShuffleMessage f = c.m;
  f.seat = 2;
  EXPECT_FALSE(c.check(f).ok());
  f = c.m;
  f.step = 3;
  EXPECT_FALSE(c.check(f).ok());
  // Another key set (one seat's key replaced): the statement names the keys.
  Keys keys = c.s.keys;
  keys.seats[2] = add(keys.seats[2], g_point());
  EXPECT_FALSE(verify_shuffle(c.s.table, keys, c.in, c.m).ok());
  // Another input deck (the proof of seat 1's shuffle offered for the initial deck).
  EXPECT_FALSE(verify_shuffle(c.s.table, c.s.keys, initial_deck(), c.m).ok());
}

// ---- shares -------------------------------------------------------------------------------------

namespace {
struct ShareCase {
  Seated s{3};
  Ciphertext card;
  ShareMessage m;
  ShareCase() {
    card = encrypt(card_points()[30], s.keys.table, s.rngs[0].scalar());
    m = make_share(s.table, 1, s.table.share_step(4), 4, s.keys, s.x[1], card, s.rngs[1]);
  }
  Verdict check(const ShareMessage& msg) const { return verify_share(s.table, s.keys, card, msg); }
};
}  // namespace

TEST(TrustlessShare, HonestShareVerifiesAndOpens) {
  ShareCase c;
  EXPECT_TRUE(c.check(c.m).ok()) << c.check(c.m).failed;
  EXPECT_EQ(c.m.share, own_share(c.s.x[1], c.card));
  const std::vector<Point> shares = {own_share(c.s.x[0], c.card), c.m.share, own_share(c.s.x[2], c.card)};
  EXPECT_EQ(open_card(c.card, shares), 30u);
}

TEST(TrustlessShare, WrongSharesAreRejected) {
  ShareCase c;
  ShareMessage f = c.m;
  f.share = add(f.share, g_point());  // a wrong share with the honest proof
  EXPECT_EQ(c.check(f).failed, "share");
  // A wrong share with a proof made for it: the prover uses another secret.
  f = make_share(c.s.table, 1, c.m.step, 4, c.s.keys, c.s.x[2], c.card, c.s.rngs[1]);
  EXPECT_EQ(c.check(f).failed, "share");
  f = c.m;
  f.proof.s = sadd(f.proof.s, sone());
  EXPECT_EQ(c.check(f).failed, "share");
  f = c.m;
  f.proof.t2 = add(f.proof.t2, g_point());
  EXPECT_EQ(c.check(f).failed, "share");
  f = c.m;
  f.proof.s = ell();
  EXPECT_EQ(c.check(f).failed, "encoding");
  f = c.m;
  f.seat = 7;
  EXPECT_EQ(c.check(f).failed, "encoding");
  // The share of another ciphertext.
  const Ciphertext other = reencrypt(c.card, c.s.keys.table, c.s.rngs[0].scalar());
  EXPECT_EQ(verify_share(c.s.table, c.s.keys, other, c.m).failed, "share");
}

TEST(TrustlessShare, ReplayedUnderAnotherTableSeatOrStepIsRejected) {
  ShareCase c;
  Table other = c.s.table;
  other.id = "another-table";
  EXPECT_EQ(verify_share(other, c.s.keys, c.card, c.m).failed, "share");
  ShareMessage f = c.m;
  f.seat = 2;
  EXPECT_EQ(c.check(f).failed, "share");
  f = c.m;
  f.step = c.s.table.share_step(5);
  EXPECT_EQ(c.check(f).failed, "share");
}

// ---- whole tables -------------------------------------------------------------------------------

// One seeded table per seat count 2–10 (9 tables), every position dealt. 52 cards natively; in
// WASM 26, which cuts the suite's longest test there from 12.0 to 7.2 s under Node (the whole
// Trustless suite from 21.5 to 16.1 s) while every seat count is still dealt end to end.
// 10^4 tables of 52 cards are fairdeck_trustless_longrun's (tests/cpp/tools/trustless_longrun.cpp).
#ifdef __EMSCRIPTEN__
constexpr std::uint32_t kTableCards = 26;
#else
constexpr std::uint32_t kTableCards = kCards;
#endif

TEST(TrustlessTable, SeededTablesOfTwoToTenSeatsDealEveryCardOnce) {
  for (std::uint32_t seats = 2; seats <= 10; ++seats) {
    const Table t{"table-" + std::to_string(seats), seats, kTableCards};
    // Every position dealt: mostly private cards round-robin, every third one public.
    std::vector<std::pair<std::uint32_t, DealTo>> plan;
    for (std::uint32_t p = 0; p < kTableCards; ++p) plan.emplace_back(p, p % 3 == 2 ? DealTo::to_all() : DealTo::to_seat(p % seats));
    const auto seed = seed_bytes(seats);
    const Transcript tr = seeded_hand(t, seed, plan);
    const TranscriptCheck check = verify_transcript(tr);
    ASSERT_TRUE(check.ok) << seats << " seats: " << check.describe();
    std::vector<int> seen(kTableCards, 0);
    for (std::size_t i = 0; i < tr.deals.size(); ++i) {
      const Deal& d = tr.deals[i];
      ASSERT_TRUE(d.card.has_value());
      ++seen[*d.card];
      if (d.to.kind == DealTo::Kind::all) EXPECT_EQ(check.public_cards[i], d.card);
      else EXPECT_EQ(check.public_cards[i], std::nullopt);
    }
    for (std::uint32_t c = 0; c < kTableCards; ++c) EXPECT_EQ(seen[c], 1) << seats << " seats, card " << c;
    // Read back from JSON, the transcript is the same bytes (parse_transcript, §9).
    const std::string json = to_json(tr);
    EXPECT_EQ(to_json(parse_transcript(json)), json) << seats << " seats";
    // A private card does not open from the published shares alone.
    std::vector<Point> published;
    for (const auto& m : tr.deals[0].shares) published.push_back(m.share);
    EXPECT_EQ(open_card(check.final_deck[0], published), std::nullopt);
  }
}

TEST(TrustlessTable, SameSeedSameHandOtherSeedOtherHand) {
  const Table t{"reproducible", 3, kCards};
  const auto plan = holdem_plan(3);
  const std::string a = to_json(seeded_hand(t, seed_bytes(1), plan));
  EXPECT_EQ(a, to_json(seeded_hand(t, seed_bytes(1), plan)));
  EXPECT_NE(a, to_json(seeded_hand(t, seed_bytes(2), plan)));
}

TEST(TrustlessTable, LiveRandomnessDealsAndDiffers) {
  const Table t{"live", 2, kCards};
  std::vector<Randomness> r1 = {Randomness::live(), Randomness::live()};
  std::vector<Randomness> r2 = {Randomness::live(), Randomness::live()};
  const auto plan = holdem_plan(2);
  const Transcript a = deal_hand(t, r1, plan), b = deal_hand(t, r2, plan);
  EXPECT_TRUE(verify_transcript(a).ok) << verify_transcript(a).describe();
  EXPECT_TRUE(verify_transcript(b).ok);
  EXPECT_NE(a.keys[0].key, b.keys[0].key);
  EXPECT_NE(a.shuffles[1].deck, b.shuffles[1].deck);
}

TEST(TrustlessTable, TranscriptNamesTheCheat) {
  const Table t{"cheat", 4, kCards};
  const Transcript good = seeded_hand(t, seed_bytes(9), holdem_plan(4));
  ASSERT_TRUE(verify_transcript(good).ok);

  Transcript bad = good;  // seat 2 substitutes a card after proving
  bad.shuffles[2].deck[5] = bad.shuffles[1].deck[5];
  TranscriptCheck r = verify_transcript(bad);
  EXPECT_EQ(r.describe(), "seat 2, step 3: shuffle.t1");

  bad = good;  // seat 3 sends a wrong share for the flop's first card (deal 9: position 9)
  ASSERT_EQ(bad.deals[9].to.kind, DealTo::Kind::all);
  bad.deals[9].shares[3].share = add(bad.deals[9].shares[3].share, g_point());
  r = verify_transcript(bad);
  EXPECT_EQ(r.describe(), "seat 3, step 14: share");

  bad = good;  // seat 1 replays its shuffle proof from another hand (another table id)
  const Transcript other = seeded_hand(Table{"cheat-other", 4, kCards}, seed_bytes(9), holdem_plan(4));
  bad.shuffles[0] = other.shuffles[0];
  r = verify_transcript(bad);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.seat, 0u);

  bad = good;  // seat 0 replays seat 1's key proof as its own
  bad.keys[0] = bad.keys[1];
  bad.keys[0].seat = 0;
  EXPECT_EQ(verify_transcript(bad).describe(), "seat 0, step 0: schnorr");

  bad = good;  // a share missing
  bad.deals[0].shares.pop_back();
  EXPECT_EQ(verify_transcript(bad).check, "schedule: share count");

  bad = good;  // the holder's own share published (not a schedule this protocol has)
  bad.deals[0].shares.insert(bad.deals[0].shares.begin(), bad.deals[0].shares[0]);
  EXPECT_FALSE(verify_transcript(bad).ok);
}

// ---- uniformity with one honest seat (issue 62, item 6) -----------------------------------------
//
// The protocol's promise (docs/trustless.md §11): the final order is uniform if any one seat
// shuffles honestly, whatever the others do. Here every other seat applies the identity
// permutation — re-encrypting in place, with a valid proof — and the position × card matrix of
// the final deck is tested with the project's χ² (stats.hpp: X²·(n−1)/n on (n−1)² df, α = 10^-6
// per assertion, so no seed makes a correct protocol fail more often than once in 10^6).
//
// Sizing: an 8-card deck (Table::cards < 52 is for tests) keeps each proof ~7× cheaper than at
// 52 cards; df = (8−1)² = 49, critical value 111.1 at α = 10^-6 (regularised upper incomplete
// gamma, computed with mpmath; the same method gives stats.hpp's 70.5 for df 23 and 2958.3 for
// 2601). 3 seats, the honest one rotating 0, 1, 2, so that the honest seat is first, in the
// middle and last. Each table costs three 8-card shuffles proved and verified (~28 ms natively on
// the 2-core machine), so the tables are counted to what each assertion needs:
// - honest: 120 tables, 15 expected per cell (≥ 5 everywhere, so the χ² approximation holds at
//   the tail);
// - every seat the identity: all mass on the diagonal, statistic = 49·T exactly; 12 tables: 588;
// - the mixer's Fisher–Yates replaced by Sattolo's biased shuffle of fairdeck/fairness (no card
//   stays in place): the 8 diagonal cells are empty, noncentrality λ = T (computed exactly from
//   Sattolo's position law). 240 tables: mean 49 + 240 = 289, sd √(2·(49 + 2·240)) ≈ 33, so the
//   critical value 111.1 is 5.5 sd below the mean: the control is rejected for any seed but with
//   a chance far below 10^-6. (Naive swap and off-by-one have λ = 0.077·T and 0.198·T at n = 8:
//   they would need thousands of tables.)
// Not in WASM: ~10 s natively is ~20 s there, beyond what the wasm stage of `npm test` can add.

namespace {
enum class Mix { identity, fisher_yates, sattolo };

/// One table where seat `mixer` shuffles with `mix` and every other seat applies the identity;
/// every shuffle is proved and must verify. Returns the card at each final position (decrypted
/// with all seats' secrets).
std::vector<std::uint32_t> one_mixer_table(const Table& t, std::uint32_t mixer, Mix mix, std::span<const std::uint8_t> seed) {
  std::vector<Randomness> rngs;
  std::vector<Scalar> x(t.seats);
  std::vector<Point> ys;
  for (std::uint32_t s = 0; s < t.seats; ++s) {
    rngs.push_back(Randomness::seeded(seed, s));
    const KeyMessage k = make_key(t, s, Table::key_step(), rngs[s], x[s]);
    EXPECT_TRUE(verify_key(t, k).ok());
    ys.push_back(k.key);
  }
  const Keys keys = Keys::of(ys);
  Deck deck = initial_deck(t.cards);
  for (std::uint32_t s = 0; s < t.seats; ++s) {
    std::vector<std::uint32_t> psi(t.cards);
    std::iota(psi.begin(), psi.end(), 0u);
    if (s == mixer && mix == Mix::fisher_yates) {
      psi = draw_permutation(rngs[s].permutation_key(), t.cards);
    } else if (s == mixer && mix == Mix::sattolo) {
      ChaCha20 engine(rngs[s].permutation_key());
      reference::sattolo(std::span<std::uint32_t>(psi), engine);
    }
    std::vector<Scalar> rho(t.cards);
    for (auto& r : rho) r = rngs[s].scalar();
    ShuffleMessage m;
    m.seat = s, m.step = t.shuffle_step(s);
    m.deck.resize(t.cards);
    for (std::uint32_t i = 0; i < t.cards; ++i) m.deck[i] = reencrypt(deck[psi[i]], keys.table, rho[i]);
    m.proof = prove_shuffle(t, s, m.step, keys, deck, m.deck, psi, rho, rngs[s]);
    const Verdict v = verify_shuffle(t, keys, deck, m);
    EXPECT_TRUE(v.ok()) << "seat " << s << ": " << v.failed;
    deck = std::move(m.deck);
  }
  std::vector<std::uint32_t> order(t.cards);
  for (std::uint32_t p = 0; p < t.cards; ++p) {
    std::vector<Point> shares;
    for (std::uint32_t s = 0; s < t.seats; ++s) shares.push_back(own_share(x[s], deck[p]));
    const auto card = open_card(deck[p], shares, t.cards);
    EXPECT_TRUE(card.has_value()) << "position " << p;
    order[p] = card.value_or(0);
  }
  return order;
}

/// X²·(n−1)/n of the position × card matrix over `tables` one-mixer tables.
double one_mixer_chi2(Mix mix, std::uint32_t tables, std::uint32_t seed_tag) {
  constexpr std::uint32_t kSmall = 8, kSeats = 3;
  std::vector<std::uint64_t> counts(kSmall * kSmall, 0);
  for (std::uint32_t k = 0; k < tables; ++k) {
    const Table t{"uniformity-" + std::to_string(k), kSeats, kSmall};
    std::vector<std::uint8_t> seed = seed_bytes(seed_tag);
    seed[28] = static_cast<std::uint8_t>(k >> 24), seed[29] = static_cast<std::uint8_t>(k >> 16);
    seed[30] = static_cast<std::uint8_t>(k >> 8), seed[31] = static_cast<std::uint8_t>(k);
    const auto order = one_mixer_table(t, k % kSeats, mix, seed);
    for (std::uint32_t p = 0; p < kSmall; ++p) ++counts[order[p] * kSmall + p];
  }
  return tests::chi2_matrix(counts, kSmall);
}
constexpr std::uint32_t kHonestTables = 120, kIdentityTables = 12, kSattoloTables = 240;
}  // namespace

TEST(TrustlessUniformity, OneHonestSeatAmongIdentitiesGivesAUniformOrder) {
#ifdef __EMSCRIPTEN__
  GTEST_SKIP() << "native only (~20 s in wasm)";
#endif
  const double critical = tests::chi2_critical(49);
  const double x2 = one_mixer_chi2(Mix::fisher_yates, kHonestTables, 62);
  std::printf("[ chi2 ] one honest seat of 3, 8 cards, %u tables: X2 = %.1f, df 49, critical %.1f\n", kHonestTables, x2,
              critical);
  EXPECT_LT(x2, critical);
}

TEST(TrustlessUniformity, NoHonestSeatOrABiasedOneIsRejected) {
#ifdef __EMSCRIPTEN__
  GTEST_SKIP() << "native only (~20 s in wasm)";
#endif
  const double critical = tests::chi2_critical(49);
  const double identity = one_mixer_chi2(Mix::identity, kIdentityTables, 62);
  const double sattolo = one_mixer_chi2(Mix::sattolo, kSattoloTables, 63);
  std::printf("[ chi2 ] controls, 8 cards: every seat identity (%u tables) X2 = %.1f, Sattolo mixer (%u tables) "
              "X2 = %.1f, df 49, critical %.1f\n",
              kIdentityTables, identity, kSattoloTables, sattolo, critical);
  EXPECT_GT(identity, critical);
  EXPECT_GT(sattolo, critical);
}

// ---- messages as JSON ---------------------------------------------------------------------------

TEST(TrustlessJson, MessagesRoundTripAndStillVerify) {
  const Table t{"json", 3, kCards};
  const Transcript tr = seeded_hand(t, seed_bytes(5), holdem_plan(3));
  for (const KeyMessage& k : tr.keys) {
    const KeyMessage back = parse_key_message(to_json(k));
    EXPECT_EQ(to_json(back), to_json(k));
    EXPECT_TRUE(verify_key(t, back).ok());
  }
  std::vector<Point> ys;
  for (const KeyMessage& k : tr.keys) ys.push_back(k.key);
  const Keys keys = Keys::of(ys);
  Deck deck = initial_deck();
  for (const ShuffleMessage& m : tr.shuffles) {
    const ShuffleMessage back = parse_shuffle_message(to_json(m));
    EXPECT_EQ(to_json(back), to_json(m));
    EXPECT_TRUE(verify_shuffle(t, keys, deck, back).ok());
    deck = back.deck;
  }
  const ShareMessage& share = tr.deals[0].shares[0];
  const ShareMessage back = parse_share_message(to_json(share));
  EXPECT_EQ(to_json(back), to_json(share));
  EXPECT_TRUE(verify_share(t, keys, deck[0], back).ok());
}

TEST(TrustlessJson, MalformedMessagesNameTheField) {
  const Seated s(2);
  const std::string good = to_json(s.key_messages[0]);
  const auto message_of = [](const std::string& text) {
    try {
      parse_key_message(text);
    } catch (const TypeError& e) {
      return std::string(e.what());
    }
    return std::string("parsed");
  };
  EXPECT_EQ(message_of(good), "parsed");
  std::string bad = good;
  bad.replace(bad.find("\"key\":\"") + 7, 1, "A");  // upper-case hex
  EXPECT_EQ(message_of(bad), "trustless key message: field 'key' must be 64 lower-case hex characters");
  bad = good;
  bad.replace(bad.find("\"s\":\""), 4, "\"x\":");
  EXPECT_EQ(message_of(bad), "trustless key message: field 'proof.s' is missing");
  EXPECT_EQ(message_of("{\"kind\":\"share\"}"), "trustless key message: field 'kind' must be \"key\"");
  EXPECT_NE(message_of("{\"kind\":"), "parsed");
  bad = good;
  bad.replace(bad.find("\"seat\":0"), 8, "\"seat\":4294967296");
  EXPECT_EQ(message_of(bad), "trustless key message: field 'seat' must be an integer from 0 to 2^32 - 1");
  // Well-formed hex that is no point: parsed, then rejected by the verifier as "encoding".
  bad = good;
  bad.replace(bad.find("\"key\":\"") + 7, 64, std::string(63, 'f') + "f");
  EXPECT_EQ(verify_key(s.table, parse_key_message(bad)).failed, "encoding");
  EXPECT_THROW(parse_shuffle_message(good), TypeError);
  EXPECT_THROW(parse_share_message(good), TypeError);
}

namespace {
/// The TypeError message of parse_transcript(text), or "parsed".
std::string transcript_error(const std::string& text) {
  try {
    parse_transcript(text);
  } catch (const TypeError& e) {
    return e.what();
  }
  return "parsed";
}
}  // namespace

TEST(TrustlessJson, TranscriptsRoundTripAndVerifyTheSame) {
  // The golden vector: read back, it verifies and writes the same bytes.
  const std::string file = read_file(std::string(FAIRDECK_VECTORS_DIR) + "/trustless-3seat.json");
  ASSERT_FALSE(file.empty());
  const Transcript golden = parse_transcript(file);
  EXPECT_EQ(golden.seed_hex, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  EXPECT_EQ(to_json(golden), file);
  const TranscriptCheck check = verify_transcript(golden);
  ASSERT_TRUE(check.ok) << check.describe();
  EXPECT_EQ(check.public_cards[7], golden.deals[7].card);  // the flop's first card, opened by the verifier
  // A forged one (and one with a burn added) reads back to the same bytes and the verifier names
  // the cheat from the JSON. (The 2–10-seat tables of TrustlessTable, up to the largest transcript
  // the core makes, round-trip too.) The same bytes back mean the same Transcript: to_json writes
  // every field.
  Transcript bad = golden;
  bad.deals[8].shares[2].share = add(bad.deals[8].shares[2].share, g_point());
  bad.deals.push_back(Deal{20, DealTo::burn(), {}, std::nullopt});
  const Transcript bad_back = parse_transcript(to_json(bad));
  EXPECT_EQ(to_json(bad_back), to_json(bad));
  EXPECT_EQ(verify_transcript(bad_back).describe(), "seat 2, step 12: share");
}

TEST(TrustlessJson, MalformedOrTooDeepTranscriptsAreRefused) {
  const std::string file = read_file(std::string(FAIRDECK_VECTORS_DIR) + "/trustless-3seat.json");
  ASSERT_FALSE(file.empty());
  ASSERT_EQ(transcript_error(file), "parsed");
  // The deck-state reader's limit is unchanged: a transcript is one level too deep for it.
  EXPECT_THROW(json::parse(file), TypeError);
  EXPECT_NO_THROW(json::parse(file, kTranscriptDepth, "t"));
  // One level deeper than a transcript needs, even in a field the format does not define.
  std::string bad = file;
  bad.insert(1, "\"extra\":[[[[[[1]]]]]],");
  EXPECT_EQ(transcript_error(bad), "trustless transcript is not valid JSON at character 15: nested too deeply");
  bad = file;
  bad.insert(1, "\"extra\":[[[[[1]]]]],");  // six levels: allowed, and ignored
  EXPECT_EQ(transcript_error(bad), "parsed");
  // Deeper inside a share's proof.
  bad = file;
  const std::size_t t1 = bad.find("\"t1\":\"", bad.find("\"deals\""));
  ASSERT_NE(t1, std::string::npos);
  bad.insert(t1, "\"x\":[1],");
  EXPECT_NE(transcript_error(bad).find("nested too deeply"), std::string::npos) << transcript_error(bad);
  // Truncated, not JSON, wrong protocol, missing parts: each refused with the place named.
  EXPECT_EQ(transcript_error(file.substr(0, file.size() / 2)).rfind("trustless transcript is not valid JSON at character", 0), 0u);
  EXPECT_EQ(transcript_error("[]"), "trustless transcript: field '' is not an object");
  bad = file;
  bad.replace(bad.find("trustless/v1"), 12, "trustless/v2");
  EXPECT_EQ(transcript_error(bad), "trustless transcript: field 'protocol' must be \"fairdeck/trustless/v1\"");
  bad = file;
  bad.replace(bad.find("\"deals\""), 7, "\"dealt\"");
  EXPECT_EQ(transcript_error(bad), "trustless transcript: field 'deals' is missing");
  bad = file;
  const std::size_t share_s = bad.find("\"s\":\"", bad.find("\"deals\""));
  bad.replace(share_s, 4, "\"z\":");
  EXPECT_EQ(transcript_error(bad), "trustless transcript deals[0].shares[0]: field 'proof.s' is missing");
  bad = file;
  bad.replace(bad.find("\"to\":\"burn\""), 11, "\"to\":\"bury\"");
  EXPECT_EQ(transcript_error(bad), "trustless transcript deals[6]: field 'to' must be a seat number, \"all\" or \"burn\"");
  bad = file;
  bad.replace(bad.find("\"kind\":\"shuffle\""), 16, "\"kind\":\"shuffel\"");
  EXPECT_EQ(transcript_error(bad), "trustless transcript shuffles[0]: field 'kind' must be \"shuffle\"");
  // Out of range is verify_transcript's refusal, not the reader's.
  bad = file;
  bad.replace(bad.find("\"seats\":3"), 9, "\"seats\":11");
  EXPECT_THROW(verify_transcript(parse_transcript(bad)), RangeError);
}

// ---- known-answer vector ------------------------------------------------------------------------

TEST(TrustlessVectors, ThreeSeatTranscriptMatchesTheGoldenFile) {
  const std::string file = read_file(std::string(FAIRDECK_VECTORS_DIR) + "/trustless-3seat.json");
  ASSERT_FALSE(file.empty()) << "tests/vectors/trustless-3seat.json is missing";
  const Transcript tr = seeded_hand(trustless_vector_table(), trustless_vector_seed(), holdem_plan(3));
  EXPECT_TRUE(verify_transcript(tr).ok);
  EXPECT_EQ(to_json(tr), file) << "regenerate only on purpose: fairdeck_make_trustless_vectors tests/vectors";
}

// ---- timings (printed, not asserted) ------------------------------------------------------------

TEST(TrustlessTiming, PrintsTimes) {
  Seated s(6);
  const Deck in = initial_deck();
  auto t0 = std::chrono::steady_clock::now();
  const ShuffleMessage m = shuffle(s.table, 0, 1, s.keys, in, s.rngs[0]);
  const double shuffle_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  const bool ok = verify_shuffle(s.table, s.keys, in, m).ok();
  const double verify_ms = ms_since(t0);
  EXPECT_TRUE(ok);
  t0 = std::chrono::steady_clock::now();
  const ShareMessage share = make_share(s.table, 1, s.table.share_step(0), 0, s.keys, s.x[1], m.deck[0], s.rngs[1]);
  const double share_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  EXPECT_TRUE(verify_share(s.table, s.keys, m.deck[0], share).ok());
  const double share_verify_ms = ms_since(t0);
  std::printf("[ timing ] %s, 52 cards, 6 seats: shuffle+proof %.1f ms, verify shuffle %.1f ms, "
              "share+proof %.3f ms, verify share %.3f ms\n",
              kWhere, shuffle_ms, verify_ms, share_ms, share_verify_ms);
  // A whole 6-seat Hold'em hand (12 hole cards, 5 board cards): every seat's work in this one
  // process (6 shuffles with proofs, each checked once, 77 shares), then one full check of it.
  t0 = std::chrono::steady_clock::now();
  const Transcript hand = seeded_hand(Table{"timing-hand", 6, kCards}, seed_bytes(6), holdem_plan(6));
  const double hand_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  EXPECT_TRUE(verify_transcript(hand).ok);
  const double check_ms = ms_since(t0);
  std::printf("[ timing ] %s, 6-seat Hold'em hand: all seats' work %.0f ms, verify_transcript %.0f ms\n", kWhere,
              hand_ms, check_ms);
}
