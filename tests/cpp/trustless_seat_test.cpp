// A Seat (trustless/seat.hpp): a hand played message by message, each seat its own object that
// sees only the JSON messages the others send — as an app's players would. It must deal what the
// whole-hand prover deals for the same seeds, open each private card for its holder alone, and
// refuse a bad or out-of-turn message by naming the sender, the step and the check, changed
// nothing (the right message is then still accepted).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fairdeck/trustless/seat.hpp"
#include "fairdeck/trustless/transcript.hpp"

using namespace fairdeck;
using namespace fairdeck::trustless;

namespace {

std::vector<Seat> seats_of(const Table& t, const std::vector<std::uint8_t>& seed) {
  std::vector<Seat> seats;
  for (std::uint32_t s = 0; s < t.seats; ++s) seats.emplace_back(t, s, Randomness::seeded(seed, s), holdem_plan(t.seats));
  return seats;
}

/// Every seat's key to every other seat, through JSON.
void exchange_keys(std::vector<Seat>& seats) {
  for (auto& from : seats) {
    const std::string wire = to_json(from.key_message());
    for (auto& to : seats)
      if (&to != &from) to.receive_key(parse_key_message(wire));
  }
}

/// Every shuffle in turn, each sent to the other seats through JSON; the messages, in order.
std::vector<std::string> exchange_shuffles(std::vector<Seat>& seats) {
  std::vector<std::string> sent;
  for (auto& from : seats) {
    sent.push_back(to_json(from.shuffle()));
    for (auto& to : seats)
      if (&to != &from) to.receive_shuffle(parse_shuffle_message(sent.back()));
  }
  return sent;
}

/// Every share the plan needs, in plan order per seat (as deal_hand draws them).
void exchange_shares(std::vector<Seat>& seats) {
  for (auto& from : seats) {
    for (const auto& [p, to] : from.plan()) {
      if (to.kind == DealTo::Kind::burn || (to.kind == DealTo::Kind::seat && to.seat == from.seat())) continue;
      const std::string wire = to_json(from.share(p));
      for (auto& other : seats)
        if (&other != &from) other.receive_share(parse_share_message(wire));
    }
  }
}

}  // namespace

TEST(TrustlessSeat, SeatsPlayingByMessagesDealWhatTheWholeHandDeals) {
  for (std::uint32_t n : {2u, 3u, 6u}) {
    const Table t{"seat-test/" + std::to_string(n), n, kCards};
    const std::vector<std::uint8_t> seed(32, static_cast<std::uint8_t>(n));
    const Transcript want = seeded_hand(t, seed, holdem_plan(n));
    auto seats = seats_of(t, seed);
    exchange_keys(seats);
    for (auto& s : seats) EXPECT_TRUE(s.keys_done());
    const auto shuffles = exchange_shuffles(seats);
    for (std::uint32_t s = 0; s < n; ++s) EXPECT_EQ(shuffles[s], to_json(want.shuffles[s])) << "seat " << s << "'s shuffle";
    exchange_shares(seats);
    for (const Deal& d : want.deals) {
      for (auto& s : seats) {
        const auto c = s.card(d.position);
        const bool sees = d.to.kind == DealTo::Kind::all || (d.to.kind == DealTo::Kind::seat && d.to.seat == s.seat());
        if (sees) {
          ASSERT_TRUE(c.has_value()) << "seat " << s.seat() << ", position " << d.position;
          EXPECT_EQ(*c, *d.card) << "seat " << s.seat() << ", position " << d.position;
        } else {
          EXPECT_FALSE(c.has_value()) << "seat " << s.seat() << " must not see position " << d.position;
        }
      }
    }
  }
}

