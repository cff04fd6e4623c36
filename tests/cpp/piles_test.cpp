// Named piles (issue 31): deal_to, burn, deal_hands, deal_pattern, move_cards, returns from piles,
// the default pile's order, the pile limit, the cut card, and piles in saved states — on every
// strategy, each failure checked to change nothing (the whole saved state compared).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "fairdeck/state.hpp"
#include "make_deck.hpp"

using namespace fairdeck;

namespace {
std::unique_ptr<Deck> seeded(const std::string& strategy, std::uint64_t seed = 1, const std::string& rng = "chacha20",
                             std::uint32_t generic = 0) {
  DeckOptions o;
  o.strategy = strategy, o.rng = rng, o.seed_kind = SeedKind::integer;
  if (generic) o.style = "generic", o.size = generic;
  o.seed = std::string(8, '\0');
  for (int b = 0; b < 8; ++b) o.seed[static_cast<std::size_t>(b)] = static_cast<char>(seed >> (8 * b));
  return make_deck(o);
}
/// A seeded deck with a cut card at penetration p.
std::unique_ptr<Deck> with_cut(const std::string& strategy, double p, std::uint32_t generic = 0) {
  Composition c = make_composition(generic ? "generic" : "french", 1, 0, generic);
  return std::make_unique<Deck>(c, parse_strategy(strategy), Rng("xoshiro256", derive_key(SeedKind::text, "cut"), false), p);
}
std::vector<std::uint32_t> deal(Deck& d, std::uint32_t k) {
  std::vector<std::uint32_t> out(k);
  out.resize(d.deal(k, out.data()));
  return out;
}
std::vector<std::uint32_t> sorted(std::vector<std::uint32_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}
std::string state(const Deck& d) { return save_state(d, true); }
/// The message of the exception `f` throws as E; "" (and a test failure) if it throws nothing or
/// something else.
template <class E, class F>
std::string error(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw another exception: " << e.what();
    return "";
  }
  ADD_FAILURE() << "threw nothing";
  return "";
}
/// Every card in exactly one place: undealt, returned, or one pile; pile_names() lists exactly
/// the piles that hold cards; pile(2) holds exactly the piles' cards.
void partition(const Deck& d) {
  std::multiset<std::uint32_t> all;
  for (int p = 0; p < 2; ++p)
    for (std::uint32_t c : d.pile(p)) all.insert(c);
  std::vector<std::uint32_t> in_piles;
  for (const std::string& name : d.pile_names()) {
    const auto cards = d.pile_cards(name);
    ASSERT_FALSE(cards.empty()) << name;
    ASSERT_EQ(d.pile_size(name), cards.size());
    in_piles.insert(in_piles.end(), cards.begin(), cards.end());
  }
  ASSERT_EQ(sorted(in_piles), sorted(d.pile(2)));
  ASSERT_EQ(d.dealt_count(), in_piles.size());
  all.insert(in_piles.begin(), in_piles.end());
  ASSERT_EQ(all.size(), d.size());
  for (std::uint32_t c = 0; c < d.size(); ++c) ASSERT_EQ(all.count(c), 1u) << "card " << c;
}
class Piles : public ::testing::TestWithParam<std::string> {};
}  // namespace

TEST_P(Piles, DealToDealsWhatDealWouldOntoThePileInArrivalOrder) {
  for (const char* rng : {"chacha20", "xoshiro256"}) {
    auto d = seeded(GetParam(), 2, rng), twin = seeded(GetParam(), 2, rng);
    const auto ids = d->deal_to("hand:0", 5);
    EXPECT_EQ(ids, deal(*twin, 5)) << rng;
    EXPECT_EQ(d->pile_cards("hand:0"), ids);
    EXPECT_EQ(d->pile_size("hand:0"), 5u);
    EXPECT_EQ(d->remaining(), 47u);
    EXPECT_EQ(d->dealt_count(), 5u);
    EXPECT_EQ(d->pile_names(), std::vector<std::string>{"hand:0"});
    EXPECT_TRUE(d->pile_cards("dealt").empty());
    EXPECT_TRUE(d->pile_cards("nobody").empty());
    const auto more = d->deal_to("hand:0", 2);
    EXPECT_EQ(more, deal(*twin, 2));
    auto all = ids;
    all.insert(all.end(), more.begin(), more.end());
    EXPECT_EQ(d->pile_cards("hand:0"), all) << "the first arrived first";
    EXPECT_EQ(d->deal_to("dealt", 3), deal(*twin, 3));  // the default pile, like deal()
    EXPECT_EQ(d->pile_names(), (std::vector<std::string>{"dealt", "hand:0"}));
    EXPECT_TRUE(d->deal_to("x", 0).empty());
    EXPECT_EQ(d->pile_names().size(), 2u) << "a pile of no cards is not listed";
    ASSERT_NO_FATAL_FAILURE(partition(*d));
    for (int i = 0; i < 40; ++i) ASSERT_EQ(d->deal_one(), twin->deal_one()) << "the deal goes on the same";
  }
}

