// The look-ahead of lazy and bitmap decks (Deck::look_ahead, take, window; issue 13): whatever
// mix of look-aheads, partial or full takes and other operations, a deck that looks ahead must
// deal, answer and save exactly what a twin that never looks ahead does — with returned cards in
// play, on both engines, for seeded decks and for secure decks that re-key. A look-ahead that
// cannot get fresh entropy changes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "fairdeck/state.hpp"
#include "make_deck.hpp"
#include "twin_keys.hpp"

using namespace fairdeck;

namespace {
class LookAheadTest : public ::testing::Test {
protected:
  TwinKeysInstalled keys_;
};

/// strategy, engine ("chacha20", "xoshiro256" or "secure": chacha20 from entropy), cards
/// (52: French; otherwise a generic deck, so that a bitmap spans several words).
using Config = std::tuple<std::string, std::string, std::uint32_t>;

std::unique_ptr<Deck> make(const Config& c, std::uint32_t seed, std::uint64_t before_rekey = 2000) {
  DeckOptions o;
  o.strategy = std::get<0>(c);
  o.rng = std::get<1>(c) == "secure" ? "chacha20" : std::get<1>(c);
  if (std::get<2>(c) != 52) o.style = "generic", o.size = std::get<2>(c);
  o.seed_kind = std::get<1>(c) == "secure" ? SeedKind::entropy : SeedKind::integer;
  o.seed = std::string(std::get<1>(c) == "secure" ? 32 : 8, '\x2e');
  std::memcpy(o.seed.data(), &seed, sizeof seed);
  auto deck = make_deck(o);
  if (o.seed_kind != SeedKind::entropy) return deck;
  return near_rekey(*deck, before_rekey);  // so that a short run crosses a re-key
}

/// Everything a caller can ask without changing the deck, a (which may have a pending
/// look-ahead: counts first, which leave it pending, then what settles it) against b (which
/// never looks ahead).
void same(const Deck& a, const Deck& b) {
  const std::uint32_t window = a.window();
  ASSERT_EQ(a.remaining(), b.remaining());
  ASSERT_EQ(a.returned(), b.returned());
  ASSERT_EQ(a.dealt_count(), b.dealt_count());
  ASSERT_EQ(a.window(), window);
  for (int p = 0; p < 3; ++p) ASSERT_EQ(a.pile(p), b.pile(p)) << "pile " << p;
  std::vector<std::uint32_t> all(a.size());
  for (std::uint32_t i = 0; i < a.size(); ++i) all[i] = i;
  ASSERT_EQ(a.piles_of(all), b.piles_of(all));
  ASSERT_EQ(save_state(a, true), save_state(b, true));
  ASSERT_EQ(save_state(a, false), save_state(b, false));
  ASSERT_EQ(a.rng().save(), b.rng().save());
}

class Interleavings : public LookAheadTest, public ::testing::WithParamInterface<Config> {};

TEST_P(Interleavings, DealSaveAndAnswerLikeATwinThatNeverLooksAhead) {
  const bool secure = std::get<1>(GetParam()) == "secure";
  // Seeded: 3 long runs. Secure: 150 short runs, each starting 20–39 words before a re-key (a
  // step uses about 0.07 words: dice come in batches), so that re-keys fall inside look-aheads,
  // rollbacks and redone deals.
  std::uint32_t rollbacks = 0, commits = 0, with_returned = 0, rekeyed = 0;
  const std::uint32_t runs = secure ? 150 : 3;
  for (std::uint32_t seed = 1; seed <= runs; ++seed) {
    TwinEntropy::reset();  // each pair draws keys 0, 1, …
    auto a = make(GetParam(), seed, 20 + seed % 20);
    TwinEntropy::active = 1;
    auto b = make(GetParam(), seed, 20 + seed % 20);
    std::mt19937 r(seed * 7919u + std::get<2>(GetParam()));  // the op sequence (tests only)
    const auto pick = [&r](std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n)(r); };
    const int steps = secure ? 600 : 6000;
    for (int step = 0; step < steps; ++step) {
      const std::uint32_t op = pick(99);
      TwinEntropy::active = 0;
      if (op < 25) {  // look ahead (at most 64, never into the return pile)
        const std::uint32_t k = pick(70), undealt = b->remaining() - b->returned();
        a->look_ahead(k);
        ASSERT_EQ(a->window(), std::min({k, 64u, undealt}));
        if (a->window() > 0 && a->returned() > 0) ++with_returned;
      } else if (op < 50) {  // hand out t ≤ window cards read from the window, then take(t)
        const std::uint32_t w = a->window(), t = pick(3) == 0 ? w : pick(w);
        const std::uint32_t* cards = a->window_cards();
        const std::vector<std::uint32_t> read(std::make_reverse_iterator(cards + w), std::make_reverse_iterator(cards + w - t));
        a->take(t);
        (t == w ? commits : rollbacks) += w > 0;
        TwinEntropy::active = 1;
        for (std::uint32_t i = 0; i < t; ++i) ASSERT_EQ(read[i], b->deal_one()) << "window card " << i << " of " << w;
        ASSERT_EQ(a->window(), 0u);
      } else if (op < 60) {
        const std::uint32_t c = a->deal_one();
        TwinEntropy::active = 1;
        ASSERT_EQ(c, b->deal_one());
      } else if (op < 67) {
        const std::uint32_t n = pick(12);
        std::vector<std::uint32_t> x(n), y(n);
        const std::uint32_t k = a->deal(n, x.data());
        TwinEntropy::active = 1;
        ASSERT_EQ(k, b->deal(n, y.data()));
        ASSERT_EQ(x, y);
      } else if (op < 80) {  // returns, valid or not (a card may be one the look-ahead holds)
        std::vector<std::uint32_t> ids;
        for (std::uint32_t c : b->pile(2))
          if (pick(2) == 0) ids.push_back(c);
        if (pick(4) == 0) ids.push_back(pick(a->size() - 1));
        std::string ea, eb;
        try { a->return_cards(ids); } catch (const RangeError& e) { ea = e.what(); }
        try { b->return_cards(ids); } catch (const RangeError& e) { eb = e.what(); }
        ASSERT_EQ(ea, eb);
      } else if (op < 83) {
        a->shuffle();
        TwinEntropy::active = 1;
        b->shuffle();
      } else if (op < 88) {
        a->shuffle_remaining();
        TwinEntropy::active = 1;
        b->shuffle_remaining();
      } else if (op < 90) {
        a->shuffle_undealt();
        TwinEntropy::active = 1;
        b->shuffle_undealt();
      } else if (op < 96 || step % 97 == 0) {
        ASSERT_NO_FATAL_FAILURE(same(*a, *b));
      } else {  // a save while a look-ahead is pending restores the twin's deck
        auto restored = restore_state(save_state(*a, true), std::nullopt);
        ASSERT_EQ(save_state(*restored, true), save_state(*b, true));
      }
    }
    a->take(0);
    ASSERT_NO_FATAL_FAILURE(same(*a, *b));
    if (secure) {
      rekeyed += a->rng().rekeying()->rekeys() > 0;  // (a restored deck counts from 0)
      ASSERT_EQ(a->rng().rekeying()->rekeys(), b->rng().rekeying()->rekeys());
    }
  }
  if (secure) {
    EXPECT_GT(rekeyed, 100u);
  }
  EXPECT_GT(rollbacks, 100u);  // the mix reaches every path it claims to
  EXPECT_GT(commits, 100u);
  EXPECT_GT(with_returned, 20u);
}

