// Named piles as the deck holds them (pile_slots.hpp: slots and one arrival list): the dealing
// overloads that write into a caller's buffer, piles that empty and fill again hand after hand,
// names that share their last bytes, the pile limit as slots free up, and patterns too large for
// the stack buffers — each on every strategy, checked against a twin deck or a saved state.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fairdeck/state.hpp"
#include "make_deck.hpp"

using namespace fairdeck;

namespace {
/// prefix + i (not operator+: GCC 12 warns about it wrongly, -Wrestrict).
std::string numbered(const char* prefix, std::uint32_t i) {
  std::string s(prefix);
  s += std::to_string(i);
  return s;
}
std::unique_ptr<Deck> seeded(const std::string& strategy, std::uint64_t seed = 1, std::uint32_t generic = 0) {
  DeckOptions o;
  o.strategy = strategy, o.rng = "xoshiro256", o.seed_kind = SeedKind::integer;
  if (generic) o.style = "generic", o.size = generic;
  o.seed = std::string(8, '\0');
  for (int b = 0; b < 8; ++b) o.seed[static_cast<std::size_t>(b)] = static_cast<char>(seed >> (8 * b));
  return make_deck(o);
}
std::string state(const Deck& d) { return save_state(d, true); }
std::vector<std::uint32_t> sorted_dealt(const Deck& d) {
  std::vector<std::uint32_t> v = d.pile(2);
  std::sort(v.begin(), v.end());
  return v;
}
std::vector<Packet> holdem() {
  std::vector<Packet> pattern;
  for (std::uint32_t round = 0; round < 2; ++round)
    for (std::uint32_t seat = 0; seat < 9; ++seat) pattern.push_back({hand_pile(seat), 1});
  for (const auto& [pile, count] : {std::pair{"burn", 1u}, {"board", 3u}, {"burn", 1u}, {"board", 1u}, {"burn", 1u}, {"board", 1u}})
    pattern.push_back({pile, count});
  return pattern;
}
class PileSlots : public ::testing::TestWithParam<std::string> {};
}  // namespace

TEST_P(PileSlots, TheBufferOverloadsDealAndFileLikeTheVectorOnes) {
  auto a = seeded(GetParam(), 7), b = seeded(GetParam(), 7);
  const std::vector<Packet> pattern = holdem();
  std::uint32_t out[64];
  for (int hand = 0; hand < 5; ++hand) {
    a->shuffle(), b->shuffle();
    const auto dealt = a->deal_pattern(pattern);
    ASSERT_EQ(b->deal_pattern(pattern, out), dealt.size());
    EXPECT_EQ(std::vector<std::uint32_t>(out, out + dealt.size()), dealt);
    const auto hands = a->deal_hands(3, 2);
    ASSERT_EQ(b->deal_hands(3, 2, out), 6u);
    EXPECT_EQ(std::vector<std::uint32_t>(out, out + 6), hands);
    const auto muck = a->deal_to("muck", 4);
    ASSERT_EQ(b->deal_to("muck", 4, out), 4u);
    EXPECT_EQ(std::vector<std::uint32_t>(out, out + 4), muck);
    EXPECT_EQ(state(*a), state(*b));
  }
  // Refusals write nothing and change nothing.
  const std::string before = state(*b);
  out[0] = 12345;
  EXPECT_THROW(b->deal_pattern(std::vector<Packet>{{"ok", 1}, {"bad name", 1}}, out), TypeError);
  EXPECT_THROW(b->deal_pattern(std::vector<Packet>{{"ok", b->remaining() + 1}}, out), RangeError);
  EXPECT_THROW(b->deal_hands(65, 1, out), RangeError);
  EXPECT_THROW(b->deal_to("x", b->remaining() + 1, out), RangeError);
  EXPECT_EQ(out[0], 12345u);
  EXPECT_EQ(state(*b), before);
}