TEST_P(Piles, DealToAndBurnRefuseWithoutChangingAnything) {
  auto d = seeded(GetParam(), 3);
  d->deal_to("hand:1", 4);
  const std::string before = state(*d);
  EXPECT_EQ(error<RangeError>([&] { d->deal_to("hand:0", 49); }), "n must be at most the 48 cards remaining, got 49; shuffle() gathers every card for a new deal");
  EXPECT_EQ(error<RangeError>([&] { d->burn(49); }), "n must be at most the 48 cards remaining, got 49; shuffle() gathers every card for a new deal");
  const std::string long_name(33, 'a');
  for (const std::string& bad : {std::string(), std::string("a b"), long_name, std::string("tab\t"), std::string("\x7f"),
                                 std::string("h\xc3\xa9"), std::string("nul\0", 4)})
    EXPECT_EQ(error<TypeError>([&] { d->deal_to(bad, 1); }).rfind("pile must be 1 to 32 printable ASCII characters (no spaces), got '", 0), 0u)
        << bad;
  EXPECT_EQ(error<TypeError>([&] { d->deal_to("a b", 1); }), "pile must be 1 to 32 printable ASCII characters (no spaces), got 'a b'");
  EXPECT_EQ(error<TypeError>([&] { d->deal_to("tab\t", 1); }),
            "pile must be 1 to 32 printable ASCII characters (no spaces), got 'tab\\x09'");
  EXPECT_EQ(error<TypeError>([&] { d->pile_cards(""); }), "pile must be 1 to 32 printable ASCII characters (no spaces), got ''");
  EXPECT_EQ(state(*d), before);
  EXPECT_NO_THROW(d->deal_to(std::string(32, '~'), 1));  // 32 bytes of 0x21–0x7e are a name
  EXPECT_NO_THROW(d->deal_to("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}", 1));
  const auto burnt = d->burn();
  EXPECT_EQ(burnt, d->pile_cards("burn"));
  EXPECT_EQ(d->burn(2).size(), 2u);
  EXPECT_EQ(d->pile_size("burn"), 3u);
  ASSERT_NO_FATAL_FAILURE(partition(*d));
  const std::string round_trip = state(*d);  // names with quotes and backslashes survive a state
  EXPECT_EQ(state(*restore_state(round_trip, std::nullopt)), round_trip);
}

// The golden check of issue 31: for a seeded deck, deal_hands(seats, n) gives each seat exactly
// what deal(seats · n) then handing the cards out round by round gives.
TEST_P(Piles, DealHandsIsDealThenRoundRobin) {
  for (const char* rng : {"chacha20", "xoshiro256"})
    for (std::uint32_t seats : {1u, 2u, 4u, 6u, 9u})
      for (std::uint32_t per_seat : {0u, 1u, 2u, 5u}) {
        if (seats * per_seat > 52) continue;
        auto d = seeded(GetParam(), 100 + seats, rng), twin = seeded(GetParam(), 100 + seats, rng);
        const auto ids = d->deal_hands(seats, per_seat);
        const auto plain = deal(*twin, seats * per_seat);
        ASSERT_EQ(ids, plain) << rng << " " << seats << "×" << per_seat;
        for (std::uint32_t s = 0; s < seats; ++s) {
          std::vector<std::uint32_t> hand;
          for (std::uint32_t i = s; i < plain.size(); i += seats) hand.push_back(plain[i]);
          ASSERT_EQ(d->pile_cards(hand_pile(s)), hand) << "seat " << s;
        }
        ASSERT_EQ(d->pile_names().size(), per_seat ? seats : 0u);
        if (per_seat) {
          ASSERT_EQ(d->pile_names().back(), hand_pile(seats - 1));
        }
        ASSERT_EQ(deal(*d, 52), deal(*twin, 52)) << "the rest of the deal is the same";
      }
}

