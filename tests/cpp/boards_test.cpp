// Boards in advance (Deck::boards_ahead, settle_boards; issue 40): whatever rounds a deck makes
// in advance and however far a caller gets through them, it must deal, answer and save exactly
// what a twin that makes every call on its own does — with dead cards, on both engines, seeded
// and secure (near and across re-keys) — and hand out exactly the twin's cards.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
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
/// engine ("chacha20", "xoshiro256" or "secure"), dead cards.
using Config = std::tuple<std::string, std::uint32_t>;

std::unique_ptr<Deck> make(const Config& c, std::uint32_t seed, std::uint64_t before_rekey) {
  DeckOptions o;
  o.strategy = "lazy";
  const bool secure = std::get<0>(c) == "secure";
  o.rng = secure ? "chacha20" : std::get<0>(c);
  o.seed_kind = secure ? SeedKind::entropy : SeedKind::integer;
  o.seed = std::string(secure ? 32 : 8, '\x3d');
  std::memcpy(o.seed.data(), &seed, sizeof seed);
  auto deck = make_deck(o);
  if (secure) deck = near_rekey(*deck, before_rekey);  // so that runs meet a re-key
  std::vector<std::uint32_t> dead;
  for (std::uint32_t i = 0; i < std::get<1>(c); ++i) dead.push_back((7 * i + seed) % 52);
  std::sort(dead.begin(), dead.end());
  dead.erase(std::unique(dead.begin(), dead.end()), dead.end());
  if (!dead.empty()) deck->remove_cards(dead);
  return deck;
}

void same(const Deck& a, const Deck& b) {
  ASSERT_EQ(a.remaining(), b.remaining());
  ASSERT_EQ(a.returned(), b.returned());
  ASSERT_EQ(a.dealt_count(), b.dealt_count());
  for (int p = 0; p < 3; ++p) ASSERT_EQ(a.pile(p), b.pile(p)) << "pile " << p;
  ASSERT_EQ(save_state(a, true), save_state(b, true));
  ASSERT_EQ(a.rng().save(), b.rng().save());
}

class Boards : public ::testing::TestWithParam<Config> {
protected:
  TwinKeysInstalled keys_;
};

