// fairdeck/trustless/protocol.hpp — the steps of `fairdeck/trustless/v1` (docs/trustless.md is
// the specification; section numbers below are its sections).
//
// Why: mental poker without a trusted dealer. Each seat proves knowledge of its key (Schnorr),
// shuffles and re-encrypts the deck with a Terelius–Wikström proof (in the form of Haenni et
// al.'s GenShuffleProof / CheckShuffleProof) and opens cards with Chaum–Pedersen-proved shares.
// Only the protocol's steps are here: every group, scalar and hash operation is libsodium's
// (group.hpp). Provers draw their randomness in the order §8 states, so seeded runs reproduce the
// known-answer vectors byte for byte. Verifiers never throw on a peer's input: they return the
// name of the failed check, which the table reports with the seat and step.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fairdeck/errors.hpp"
#include "fairdeck/text.hpp"
#include "fairdeck/trustless/group.hpp"
#include "fairdeck/trustless/random.hpp"

namespace fairdeck::trustless {

inline constexpr std::string_view kProtocol = "fairdeck/trustless/v1";
inline constexpr std::string_view kKeyTag = "fairdeck/trustless/v1/key";
inline constexpr std::string_view kShuffleUTag = "fairdeck/trustless/v1/shuffle/u";
inline constexpr std::string_view kShuffleCTag = "fairdeck/trustless/v1/shuffle/c";
inline constexpr std::string_view kShareTag = "fairdeck/trustless/v1/share";
inline constexpr std::string_view kCardTag = "fairdeck/trustless/v1/card";
inline constexpr std::string_view kGeneratorTag = "fairdeck/trustless/v1/generator";

/// One French deck without jokers; the only deck the protocol deals so far (§12).
inline constexpr std::uint32_t kCards = 52;
inline constexpr std::uint32_t kMinSeats = 2, kMaxSeats = 10;
inline constexpr std::size_t kMaxTableId = 256;

/// A hand's table: its id (fresh per hand), number of seats and of cards (§3).
struct Table {
  std::string id;
  std::uint32_t seats = 0;
  std::uint32_t cards = kCards;