TEST_P(Piles, DealHandsReachesIntoTheReturnPileLikeDeal) {
  auto d = seeded(GetParam(), 7), twin = seeded(GetParam(), 7);
  const auto first = deal(*d, 45);
  ASSERT_EQ(first, deal(*twin, 45));
  const std::vector<std::uint32_t> back(first.begin(), first.begin() + 10);
  d->return_cards(back), twin->return_cards(back);  // 7 undealt, 10 returned
  const auto ids = d->deal_hands(4, 4);             // 16: the 7, then 9 of the merged return pile
  ASSERT_EQ(ids, deal(*twin, 16));
  ASSERT_EQ(d->remaining(), 1u);
  ASSERT_NO_FATAL_FAILURE(partition(*d));
}

TEST_P(Piles, DealHandsRefusesWithoutChangingAnything) {
  auto d = seeded(GetParam(), 8);
  d->deal_one();
  const std::string before = state(*d);
  EXPECT_EQ(error<RangeError>([&] { d->deal_hands(0, 5); }), "seats must be an integer from 1 to 64, got 0");
  EXPECT_EQ(error<RangeError>([&] { d->deal_hands(65, 0); }), "seats must be an integer from 1 to 64, got 65");
  EXPECT_EQ(error<RangeError>([&] { d->deal_hands(4, 13); }),
            "seats * perSeat must be at most the 51 cards remaining, got 52 (4 seats of 13); shuffle() gathers every card for a new deal");
  EXPECT_EQ(error<RangeError>([&] { d->deal_hands(64, 0xffffffffu); }),
            "seats * perSeat must be at most the 51 cards remaining, got 274877906880 (64 seats of 4294967295); shuffle() gathers every card for a new deal");
  EXPECT_EQ(state(*d), before);
  EXPECT_EQ(d->deal_hands(64, 0).size(), 0u);
  EXPECT_EQ(state(*d), before);
}

TEST_P(Piles, DealPatternDealsSkatAsOneDeal) {
  DeckOptions o;
  o.style = "german", o.strategy = GetParam(), o.rng = "xoshiro256", o.seed_kind = SeedKind::text, o.seed = "skat";
  auto d = make_deck(o), twin = make_deck(o);
  const std::vector<Packet> skat = {{"hand:0", 3}, {"hand:1", 3}, {"hand:2", 3}, {"skat", 2}, {"hand:0", 4}, {"hand:1", 4},
                                    {"hand:2", 4}, {"hand:0", 3}, {"hand:1", 3}, {"hand:2", 3}};
  const auto ids = d->deal_pattern(skat);
  const auto plain = deal(*twin, 32);
  ASSERT_EQ(ids, plain);
  std::vector<std::uint32_t> want[3], kitty(plain.begin() + 9, plain.begin() + 11);
  std::size_t at = 0;
  for (const Packet& p : skat) {
    for (std::uint32_t i = 0; i < p.count; ++i, ++at) {
      if (p.pile != "skat") want[p.pile.back() - '0'].push_back(plain[at]);
    }
  }
  for (int s = 0; s < 3; ++s) EXPECT_EQ(d->pile_cards(hand_pile(static_cast<std::uint32_t>(s))), want[s]);
  EXPECT_EQ(d->pile_cards("skat"), kitty);
  EXPECT_EQ(d->pile_names(), (std::vector<std::string>{"hand:0", "hand:1", "hand:2", "skat"}));
  EXPECT_EQ(d->remaining(), 0u);
  ASSERT_NO_FATAL_FAILURE(partition(*d));
}

TEST_P(Piles, DealPatternIsAllOrNothing) {
  auto d = seeded(GetParam(), 9);
  const std::string before = state(*d);
  EXPECT_EQ(error<RangeError>([&] { d->deal_pattern(std::vector<Packet>{{"a", 30}, {"b", 20}, {"a", 3}}); }),
            "packets must deal at most the 52 cards remaining, got 53 cards in all; shuffle() gathers every card for a new deal");
  EXPECT_EQ(error<TypeError>([&] { d->deal_pattern(std::vector<Packet>{{"a", 1}, {"b", 1}, {"c d", 1}}); }),
            "packets[2].pile must be 1 to 32 printable ASCII characters (no spaces), got 'c d'");
  EXPECT_EQ(state(*d), before);
  // a packet of no cards makes no pile; piles are listed in the order they got their first card
  const auto ids = d->deal_pattern(std::vector<Packet>{{"late", 0}, {"b", 2}, {"dealt", 1}, {"late", 1}, {"b", 1}});
  EXPECT_EQ(ids.size(), 5u);
  EXPECT_EQ(d->pile_names(), (std::vector<std::string>{"dealt", "b", "late"}));
  EXPECT_EQ(d->pile_cards("b"), (std::vector<std::uint32_t>{ids[0], ids[1], ids[4]}));
  EXPECT_EQ(d->pile_cards("dealt"), std::vector<std::uint32_t>{ids[2]});
  EXPECT_EQ(d->pile_cards("late"), std::vector<std::uint32_t>{ids[3]});
  EXPECT_TRUE(d->deal_pattern({}).empty());
}