TEST_P(PileSlots, PilesEmptyAndFillAgainHandAfterHandInFirstCardOrder) {
  auto d = seeded(GetParam(), 3);
  const std::vector<Packet> pattern = holdem();
  const std::vector<std::string> names = {"hand:0", "hand:1", "hand:2", "hand:3", "hand:4", "hand:5",
                                          "hand:6", "hand:7", "hand:8", "burn",   "board"};
  for (int hand = 0; hand < 20; ++hand) {
    d->shuffle();
    EXPECT_TRUE(d->pile_names().empty());
    const auto dealt = d->deal_pattern(pattern);
    EXPECT_EQ(d->pile_names(), names);
    EXPECT_EQ(d->pile_cards("hand:4"), (std::vector<std::uint32_t>{dealt[4], dealt[13]}));
    EXPECT_EQ(d->pile_cards("board"), (std::vector<std::uint32_t>{dealt[19], dealt[20], dealt[21], dealt[23], dealt[25]}));
    EXPECT_EQ(d->pile_size("burn"), 3u);
  }
  // A pile that empties goes last when it fills again; one that keeps a card keeps its place.
  d->return_cards(d->pile_cards("hand:0"));
  d->move_cards(std::vector<std::uint32_t>{d->pile_cards("hand:1")[0]}, "dealt");
  EXPECT_EQ(d->pile_names().front(), "dealt");
  EXPECT_EQ(d->pile_names()[1], "hand:1");
  d->move_cards(d->pile_cards("board"), "hand:0");
  EXPECT_EQ(d->pile_names().back(), "hand:0");
  EXPECT_EQ(d->pile_size("board"), 0u);
  // Moving a pile's every card onto itself keeps its place and takes the order given.
  auto burn = d->pile_cards("burn");
  std::reverse(burn.begin(), burn.end());
  const auto order = d->pile_names();
  d->move_cards(burn, "burn", std::string_view("burn"));
  EXPECT_EQ(d->pile_names(), order);
  EXPECT_EQ(d->pile_cards("burn"), burn);
}

TEST_P(PileSlots, NamesThatShareTheirLastBytesAreDifferentPiles) {
  auto d = seeded(GetParam(), 5);
  const std::vector<std::string> names = {"12345678", "x12345678", "y12345678", "1234567", "a_long_pile_name_1",
                                          "b_long_pile_name_1", "dealt1", "dealt"};
  for (std::size_t i = 0; i < names.size(); ++i) d->deal_to(names[i], static_cast<std::uint32_t>(i + 1));
  for (std::size_t i = 0; i + 1 < names.size(); ++i) EXPECT_EQ(d->pile_size(names[i]), i + 1) << names[i];
  EXPECT_EQ(d->pile_names(), (std::vector<std::string>{"dealt", "12345678", "x12345678", "y12345678", "1234567",
                                                       "a_long_pile_name_1", "b_long_pile_name_1", "dealt1"}));
  auto back = restore_state(state(*d), std::nullopt);
  EXPECT_EQ(state(*back), state(*d));
  EXPECT_EQ(back->pile_cards("x12345678"), d->pile_cards("x12345678"));
}

TEST_P(PileSlots, TheLimitCountsPilesHoldingCardsAsSlotsFreeUp) {
  auto d = seeded(GetParam(), 9, 500);
  for (std::uint32_t i = 0; i < kMaxPiles; ++i) d->deal_to(numbered("p", i), 2);
  const std::string full = state(*d);
  EXPECT_THROW(d->deal_to("one-more", 1), RangeError);
  EXPECT_THROW(d->deal_pattern(std::vector<Packet>{{"p1", 1}, {"one-more", 1}}), RangeError);
  EXPECT_EQ(state(*d), full);
  d->return_cards(d->pile_cards("p7"));
  d->move_cards(d->pile_cards("p9"), "p10");
  std::uint32_t out[4];
  EXPECT_EQ(d->deal_pattern(std::vector<Packet>{{"new-a", 1}, {"p7", 0}, {"new-b", 2}}, out), 3u);
  EXPECT_EQ(d->pile_names().size(), kMaxPiles);
  EXPECT_EQ(d->pile_names()[kMaxPiles - 2], "new-a");
  EXPECT_EQ(d->pile_names().back(), "new-b");
  EXPECT_EQ(d->pile_cards("new-b"), (std::vector<std::uint32_t>{out[1], out[2]}));
  EXPECT_THROW(d->deal_to("p7", 1), RangeError);
  d->shuffle();
  EXPECT_FALSE(d->has_named_piles());
  EXPECT_EQ(d->deal_to("p7", 1).size(), 1u);
  EXPECT_EQ(d->pile_names(), std::vector<std::string>{"p7"});
}

