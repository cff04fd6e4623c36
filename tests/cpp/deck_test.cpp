// The deck: dealing, shuffling, strategies, returned cards, compositions, the classic demo.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "fairdeck/state.hpp"
#include "make_deck.hpp"

using namespace fairdeck;

namespace {
std::unique_ptr<Deck> seeded(const std::string& strategy, std::uint64_t seed = 1, const std::string& rng = "chacha20") {
  DeckOptions o;
  o.strategy = strategy, o.rng = rng, o.seed_kind = SeedKind::integer;
  o.seed = std::string(8, '\0');
  for (int b = 0; b < 8; ++b) o.seed[static_cast<std::size_t>(b)] = static_cast<char>(seed >> (8 * b));
  return make_deck(o);
}
std::vector<std::uint32_t> deal_all(Deck& d) {
  std::vector<std::uint32_t> v;
  for (std::uint32_t c; (c = d.deal_one()) != kNoCard;) v.push_back(c);
  return v;
}
class EveryStrategy : public ::testing::TestWithParam<std::string> {};
}  // namespace

TEST_P(EveryStrategy, DealsFiftyTwoDistinctCardsThenNoCard) {
  auto d = seeded(GetParam());
  EXPECT_EQ(d->remaining(), 52u);
  const auto cards = deal_all(*d);
  EXPECT_EQ(std::set<std::uint32_t>(cards.begin(), cards.end()).size(), 52u);
  EXPECT_EQ(*std::max_element(cards.begin(), cards.end()), 51u);
  EXPECT_EQ(d->deal_one(), kNoCard);
  EXPECT_EQ(d->deal_one(), kNoCard);
  EXPECT_EQ(d->remaining(), 0u);
}

TEST_P(EveryStrategy, ShufflingMidDealStartsAFullFreshDeal) {
  auto d = seeded(GetParam());
  for (int i = 0; i < 10; ++i) d->deal_one();
  d->shuffle();
  EXPECT_EQ(d->remaining(), 52u);
  EXPECT_EQ(d->dealt_count(), 0u);
  EXPECT_EQ(deal_all(*d).size(), 52u);
}

TEST_P(EveryStrategy, TheClassicDemoScriptRuns) {
  // open a deck, shuffle, deal all 52, shuffle, deal part, shuffle twice, deal all, discard
  auto d = seeded(GetParam(), 99);
  d->shuffle();
  EXPECT_EQ(deal_all(*d).size(), 52u);
  d->shuffle();
  std::uint32_t part[20];
  EXPECT_EQ(d->deal(20, part), 20u);
  EXPECT_EQ(d->remaining(), 32u);
  d->shuffle();
  d->shuffle();
  const auto all = deal_all(*d);
  EXPECT_EQ(std::set<std::uint32_t>(all.begin(), all.end()).size(), 52u);
  d.reset();  // discard
}

TEST_P(EveryStrategy, ReturnedCardsWaitUntilTheDeckRunsOutThenAreShuffledIn) {
  auto d = seeded(GetParam(), 3);
  std::uint32_t first[5];
  d->deal(5, first);
  d->return_cards(std::span<const std::uint32_t>(first, 3));
  EXPECT_EQ(d->returned(), 3u);
  EXPECT_EQ(d->remaining(), 50u);
  std::vector<std::uint32_t> next(47);
  d->deal(47, next.data());
  for (std::uint32_t c : next) EXPECT_EQ(std::count(first, first + 3, c), 0) << "a returned card came back early";
  const auto rest = deal_all(*d);
  EXPECT_EQ(std::set<std::uint32_t>(rest.begin(), rest.end()), std::set<std::uint32_t>(first, first + 3));
  EXPECT_EQ(d->deal_one(), kNoCard);
}

TEST_P(EveryStrategy, ReturningIsAllOrNothing) {
  auto d = seeded(GetParam(), 4);
  std::uint32_t out[4];
  d->deal(4, out);
  const std::string before = save_state(*d, true);
  const std::uint32_t undealt_card = d->pile(0).front();
  const std::vector<std::vector<std::uint32_t>> bad = {
      {out[0], undealt_card}, {out[0], out[0]}, {out[1], 52}, {out[2], 4000000000u}};
  for (const auto& ids : bad) {
    EXPECT_THROW(d->return_cards(ids), RangeError);
    EXPECT_EQ(save_state(*d, true), before);
  }
  d->return_cards(std::span<const std::uint32_t>(out, 1));
  EXPECT_THROW(d->return_cards(std::span<const std::uint32_t>(out, 1)), RangeError);  // already returned
}

TEST_P(EveryStrategy, ShuffleRemainingKeepsDealtCardsOut) {
  auto d = seeded(GetParam(), 5);
  std::uint32_t out[10];
  d->deal(10, out);
  d->return_cards(std::span<const std::uint32_t>(out, 4));
  d->shuffle_remaining();
  EXPECT_EQ(d->remaining(), 46u);
  EXPECT_EQ(d->returned(), 0u);
  const auto rest = deal_all(*d);
  for (int i = 4; i < 10; ++i) EXPECT_EQ(std::count(rest.begin(), rest.end(), out[i]), 0);
  EXPECT_EQ(rest.size(), 46u);
}

INSTANTIATE_TEST_SUITE_P(Deck, EveryStrategy, ::testing::Values("eager", "lazy", "bitmap"));

