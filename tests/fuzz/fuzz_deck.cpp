// tests/fuzz/fuzz_deck.cpp — libFuzzer target: bytes → a deck and a sequence of operations on it,
// checked against a tiny model after every step.
//
// Invariants asserted (any violation aborts, so libFuzzer saves the input as a crash):
//  - every card id 0…n−1 is in exactly one of pile(0) undealt, pile(1) returned, pile(2) dealt,
//    and each pile is exactly the model's (a per-card "where is it" array);
//  - remaining() = undealt + returned, returned(), dealt_count() agree with the piles and the model;
//  - deal_one() returns a card the model has undealt (or returned, once undealt is empty), and
//    kNoCard exactly when the model is empty; an eager deck deals pile(0).front();
//  - deal(n) returns min(n, remaining) cards, each as deal_one would;
//  - a bad return_cards (unknown id, undealt, returned, twice) throws fairdeck::RangeError and
//    changes nothing, engine position and pending dice included (save_state with the secret);
//  - save_state → restore_state gives a twin that, from then on, answers every operation exactly
//    as the original does (a secure deck saved without its secret restores with the same piles);
//  - look_ahead(k) / take(t) (lazy and bitmap decks deal up to 64 cards in advance and take back
//    what the caller did not hand out): the window holds min(k, 64, undealt) cards, each the card
//    the next deal_one() would give, and the deck answers, deals and saves exactly as a plain twin
//    that never looks ahead (made from the same options, given every other operation), whether
//    the look-ahead is taken whole, in part, or left pending under any other operation;
//  - no other exception type escapes, and ASan/UBSan see no memory or undefined-behaviour error.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "fairdeck/json.hpp"
#include "../cpp/make_deck.hpp"

namespace fd = fairdeck;