TEST_P(PileSlots, APatternOfFreedAndNewPilesGivesEachItsOwnSlot) {
  // After a shuffle "a" and "b" are free but keep their slots (0 and 1): a pattern that reuses
  // them, then names two new piles, must put the new ones in other slots — the free slots it
  // took count as taken for the rest of the deal.
  auto d = seeded(GetParam(), 17);
  d->deal_pattern(std::vector<Packet>{{"a", 1}, {"b", 1}});
  d->shuffle();
  const std::vector<Packet> pattern = {{"b", 2}, {"a", 1}, {"new-1", 3}, {"new-2", 1}, {"a", 1}};
  for (int hand = 0; hand < 3; ++hand) {
    const auto dealt = d->deal_pattern(pattern);
    ASSERT_EQ(dealt.size(), 8u);
    EXPECT_EQ(d->pile_cards("b"), (std::vector<std::uint32_t>{dealt[0], dealt[1]}));
    EXPECT_EQ(d->pile_cards("a"), (std::vector<std::uint32_t>{dealt[2], dealt[7]}));
    EXPECT_EQ(d->pile_cards("new-1"), (std::vector<std::uint32_t>{dealt[3], dealt[4], dealt[5]}));
    EXPECT_EQ(d->pile_cards("new-2"), (std::vector<std::uint32_t>{dealt[6]}));
    EXPECT_EQ(d->pile_names(), (std::vector<std::string>{"b", "a", "new-1", "new-2"}));
    auto back = restore_state(state(*d), std::nullopt);
    EXPECT_EQ(state(*back), state(*d));
    d->shuffle();
  }
}

TEST_P(PileSlots, APlanDealtAgainFindsItsPilesAfterSlotsAreRenamedOrOnAnotherDeck) {
  // A plan keeps the slots a deck found for its piles (DealPlan's cache): it must find them anew
  // once a slot has been named since, and must not use one deck's slots on another.
  auto a = seeded(GetParam(), 19), b = seeded(GetParam(), 19);
  const std::vector<RefPacket> packets = {{Deck::pile_ref("p"), 2}, {Deck::pile_ref("q"), 1}};
  const DealPlan plan(packets);
  std::uint32_t out[8];
  ASSERT_EQ(a->deal_pattern(plan, out), 3u);
  a->shuffle();                       // p and q free, their slots (0, 1) still named so
  const auto r = a->deal_to("r", 1);  // the lowest free slot: p's, named "r" now
  ASSERT_EQ(a->deal_pattern(plan, out), 3u);
  EXPECT_EQ(a->pile_cards("r"), r);
  EXPECT_EQ(a->pile_cards("p"), (std::vector<std::uint32_t>{out[0], out[1]}));
  EXPECT_EQ(a->pile_cards("q"), (std::vector<std::uint32_t>{out[2]}));
  // b names as many slots as a has by then (5: p, q, r, then p and q again in slots 1 and 2),
  // in another layout: x, y, z, p, q.
  const auto x = b->deal_to("x", 1), y = b->deal_to("y", 1), z = b->deal_to("z", 1);
  ASSERT_EQ(b->deal_pattern(plan, out), 3u);
  EXPECT_EQ(b->pile_cards("x"), x);
  EXPECT_EQ(b->pile_cards("y"), y);
  EXPECT_EQ(b->pile_cards("z"), z);
  EXPECT_EQ(b->pile_cards("p"), (std::vector<std::uint32_t>{out[0], out[1]}));
  EXPECT_EQ(b->pile_cards("q"), (std::vector<std::uint32_t>{out[2]}));
  ASSERT_EQ(a->deal_pattern(plan, out), 3u);  // back on a: p and q hold cards, and get these too
  EXPECT_EQ(a->pile_cards("p").size(), 4u);
  EXPECT_EQ(a->pile_cards("p").back(), out[1]);
  EXPECT_EQ(a->pile_cards("q").size(), 2u);
  EXPECT_EQ(a->pile_cards("q").back(), out[2]);
  EXPECT_EQ(a->pile_cards("r"), r);
  for (const Deck* d : {a.get(), b.get()}) EXPECT_EQ(state(*restore_state(state(*d), std::nullopt)), state(*d));
}