TEST(TrustlessSeat, BadOrOutOfTurnMessagesAreNamedAndChangeNothing) {
  const Table t{"seat-test/bad", 3, kCards};
  const std::vector<std::uint8_t> seed(32, 7);
  auto seats = seats_of(t, seed);
  const auto refused = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const SeatError& e) {
      return std::to_string(e.seat) + "/" + std::to_string(e.step) + "/" + e.check;
    }
    return "accepted";
  };
  // Keys: a replay from another table, and a shuffle before the keys.
  const Table other{"seat-test/other", 3, kCards};
  Seat stranger(other, 1, Randomness::seeded(seed, 1), holdem_plan(3));
  EXPECT_EQ(refused([&] { seats[0].receive_key(stranger.key_message()); }), "1/0/schnorr");
  exchange_keys(seats);
  EXPECT_EQ(refused([&] { seats[0].receive_key(seats[1].key_message()); }), "1/0/schedule");  // twice
  // Shuffles: out of turn, then a tampered one, then the right one is still accepted.
  ShuffleMessage first = seats[0].shuffle();
  ShuffleMessage misstepped = first;
  misstepped.step = 0;
  EXPECT_EQ(refused([&] { seats[2].receive_shuffle(misstepped); }), "0/0/schedule");  // seat 0's shuffle is step 1
  seats[1].receive_shuffle(first), seats[2].receive_shuffle(first);
  ShuffleMessage second = seats[1].shuffle();
  ShuffleMessage swapped = second;
  std::swap(swapped.deck[3], swapped.deck[9]);
  EXPECT_EQ(refused([&] { seats[2].receive_shuffle(swapped); }), "1/2/shuffle.t1");
  ShuffleMessage changed = second;
  changed.deck[5] = reencrypt(changed.deck[5], kIdentity, Scalar{});  // the same ciphertext...
  changed.deck[5].b = add(changed.deck[5].b, card_point(0));           // ...then a different card
  EXPECT_NE(refused([&] { seats[2].receive_shuffle(changed); }), "accepted");
  EXPECT_EQ(refused([&] { seats[0].receive_shuffle(first); }), "0/1/schedule");  // seat 0 already shuffled
  EXPECT_EQ(refused([&] { seats[0].receive_shuffle(second); }), "accepted");
  EXPECT_EQ(refused([&] { seats[2].receive_shuffle(second); }), "accepted");
  EXPECT_THROW(seats[0].shuffle(), RangeError);  // not its turn
  const ShuffleMessage third = seats[2].shuffle();
  seats[0].receive_shuffle(third), seats[1].receive_shuffle(third);
  // Shares: position 1 is seat 1's hole card (Hold'em, round-robin).
  EXPECT_THROW(seats[1].share(1), RangeError);  // its own card: never shared
  EXPECT_THROW(seats[0].share(6), RangeError);  // position 6 is the burn
  ShareMessage s0 = seats[0].share(1);
  ShareMessage wrong = s0;
  wrong.share = add(wrong.share, card_point(1));
  EXPECT_EQ(refused([&] { seats[1].receive_share(wrong); }), "0/5/share");
  ShareMessage moved = s0;
  moved.position = 4, moved.step = t.share_step(4);  // the same proof for another card
  EXPECT_EQ(refused([&] { seats[1].receive_share(moved); }), "0/8/share");
  EXPECT_EQ(refused([&] { seats[1].receive_share(s0); }), "accepted");
  EXPECT_EQ(refused([&] { seats[1].receive_share(s0); }), "0/5/schedule");  // twice
  EXPECT_FALSE(seats[1].card(1).has_value());  // seat 2's share is still missing
  seats[1].receive_share(seats[2].share(1));
  EXPECT_TRUE(seats[1].card(1).has_value());
  EXPECT_FALSE(seats[0].card(1).has_value());  // never another seat's card
  EXPECT_FALSE(seats[2].card(1).has_value());
}

TEST(TrustlessSeat, AFreshSeatCanBeRefusedItsPlan) {
  const Table t{"seat-test/plan", 2, kCards};
  const std::vector<std::uint8_t> seed(32, 1);
  EXPECT_THROW(Seat(t, 2, Randomness::seeded(seed, 0), holdem_plan(2)), RangeError);
  EXPECT_THROW(Seat(t, 0, Randomness::seeded(seed, 0), Seat::Plan{{52, DealTo::to_all()}}), RangeError);
  EXPECT_THROW(Seat(t, 0, Randomness::seeded(seed, 0), Seat::Plan{{3, DealTo::to_all()}, {3, DealTo::burn()}}), RangeError);
}