TEST_P(Boards, HandOutAndSaveLikeATwinThatMakesEveryCall) {
  const bool secure = std::get<0>(GetParam()) == "secure";
  std::uint32_t made = 0, whole = 0, undone = 0, refused = 0, pending = 0, rekeyed = 0;
  const std::uint32_t runs = secure ? 60 : 6;
  for (std::uint32_t seed = 1; seed <= runs; ++seed) {
    TwinEntropy::reset();
    auto a = make(GetParam(), seed, 60 + 5 * seed);
    TwinEntropy::active = 1;
    auto b = make(GetParam(), seed, 60 + 5 * seed);
    std::mt19937 r(seed * 104729u + std::get<1>(GetParam()));  // the op sequence (tests only)
    const auto pick = [&r](std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n)(r); };
    for (int step = 0; step < 400; ++step) {
      const std::uint32_t op = pick(99);
      TwinEntropy::active = 0;
      if (op < 50) {  // shuffle, rounds in advance, a caller who gets through some of them
        a->shuffle();
        const std::uint32_t k = 1 + pick(7), boards = a->boards_ahead(k, 2 + pick(60));
        TwinEntropy::active = 1;
        b->shuffle();
        if (boards == 0) {  // near a re-key: the round as calls, which moves the engine on
          ++refused;
          std::vector<std::uint32_t> x(k), y(k);
          TwinEntropy::active = 0;
          ASSERT_EQ(a->deal(k, x.data()), k);
          TwinEntropy::active = 1;
          ASSERT_EQ(b->deal(k, y.data()), k);
          ASSERT_EQ(x, y);
          continue;
        }
        ++made;
        ASSERT_EQ(a->boards_pending(), boards);
        ASSERT_EQ(a->remaining(), b->remaining());  // the rounds count as not made
        const std::uint32_t board = pick(3) == 0 ? boards - 1 : pick(boards - 1), taken = pick(2) == 0 ? k : pick(k);
        const std::uint32_t* ids = a->board_ids();
        std::vector<std::uint32_t> got(k);
        for (std::uint32_t i = 0; i <= board; ++i) {
          const std::uint32_t n = i < board ? k : taken;
          ASSERT_EQ(b->deal(n, got.data()), n);
          for (std::uint32_t j = 0; j < n; ++j) ASSERT_EQ(ids[i * k + k - 1 - j], got[j]) << "round " << i << " card " << j;
          if (i < board) b->shuffle();
        }
        if (pick(5) == 0) {  // left pending: the next call settles it as nothing handed out
          ++pending;
          TwinEntropy::active = 1;
          b = restore_state(save_state(*a, true), std::nullopt);  // (a's state: none handed out)
          continue;
        }
        a->settle_boards(board, taken);
        (board + 1 == boards && taken == k ? whole : undone)++;
        ASSERT_EQ(a->boards_pending(), 0u);
        ASSERT_NO_FATAL_FAILURE(same(*a, *b));
      } else if (op < 65) {
        const std::uint32_t n = pick(9);
        std::vector<std::uint32_t> x(n), y(n);
        const std::uint32_t k = a->deal(n, x.data());
        TwinEntropy::active = 1;
        ASSERT_EQ(k, b->deal(n, y.data()));
        ASSERT_EQ(x, y);
      } else if (op < 75) {
        const std::uint32_t c = a->deal_one();
        TwinEntropy::active = 1;
        ASSERT_EQ(c, b->deal_one());
      } else if (op < 85) {  // returns: cards in play come back, runs are then refused until a shuffle
        std::vector<std::uint32_t> ids;
        for (std::uint32_t c : b->pile(2))
          if (pick(3) == 0 && !b->is_dead(c)) ids.push_back(c);
        std::sort(ids.begin(), ids.end());
        std::string ea, eb;
        try { a->return_cards(ids); } catch (const RangeError& e) { ea = e.what(); }
        TwinEntropy::active = 1;
        try { b->return_cards(ids); } catch (const RangeError& e) { eb = e.what(); }
        ASSERT_EQ(ea, eb);
      } else if (op < 90) {  // rounds asked for when they cannot be made (not right after a shuffle)
        if (a->remaining() != a->size() - a->dead().size()) {
          ASSERT_EQ(a->boards_ahead(3, 10), 0u);
        }
      } else {
        ASSERT_NO_FATAL_FAILURE(same(*a, *b));
      }
    }
    ASSERT_NO_FATAL_FAILURE(same(*a, *b));
    if (secure) rekeyed += a->rng().rekeying()->rekeys() > 0;
  }
  EXPECT_GT(made, 100u);  // the mix reaches every path it claims to
  EXPECT_GT(whole, 20u);
  EXPECT_GT(undone, 50u);
  EXPECT_GT(pending, 10u);
  if (secure) {  // runs stop short of a re-key, and the calls between them cross it
    EXPECT_GT(refused, 100u);
    EXPECT_GT(rekeyed, 30u);
  }
  std::printf("made %u (whole %u, undone %u, pending %u), refused %u, re-keyed %u\n", made, whole, undone, pending, refused, rekeyed);
}

INSTANTIATE_TEST_SUITE_P(Lazy, Boards,
                         ::testing::Combine(::testing::Values("chacha20", "xoshiro256", "secure"), ::testing::Values(0u, 4u)));

TEST(BoardsOnly, LazyDecksWithEmptyPilesNoCutCardRightAfterAShuffle) {
  DeckOptions o;
  o.rng = "xoshiro256", o.seed_kind = SeedKind::integer, o.seed = std::string(8, '\1');
  for (const char* s : {"eager", "bitmap"}) {
    o.strategy = s;
    auto d = make_deck(o);
    EXPECT_EQ(d->boards_ahead(5, 10), 0u) << s;
  }
  o.strategy = "lazy";
  auto d = make_deck(o);
  EXPECT_EQ(d->boards_ahead(53, 10), 0u);  // more cards than the deck holds
  EXPECT_EQ(d->boards_ahead(5, 1), 0u);    // one round is no run
  std::vector<std::uint32_t> out(5);
  d->deal(5, out.data());
  EXPECT_EQ(d->boards_ahead(5, 10), 0u);  // not right after a shuffle
  d->shuffle();
  d->deal_to(d->pile_ref("hand:0"), 2, out.data());
  d->shuffle();
  EXPECT_EQ(d->boards_ahead(5, 10), 10u);  // the named pile was emptied by the shuffle
  o.penetration = 0.75;
  auto shoe = make_deck(o);
  EXPECT_EQ(shoe->boards_ahead(5, 10), 0u);
}

}  // namespace