TEST_P(PileSlots, DealHandsDealsLikeDealWhateverShapeCameBefore) {
  // deal_hands keeps a plan for the last (seats, per seat) it dealt, and deals seat by seat past
  // kHandsPlanCards: every shape, in any order, deals what deal() would, round by round.
  auto a = seeded(GetParam(), 23, 9000), b = seeded(GetParam(), 23, 9000);
  const std::pair<std::uint32_t, std::uint32_t> shapes[] = {{9, 2}, {9, 2}, {6, 2}, {9, 3}, {64, 70}, {9, 2}, {1, 5}, {64, 1}};
  for (const auto& [seats, per] : shapes) {
    if (a->remaining() < std::uint64_t{seats} * per) a->shuffle(), b->shuffle();
    const auto dealt = a->deal_hands(seats, per);
    std::vector<std::uint32_t> plain(std::size_t{seats} * per);
    ASSERT_EQ(b->deal(seats * per, plain.data()), seats * per);
    ASSERT_EQ(dealt, plain) << seats << " x " << per;
    for (std::uint32_t s = 0; s < seats; s += seats > 9 ? 7 : 1) {
      const auto hand = a->pile_cards(hand_pile(s));
      ASSERT_GE(hand.size(), per);
      for (std::uint32_t j = 0; j < per; ++j) EXPECT_EQ(hand[hand.size() - per + j], dealt[j * seats + s]) << seats << " x " << per << " seat " << s;
    }
  }
  EXPECT_EQ(state(*restore_state(state(*a), std::nullopt)), state(*a));
}