TEST_P(Piles, MoveCardsKeepsTheGivenOrderAndChecksEveryCard) {
  auto d = seeded(GetParam(), 10);
  const auto hand = d->deal_to("hand:0", 5);
  const auto loose = deal(*d, 3);  // the default pile
  d->return_cards(std::vector<std::uint32_t>{loose[2]});
  const std::uint32_t undealt = d->pile(0).front();
  const std::string before = state(*d);
  const auto name = [](std::uint32_t c) { return Composition{}.card_label(c); };  // a French deck: "card AS (id 39)"
  EXPECT_EQ(error<RangeError>([&] { d->move_cards(std::vector<std::uint32_t>{hand[0], undealt}, "table"); }),
            name(undealt) + " cannot be moved: it is not dealt (it is still in the deck)");
  EXPECT_EQ(error<RangeError>([&] { d->move_cards(std::vector<std::uint32_t>{loose[2]}, "table"); }),
            name(loose[2]) + " cannot be moved: it is not dealt (it is in the return pile)");
  EXPECT_EQ(error<RangeError>([&] { d->move_cards(std::vector<std::uint32_t>{hand[1], hand[1]}, "table"); }),
            name(hand[1]) + " is named twice in one moveCards call");
  EXPECT_EQ(error<RangeError>([&] { d->move_cards(std::vector<std::uint32_t>{52}, "table"); }),
            "card 52 is not in this deck (ids 0–51)");
  EXPECT_EQ(error<RangeError>([&] { d->move_cards(std::vector<std::uint32_t>{hand[0], loose[0]}, "table", "hand:0"); }),
            name(loose[0]) + " cannot be moved from pile 'hand:0': it is in pile 'dealt'");
  EXPECT_EQ(error<RangeError>([&] { d->move_cards(std::vector<std::uint32_t>{hand[0]}, "table", "hand:1"); }),
            name(hand[0]) + " cannot be moved from pile 'hand:1': it is in pile 'hand:0'");
  EXPECT_EQ(error<TypeError>([&] { d->move_cards(std::vector<std::uint32_t>{hand[0]}, "a b"); }),
            "to must be 1 to 32 printable ASCII characters (no spaces), got 'a b'");
  EXPECT_EQ(error<TypeError>([&] { d->move_cards(std::vector<std::uint32_t>{hand[0]}, "table", ""); }),
            "from must be 1 to 32 printable ASCII characters (no spaces), got ''");
  EXPECT_EQ(state(*d), before);

  const std::uint32_t drawn = d->drawn();
  d->move_cards(std::vector<std::uint32_t>{hand[3], loose[0], hand[1]}, "table");
  EXPECT_EQ(d->pile_cards("table"), (std::vector<std::uint32_t>{hand[3], loose[0], hand[1]}));
  EXPECT_EQ(d->pile_cards("hand:0"), (std::vector<std::uint32_t>{hand[0], hand[2], hand[4]}));
  EXPECT_EQ(d->pile_cards("dealt"), std::vector<std::uint32_t>{loose[1]});
  EXPECT_EQ(d->drawn(), drawn) << "moving draws nothing";
  d->move_cards(std::vector<std::uint32_t>{hand[4], hand[0]}, "hand:0", "hand:0");  // reorder within a pile
  EXPECT_EQ(d->pile_cards("hand:0"), (std::vector<std::uint32_t>{hand[2], hand[4], hand[0]}));
  d->move_cards(std::vector<std::uint32_t>{hand[2], hand[4], hand[0]}, "dealt");  // the pile empties
  EXPECT_EQ(d->pile_names(), (std::vector<std::string>{"dealt", "table"}));
  if (GetParam() != "bitmap")  // moved cards arrive last, in the order given
    EXPECT_EQ(d->pile_cards("dealt"), (std::vector<std::uint32_t>{loose[1], hand[2], hand[4], hand[0]}));
  else
    EXPECT_EQ(d->pile_cards("dealt"), sorted({loose[1], hand[2], hand[4], hand[0]}));
  d->move_cards({}, "nowhere");
  EXPECT_EQ(d->pile_names().size(), 2u) << "moving no cards makes no pile";
  ASSERT_NO_FATAL_FAILURE(partition(*d));
}

