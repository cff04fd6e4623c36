// fairdeck/trustless/seat.hpp — one seat's side of a hand, message by message (docs/trustless.md
// §10, "A seat").
//
// Why: the protocol functions (protocol.hpp) prove and check single statements; a player's program
// needs the state between them — the keys received, the deck as the last verified shuffle left it,
// the shares of each position — and the schedule that says whose message is due. A Seat holds that
// state for one seat and changes it only through messages it has verified: a bad or out-of-turn
// message is a SeatError naming the sender, the step and the failed check, and leaves the seat as
// it was. It carries messages but no network: the app moves them (WebSocket, WebRTC, a server).
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "fairdeck/trustless/protocol.hpp"
#include "fairdeck/trustless/transcript.hpp"

namespace fairdeck::trustless {

/// A message the seat refused: who sent it, at which step, and the check that failed.
struct SeatError : std::runtime_error {
  std::uint32_t seat, step;
  std::string check;
  SeatError(std::uint32_t seat_, std::uint32_t step_, std::string check_, const std::string& why)
      : std::runtime_error(cat("seat ", seat_, ", step ", step_, ": ", check_, " failed (", why, "); the message was not applied")),
        seat(seat_), step(step_), check(std::move(check_)) {}
};

/// One seat of a hand: its secret, what it has verified, and the plan of deals.
class Seat {
public:
  using Plan = std::vector<std::pair<std::uint32_t, DealTo>>;

  /// Seat `me` of table `t`, dealing `plan` (holdem_plan(n) for Hold'em); draws its secret now.
  Seat(Table t, std::uint32_t me, Randomness rng, Plan plan)
      : t_(std::move(t)), me_(me), rng_(std::move(rng)), plan_(std::move(plan)) {
    t_.validate();
    if (me_ >= t_.seats) throw RangeError(cat("seat must be below the table's ", t_.seats, " seats, got ", me_));
    std::vector<bool> used(t_.cards, false);
    for (const auto& [p, to] : plan_) {
      if (p >= t_.cards) throw RangeError(cat("plan: position ", p, " is past the deck of ", t_.cards, " cards"));
      if (used[p]) throw RangeError(cat("plan: position ", p, " is dealt twice"));
      if (to.kind == DealTo::Kind::seat && to.seat >= t_.seats) throw RangeError(cat("plan: position ", p, " goes to seat ", to.seat, ", past the table"));
      used[p] = true;
    }
    keys_.resize(t_.seats);
    own_key_ = make_key(t_, me_, Table::key_step(), rng_, x_);
    keys_[me_] = own_key_.key;
    shares_.assign(t_.cards, std::vector<std::optional<Point>>(t_.seats));
  }

  const Table& table() const noexcept { return t_; }
  std::uint32_t seat() const noexcept { return me_; }
  const Plan& plan() const noexcept { return plan_; }

  /// This seat's key message (step 0), to send to every other seat.
  const KeyMessage& key_message() const noexcept { return own_key_; }
  /// Another seat's key message: checked (schedule, Schnorr proof), then kept.
  void receive_key(const KeyMessage& m) {
    expect(m.seat < t_.seats && m.seat != me_, m.seat, m.step, "schedule", "a key from another seat of this table");
    expect(m.step == Table::key_step(), m.seat, m.step, "schedule", "keys are step 0");
    expect(!keys_[m.seat], m.seat, m.step, "schedule", "this seat's key was already received");
    const Verdict v = verify_key(t_, m);
    expect(v.ok(), m.seat, m.step, v.failed, "the key or its proof of the secret does not hold");
    keys_[m.seat] = m.key;
    if (std::all_of(keys_.begin(), keys_.end(), [](const auto& k) { return k.has_value(); })) {
      std::vector<Point> ys;
      for (const auto& k : keys_) ys.push_back(*k);
      table_keys_ = Keys::of(std::move(ys));
      deck_ = initial_deck(t_.cards);
    }
  }
  /// True once every seat's key is in.
  bool keys_done() const noexcept { return table_keys_.has_value(); }

  /// The seat whose shuffle is due (seats shuffle in order 0, 1, …), or the seat count when all have.
  std::uint32_t next_shuffler() const noexcept { return shuffled_; }
  /// This seat's shuffle of the current deck, when it is due; the seat adopts it (checked first).
  ShuffleMessage shuffle() {
    if (!keys_done()) throw RangeError(cat("seat ", me_, " cannot shuffle yet: ", missing_keys(), " key(s) missing"));
    if (shuffled_ != me_) throw RangeError(cat("seat ", me_, " cannot shuffle now: seat ", shuffled_, "'s shuffle is due"));
    ShuffleMessage m = trustless::shuffle(t_, me_, t_.shuffle_step(me_), *table_keys_, deck_, rng_);
    if (!verify_shuffle(t_, *table_keys_, deck_, m).ok()) throw std::runtime_error("seat's own shuffle proof failed");
    deck_ = m.deck, ++shuffled_;
    return m;
  }
  /// Another seat's shuffle: checked against the deck this seat holds (schedule, then the proof of
  /// a re-encrypted permutation), then adopted.
  void receive_shuffle(const ShuffleMessage& m) {
    expect(keys_done(), m.seat, m.step, "schedule", "a shuffle before every key is in");
    expect(m.seat == shuffled_ && m.seat != me_, m.seat, m.step, "schedule", cat("seat ", shuffled_, "'s shuffle is due"));
    expect(m.step == t_.shuffle_step(m.seat), m.seat, m.step, "schedule", cat("seat ", m.seat, "'s shuffle is step ", t_.shuffle_step(m.seat)));
    const Verdict v = verify_shuffle(t_, *table_keys_, deck_, m);
    expect(v.ok(), m.seat, m.step, v.failed, "the output is not shown to be a re-encrypted permutation of the deck");
    deck_ = m.deck, ++shuffled_;
  }
  /// True once every seat has shuffled: cards can be opened.
  bool shuffled() const noexcept { return shuffled_ == t_.seats; }

