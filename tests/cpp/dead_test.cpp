// Dead cards (issue 40, Deck::remove_cards): out of play through every shuffle until returned,
// all or nothing, saved in the state, the live cards dealt in uniformly random order.
//
// Thresholds: α = 10^-6 per assertion (stats.hpp). A generic 6-card deck with 2 dead cards: the
// 4 live cards' 24 orders after each shuffle(), 24,000 shuffles (1,000 expected an order).
// Negative control: the same harness fed by the naive swap of the 4 live cards (reference.hpp),
// which must be rejected at the same threshold.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "fairdeck/reference.hpp"
#include "fairdeck/state.hpp"
#include "make_deck.hpp"
#include "stats.hpp"

using namespace fairdeck;

namespace {
std::unique_ptr<Deck> seeded(const char* strategy, std::uint32_t size = 0, const char* seed = "dead") {
  DeckOptions o;
  o.style = size ? "generic" : "french";
  o.size = size;
  o.strategy = strategy;
  o.seed_kind = SeedKind::text;
  o.seed = seed;
  return make_deck(o);
}
std::vector<std::uint32_t> deal_all(Deck& d) {
  std::vector<std::uint32_t> v(d.remaining());
  v.resize(d.deal(d.remaining(), v.data()));
  return v;
}
std::uint32_t rank4(const std::vector<std::uint32_t>& order, const std::vector<std::uint32_t>& live) {
  std::vector<std::uint32_t> left = live;
  std::uint32_t r = 0;
  for (std::uint32_t c : order) {
    const auto at = static_cast<std::uint32_t>(std::find(left.begin(), left.end(), c) - left.begin());
    EXPECT_LT(at, left.size()) << "card " << c << " is dead or dealt twice";
    r = r * static_cast<std::uint32_t>(left.size()) + at;
    left.erase(left.begin() + at);
  }
  return r;
}
}  // namespace

TEST(Dead, StayOutThroughShufflesUntilReturned) {
  for (const char* strategy : {"eager", "lazy", "bitmap"}) {
    auto d = seeded(strategy);
    const std::vector<std::uint32_t> dead = {12, 25, 38, 51};
    d->remove_cards(dead);
    EXPECT_EQ(d->remaining(), 48u);
    EXPECT_EQ(d->dead(), dead);
    for (int round = 0; round < 50; ++round) {
      if (round % 2) d->shuffle();
      else d->shuffle_remaining();
      const auto cards = deal_all(*d);
      ASSERT_EQ(cards.size(), 48u) << strategy;
      for (std::uint32_t c : dead) EXPECT_EQ(std::count(cards.begin(), cards.end(), c), 0) << strategy;
      d->shuffle();
    }
    d->return_cards(std::vector<std::uint32_t>{25, 51});  // back, into the return pile
    EXPECT_EQ(d->dead(), (std::vector<std::uint32_t>{12, 38}));
    EXPECT_EQ(d->returned(), 2u);
    d->shuffle();
    EXPECT_EQ(d->remaining(), 50u) << strategy;
  }
}