TEST_P(Piles, TheDefaultPileKeepsItsArrivalOrder) {
  auto d = seeded(GetParam(), 11);
  std::vector<std::uint32_t> order;
  for (int i = 0; i < 4; ++i) order.push_back(d->deal_one());
  const auto more = deal(*d, 6);
  order.insert(order.end(), more.begin(), more.end());
  d->deal_to("hand:0", 2);  // other piles' cards in between change nothing
  order.push_back(d->deal_one());
  const auto want = GetParam() == "bitmap" ? sorted(order) : order;
  EXPECT_EQ(d->pile_cards("dealt"), want);
  d->move_cards(std::vector<std::uint32_t>{order[3], order[7]}, "hand:1");  // taking cards out keeps the rest in order
  std::vector<std::uint32_t> rest = order;
  rest.erase(rest.begin() + 7), rest.erase(rest.begin() + 3);
  EXPECT_EQ(d->pile_cards("dealt"), GetParam() == "bitmap" ? sorted(rest) : rest);
  // return_cards keeps the card array of 0.1: each returned card's place in the default pile is
  // taken by the pile's most recent card not yet moved (its card array, newest first: swaps)
  auto plain = seeded(GetParam(), 11);
  deal(*plain, 11);
  const auto before = plain->pile_cards("dealt");
  plain->return_cards(std::vector<std::uint32_t>{before[2], before[5]});
  std::vector<std::uint32_t> newest_first(before.rbegin(), before.rend());
  std::swap(newest_first[0], newest_first[10 - 5]);  // newest first: 5 is at 10−5, 2 at 10−2
  std::swap(newest_first[1], newest_first[10 - 2]);
  newest_first.erase(newest_first.begin(), newest_first.begin() + 2);
  const std::vector<std::uint32_t> expect(newest_first.rbegin(), newest_first.rend());
  EXPECT_EQ(plain->pile_cards("dealt"), GetParam() == "bitmap" ? sorted(expect) : expect);
}

TEST_P(Piles, ReturnedPileCardsWaitForTheUndealtPileToRunOut) {
  auto d = seeded(GetParam(), 12);
  const auto hand = d->deal_to("hand:0", 5);
  const auto loose = deal(*d, 2);
  d->return_cards(std::vector<std::uint32_t>{hand[4], loose[0], hand[1]});  // from two piles at once
  EXPECT_EQ(d->returned(), 3u);
  EXPECT_EQ(d->pile_cards("hand:0"), (std::vector<std::uint32_t>{hand[0], hand[2], hand[3]}));
  EXPECT_EQ(d->pile_cards("dealt"), std::vector<std::uint32_t>{loose[1]});
  EXPECT_EQ(sorted(d->pile(1)), sorted({hand[4], loose[0], hand[1]}));
  if (GetParam() != "bitmap") {  // the default pile's cards first (its array order), then the others by id
    EXPECT_EQ(d->pile(1), (std::vector<std::uint32_t>{loose[0], std::min(hand[1], hand[4]), std::max(hand[1], hand[4])}));
  }
  const std::string before = state(*d);
  EXPECT_EQ(error<RangeError>([&] { d->return_cards(std::vector<std::uint32_t>{hand[0], hand[1]}); }),
            Composition{}.card_label(hand[1]) + " cannot be returned: it is not dealt (it is already returned)");
  EXPECT_EQ(state(*d), before);
  d->return_cards(std::vector<std::uint32_t>{hand[0], hand[2], hand[3]});
  EXPECT_EQ(d->pile_names(), std::vector<std::string>{"dealt"});
  EXPECT_FALSE(d->has_named_piles());
  EXPECT_NE(state(*d).find("\"version\":1,"), std::string::npos) << "no named pile and no cut card: version 1";
  const auto next = deal(*d, 45);
  for (std::uint32_t c : hand) EXPECT_EQ(std::count(next.begin(), next.end(), c), 0);
  EXPECT_EQ(sorted(deal(*d, 10)), sorted({hand[0], hand[1], hand[2], hand[3], hand[4], loose[0]}));
  ASSERT_NO_FATAL_FAILURE(partition(*d));
}