  /// This seat's share of the card at `position`, to send to every other seat: for a card the
  /// plan deals to another seat or to all. Never for this seat's own private card (its share
  /// would open it for everyone) or a burned one.
  ShareMessage share(std::uint32_t position) {
    const DealTo to = deal_of(position);
    if (!shuffled()) throw RangeError(cat("position ", position, " cannot be opened before every seat has shuffled"));
    if (to.kind == DealTo::Kind::burn) throw RangeError(cat("position ", position, " is burned: it is never opened"));
    if (to.kind == DealTo::Kind::seat && to.seat == me_) throw RangeError(cat("position ", position, " is this seat's own card: its share is never sent"));
    ShareMessage m = make_share(t_, me_, t_.share_step(position), position, *table_keys_, x_, deck_[position], rng_);
    shares_[position][me_] = m.share;
    return m;
  }
  /// Another seat's share: checked (schedule, Chaum–Pedersen proof against the seat's key and
  /// the card's ciphertext), then kept.
  void receive_share(const ShareMessage& m) {
    expect(shuffled(), m.seat, m.step, "schedule", "a share before every seat has shuffled");
    expect(m.seat < t_.seats && m.seat != me_, m.seat, m.step, "schedule", "a share from another seat of this table");
    expect(m.position < t_.cards && planned(m.position), m.seat, m.step, "schedule", cat("position ", m.position, " is not in the plan"));
    const DealTo to = deal_of(m.position);
    expect(to.kind != DealTo::Kind::burn, m.seat, m.step, "schedule", cat("position ", m.position, " is burned"));
    expect(!(to.kind == DealTo::Kind::seat && to.seat == m.seat), m.seat, m.step, "schedule", "a seat does not share its own card");
    expect(m.step == t_.share_step(m.position), m.seat, m.step, "schedule", cat("position ", m.position, "'s shares are step ", t_.share_step(m.position)));
    expect(!shares_[m.position][m.seat], m.seat, m.step, "schedule", "this share was already received");
    const Verdict v = verify_share(t_, *table_keys_, deck_[m.position], m);
    expect(v.ok(), m.seat, m.step, v.failed, "the share is not shown to be made with the seat's secret");
    shares_[m.position][m.seat] = m.share;
  }

  /// The card at `position` if this seat can open it: a public card once every seat's share is
  /// in (this seat's own from share()), this seat's private card once every other seat's is;
  /// nothing while shares are missing, and always nothing for another seat's card or a burn.
  std::optional<std::uint32_t> card(std::uint32_t position) const {
    const DealTo to = deal_of(position);
    if (!shuffled() || to.kind == DealTo::Kind::burn) return std::nullopt;
    if (to.kind == DealTo::Kind::seat && to.seat != me_) return std::nullopt;
    std::vector<Point> all;
    for (std::uint32_t s = 0; s < t_.seats; ++s) {
      if (to.kind == DealTo::Kind::seat && s == me_) {
        all.push_back(own_share(x_, deck_[position]));
        continue;
      }
      if (!shares_[position][s]) return std::nullopt;
      all.push_back(*shares_[position][s]);
    }
    const auto c = open_card(deck_[position], all, t_.cards);
    if (!c) throw SeatError(me_, t_.share_step(position), "card", "every share checked, yet the point is no card");
    return c;
  }

private:
  static void expect(bool ok, std::uint32_t seat, std::uint32_t step, const std::string& check, const std::string& why) {
    if (!ok) throw SeatError(seat, step, check, why);
  }
  bool planned(std::uint32_t position) const noexcept {
    for (const auto& [p, to] : plan_)
      if (p == position) return true;
    return false;
  }
  DealTo deal_of(std::uint32_t position) const {
    for (const auto& [p, to] : plan_)
      if (p == position) return to;
    throw RangeError(cat("position ", position, " is not in the plan"));
  }
  std::uint32_t missing_keys() const noexcept {
    std::uint32_t n = 0;
    for (const auto& k : keys_) n += !k;
    return n;
  }

  Table t_;
  std::uint32_t me_;
  Randomness rng_;
  Plan plan_;
  Scalar x_{};
  KeyMessage own_key_;
  std::vector<std::optional<Point>> keys_;
  std::optional<Keys> table_keys_;
  Deck deck_;
  std::uint32_t shuffled_ = 0;
  std::vector<std::vector<std::optional<Point>>> shares_;  // [position][seat]
};

}  // namespace fairdeck::trustless