  /// Throws RangeError naming the field that is out of range. (cards below 52 only for tests.)
  void validate() const {
    if (id.empty() || id.size() > kMaxTableId)
      throw RangeError(cat("table id must be 1 to ", kMaxTableId, " bytes, got ", id.size()));
    if (seats < kMinSeats || seats > kMaxSeats)
      throw RangeError(cat("seats must be from ", kMinSeats, " to ", kMaxSeats, ", got ", seats));
    if (cards < 2 || cards > kCards) throw RangeError(cat("cards must be from 2 to ", kCards, ", got ", cards));
  }
  /// The schedule of §3: keys at 0, seat i's shuffle at 1 + i, shares for position p at 1 + n + p.
  static constexpr std::uint32_t key_step() noexcept { return 0; }
  std::uint32_t shuffle_step(std::uint32_t seat) const noexcept { return 1 + seat; }
  std::uint32_t share_step(std::uint32_t position) const noexcept { return 1 + seats + position; }
};

/// A check's outcome: `failed` is empty if it passed, else the failed check's name (§6.2, §9, §11).
struct Verdict {
  std::string failed;
  bool ok() const noexcept { return failed.empty(); }
  static Verdict pass() { return {}; }
  static Verdict fail(std::string_view check) { return {std::string(check)}; }
};

/// ctx(s, k) = F(table id) ‖ F(u32be(n)) ‖ F(u32be(N)) ‖ F(u32be(s)) ‖ F(u32be(k)).
inline void context(Hash& h, const Table& t, std::uint32_t seat, std::uint32_t step) {
  h.bytes(t.id).u32(t.seats).u32(t.cards).u32(seat).u32(step);
}

// ---- §5 Cards -------------------------------------------------------------------------------

/// M_c = H2P("fairdeck/trustless/v1/card", u32be(c)).
inline Point card_point(std::uint32_t c) {
  Hash h(kCardTag);
  h.u32(c);
  return h.to_point();
}

/// The 52 card points, computed once; their distinctness is checked then (a failure would mean a
/// broken hash-to-group, and the table could not tell cards apart).
inline const std::vector<Point>& card_points() {
  static const std::vector<Point> points = [] {
    std::vector<Point> v(kCards);
    for (std::uint32_t c = 0; c < kCards; ++c) v[c] = card_point(c);
    for (std::uint32_t a = 0; a < kCards; ++a)
      for (std::uint32_t b = a + 1; b < kCards; ++b)
        if (v[a] == v[b]) throw TypeError("trustless: two card points coincide");
    return v;
  }();
  return points;
}

/// The card whose point is `m` (among the first `cards`), or nothing.
inline std::optional<std::uint32_t> card_of(const Point& m, std::uint32_t cards = kCards) {
  const auto& points = card_points();
  for (std::uint32_t c = 0; c < cards && c < points.size(); ++c)
    if (points[c] == m) return c;
  return std::nullopt;
}

// ---- §6.2 Generators ----------------------------------------------------------------------------

/// h_k = H2P("fairdeck/trustless/v1/generator", u32be(k)).
inline Point generator(std::uint32_t k) {
  Hash h(kGeneratorTag);
  h.u32(k);
  return h.to_point();
}

/// h_0 … h_n (n + 1 points); the 53 of a 52-card deck are computed once.
inline std::vector<Point> generators(std::uint32_t n) {
  static const std::vector<Point> deck = [] {
    std::vector<Point> v(kCards + 1);
    for (std::uint32_t k = 0; k <= kCards; ++k) v[k] = generator(k);
    return v;
  }();
  if (n <= kCards) return std::vector<Point>(deck.begin(), deck.begin() + n + 1);
  std::vector<Point> v(n + 1);
  for (std::uint32_t k = 0; k <= n; ++k) v[k] = generator(k);
  return v;
}

// ---- §1 Ciphertexts -----------------------------------------------------------------------------

/// (A, B) = (r·G, M + r·Y).
struct Ciphertext {
  Point a{}, b{};
  bool operator==(const Ciphertext&) const = default;
};
using Deck = std::vector<Ciphertext>;

/// The public initial deck: position p holds (O, M_p).
inline Deck initial_deck(std::uint32_t cards = kCards) {
  Deck d(cards);
  for (std::uint32_t p = 0; p < cards; ++p) d[p] = {kIdentity, card_points()[p]};
  return d;
}

inline Ciphertext encrypt(const Point& m, const Point& y, const Scalar& r) { return {mul_base(r), add(m, mul(r, y))}; }
inline Ciphertext reencrypt(const Ciphertext& c, const Point& y, const Scalar& rho) {
  return {add(c.a, mul_base(rho)), add(c.b, mul(rho, y))};
}

// ---- §4 Keys ------------------------------------------------------------------------------------

struct KeyProof {
  Point t{};
  Scalar s{};
};
/// A seat's key message: Y_i with its Schnorr proof.
struct KeyMessage {
  std::uint32_t seat = 0, step = 0;
  Point key{};
  KeyProof proof;
};

/// The seats' keys and the table key Y = Σ Y_i, as the shuffle and share statements hash them.
struct Keys {
  std::vector<Point> seats;
  Point table{};