TEST_P(Piles, ShuffleGathersEveryPileAndShuffleRemainingLeavesThem) {
  auto d = seeded(GetParam(), 13);
  d->deal_hands(4, 3);
  d->burn();
  const auto loose = deal(*d, 2);
  d->return_cards(std::vector<std::uint32_t>{loose[0]});
  d->shuffle_remaining();
  EXPECT_EQ(d->pile_names(), (std::vector<std::string>{"dealt", "hand:0", "hand:1", "hand:2", "hand:3", "burn"}));
  EXPECT_EQ(d->remaining(), 52u - 14u);
  ASSERT_NO_FATAL_FAILURE(partition(*d));
  d->shuffle();
  EXPECT_TRUE(d->pile_names().empty());
  EXPECT_EQ(d->remaining(), 52u);
  EXPECT_EQ(d->drawn(), 0u);
  EXPECT_EQ(sorted(deal(*d, 52)).size(), 52u);
  ASSERT_NO_FATAL_FAILURE(partition(*d));
}

TEST_P(Piles, AtMost64PilesBesidesTheDefaultOneHoldCards) {
  auto d = seeded(GetParam(), 14, "xoshiro256", 200);
  for (std::uint32_t i = 0; i < kMaxPiles; ++i) d->deal_to(cat("p", i), 1);
  d->deal_one();  // the default pile does not count
  const std::string before = state(*d);
  const std::string full = "at most 64 piles besides 'dealt' can hold cards at once: pile 'p64' would be one more";
  EXPECT_EQ(error<RangeError>([&] { d->deal_to("p64", 1); }), full);
  EXPECT_EQ(error<RangeError>([&] { d->deal_pattern(std::vector<Packet>{{"p0", 1}, {"p64", 1}}); }), full);
  EXPECT_EQ(error<RangeError>([&] { d->deal_hands(1, 1); }),
            "at most 64 piles besides 'dealt' can hold cards at once: pile 'hand:0' would be one more");
  EXPECT_EQ(error<RangeError>([&] { d->move_cards(d->pile_cards("dealt"), "p64"); }), full);
  EXPECT_EQ(state(*d), before);
  EXPECT_NO_THROW(d->deal_to("p3", 2));                  // an existing pile
  d->move_cards(d->pile_cards("p1"), "p64");             // p1 empties as p64 fills: still 64
  EXPECT_EQ(d->pile_names().back(), "p64");
  d->return_cards(d->pile_cards("p2"));
  EXPECT_NO_THROW(d->deal_to("p65", 1));
  EXPECT_EQ(d->pile_names().size(), 65u);
  ASSERT_NO_FATAL_FAILURE(partition(*d));
}

// take(t) of a look-ahead puts the t cards the window handed out in the default pile, and the
// next deal_to deals what a plain deck deals next.
TEST_P(Piles, TheWindowsTakenCardsLandInTheDefaultPile) {
  auto d = seeded(GetParam(), 15), plain = seeded(GetParam(), 15);
  d->look_ahead(10);
  const std::uint32_t w = d->window();
  ASSERT_GE(w, 3u);
  const std::vector<std::uint32_t> handed = {d->window_cards()[w - 1], d->window_cards()[w - 2], d->window_cards()[w - 3]};
  d->take(3);
  const auto hand = d->deal_to("hand:0", 2);
  ASSERT_EQ(handed, deal(*plain, 3));
  ASSERT_EQ(hand, deal(*plain, 2));
  EXPECT_EQ(d->pile_cards("dealt"), GetParam() == "bitmap" ? sorted(handed) : handed);
  EXPECT_EQ(d->pile_cards("hand:0"), hand);
  d->look_ahead(10);  // left pending: deal_to settles it first
  EXPECT_EQ(d->deal_to("hand:1", 4), deal(*plain, 4));
  d->look_ahead(10);
  EXPECT_EQ(d->pile_cards("hand:1").size(), 4u);  // asking settles too
  EXPECT_EQ(d->deal_hands(2, 2), deal(*plain, 4));
  ASSERT_NO_FATAL_FAILURE(partition(*d));
}