TEST_P(PileSlots, PatternsBeyondTheStackBuffersDealTheSame) {
  auto a = seeded(GetParam(), 11, 2000), b = seeded(GetParam(), 11, 2000);
  std::vector<Packet> pattern;  // 300 packets, 200 distinct piles, most of them dealt nothing
  for (std::uint32_t i = 0; i < 300; ++i) pattern.push_back({numbered("z", i % 200), i % 10 == 0 ? 2u : 0u});
  const auto dealt = a->deal_pattern(pattern);
  EXPECT_EQ(dealt.size(), 60u);
  EXPECT_EQ(a->pile_names().size(), 20u);
  EXPECT_EQ(a->pile_cards("z10"), (std::vector<std::uint32_t>{dealt[2], dealt[3], dealt[42], dealt[43]}));
  EXPECT_EQ(a->pile_cards("z0"), (std::vector<std::uint32_t>{dealt[0], dealt[1], dealt[40], dealt[41]}));
  std::vector<std::uint32_t> plain(60);
  EXPECT_EQ(b->deal(60, plain.data()), 60u);
  EXPECT_EQ(plain, dealt);  // the cards deal() deals
  EXPECT_EQ(sorted_dealt(*b), sorted_dealt(*a));
}
TEST_P(PileSlots, ADeckMadeAfterOneIsDestroyedDealsAsOneMadeWithNothingKept) {
  // A destroyed deck leaves its slots, named, to the next deck that names a pile (issue 38,
  // Deck::keep_room): here all 64, the last 6 of them the hands a DealPlan's cache knows. `a`
  // takes them at its first hand; its twin `b`, made alongside, finds nothing kept and starts
  // bare. Whatever they deal next, cache hit or not, names reused or not, up to the pile
  // limit, they deal, file, refuse and save alike.
  {
    auto x = seeded(GetParam(), 5, 200);
    for (std::uint32_t i = 0; i < 58; ++i) x->deal_to(numbered("x", i), 1);
    x->deal_hands(6, 2);
  }
  auto a = seeded(GetParam(), 29, 200), b = seeded(GetParam(), 29, 200);
  const auto step = [&](const char* what, auto&& op) {
    std::string ra, rb;
    try { ra = op(*a); } catch (const RangeError& e) { ra = std::string("RangeError: ") + e.what(); }
    try { rb = op(*b); } catch (const RangeError& e) { rb = std::string("RangeError: ") + e.what(); }
    EXPECT_EQ(ra, rb) << what;
    ASSERT_EQ(state(*a), state(*b)) << what;
    EXPECT_EQ(a->pile_names(), b->pile_names()) << what;
  };
  const auto ids = [](const std::vector<std::uint32_t>& v) {
    std::string t;
    for (std::uint32_t id : v) t += std::to_string(id) + ",";
    return t;
  };
  step("the first hand", [&](Deck& d) { return ids(d.deal_hands(6, 2)); });
  step("a name the last deck left free", [&](Deck& d) { return ids(d.deal_to("x3", 2)); });
  step("a new name", [&](Deck& d) { return ids(d.deal_to("burn", 1)); });
  step("hand:2", [&](Deck& d) { return ids(d.pile_cards(hand_pile(2))); });
  step("shuffle, then nine seats", [&](Deck& d) { return d.shuffle(), ids(d.deal_pattern(holdem())); });
  step("six seats again", [&](Deck& d) { return ids(d.deal_hands(6, 2)); });
  for (std::uint32_t i = 0; i < 60; ++i)  // 12 piles hold cards: the 53rd new one is refused
    step("up to the pile limit", [&](Deck& d) { return ids(d.deal_to(numbered("y", i), 1)); });
  step("a move onto a new pile", [&](Deck& d) { return d.move_cards(d.pile_cards("y0"), "muck"), ids(d.pile_cards("muck")); });
  for (const Deck* d : {a.get(), b.get()}) EXPECT_EQ(state(*restore_state(state(*d), std::nullopt)), state(*d));
}
TEST_P(PileSlots, AKeptArrivalListIsNeverReadPastWhatTheNextDeckFiles) {
  // A destroyed deck's arrival list (ncard_, nslot_) goes with its slots when it is a game's
  // (at most kKeptCards long): here 20 cards of x's own, which `a` must never count as its
  // piles'. Its twin `b` starts with nothing kept; both file, read, move and save alike. (The
  // test above keeps 70 cards: a list too long to keep, so it leaves the slots alone.)
  {
    auto x = seeded(GetParam(), 5, 100);
    for (std::uint32_t i = 0; i < 8; ++i) x->deal_to(numbered("x", i), 1);
    x->deal_hands(6, 2);
  }
  auto a = seeded(GetParam(), 31, 100), b = seeded(GetParam(), 31, 100);
  std::uint32_t oa[16], ob[16];
  ASSERT_EQ(a->deal_hands(2, 1, oa), 2u);
  ASSERT_EQ(b->deal_hands(2, 1, ob), 2u);
  EXPECT_EQ(std::vector<std::uint32_t>(oa, oa + 2), std::vector<std::uint32_t>(ob, ob + 2));
  for (Deck* d : {a.get(), b.get()}) d->deal_to("x3", 3), d->move_cards(d->pile_cards(hand_pile(1)), "muck");
  EXPECT_EQ(a->pile_names(), b->pile_names());
  EXPECT_EQ(a->pile_cards("x3"), b->pile_cards("x3"));
  EXPECT_EQ(a->pile_cards("muck"), b->pile_cards("muck"));
  EXPECT_EQ(state(*a), state(*b));
  a->shuffle(), b->shuffle();
  EXPECT_EQ(state(*a), state(*b));
}
TEST_P(PileSlots, KeptSlotsThatShareANameKeepTheirHints) {
  // "p" and "ap" share a hint bucket. The deck left behind holds [ap, p, p]: "p" named again in
  // slot 1 after "ap" took its bucket's hint, slot 2 still named "p" and free, and a plan's cache
  // that files "p" in slot 1. The next deck must find "p" where the cache does: with hints rebuilt
  // from the names in slot order, it found slot 2 too, and "p" was held in two slots (the state
  // fuzzer's find, tests/fuzz).
  ASSERT_EQ(Deck::pile_ref("p").key * 0x9e3779b97f4a7c15ULL >> 58, Deck::pile_ref("ap").key * 0x9e3779b97f4a7c15ULL >> 58);
  auto holder = seeded(GetParam(), 3);
  holder->deal_to("h", 1);  // takes whatever an earlier deck left: the next set kept is x's
  const std::vector<RefPacket> packets = {{Deck::pile_ref("p"), 1}};
  const DealPlan plan(packets);
  std::uint32_t out[8];
  {
    auto x = seeded(GetParam(), 4);
    x->deal_to("a", 1), x->deal_to("x", 1), x->deal_to("p", 1);
    x->shuffle();
    x->deal_to("ap", 1), x->deal_to("p", 1);  // [ap, p, p]
    ASSERT_EQ(x->deal_pattern(plan, out), 1u);
  }
  auto a = seeded(GetParam(), 6), b = seeded(GetParam(), 6);
  for (Deck* d : {a.get(), b.get()}) {
    ASSERT_EQ(d->deal_pattern(plan, out), 1u);
    d->deal_to("p", 1), d->deal_to("ap", 1);
  }
  EXPECT_EQ(a->pile_names(), b->pile_names());
  EXPECT_EQ(a->pile_cards("p"), b->pile_cards("p"));
  EXPECT_EQ(state(*a), state(*b));
}
INSTANTIATE_TEST_SUITE_P(EveryStrategy, PileSlots, ::testing::Values("eager", "lazy", "bitmap"));