TEST(Deck, EagerAndLazyDealTheSameCardsForTheSameSeed) {
  for (const char* rng : {"chacha20", "xoshiro256"}) {
    auto eager = seeded("eager", 11, rng), lazy = seeded("lazy", 11, rng);
    for (int round = 0; round < 3; ++round) {
      EXPECT_EQ(deal_all(*eager), deal_all(*lazy)) << rng << " round " << round;
      eager->shuffle();
      lazy->shuffle();
    }
    std::uint32_t e[6], l[6];
    eager->deal(6, e), lazy->deal(6, l);
    eager->return_cards(std::span<const std::uint32_t>(e, 6)), lazy->return_cards(std::span<const std::uint32_t>(l, 6));
    EXPECT_EQ(deal_all(*eager), deal_all(*lazy)) << rng << " with a return pile";
  }
}

TEST(Deck, SameSeedSameDealsDifferentSeedsDiffer) {
  EXPECT_EQ(deal_all(*seeded("eager", 1)), deal_all(*seeded("eager", 1)));
  EXPECT_NE(deal_all(*seeded("eager", 1)), deal_all(*seeded("eager", 2)));
  EXPECT_NE(deal_all(*seeded("bitmap", 1)), deal_all(*seeded("eager", 1)));
}

TEST(Deck, CompositionsHaveTheRightCards) {
  DeckOptions o;
  o.seed_kind = SeedKind::integer, o.seed = std::string(8, '\0');
  o.decks = 6, o.jokers = 2;
  EXPECT_EQ(make_deck(o)->size(), 6u * 54u);
  o.style = "german", o.decks = 1, o.jokers = 0;
  EXPECT_EQ(make_deck(o)->size(), 32u);
  o.style = "generic", o.size = 1u << 24;
  EXPECT_EQ(make_deck(o)->size(), 1u << 24);
  EXPECT_EQ(styles::german.face(31).name, "Schellen Ass");
  EXPECT_EQ(styles::french.face(51).name, "King of Spades");
  EXPECT_EQ(styles::french.face(0).code, "AC");
  EXPECT_EQ(styles::french.face(22).code, "TD");
  EXPECT_EQ(styles::french.face(52).code, "X1");
}

TEST(Deck, BadOptionsThrowNamingTheOption) {
  DeckOptions o;
  o.seed_kind = SeedKind::integer, o.seed = std::string(8, '\0');
  auto message = [&](DeckOptions x) {
    try {
      make_deck(x);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  DeckOptions a = o; a.decks = 0;
  EXPECT_NE(message(a).find("decks"), std::string::npos);
  DeckOptions b = o; b.jokers = 3;
  EXPECT_NE(message(b).find("jokers"), std::string::npos);
  DeckOptions c = o; c.style = "generic"; c.size = 0;
  EXPECT_NE(message(c).find("size"), std::string::npos);
  DeckOptions e = o; e.strategy = "quantum";
  EXPECT_NE(message(e).find("strategy"), std::string::npos);
  DeckOptions f = o; f.rng = "mt19937";
  EXPECT_NE(message(f).find("rng"), std::string::npos);
  DeckOptions g = o; g.style = "tarot";
  EXPECT_NE(message(g).find("style"), std::string::npos);
}

// deal(k) on a lazy deck makes its k Fisher–Yates steps in whole dice batches (Dice::swap_down);
// this pins it to k single deals: the same cards, and the same engine and dice afterwards (the
// deals that follow agree too), for every engine, small and large decks, and returned cards.
TEST(LazyBulkDeal, DealsExactlyWhatSingleDealsDeal) {
  for (const char* rng : {"chacha20", "xoshiro256"}) {
    for (std::uint32_t decks : {1u, 6u}) {
      for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        DeckOptions o;
        o.strategy = "lazy", o.rng = rng, o.decks = decks, o.seed_kind = SeedKind::integer;
        o.seed = std::string(8, '\0');
        for (int b = 0; b < 8; ++b) o.seed[static_cast<std::size_t>(b)] = static_cast<char>(seed >> (8 * b));
        auto bulk = make_deck(o), single = make_deck(o);
        std::uint64_t x = seed * 0x9e3779b97f4a7c15ULL;
        for (int step = 0; step < 30; ++step) {
          x ^= x << 13, x ^= x >> 7, x ^= x << 17;
          const std::uint32_t k = static_cast<std::uint32_t>(x % 40);
          if (x % 11 == 0) {  // returned cards: deal() takes its one-at-a-time path, then comes back
            const std::vector<std::uint32_t> dealt = bulk->pile(2);
            if (!dealt.empty()) bulk->return_cards(std::span(dealt.data(), 1)), single->return_cards(std::span(dealt.data(), 1));
          }
          if (x % 13 == 0) bulk->shuffle(), single->shuffle();
          std::vector<std::uint32_t> a(k), b;
          a.resize(bulk->deal(k, a.data()));
          for (std::uint32_t i = 0; i < k; ++i) {
            const std::uint32_t c = single->deal_one();
            if (c == kNoCard) break;
            b.push_back(c);
          }
          ASSERT_EQ(a, b) << rng << " decks " << decks << " seed " << seed << " step " << step;
        }
        ASSERT_EQ(deal_all(*bulk), deal_all(*single)) << rng << " seed " << seed;
      }
    }
  }
}