  /// From the seat keys, which must be valid points (verified key messages).
  static Keys of(std::vector<Point> seat_keys) {
    Keys k;
    k.table = kIdentity;
    for (const Point& y : seat_keys) k.table = add(k.table, y);
    k.seats = std::move(seat_keys);
    return k;
  }
};

inline Scalar key_challenge(const Table& t, std::uint32_t seat, std::uint32_t step, const Point& y, const Point& commit) {
  Hash h(kKeyTag);
  context(h, t, seat, step);
  return h.point(y).point(commit).scalar();
}

/// Draws x (then the nonce) from `rng` and returns the key message; x goes to `secret`.
inline KeyMessage make_key(const Table& t, std::uint32_t seat, std::uint32_t step, Randomness& rng, Scalar& secret) {
  secret = rng.scalar();
  KeyMessage m;
  m.seat = seat, m.step = step;
  m.key = mul_base(secret);
  const Scalar k = rng.scalar();
  m.proof.t = mul_base(k);
  const Scalar e = key_challenge(t, seat, step, m.key, m.proof.t);
  m.proof.s = sadd(k, smul(e, secret));
  return m;
}

/// Checks a key message: encodings, Y_i ≠ O, s·G == T + e·Y_i.
inline Verdict verify_key(const Table& t, const KeyMessage& m) {
  if (!valid_point(m.key) || !valid_point(m.proof.t) || !canonical_scalar(m.proof.s)) return Verdict::fail("encoding");
  if (m.key == kIdentity) return Verdict::fail("key");
  const Scalar e = key_challenge(t, m.seat, m.step, m.key, m.proof.t);
  if (mul_base(m.proof.s) != add(m.proof.t, mul(e, m.key))) return Verdict::fail("schnorr");
  return Verdict::pass();
}

// ---- §6 Shuffles --------------------------------------------------------------------------------

/// The Terelius–Wikström proof (§6.2, step 8).
struct ShuffleProof {
  std::vector<Point> c, chat;
  Point t1{}, t2{}, t3{}, t4a{}, t4b{};
  std::vector<Point> that;
  Scalar s1{}, s2{}, s3{}, s4{};
  std::vector<Scalar> shat, sprime;
};
/// A seat's shuffle: the output deck and its proof (the input is the previous shuffle's deck).
struct ShuffleMessage {
  std::uint32_t seat = 0, step = 0;
  Deck deck;
  ShuffleProof proof;
};

namespace detail {
/// The common prefix of the statement: ctx ‖ F(keys) ‖ F(Y) ‖ F(deck_in) ‖ F(deck_out) ‖ F(c).
inline void shuffle_statement(Hash& h, const Table& t, std::uint32_t seat, std::uint32_t step, const Keys& keys,
                              const Deck& in, const Deck& out, std::span<const Point> c) {
  context(h, t, seat, step);
  h.points(keys.seats).point(keys.table);
  h.pairs(std::span<const Ciphertext>(in)).pairs(std::span<const Ciphertext>(out)).points(c);
}
inline Point sum(std::span<const Point> ps) {
  Point r = kIdentity;
  for (const Point& p : ps) r = add(r, p);
  return r;
}
}  // namespace detail

/// u_j = H2S(P_u ‖ F(u32be(j))), j = 0 … N−1 (§6.2, step 2).
inline std::vector<Scalar> shuffle_challenges(const Table& t, std::uint32_t seat, std::uint32_t step, const Keys& keys,
                                              const Deck& in, const Deck& out, std::span<const Point> c) {
  Hash prefix(kShuffleUTag);
  detail::shuffle_statement(prefix, t, seat, step, keys, in, out, c);
  std::vector<Scalar> u(in.size());
  for (std::uint32_t j = 0; j < u.size(); ++j) {
    Hash h = prefix;
    u[j] = h.u32(j).scalar();
  }
  return u;
}

/// e of §6.2, step 6, from the proof's commitments.
inline Scalar shuffle_challenge(const Table& t, std::uint32_t seat, std::uint32_t step, const Keys& keys, const Deck& in,
                                const Deck& out, const ShuffleProof& p) {
  Hash h(kShuffleCTag);
  detail::shuffle_statement(h, t, seat, step, keys, in, out, p.c);
  h.points(p.chat).point(p.t1).point(p.t2).point(p.t3).point(p.t4a).point(p.t4b).points(p.that);
  return h.scalar();
}

/// GenShuffleProof (§6.2) for `out`[i] = reencrypt(`in`[ψ[i]], Y, ρ[i]). Draws r, r̂, ω_1…ω_4, ω̂,
/// ω' from `rng` in that order. It proves what it is given: with a ψ that is no permutation, or
/// an `out` that is not what ψ and ρ make, it returns a proof that does not verify (the forgery
/// tests use this).
inline ShuffleProof prove_shuffle(const Table& t, std::uint32_t seat, std::uint32_t step, const Keys& keys,
                                  const Deck& in, const Deck& out, std::span<const std::uint32_t> psi,
                                  std::span<const Scalar> rho, Randomness& rng) {
  const std::size_t n = in.size();
  if (out.size() != n || psi.size() != n || rho.size() != n) throw RangeError("prove_shuffle: lengths differ");
  for (std::uint32_t j : psi)
    if (j >= n) throw RangeError("prove_shuffle: psi names a position past the deck");
  const std::vector<Point> h = generators(static_cast<std::uint32_t>(n));
  std::vector<Scalar> r(n), rhat(n), what(n), wprime(n);
  for (auto& x : r) x = rng.scalar();
  for (auto& x : rhat) x = rng.scalar();
  const Scalar w1 = rng.scalar(), w2 = rng.scalar(), w3 = rng.scalar(), w4 = rng.scalar();
  for (auto& x : what) x = rng.scalar();
  for (auto& x : wprime) x = rng.scalar();

  ShuffleProof p;
  // 1. c_{ψ(i)} = r_{ψ(i)}·G + h_{i+1}.
  p.c.resize(n);
  for (std::size_t j = 0; j < n; ++j) p.c[j] = mul_base(r[j]);
  for (std::size_t i = 0; i < n; ++i) p.c[psi[i]] = add(mul_base(r[psi[i]]), h[i + 1]);
  // 2. u_j, u'_i = u_{ψ(i)}.
  const std::vector<Scalar> u = shuffle_challenges(t, seat, step, keys, in, out, p.c);
  std::vector<Scalar> up(n);
  for (std::size_t i = 0; i < n; ++i) up[i] = u[psi[i]];
  // 3. ĉ_i = r̂_i·G + u'_i·ĉ_{i−1}, ĉ_{−1} = h_0.
  p.chat.resize(n);
  for (std::size_t i = 0; i < n; ++i) p.chat[i] = add(mul_base(rhat[i]), mul(up[i], i ? p.chat[i - 1] : h[0]));
  // 5. The first message.
  p.t1 = mul_base(w1);
  p.t2 = mul_base(w2);
  p.t3 = mul_base(w3);
  p.t4a = mul_base(sneg(w4));
  p.t4b = mul(sneg(w4), keys.table);
  p.that.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    p.t3 = add(p.t3, mul(wprime[i], h[i + 1]));
    p.t4a = add(p.t4a, mul(wprime[i], out[i].a));
    p.t4b = add(p.t4b, mul(wprime[i], out[i].b));
    p.that[i] = add(mul_base(what[i]), mul(wprime[i], i ? p.chat[i - 1] : h[0]));
  }
  // 6. The challenge.
  const Scalar e = shuffle_challenge(t, seat, step, keys, in, out, p);
  // 7. Responses; v_i = Π_{m>i} u'_m.
  std::vector<Scalar> v(n);
  v[n - 1] = sone();
  for (std::size_t i = n - 1; i >= 1; --i) v[i - 1] = smul(up[i], v[i]);
  Scalar rbar{}, rhatv{}, ru{}, rhou{};
  for (std::size_t i = 0; i < n; ++i) {
    rbar = sadd(rbar, r[i]);
    rhatv = sadd(rhatv, smul(rhat[i], v[i]));
    ru = sadd(ru, smul(r[i], u[i]));
    rhou = sadd(rhou, smul(rho[i], up[i]));
  }
  p.s1 = sadd(w1, smul(e, rbar));
  p.s2 = sadd(w2, smul(e, rhatv));
  p.s3 = sadd(w3, smul(e, ru));
  p.s4 = sadd(w4, smul(e, rhou));
  p.shat.resize(n);
  p.sprime.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    p.shat[i] = sadd(what[i], smul(e, rhat[i]));
    p.sprime[i] = sadd(wprime[i], smul(e, up[i]));
  }
  return p;
}