TEST(Dead, RemoveIsAllOrNothingAndKeepsTheRestInOrder) {
  for (const char* strategy : {"eager", "lazy", "bitmap"}) {
    auto d = seeded(strategy), twin = seeded(strategy);
    std::vector<std::uint32_t> three(3);
    d->deal(3, three.data());
    twin->deal(3, three.data());
    const std::string before = save_state(*d, false);
    const auto refused = [&](std::vector<std::uint32_t> ids, const char* message) {
      try {
        d->remove_cards(ids);
        ADD_FAILURE() << "accepted";
      } catch (const RangeError& e) {
        EXPECT_STREQ(e.what(), message);
      }
      EXPECT_EQ(save_state(*d, false), before) << strategy;
    };
    refused({0, three[0]}, ("card " + std::to_string(three[0]) + " cannot be removed: it is not in the deck (it is dealt)").c_str());
    refused({52}, "card 52 is not in this deck");
    const std::uint32_t c = d->pile(0)[5];
    refused({c, c}, ("card " + std::to_string(c) + " is named twice in one remove call").c_str());
    // Eager decks deal the other cards in the order they would have: the removed ones are skipped.
    const std::vector<std::uint32_t> next = twin->pile(0);
    const std::vector<std::uint32_t> gone = {next[1], next[4]};
    d->remove_cards(gone);
    if (std::string(strategy) == "eager") {
      std::vector<std::uint32_t> expected = next;
      for (std::uint32_t c : gone) expected.erase(std::find(expected.begin(), expected.end(), c));
      EXPECT_EQ(deal_all(*d), expected);
    }
    try {
      d->remove_cards(gone);
      ADD_FAILURE();
    } catch (const RangeError& e) {
      EXPECT_NE(std::string(e.what()).find("already out of play"), std::string::npos) << e.what();
    }
  }
}

TEST(Dead, RefusedForProvableDecksAndCutCards) {
  ProvableSeeds p;
  p.client = "c";
  Deck provable(make_composition("french", 1, 0, 0), p);
  EXPECT_THROW(provable.remove_cards(std::vector<std::uint32_t>{0}), TypeError);
  DeckOptions o;
  o.seed_kind = SeedKind::text, o.seed = "cut", o.penetration = 0.5;
  EXPECT_THROW(make_deck(o)->remove_cards(std::vector<std::uint32_t>{0}), TypeError);
}

TEST(Dead, SavedInTheStateAndRestoredExactly) {
  for (const char* strategy : {"eager", "lazy", "bitmap"}) {
    auto d = seeded(strategy);
    EXPECT_NE(save_state(*d, false).find("\"version\":1"), std::string::npos);  // no dead cards: as before
    d->remove_cards(std::vector<std::uint32_t>{0, 13});
    std::vector<std::uint32_t> two(2);
    d->deal(2, two.data());
    const std::string saved = save_state(*d, false);
    EXPECT_NE(saved.find("\"version\":2"), std::string::npos);
    EXPECT_NE(saved.find("\"dead\":[0,13]"), std::string::npos) << saved;
    auto back = restore_state(saved, std::nullopt);
    EXPECT_EQ(save_state(*back, false), saved);
    d->shuffle(), back->shuffle();
    EXPECT_EQ(deal_all(*back), deal_all(*d)) << strategy;
    std::string bad = saved;
    bad.replace(bad.find("\"dead\":[0,13]"), 13, "\"dead\":[0,14]");
    if (std::find(two.begin(), two.end(), 14u) == two.end()) {
      try {
        restore_state(bad, std::nullopt);
        ADD_FAILURE();
      } catch (const RangeError& e) {
        EXPECT_STREQ(e.what(), "state.dead holds card 14, which state.dealt does not");
      }
    }
  }
}

TEST(Dead, LiveCardsComeInEveryOrderEquallyOftenAndTheBiasedControlFails) {
  for (const char* strategy : {"eager", "lazy", "bitmap"}) {
    auto d = seeded(strategy, 6, "exact");
    d->remove_cards(std::vector<std::uint32_t>{1, 4});
    const std::vector<std::uint32_t> live = {0, 2, 3, 5};
    std::vector<std::uint64_t> fair(24), biased(24);
    for (int t = 0; t < 24000; ++t) {
      d->shuffle();
      ++fair[rank4(deal_all(*d), live)];
      std::vector<std::uint32_t> control = live;
      d->rng().visit([&](auto& e, Dice&) { reference::naive_swap(std::span<std::uint32_t>(control), e); });
      ++biased[rank4(control, live)];
    }
    EXPECT_LT(tests::chi2_uniform(fair), tests::chi2_critical(23)) << strategy;
    EXPECT_GT(tests::chi2_uniform(biased), tests::chi2_critical(23)) << strategy << " (negative control)";
  }
}