namespace {

[[noreturn]] void fail(const char* what, unsigned long long a = 0, unsigned long long b = 0) { fuzz::fail("fuzz_deck", what, a, b); }
#define CHECK(cond, ...) \
  do {                   \
    if (!(cond)) fail(#cond, ##__VA_ARGS__); \
  } while (0)

enum Where : std::uint8_t { kUndealt = 0, kReturned = 1, kDealt = 2 };

struct Model {
  std::vector<std::uint8_t> where;  // per card id
  std::uint32_t count[3] = {0, 0, 0};

  explicit Model(std::uint32_t n) : where(n, kUndealt) { count[kUndealt] = n; }
  void move(std::uint32_t c, Where to) {
    --count[where[c]];
    where[c] = to;
    ++count[to];
  }
  void gather(Where from, Where to) {
    for (std::uint32_t c = 0; c < where.size(); ++c)
      if (where[c] == from) move(c, to);
  }
};

/// Checks the deck against the model: piles, counts, and the partition of 0…n−1.
void check(const fd::Deck& d, const Model& m) {
  const std::uint32_t n = d.size();
  CHECK(m.where.size() == n);
  std::vector<std::uint8_t> seen(n, 0);
  for (int p = 0; p < 3; ++p) {
    const std::vector<std::uint32_t> pile = d.pile(p);
    CHECK(pile.size() == m.count[p], pile.size(), m.count[p]);
    for (std::uint32_t c : pile) {
      CHECK(c < n, c, n);
      CHECK(seen[c]++ == 0, c);
      CHECK(m.where[c] == p, c, p);
    }
  }
  CHECK(d.remaining() == m.count[kUndealt] + m.count[kReturned], d.remaining());
  CHECK(d.returned() == m.count[kReturned], d.returned());
  CHECK(d.dealt_count() == m.count[kDealt], d.dealt_count());
  CHECK(d.remaining() + d.dealt_count() == n);
}

/// What deal_one must do to the model; returns false when the deck must report kNoCard.
bool model_deal(Model& m, std::uint32_t card) {
  if (m.count[kUndealt] == 0) {
    if (m.count[kReturned] == 0) return false;
    m.gather(kReturned, kUndealt);
  }
  CHECK(card != fd::kNoCard);
  CHECK(card < m.where.size(), card);
  CHECK(m.where[card] == kUndealt, card, m.where[card]);
  m.move(card, kDealt);
  return true;
}

/// The deck under test and, after a save/restore, its twin, which must answer every operation
/// exactly as the deck does.
struct Pair {
  std::unique_ptr<fd::Deck> deck, twin, plain;  // plain: never looks ahead
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  Pair p;
  try {
    const fd::DeckOptions options = fuzz::options(in);
    p.deck = fd::make_deck(options);
    p.plain = fd::make_deck(options);
  } catch (const fd::TypeError&) {
    fail("valid options were rejected");
  } catch (const fd::RangeError&) {
    fail("valid options were rejected (range)");
  }
  fd::Deck* d = p.deck.get();
  const std::uint32_t n = d->size();
  Model m(n);
  check(*d, m);
  std::vector<std::uint32_t> out;

  for (int step = 0; step < 256 && in.remaining_bytes() > 0; ++step) {
    fd::Deck* t = p.twin.get();
    fd::Deck* w = p.plain.get();
    const int op = in.ConsumeIntegralInRange<int>(0, 14);
    switch (op) {
      case 0:
        d->shuffle();
        w->shuffle();
        if (t) t->shuffle();
        m.gather(kDealt, kUndealt);
        m.gather(kReturned, kUndealt);
        break;
      case 1:
        d->shuffle_remaining();
        w->shuffle_remaining();
        if (t) t->shuffle_remaining();
        m.gather(kReturned, kUndealt);
        break;
      case 2:
      case 3: {
        std::uint32_t expect_front = fd::kNoCard;
        if (d->strategy() == fd::Strategy::eager && m.count[kUndealt] > 0) expect_front = d->pile(0).front();
        const std::uint32_t c = d->deal_one();
        CHECK(w->deal_one() == c, c);
        if (t) CHECK(t->deal_one() == c, c);
        if (!model_deal(m, c)) CHECK(c == fd::kNoCard, c);
        if (expect_front != fd::kNoCard) CHECK(c == expect_front, c, expect_front);
        break;
      }
      case 4:
      case 5: {
        const std::uint32_t want = in.ConsumeIntegralInRange<std::uint32_t>(0, n + 3);
        out.assign(want + 1, 0xdeadbeefu);
        const std::uint32_t before = d->remaining();
        const std::uint32_t k = d->deal(want, out.data());
        CHECK(k == std::min(want, before), k, want);
        CHECK(out[want] == 0xdeadbeefu, want);  // wrote no more than asked
        for (fd::Deck* other : {t, w}) {
          if (!other) continue;
          std::vector<std::uint32_t> twin_out(want + 1, 0);
          CHECK(other->deal(want, twin_out.data()) == k);
          for (std::uint32_t i = 0; i < k; ++i) CHECK(twin_out[i] == out[i], i);
        }
        for (std::uint32_t i = 0; i < k; ++i) CHECK(model_deal(m, out[i]), i);
        break;
      }
      case 6:
      case 7: {  // a valid return: some distinct dealt cards
        std::vector<std::uint32_t> dealt = d->pile(kDealt), ids;
        for (std::uint32_t c : dealt)
          if (in.ConsumeBool()) ids.push_back(c);
        if (ids.size() > 1 && in.ConsumeBool()) std::swap(ids.front(), ids.back());  // order does not matter
        try {
          d->return_cards(ids);
          w->return_cards(ids);
          if (t) t->return_cards(ids);
        } catch (const fd::RangeError&) {
          fail("a valid return_cards was rejected");
        }
        for (std::uint32_t c : ids) m.move(c, kReturned);
        break;
      }
      case 8: {  // a bad return: must throw RangeError and change nothing
        std::vector<std::uint32_t> dealt = d->pile(kDealt), ids;
        for (std::uint32_t c : dealt)
          if (in.ConsumeBool()) ids.push_back(c);
        switch (in.ConsumeIntegralInRange<int>(0, 3)) {
          case 0:  // an id that is not in the deck
            ids.insert(ids.begin() + static_cast<std::ptrdiff_t>(in.ConsumeIntegralInRange<std::size_t>(0, ids.size())),
                       n + in.ConsumeIntegralInRange<std::uint32_t>(0, 0xffffffffu - n));
            break;
          case 1:  // a card still in the deck or in the return pile
          case 2: {
            std::vector<std::uint32_t> other = d->pile(in.ConsumeBool() ? kUndealt : kReturned);
            if (other.empty()) other = d->pile(kUndealt);
            if (other.empty()) other = d->pile(kReturned);
            if (other.empty()) {  // everything is dealt: name a card twice instead
              if (dealt.empty()) continue;
              ids.push_back(dealt[0]);
              ids.push_back(dealt[0]);
            } else {
              ids.push_back(other[in.ConsumeIntegralInRange<std::size_t>(0, other.size() - 1)]);
            }
            break;
          }
          default:  // a dealt card named twice
            if (dealt.empty()) continue;
            ids.push_back(dealt[in.ConsumeIntegralInRange<std::size_t>(0, dealt.size() - 1)]);
            ids.push_back(ids.back());
        }
        const std::string before = fd::save_state(*d, true);
        bool threw = false;
        try {
          d->return_cards(ids);
        } catch (const fd::RangeError&) {
          threw = true;
        }
        CHECK(threw);
        CHECK(fd::save_state(*d, true) == before);
        CHECK(fd::save_state(*w, true) == before);
        break;
      }
      case 9: {  // save and restore exactly: the twin must behave like the deck from now on
        const std::string s = fd::save_state(*d, true);
        fd::json::parse(s);  // what we write, we can read
        p.twin = fd::restore_state(s, std::nullopt);
        CHECK(fd::save_state(*p.twin, true) == s);
        check(*p.twin, m);
        break;
      }
      case 10: {  // save without the secret: a seeded deck is still exact; a secure one is re-keyed
        const std::string s = fd::save_state(*d, false);
        const fd::Bytes32 key = fuzz::bytes32(in);
        auto restored = fd::restore_state(s, key);
        check(*restored, m);
        if (d->rng().secure()) {
          CHECK(s.find("\"engine\":null") != std::string::npos);
          CHECK(restored->rng().secure());
          p.deck = std::move(restored);  // the model still holds: same piles
          p.twin.reset();
          p.plain = fd::restore_state(s, key);  // the same fresh key: the same deck again
          d = p.deck.get();
        } else {
          CHECK(fd::save_state(*restored, true) == fd::save_state(*d, true));
        }
        break;
      }
      case 11: {  // fresh entropy mixed into a secure deck's key
        const fd::Bytes32 fresh = fuzz::bytes32(in);
        d->rng().reseed(fresh);
        w->rng().reseed(fresh);
        if (t) t->rng().reseed(fresh);
        break;
      }
      case 12:
      case 13: {  // look ahead: the window holds the cards the plain twin deals next
        const std::uint32_t k = in.ConsumeIntegralInRange<std::uint32_t>(0, 70);
        const std::uint32_t undealt = m.count[kUndealt];
        d->look_ahead(k);
        const bool ahead = d->strategy() != fd::Strategy::eager;
        CHECK(!ahead || d->window() == std::min({k, 64u, undealt}), d->window(), k);
        break;
      }
      case 14: {  // hand out t of the window's cards and take(t); a plain twin deals them
        const std::uint32_t window = d->window();
        const std::uint32_t t_ = in.ConsumeIntegralInRange<std::uint32_t>(0, window);
        const std::uint32_t* cards = d->window_cards();
        std::vector<std::uint32_t> handed(t_);
        for (std::uint32_t i = 0; i < t_; ++i) handed[i] = cards[window - 1 - i];
        d->take(t_);
        for (std::uint32_t i = 0; i < t_; ++i) {
          CHECK(w->deal_one() == handed[i], handed[i], i);
          if (t) CHECK(t->deal_one() == handed[i], handed[i], i);
          CHECK(model_deal(m, handed[i]), i);
        }
        if (d->strategy() != fd::Strategy::eager) CHECK(d->window() == 0, d->window());
        break;
      }
    }
    check(*d, m);
    if (p.twin) check(*p.twin, m);
    check(*p.plain, m);
    CHECK(d->remaining() == p.plain->remaining() && d->returned() == p.plain->returned());
    if (op >= 12 || step % 16 == 0) CHECK(fd::save_state(*d, true) == fd::save_state(*p.plain, true), step);
  }
  if (p.twin) CHECK(fd::save_state(*p.twin, true) == fd::save_state(*p.deck, true));
  CHECK(fd::save_state(*p.plain, true) == fd::save_state(*p.deck, true));
  return 0;
}