/// The witness of a shuffle, kept only by tests that tamper with it.
struct ShuffleWitness {
  std::vector<std::uint32_t> psi;
  std::vector<Scalar> rho;
};

/// Seat `seat`'s honest shuffle of `in` (§6.1): draws the permutation key, then ρ_0 … ρ_{N−1},
/// then the proof's randomness.
inline ShuffleMessage shuffle(const Table& t, std::uint32_t seat, std::uint32_t step, const Keys& keys, const Deck& in,
                              Randomness& rng, ShuffleWitness* witness = nullptr) {
  const auto n = static_cast<std::uint32_t>(in.size());
  ShuffleWitness w;
  w.psi = draw_permutation(rng.permutation_key(), n);
  w.rho.resize(n);
  for (auto& x : w.rho) x = rng.scalar();
  ShuffleMessage m;
  m.seat = seat, m.step = step;
  m.deck.resize(n);
  for (std::uint32_t i = 0; i < n; ++i) m.deck[i] = reencrypt(in[w.psi[i]], keys.table, w.rho[i]);
  m.proof = prove_shuffle(t, seat, step, keys, in, m.deck, w.psi, w.rho, rng);
  if (witness) *witness = std::move(w);
  return m;
}

namespace detail {
inline bool valid_points(std::span<const Point> ps) {
  for (const Point& p : ps)
    if (!valid_point(p)) return false;
  return true;
}
inline bool valid_deck(const Deck& d) {
  for (const Ciphertext& c : d)
    if (!valid_point(c.a) || !valid_point(c.b)) return false;
  return true;
}
inline bool canonical_scalars(std::span<const Scalar> ss) {
  for (const Scalar& s : ss)
    if (!canonical_scalar(s)) return false;
  return true;
}
}  // namespace detail