TEST(PileSlotNames, PatternsCheckEveryByteOfEveryNameLikeIsPileName) {
  // deal_pattern checks names 8 bytes at a time: every length and every byte value in every place.
  auto d = seeded("eager", 13);
  std::uint64_t x = 0x9e3779b97f4a7c15ULL;
  const auto next = [&x] { return x ^= x << 13, x ^= x >> 7, x ^= x << 17; };
  for (std::size_t len = 0; len <= kMaxPileName + 2; ++len) {
    for (int trial = 0; trial < 400; ++trial) {
      std::string name(len, 'a');
      for (char& c : name) c = static_cast<char>(0x21 + next() % 0x5e);
      if (len && trial % 2) name[next() % len] = static_cast<char>(next() % 256);  // perhaps a bad byte
      const std::vector<Packet> pattern = {{"ok", 0}, {name, 1}};
      if (is_pile_name(name)) {
        const auto dealt = d->deal_pattern(pattern);
        ASSERT_EQ(d->pile_cards(name == "dealt" ? "dealt" : name).back(), dealt[0]) << len;
        d->shuffle();
      } else {
        ASSERT_THROW(d->deal_pattern(pattern), TypeError) << len << " " << trial;
      }
    }
  }
}

// The games binding's pile log (cpp/bindings/decks.hpp) deals from an eager deck's window with
// take() and then files the cards with file_dealt(): the deck must end exactly as deal_to() leaves
// it, within the room pile_room() and named_room() say there is (no allocation, no throw).
TEST(PileLog, TakeThenFileDealtIsDealTo) {
  const char* piles[] = {"board", "burn", "hand:0", "hand:1", "muck"};
  int filed = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto a = seeded("eager", seed), b = seeded("eager", seed);
    std::uint32_t rng = static_cast<std::uint32_t>(seed);
    for (int hand = 0; hand < 4; ++hand) {
      a->shuffle(), b->shuffle();
      a->deal_hands(2, 2), b->deal_hands(2, 2);  // the piles' slots and arrival list exist
      for (int step = 0; step < 8 && a->remaining() > 3; ++step) {
        rng = rng * 1664525u + 1013904223u;
        const PileRef pile = Deck::pile_ref(piles[(rng >> 8) % 5]);
        const std::uint32_t n = 1 + (rng >> 16) % 3;
        std::vector<std::uint32_t> out(n);
        a->deal_to(pile, n, out.data());
        ASSERT_EQ(b->window(), b->remaining());  // eager, nothing returned: the window is the undealt pile
        if (b->named_room() < n || b->pile_room() == 0) {  // no room: the binding calls deal_to
          b->deal_to(pile, n, out.data());
          continue;
        }
        const std::uint32_t* top = b->window_cards() + b->window() - 1;
        b->take(n);
        b->file_dealt(pile, top, n);
        ++filed;
        ASSERT_EQ(state(*a), state(*b)) << "seed " << seed << " hand " << hand << " step " << step;
      }
      if (hand % 2) a->return_cards(sorted_dealt(*a)), b->return_cards(sorted_dealt(*b));
      ASSERT_EQ(state(*a), state(*b));
    }
  }
  EXPECT_GT(filed, 200);  // the filing path ran (else this compares deal_to with itself)
}