INSTANTIATE_TEST_SUITE_P(LazyAndBitmap, Interleavings,
                         ::testing::Combine(::testing::Values("lazy", "bitmap"),
                                            ::testing::Values("chacha20", "xoshiro256", "secure"),
                                            ::testing::Values(52u, 150u)));

TEST_F(LookAheadTest, TheWindowStopsAtTheReturnPileAndIsOrderedLikeTheEagerOne) {
  for (const char* strategy : {"lazy", "bitmap"}) {
    const Config c{strategy, "xoshiro256", 52};
    auto a = make(c, 11), b = make(c, 11);
    std::uint32_t out[45], twin[45];
    a->deal(45, out), b->deal(45, twin);
    const std::vector<std::uint32_t> back(out + 5, out + 15);
    a->return_cards(back), b->return_cards(back);  // 7 undealt, 10 returned
    a->look_ahead(64);
    ASSERT_EQ(a->window(), 7u) << strategy;
    ASSERT_EQ(a->remaining(), 17u);
    ASSERT_EQ(a->returned(), 10u);
    std::vector<std::uint32_t> window(a->window_cards(), a->window_cards() + 7), undealt = b->pile(0);
    std::sort(window.begin(), window.end()), std::sort(undealt.begin(), undealt.end());
    ASSERT_EQ(window, undealt);  // every undealt card, none of the return pile
    for (std::uint32_t i = 0; i < 7; ++i) ASSERT_EQ(a->window_cards()[6 - i], b->deal_one()) << strategy << " " << i;
    a->take(7);
    ASSERT_EQ(a->window(), 0u);
    for (int i = 0; i < 10; ++i) ASSERT_EQ(a->deal_one(), b->deal_one());  // the return pile, merged
    ASSERT_EQ(save_state(*a, true), save_state(*b, true));
  }
}

TEST_F(LookAheadTest, AFailedLookAheadChangesNothing) {
  for (const char* strategy : {"lazy", "bitmap"}) {
    auto a = make({strategy, "secure", 52}, 3);
    // deal until a look-ahead of all 52 cards needs a reserve key (2·52 + 64 words past the position)
    while (a->rng().rekeying()->position() + 2 * 52 + 64 <= kReseedWords) {
      if (a->remaining() == 0) a->shuffle();
      a->deal_one();
    }
    a->shuffle();
    ASSERT_EQ(a->rng().rekeying()->reserve(), 0u);
    const std::string before = save_state(*a, true);
    TwinEntropy::failing = true;
    EXPECT_THROW(a->look_ahead(64), EntropyError);
    EXPECT_EQ(a->window(), 0u);
    EXPECT_EQ(save_state(*a, true), before);
    TwinEntropy::failing = false;
    a->look_ahead(64);
    EXPECT_GT(a->window(), 0u);
  }
}
}  // namespace