/// CheckShuffleProof (§6.2): is `m.deck` a re-encrypted permutation of `in` under `keys`?
/// Returns the first failed check: "encoding", "shuffle.t1" … "shuffle.t4", "shuffle.that".
inline Verdict verify_shuffle(const Table& t, const Keys& keys, const Deck& in, const ShuffleMessage& m) {
  const std::size_t n = t.cards;
  const ShuffleProof& p = m.proof;
  if (in.size() != n || m.deck.size() != n || p.c.size() != n || p.chat.size() != n || p.that.size() != n ||
      p.shat.size() != n || p.sprime.size() != n)
    return Verdict::fail("encoding");
  if (!detail::valid_deck(in) || !detail::valid_deck(m.deck) || !detail::valid_points(p.c) ||
      !detail::valid_points(p.chat) || !detail::valid_points(p.that) ||
      !detail::valid_points(std::array<Point, 5>{p.t1, p.t2, p.t3, p.t4a, p.t4b}) ||
      !detail::canonical_scalars(std::array<Scalar, 4>{p.s1, p.s2, p.s3, p.s4}) || !detail::canonical_scalars(p.shat) ||
      !detail::canonical_scalars(p.sprime))
    return Verdict::fail("encoding");
  const std::vector<Point> h = generators(static_cast<std::uint32_t>(n));
  const std::vector<Scalar> u = shuffle_challenges(t, m.seat, m.step, keys, in, m.deck, p.c);
  const Scalar e = shuffle_challenge(t, m.seat, m.step, keys, in, m.deck, p);
  const Scalar ne = sneg(e);

  Point cbar = detail::sum(p.c);
  Scalar ubar = sone();
  Point ctilde = kIdentity, a1 = kIdentity, b1 = kIdentity;
  for (std::size_t j = 0; j < n; ++j) {
    cbar = sub(cbar, h[j + 1]);
    ubar = smul(ubar, u[j]);
    ctilde = add(ctilde, mul(u[j], p.c[j]));
    a1 = add(a1, mul(u[j], in[j].a));
    b1 = add(b1, mul(u[j], in[j].b));
  }
  const Point chat_end = sub(p.chat[n - 1], mul(ubar, h[0]));
  if (add(mul_base(p.s1), mul(ne, cbar)) != p.t1) return Verdict::fail("shuffle.t1");
  if (add(mul_base(p.s2), mul(ne, chat_end)) != p.t2) return Verdict::fail("shuffle.t2");
  Point t3 = add(mul_base(p.s3), mul(ne, ctilde));
  Point t4a = add(mul_base(sneg(p.s4)), mul(ne, a1));
  Point t4b = add(mul(sneg(p.s4), keys.table), mul(ne, b1));
  for (std::size_t i = 0; i < n; ++i) {
    t3 = add(t3, mul(p.sprime[i], h[i + 1]));
    t4a = add(t4a, mul(p.sprime[i], m.deck[i].a));
    t4b = add(t4b, mul(p.sprime[i], m.deck[i].b));
  }
  if (t3 != p.t3) return Verdict::fail("shuffle.t3");
  if (t4a != p.t4a || t4b != p.t4b) return Verdict::fail("shuffle.t4");
  for (std::size_t i = 0; i < n; ++i) {
    const Point that = add(add(mul_base(p.shat[i]), mul(p.sprime[i], i ? p.chat[i - 1] : h[0])), mul(ne, p.chat[i]));
    if (that != p.that[i]) return Verdict::fail("shuffle.that");
  }
  return Verdict::pass();
}