// A state with piles restores to a deck that goes on exactly like the original: deals, returns
// (whose order in the return pile reads the card array) and shuffles (which shuffle the array).
TEST_P(Piles, AStateWithPilesRestoresADeckThatGoesOnExactlyTheSame) {
  for (const char* rng : {"chacha20", "xoshiro256"}) {
    auto d = seeded(GetParam(), 16, rng);
    d->deal_one();
    d->deal_hands(3, 2);
    d->deal_one();
    d->burn();
    deal(*d, 3);
    d->move_cards(std::vector<std::uint32_t>{d->pile_cards("hand:1")[0], d->pile_cards("dealt")[1]}, "table");
    d->return_cards(std::vector<std::uint32_t>{d->pile_cards("hand:2")[1], d->pile_cards("dealt")[0]});
    d->move_cards(std::vector<std::uint32_t>{d->pile_cards("hand:0")[1]}, "dealt");
    const std::string saved = state(*d);
    EXPECT_NE(saved.find("\"version\":2,"), std::string::npos);
    EXPECT_NE(saved.find(",\"piles\":{\"hand:0\":["), std::string::npos) << saved;
    EXPECT_NE(saved.find(",\"cut\":null,\"drawn\":10,\"engine\""), std::string::npos) << saved;
    auto copy = restore_state(saved, std::nullopt);
    EXPECT_EQ(state(*copy), saved);
    for (const std::string& name : d->pile_names()) EXPECT_EQ(copy->pile_cards(name), d->pile_cards(name)) << name;
    EXPECT_EQ(copy->pile_names(), d->pile_names());
    EXPECT_EQ(copy->pile(2), d->pile(2));
    // returns from piles, then a shuffle: both read the card array
    for (Deck* x : {d.get(), copy.get()}) {
      x->return_cards(std::vector<std::uint32_t>{x->pile_cards("table")[1], x->pile_cards("hand:0")[0], x->pile_cards("dealt")[0]});
      x->deal_to("hand:3", 2);
    }
    EXPECT_EQ(state(*copy), state(*d));
    EXPECT_EQ(deal(*copy, 52), deal(*d, 52)) << rng;
    d->deal_to("a", 0), copy->deal_to("a", 0);
    for (int round = 0; round < 2; ++round) {
      d->shuffle(), copy->shuffle();
      EXPECT_EQ(deal(*copy, 52), deal(*d, 52)) << rng << " after shuffle " << round;
    }
  }
}

// The same with the card array mixed differently in the original: a deck whose piles' cards lie
// among the default pile's (dealt between them) and one restored from its state (which lays them
// out after it) shuffle to the same deal.
TEST_P(Piles, WhereAPilesCardsLieInTheArrayDecidesNothing) {
  auto d = seeded(GetParam(), 17, "xoshiro256");
  for (int i = 0; i < 6; ++i) d->deal_to(i % 2 ? "dealt" : "hand:0", 1);
  d->return_cards(std::vector<std::uint32_t>{d->pile_cards("hand:0")[1]});
  auto copy = restore_state(state(*d), std::nullopt);
  d->shuffle(), copy->shuffle();
  EXPECT_EQ(deal(*copy, 52), deal(*d, 52));
}

TEST_P(Piles, TheCutCardComesOutAfterCutCardsAreDrawn) {
  auto d = with_cut(GetParam(), 0.75);
  EXPECT_EQ(d->cut(), 39u);
  EXPECT_FALSE(d->cut_card_out());
  d->burn();
  d->deal_hands(5, 5);  // 26
  const auto loose = deal(*d, 10);  // 36
  d->return_cards(loose);  // returning draws nothing back
  EXPECT_EQ(d->drawn(), 36u);
  d->move_cards(d->pile_cards("hand:0"), "muck");  // nor does moving
  EXPECT_EQ(d->drawn(), 36u);
  d->deal_one(), d->deal_one();
  EXPECT_FALSE(d->cut_card_out());
  d->look_ahead(5);  // a pending look-ahead draws nothing yet
  EXPECT_FALSE(d->cut_card_out());
  d->deal_one();  // the 39th
  EXPECT_TRUE(d->cut_card_out());
  EXPECT_EQ(d->drawn(), 39u);
  deal(*d, 52);  // dealing goes on past it, the returned cards again too
  EXPECT_EQ(d->remaining(), 0u);
  EXPECT_EQ(d->drawn(), 52u);
  const std::string saved = state(*d);
  EXPECT_NE(saved.find("\"version\":2,"), std::string::npos);
  EXPECT_NE(saved.find("\"piles\":{\"burn\":["), std::string::npos);
  EXPECT_NE(saved.find(",\"cut\":39,\"drawn\":52,"), std::string::npos) << saved;
  auto copy = restore_state(saved, std::nullopt);
  EXPECT_EQ(state(*copy), saved);
  EXPECT_TRUE(copy->cut_card_out());
  d->shuffle();
  EXPECT_FALSE(d->cut_card_out());
  EXPECT_EQ(d->drawn(), 0u);
  EXPECT_NE(state(*d).find("\"version\":2,"), std::string::npos) << "a cut card makes a version 2 state";
  EXPECT_NE(state(*d).find("\"piles\":{},\"cut\":39,\"drawn\":0,"), std::string::npos);
}

TEST_P(Piles, ADrawnCountSurvivesASaveMidShoe) {
  auto d = with_cut(GetParam(), 0.5);  // cut 26
  const auto first = deal(*d, 20);
  d->return_cards(first);  // drawn 20, dealt 0
  auto copy = restore_state(state(*d), std::nullopt);
  EXPECT_EQ(copy->drawn(), 20u);
  deal(*d, 6), deal(*copy, 6);
  EXPECT_TRUE(d->cut_card_out());
  EXPECT_TRUE(copy->cut_card_out());
}

INSTANTIATE_TEST_SUITE_P(EveryStrategy, Piles, ::testing::Values("eager", "lazy", "bitmap"));

TEST(CutCard, PenetrationIsCheckedAndRoundsUp) {
  const Composition french = make_composition("french", 1, 0, 0);
  const auto make = [&](double p) { return Deck(french, Strategy::eager, Rng("xoshiro256", Bytes32{}, false), p); };
  for (double bad : {0.0, -0.25, 1.5, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
    EXPECT_THROW(make(bad), RangeError) << bad;
  EXPECT_EQ(error<RangeError>([&] { make(0); }), "penetration must be a number greater than 0 and at most 1, got 0");
  EXPECT_EQ(error<RangeError>([&] { make(-0.25); }), "penetration must be a number greater than 0 and at most 1, got -0.25");
  EXPECT_EQ(error<RangeError>([&] { make(1.0000001); }), "penetration must be a number greater than 0 and at most 1, got 1.0000001");
  EXPECT_EQ(error<RangeError>([&] { make(std::nan("")); }), "penetration must be a number greater than 0 and at most 1, got NaN");
  EXPECT_EQ(error<RangeError>([&] { make(-std::numeric_limits<double>::infinity()); }), "penetration must be a number greater than 0 and at most 1, got -Infinity");
  EXPECT_EQ(make(1).cut(), 52u);
  EXPECT_EQ(make(0.8).cut(), 42u);     // 41.6 → 42
  EXPECT_EQ(make(1e-9).cut(), 1u);     // at least one card
  EXPECT_EQ(make(0.5).cut(), 26u);
  EXPECT_EQ(cut_for(0.07, 100), 7u);   // the double product is 7.000000000000001
  EXPECT_EQ(cut_for(0.29, 100), 29u);  // and 28.999999999999996 here
  EXPECT_EQ(cut_for(0.070001, 100), 8u);
  EXPECT_EQ(cut_for(1, kMaxCards), kMaxCards);
  EXPECT_EQ(Deck(french, Strategy::eager, Rng("xoshiro256", Bytes32{}, false)).cut(), 0u);
  EXPECT_FALSE(Deck(french, Strategy::eager, Rng("xoshiro256", Bytes32{}, false)).cut_card_out());
}

TEST(DefaultPile, AHugeBitmapDeckStaysSmallUntilItUsesPiles) {
  // The pile machinery holds nothing per card: a 2^26-card bitmap deck deals, burns and moves
  // with only the cards of its named piles held in lists.
  auto d = seeded("bitmap", 18, "xoshiro256", kMaxCards);
  const auto hand = d->deal_hands(2, 3);
  d->burn();
  d->deal_one();
  EXPECT_EQ(d->pile_cards("hand:1").size(), 3u);
  d->move_cards(std::vector<std::uint32_t>{hand[0]}, "dealt");
  EXPECT_EQ(d->pile_size("dealt"), 2u);
  EXPECT_EQ(d->pile_names(), (std::vector<std::string>{"dealt", "hand:0", "hand:1", "burn"}));
}

TEST(CutCard, WithoutOneNothingCountsDraws) {
  auto d = seeded("lazy", 19);
  const auto out = deal(*d, 5);
  d->return_cards(std::vector<std::uint32_t>{out[0], out[1]});
  EXPECT_EQ(d->drawn(), 3u) << "dealt_count(): a version 1 state holds all there is";
  EXPECT_EQ(d->drawn(), d->dealt_count());
  auto shoe = with_cut("lazy", 1);
  const auto first = deal(*shoe, 5);
  shoe->return_cards(std::vector<std::uint32_t>{first[0], first[1]});
  EXPECT_EQ(shoe->drawn(), 5u);
}