// ---- §7 Opening cards ---------------------------------------------------------------------------

struct ShareProof {
  Point t1{}, t2{};
  Scalar s{};
};
/// A decryption share D_i = x_i·A of the card at `position`, with its Chaum–Pedersen proof.
struct ShareMessage {
  std::uint32_t seat = 0, step = 0, position = 0;
  Point share{};
  ShareProof proof;
};

inline Scalar share_challenge(const Table& t, std::uint32_t seat, std::uint32_t step, const Keys& keys,
                              const Ciphertext& c, const Point& d, const Point& t1, const Point& t2) {
  Hash h(kShareTag);
  context(h, t, seat, step);
  return h.points(keys.seats).point(keys.seats.at(seat)).point(c.a).point(c.b).point(d).point(t1).point(t2).scalar();
}

/// The share that seat `seat` (secret x) publishes for ciphertext `c`; draws one nonce.
inline ShareMessage make_share(const Table& t, std::uint32_t seat, std::uint32_t step, std::uint32_t position,
                               const Keys& keys, const Scalar& x, const Ciphertext& c, Randomness& rng) {
  ShareMessage m;
  m.seat = seat, m.step = step, m.position = position;
  m.share = mul(x, c.a);
  const Scalar k = rng.scalar();
  m.proof.t1 = mul_base(k);
  m.proof.t2 = mul(k, c.a);
  const Scalar e = share_challenge(t, seat, step, keys, c, m.share, m.proof.t1, m.proof.t2);
  m.proof.s = sadd(k, smul(e, x));
  return m;
}

/// Checks a share: s·G == T1 + e·Y_i and s·A == T2 + e·D_i.
inline Verdict verify_share(const Table& t, const Keys& keys, const Ciphertext& c, const ShareMessage& m) {
  if (m.seat >= keys.seats.size()) return Verdict::fail("encoding");
  if (!valid_point(c.a) || !valid_point(c.b) || !valid_point(m.share) || !valid_point(m.proof.t1) ||
      !valid_point(m.proof.t2) || !canonical_scalar(m.proof.s))
    return Verdict::fail("encoding");
  const Scalar e = share_challenge(t, m.seat, m.step, keys, c, m.share, m.proof.t1, m.proof.t2);
  if (mul_base(m.proof.s) != add(m.proof.t1, mul(e, keys.seats[m.seat]))) return Verdict::fail("share");
  if (mul(m.proof.s, c.a) != add(m.proof.t2, mul(e, m.share))) return Verdict::fail("share");
  return Verdict::pass();
}

/// The holder's own share, computed locally and never published (§7).
inline Point own_share(const Scalar& x, const Ciphertext& c) { return mul(x, c.a); }

/// M = B − Σ D_i over all n shares, and its card (nothing if M is no card: "card").
inline std::optional<std::uint32_t> open_card(const Ciphertext& c, std::span<const Point> shares,
                                              std::uint32_t cards = kCards) {
  Point m = c.b;
  for (const Point& d : shares) m = sub(m, d);
  return card_of(m, cards);
}

}  // namespace fairdeck::trustless
