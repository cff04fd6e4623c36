// fairdeck/deck.hpp — the deck: where every card is (undealt, the return pile, or one pile of dealt
// cards), a dealing strategy, and a shoe's cut card. Include this file for the deck.
//
// Why: this is the single truth about a deck; the TypeScript Deck only asks it questions.
// This file declares class Deck (its data, its API, its small members and the dealing steps of
// each strategy) and includes the rest; each header does one job:
//   strategy.hpp     the three strategies (eager, lazy, bitmap): names and what each does
//   piles.hpp        pile names and limits, PileRef, PileLabel, packets (no deck)
//   deal_plan.hpp    DealPlan: a dealing pattern read once, dealt hand after hand
//   cut_card.hpp     cut_for: where a shoe's cut card goes for a penetration
//   lookahead.hpp    LookAhead: what undoes the deals a deck made in advance (no deck)
// and, defining Deck's larger members, the parts this file includes after the class:
//   deck_window.hpp  the dealing window's look-ahead: look_ahead, undoing or keeping it
//   deck_layout.hpp  the card array as a state records it: pile(), set_piles, canonicalize,
//                    return_cards
//   pile_slots.hpp   how the deck holds named piles: name keys, slots, one arrival list
// Array layout (eager, lazy): cards_[0, u) undealt (eager deals from the end), [u, u + r) the
// return pile, [u + r, n) dealt. Returned cards are dealt only when the undealt pile is empty;
// then the return pile is shuffled and becomes the undealt pile.
// Piles (piles.hpp): every dealt card lies in exactly one pile, the default one ("dealt") or a
// named one (pile_slots.hpp, deck_piles.hpp).
// The cut card: cut_card.hpp. Look-ahead: deck_window.hpp.
// Re-keying: a secure ChaCha20 deck's engine re-keys every kReseedWords words (rng.hpp). Every
// public operation that draws first calls rng_.prepare() with a bound on its draws, which can
// throw EntropyError; it is the first thing the operation does, so then nothing has changed.
#pragma once
#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "fairdeck/composition.hpp"
#include "fairdeck/cut_card.hpp"
#include "fairdeck/deal_plan.hpp"
#include "fairdeck/lookahead.hpp"
#include "fairdeck/piles.hpp"
#include "fairdeck/provable.hpp"
#include "fairdeck/rng.hpp"
#include "fairdeck/shuffle.hpp"
#include "fairdeck/strategy.hpp"

namespace fairdeck {

/// Returned by deal_one() when the deck is empty.
inline constexpr std::uint32_t kNoCard = 0xffffffffu;

/// Ends the message of a deal that asks for more cards than remain: what to do about it (a macro,
/// so each message stays one literal and needs no new instantiation of cat()).
#define FAIRDECK_SHUFFLE_HINT "; shuffle() gathers every card for a new deal"

namespace detail {
/// n values of T: inside the object for n ≤ N, else on the heap.
template <class T, std::size_t N>
class SmallBuffer {
public:
  explicit SmallBuffer(std::size_t n) : data_(local_) {
    if (n > N) heap_.resize(n), data_ = heap_.data();
  }
  SmallBuffer(const SmallBuffer&) = delete;
  SmallBuffer& operator=(const SmallBuffer&) = delete;
  T& operator[](std::size_t i) noexcept { return data_[i]; }
  T* data() noexcept { return data_; }

private:
  T local_[N];
  std::vector<T> heap_;
  T* data_;
};
}  // namespace detail

/// A deck of cards. Not copyable by accident: state moves only through save/restore.
class Deck {
public:
  /// A new deck, already shuffled. Throws TypeError/RangeError for bad options.
  Deck(const Composition& comp, Strategy strategy, Rng rng) : comp_(comp), strategy_(strategy), rng_(std::move(rng)) {
    start();
  }
  /// The same, with a cut card if `penetration` holds a p (cut_for(), cut_card_out()). (A
  /// constructor of its own, so that code which never passes one does not carry cut_for.)
  Deck(const Composition& comp, Strategy strategy, Rng rng, std::optional<double> penetration)
      : comp_(comp), strategy_(strategy), rng_(std::move(rng)) {
    set_penetration(penetration);
    start();
  }

  /// A provable deck (provable.hpp, docs/provably-fair.md): eager, dealing round `seeds.nonce`
  /// of scheme `seeds.version`; shuffle() starts round nonce + 1, and every shuffle follows the
  /// specification. Its return pile is shuffled only when a card is to be dealt and the undealt
  /// pile is empty (next_card), never when the undealt pile runs out.
  Deck(const Composition& comp, const ProvableSeeds& seeds)
      : comp_(comp), strategy_(Strategy::eager),
        rng_(ChaCha20::name, (seeds.validate(), comp.validate(), provable_key(seeds, comp)), false), provable_(seeds) {
    marks_.assign((comp_.size() + 63) / 64, 0);
    start();
  }
  /// The same, with a cut card if `penetration` holds a p.
  Deck(const Composition& comp, const ProvableSeeds& seeds, std::optional<double> penetration)
      : comp_(comp), strategy_(Strategy::eager),
        rng_(ChaCha20::name, (seeds.validate(), comp.validate(), provable_key(seeds, comp)), false), provable_(seeds) {
    marks_.assign((comp_.size() + 63) / 64, 0);
    set_penetration(penetration);
    start();
  }

  Deck(const Deck&) = delete;
  Deck& operator=(const Deck&) = delete;

  /// The seeds of the current round of a provable deck; nullptr for other decks.
  const ProvableSeeds* provable() const noexcept { return provable_ ? &*provable_ : nullptr; }

private:
  void set_penetration(std::optional<double> penetration) {
    comp_.validate();
    if (penetration) cut_ = cut_for(*penetration, comp_.size());
  }
  void start() {
    comp_.validate();
    n_ = comp_.size();
    if (strategy_ == Strategy::bitmap) {
      out_.assign((n_ + 63) / 64, 0);
      ret_.assign(out_.size(), 0);
    } else {
      cards_.resize(n_);
      for (std::uint32_t i = 0; i < n_; ++i) cards_[i] = i;
    }
    if (strategy_ != Strategy::eager) ahead_.make();  // its deals in advance (eager decks: none)
    rng_.enable_rekeying();
    shuffle();
    started_ = true;
  }

public:
  /// Cards in the deck, dealt or not.
  std::uint32_t size() const noexcept { return n_; }
  /// Cards that can still be dealt: undealt plus returned (cards dealt in advance by a pending
  /// look-ahead count as undealt: they are dealt only when taken).
  std::uint32_t remaining() const noexcept { return u_ + r_ + ahead_.count; }
  /// Cards in the return pile (a look-ahead never reaches it).
  std::uint32_t returned() const noexcept { return r_; }
  /// Cards out of the deck.
  std::uint32_t dealt_count() const noexcept { return n_ - remaining(); }
  const Composition& composition() const noexcept { return comp_; }
  Strategy strategy() const noexcept { return strategy_; }
  /// The engine and dice (a pending look-ahead is settled first).
  Rng& rng() noexcept { return settle(), rng_; }
  /// The engine and dice (a pending look-ahead is settled first).
  const Rng& rng() const noexcept { return settle(), rng_; }

  /// Gathers every card (undealt, returned, every pile) and starts a fresh deal; the cut card
  /// goes back in (drawn() is 0 again).
  void shuffle() {
    settle();
    if (any_named()) canonicalize();  // unobservable (see canonicalize), so it may come first
    if (provable_ && started_) next_round();
    rng_.prepare(strategy_ == Strategy::eager ? n_ : 0);
    if (any_named()) drop_named();
    recalled_ = 0;
    u_ = n_;
    r_ = 0;
    rng_.dice().clear();
    if (strategy_ == Strategy::bitmap) {
      std::fill(out_.begin(), out_.end(), 0);
      std::fill(ret_.begin(), ret_.end(), 0);
      pad_bitmap();
    } else if (strategy_ == Strategy::eager) {
      shuffle_front(n_);
    }
  }

  /// Randomises the undealt and returned cards together; dealt cards stay out.
  void shuffle_remaining() {
    settle();
    rng_.prepare(strategy_ == Strategy::eager ? u_ + r_ : 0);
    merge_returned();
    rng_.dice().clear();
    if (strategy_ == Strategy::eager) shuffle_front(u_);
  }

  /// Deals one card; kNoCard when nothing remains.
  std::uint32_t deal_one() {
    settle();
    rng_.prepare(draws_to_deal(1));
    return next_card();
  }

  /// Deals up to `count` cards into `out` (which holds at least `count`); returns how many.
  std::uint32_t deal(std::uint32_t count, std::uint32_t* out) {
    settle();
    const std::uint32_t k = std::min(count, remaining());
    rng_.prepare(draws_to_deal(k));
    if (strategy_ == Strategy::eager && r_ == 0 && k <= u_) {  // the common case, straight copy
      copy_reversed(cards_.data() + u_, k, out);
      u_ -= k;
      return k;
    }
    if (strategy_ == Strategy::lazy && r_ == 0 && k > 1 && k <= u_) {
      // k lazy deals are k Fisher–Yates steps from the top of the undealt pile: swap_down makes
      // the same draws and swaps as k lazy_deal() calls (its tests), in whole batches. A bound-1
      // step (the last card) draws nothing and swaps a card with itself, so it is left out.
      const std::uint32_t to = u_ - k + 1 < 2 ? 2 : u_ - k + 1;
      rng_.visit([&](auto& e, Dice& d) { d.swap_down(e, cards_.data(), u_, to); });
      copy_reversed(cards_.data() + u_, k, out);
      u_ -= k;
      return k;
    }
    for (std::uint32_t i = 0; i < k; ++i) out[i] = next_card();
    return k;
  }

  /// Most bounded draws dealing k ≤ remaining() cards can make: an eager deck shuffles its
  /// return pile once when the undealt pile runs out; lazy and bitmap decks roll once per card.
  std::uint64_t draws_to_deal(std::uint32_t k) const noexcept {
    if (strategy_ != Strategy::eager) return k;
    return k > u_ ? r_ : 0;
  }

  /// The dealing window: cards whose deals are already decided, which a caller may hand out by
  /// reading window_cards()[window() − 1], [window() − 2], … and then report with take().
  /// Eager: the undealt pile while the return pile is empty (no draw decides them); else 0.
  /// Lazy, bitmap: the cards of a pending look-ahead.
  std::uint32_t window() const noexcept {
    if (strategy_ == Strategy::eager) return r_ == 0 ? u_ : 0;
    return ahead_.count;
  }
  /// Where the window's cards are, the next one last. Eager: the card array (its address never
  /// changes after construction). Lazy: the look-ahead leaves its cards in order just past the
  /// return pile, cards_[u + r, u + r + k), the first dealt at the highest index. Bitmap: the
  /// look-ahead's own buffer (inside the Deck), in the same order.
  const std::uint32_t* window_cards() const noexcept {
    if (strategy_ == Strategy::eager) return cards_.data();
    return strategy_ == Strategy::lazy ? cards_.data() + u_ + r_ : ahead_.room->steps.data();
  }

  /// Lazy and bitmap decks: deals min(k, 64, undealt) cards in advance, exactly as deal_one()
  /// would, and makes them the window (the file comment). Never reaches the return pile. Settles a
  /// pending look-ahead first; does nothing for eager decks. Can throw what prepare() throws
  /// (EntropyError), before anything has changed.
  void look_ahead(std::uint32_t k);  // noinline, where it is defined

  /// The caller has handed out the first `t` cards of the window (at most window()): afterwards
  /// the deck is exactly as after t deal_one() calls, and the window is empty for lazy and bitmap
  /// decks. A look-ahead of k cards is kept whole when t = k; otherwise it is undone and t cards
  /// are dealt again. The engine copy predates any re-key: before each deal, in the look-ahead as
  /// in the redo, Rng::rekey_if_due() does what deal_one()'s prepare() would, with the reserve
  /// keys the look-ahead fetched (Rng::reserve_for), so t = 0 leaves the engine untouched.
  void take(std::uint32_t t) noexcept {
    if (strategy_ == Strategy::eager) {
      u_ -= std::min(t, window());
      return;
    }
    if (ahead_.count != 0) settle_ahead(t);
  }

  /// Moves dealt cards, from whatever pile holds them, to the return pile. All or nothing: throws
  /// RangeError (changing nothing) if any id is out of range, not currently dealt, or named twice.
  /// The return pile gets them in the card array's order (0.1's): eager and lazy decks the default
  /// pile's cards newest first, then (return_from_piles) the other piles' cards by id; bitmap
  /// decks have no order.
  void return_cards(std::span<const std::uint32_t> ids);

  static std::size_t rank_of(std::span<const std::uint32_t> sorted, std::uint32_t c) noexcept;
  static bool holds(std::span<const std::uint32_t> sorted, std::uint32_t c) noexcept;

  /// For each id of the sorted list `ids`: 0 undealt (or unknown), 1 returned, 2 dealt (in any
  /// pile).
  std::vector<std::uint8_t> piles_of(const std::vector<std::uint32_t>& ids) const;
  /// The same into `where` (ids.size() of them), allocating nothing.
  void piles_of(std::span<const std::uint32_t> ids, std::uint8_t* where) const;

  /// Card ids of a pile: 0 undealt (eager: in the order they will be dealt), 1 returned, 2 dealt
  /// (every pile: bitmap decks by id; eager and lazy decks the card array's order, which is the
  /// default pile newest first, then while other piles hold cards their cards by id).
  std::vector<std::uint32_t> pile(int which) const;

  /// Replaces the piles wholesale (used by state restore, which validates that the piles hold
  /// every card once, that at most kMaxPiles named piles are given, none empty, none the default
  /// pile, and their names). undealt, returned and dealt (the default pile) are in the order
  /// pile(0), pile(1) and default_pile_as_saved() give them; `named` in first-use order, each
  /// pile's cards in the order they arrived.
  void set_piles(const std::vector<std::uint32_t>& undealt, const std::vector<std::uint32_t>& returned,
                 const std::vector<std::uint32_t>& dealt, const NamedPileList& named = {});
  /// Sets the cut card (0: none) and drawn() (used by state restore, which validates
  /// dealt_count() ≤ drawn ≤ size() and cut ≤ size()).
  void set_cut_card(std::uint32_t cut, std::uint64_t drawn) noexcept {
    cut_ = cut;
    recalled_ = drawn - dealt_count();
  }

  /// Shuffles the undealt pile (eager decks; others draw at each deal anyway).
  void shuffle_undealt() {
    settle();
    rng_.prepare(strategy_ == Strategy::eager ? u_ : 0);
    if (strategy_ == Strategy::eager) shuffle_front(u_);
  }

  // ---- Named piles (piles.hpp; the larger operations are defined and documented in
  // ---- deck_piles.hpp). Each operation checks everything first and then either throws, changing
  // ---- nothing, or does all of it.

  /// The cards of pile `name` in the order they arrived, the first arrived first; empty for a
  /// pile that holds no cards. The default pile ("dealt"): eager and lazy decks give the order
  /// its cards arrived, except that return_cards() fills the places of cards it takes out of it
  /// with its most recent cards, as 0.1 did (see return_cards); bitmap decks give it by id.
  /// Throws TypeError naming `pile` for a name that is not a pile name.
  std::vector<std::uint32_t> pile_cards(std::string_view name) const {
    check_pile_name(name);
    settle();
    if (name != kDefaultPile) {
      const int at = find_slot(name);
      return at < 0 ? std::vector<std::uint32_t>() : cards_in(static_cast<std::uint8_t>(at));
    }
    std::vector<std::uint32_t> v = default_pile_as_saved();
    if (strategy_ != Strategy::bitmap) std::reverse(v.begin(), v.end());
    return v;
  }

  /// Cards in pile `name` (0 for a pile that holds none). Throws TypeError like pile_cards().
  std::uint32_t pile_size(std::string_view name) const {
    check_pile_name(name);
    if (name == kDefaultPile) return dealt_count() - named_count();
    const int at = find_slot(name);
    return at < 0 ? 0u : slots_[static_cast<std::size_t>(at)].count;
  }

  /// The piles that hold cards: the default pile first (if it holds any), then the others in
  /// the order they got their first card (a pile that empties and fills again goes last).
  std::vector<std::string> pile_names() const {
    settle();
    std::uint8_t order[kMaxPiles];
    const std::uint32_t k = ordered_slots(order);
    std::vector<std::string> v;
    v.reserve(k + 1);
    if (dealt_count() > named_count()) v.emplace_back(kDefaultPile);
    for (std::uint32_t i = 0; i < k; ++i) v.emplace_back(slots_[order[i]].view());
    return v;
  }

  /// Whether any pile besides the default one holds cards.
  bool has_named_piles() const noexcept { return any_named(); }
  /// The piles besides the default one that hold cards, in pile_names() order, each with its
  /// cards in the order they arrived (save_state).
  std::vector<NamedPile> named_piles() const {
    if (!any_named()) return {};
    settle();
    std::uint8_t order[kMaxPiles];
    const std::uint32_t k = ordered_slots(order);
    std::vector<NamedPile> v(k);
    for (std::uint32_t i = 0; i < k; ++i) v[i].name = slots_[order[i]].view(), v[i].cards = cards_in(order[i]);
    return v;
  }

  /// The default pile in the order a state's `dealt` field holds it: eager and lazy decks the
  /// card array's order (newest first; pile_cards() reverses it), bitmap decks by id.
  std::vector<std::uint32_t> default_pile_as_saved() const;

  /// `name` as a PileRef; TypeError naming `param` unless it is a pile name (is_pile_name).
  static PileRef pile_ref(std::string_view name, std::string_view param = "pile") {
    check_pile_name(name, param);
    return {name, name_key(name)};
  }

  /// Deals exactly `n` cards onto pile `pile`, as deal() would deal them; returns their ids.
  /// Throws TypeError for a bad name, RangeError if fewer than n cards remain or if the pile
  /// would be one more than kMaxPiles holding cards (and EntropyError like deal()), changing
  /// nothing.
  std::vector<std::uint32_t> deal_to(std::string_view pile, std::uint32_t n) {
    std::vector<std::uint32_t> out(n <= remaining() ? n : 0);
    deal_to(pile, n, out.data());
    return out;
  }
  /// The same, writing the ids to `out` (which holds at least n); returns n.
  std::uint32_t deal_to(std::string_view pile, std::uint32_t n, std::uint32_t* out) { return deal_to(pile_ref(pile), n, out); }
  /// The same onto a pile checked before (pile_ref).
  std::uint32_t deal_to(PileRef pile, std::uint32_t n, std::uint32_t* out) {
    if (n > remaining()) throw RangeError(cat("n must be at most the ", remaining(), " cards remaining, got ", n, FAIRDECK_SHUFFLE_HINT));
    settle();
    Pending pending;
    const std::uint8_t s = n ? known_slot(pile, pending) : kNoSlot;
    if (s != kNoSlot) reserve_named(n);
    deal(n, out);  // settles, prepares (may throw, before any change), deals
    if (s != kNoSlot && n) {
      open_slot(s, n);
      std::uint32_t* const cards = ncard_.data() + named_n_;
      std::memcpy(cards, out, n * sizeof *out);
      std::memset(nslot_.data() + named_n_, s, n);
      named_n_ += n;
    }
    return n;
  }

  /// deal_to("burn", n).
  std::vector<std::uint32_t> burn(std::uint32_t n = 1) { return deal_to(kBurnPile, n); }

  /// Deals `per_seat` cards to each of `seats` hands (piles hand_pile(0) …) round by round, like a
  /// dealer: the first card to seat 0, the second to seat 1, …; returns the ids in dealing order,
  /// which are the cards deal(seats · per_seat) would give. Throws RangeError for seats outside
  /// 1…kMaxSeats, fewer than seats · per_seat cards remaining or too many piles, changing nothing.
  std::vector<std::uint32_t> deal_hands(std::uint32_t seats, std::uint32_t per_seat) {
    const std::uint64_t total = std::uint64_t{seats} * per_seat;
    std::vector<std::uint32_t> out(total <= remaining() ? total : 0);
    deal_hands(seats, per_seat, out.data());
    return out;
  }
  /// The same, writing the ids to `out` (which holds at least seats · per_seat); returns how many.
  std::uint32_t deal_hands(std::uint32_t seats, std::uint32_t per_seat, std::uint32_t* out) {
    if (seats < 1 || seats > kMaxSeats) throw RangeError(cat("seats must be an integer from 1 to ", kMaxSeats, ", got ", seats));
    const std::uint64_t total = std::uint64_t{seats} * per_seat;
    if (total > remaining())
      throw RangeError(cat("seats * perSeat must be at most the ", remaining(), " cards remaining, got ", total, " (",
                           seats, " seats of ", per_seat, ")" FAIRDECK_SHUFFLE_HINT));
    char names[kMaxSeats][8];  // "hand:0" … and their keys, as pile_ref() would give them
    PileRef seat[kMaxSeats];
    const auto name_seats = [&] {  // only where they are read: not for a plan kept from before
      for (std::uint32_t i = 0; i < seats; ++i) {
        char* name = names[i];
        std::memcpy(name, "hand:", 5);
        std::size_t len = 5;
        if (i >= 10) name[len++] = static_cast<char>('0' + i / 10);
        name[len++] = static_cast<char>('0' + i % 10);
        std::uint64_t key = 0x3a646e6168;  // name_key("hand:"), then the digits (not read back: no store-to-load stall)
        for (std::size_t at = 5; at < len; ++at) key |= std::uint64_t{static_cast<unsigned char>(name[at])} << (8 * at);
        seat[i] = {std::string_view(name, len), key};
      }
    };
    if (per_seat != 0 && total <= kHandsPlanCards) {
      // The pattern of these hands (hand:0, hand:1, … round by round), read once into a plan
      // that keeps their slots (deal_pattern(plan)): a table deals the same hands every hand.
      HandsPlan& hands = hands_plan();
      if (hands.seats != seats || hands.per_seat != per_seat) {
        name_seats();
        std::vector<RefPacket> packets(total);
        for (std::uint64_t i = 0; i < total; ++i) packets[i] = {seat[i % seats], 1};
        hands.seats = 0;  // no plan while it is read (assign() may throw)
        hands.plan.assign(packets);  // copies the names
        hands.seats = seats, hands.per_seat = per_seat;
      }
      return deal_pattern(hands.plan, out);
    }
    name_seats();
    settle();
    std::uint8_t slot[kMaxSeats];
    Pending pending;
    for (std::uint32_t i = 0; i < seats && per_seat; ++i) slot[i] = target_slot(seat[i].name, seat[i].key, pending);
    const auto k = static_cast<std::uint32_t>(total);
    if (k) reserve_named(k);
    deal(k, out);  // settles, prepares (may throw, before any change), deals
    if (k == 0) return 0;
    open_slots(seats, [&](std::size_t i) { return std::pair{slot[i], per_seat}; });
    std::uint32_t* const cards = ncard_.data() + named_n_;
    std::uint8_t* const in = nslot_.data() + named_n_;
    for (std::uint32_t i = 0, s = 0; i < k; ++i) {
      cards[i] = out[i], in[i] = slot[s];
      if (++s == seats) s = 0;
    }
    named_n_ += k;
    return k;
  }

  /// Deals the packets in order, each `count` cards onto its pile (as deal() would deal them all;
  /// e.g. Skat: 3 to each of three hands, 2 to "skat", 4 each, 3 each); returns the ids in dealing
  /// order. All or nothing for the whole pattern: throws TypeError naming the packet for a bad
  /// pile name, RangeError if fewer cards remain than the packets add up to or too many piles
  /// would hold cards, changing nothing.
  std::vector<std::uint32_t> deal_pattern(std::span<const Packet> packets) {
    std::uint64_t total = 0;
    for (const Packet& p : packets) total += p.count;
    std::vector<std::uint32_t> out(total <= remaining() ? total : 0);
    deal_pattern(packets, out.data());
    return out;
  }
  /// The same, writing the ids to `out` (which holds at least the packets' counts added up);
  /// returns how many. Reads the packets into a DealPlan each time: a pattern dealt again and
  /// again is read once (deal_pattern(plan)).
  std::uint32_t deal_pattern(std::span<const Packet> packets, std::uint32_t* out) {
    detail::SmallBuffer<RefPacket, 128> refs(packets.size());
    for (std::size_t i = 0; i < packets.size(); ++i) {
      const std::string_view name = packets[i].pile;
      const std::uint64_t key = checked_key(name);
      if (key == 0) check_pile_name(name, cat("packets[", i, "].pile"));  // throws
      refs[i] = RefPacket{PileRef{name, key}, packets[i].count};
    }
    return deal_pattern(std::span<const RefPacket>(refs.data(), packets.size()), out);
  }
  /// The same with piles checked before (pile_ref): reads them into a plan and deals it.
  std::uint32_t deal_pattern(std::span<const RefPacket> packets, std::uint32_t* out) { return deal_pattern(DealPlan(packets), out); }
  /// The same for a pattern read once (DealPlan): finds each pile's slot, deals and files the
  /// cards. Allocates nothing once the deck's piles have held as many cards before.
  [[gnu::noinline]] std::uint32_t deal_pattern(const DealPlan& plan, std::uint32_t* out) {
    if (plan.total_ > remaining())
      throw RangeError(cat("packets must deal at most the ", remaining(), " cards remaining, got ", plan.total_, " cards in all" FAIRDECK_SHUFFLE_HINT));
    settle();
    const std::size_t piles = plan.piles_.size();
    detail::SmallBuffer<std::uint8_t, kMaxPiles> slot(piles);
    Pending pending;
    // The slots this deck found for the plan's piles last time, if it has named no slot since:
    // then each pile's hint still names that slot (the cache is kept only then, below), so
    // known_slot() would find them again (and, each slot named so, none can throw).
    const bool cached = plan.cache_.deck == serial_ && plan.cache_.names == names_;
    if (cached) {
      std::copy_n(plan.cache_.slot.data(), piles, slot.data());
      reserve_named(plan.total_);
    } else {
      std::uint64_t named = 0;
      for (std::size_t t = 0; t < piles; ++t) {
        const DealPlan::Pile& p = plan.piles_[t];
        slot[t] = p.count == 0 || p.is_default ? kNoSlot : known_slot(p.ref(), pending);
        if (slot[t] != kNoSlot) named += p.count;
      }
      if (named) reserve_named(named);
    }
    const auto k = static_cast<std::uint32_t>(plan.total_);
    deal(k, out);  // settles, prepares (may throw, before any change), deals
    open_slots(plan.opens_.size(), [&](std::size_t i) {  // each pile once, in the order its first card comes
      const std::uint32_t t = plan.opens_[i];
      return std::pair{slot[t], static_cast<std::uint32_t>(plan.piles_[t].count)};
    });
    std::uint32_t* cards = ncard_.data() + named_n_;  // locals: the stores below alias nothing then
    std::uint8_t* in = nslot_.data() + named_n_;
    if (!plan.card_pile_.empty()) {
      const std::uint8_t* const pile = plan.card_pile_.data();
      for (std::uint32_t j = 0; j < k; ++j) {
        const std::uint8_t s = slot[pile[j]];
        if (s != kNoSlot) *cards++ = out[j], *in++ = s;
      }
    } else {  // more than 256 piles: packet by packet
      const std::uint32_t* card = out;
      for (std::size_t i = 0, packets = plan.count_.size(); i < packets; ++i) {
        const std::uint8_t s = slot[plan.pile_of_[i]];
        const std::uint32_t c = plan.count_[i];
        if (s != kNoSlot)
          for (std::uint32_t j = 0; j < c; ++j) *cards++ = card[j], *in++ = s;
        card += c;
      }
    }
    named_n_ = static_cast<std::uint32_t>(cards - ncard_.data());
    if (!cached) keep_slots(plan, slot.data());
    return k;
  }
  /// Keeps `slot` (the slots of `plan`'s piles) in the plan's cache for this deck, if each was
  /// found by its pile's hint: those stay the slots known_slot() finds until a slot is named.
  void keep_slots(const DealPlan& plan, const std::uint8_t* slot) const {
    const std::size_t piles = plan.piles_.size();
    for (std::size_t t = 0; t < piles; ++t)
      if (slot[t] != kNoSlot && hint_[bucket(plan.piles_[t].key)] != slot[t] + 1) return;
    plan.cache_.slot.assign(slot, slot + piles);
    plan.cache_.deck = serial_, plan.cache_.names = names_;
  }
  /// A number no other deck made in this process has (from 1).
  static std::uint64_t next_serial() noexcept {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
  }
  /// deal_hands()'s plan of the last shape dealt, one per thread for all decks rather than one per
  /// deck (600 bytes a deck after its first hand): a table deals the same hands every hand, and
  /// the plan's slot cache (DealPlan::SlotCache) already tells decks apart.
  struct HandsPlan {
    DealPlan plan;
    std::uint32_t seats = 0, per_seat = 0;  // seats 0: none
  };
  static HandsPlan& hands_plan() noexcept {
    static thread_local HandsPlan plan;
    return plan;
  }

  /// Moves dealt cards onto pile `to`, where they arrive in the order given (to the default pile
  /// too: they become its most recent cards). Each id must be dealt (in any pile, or in pile
  /// `from` if given) and named once. Throws TypeError for a bad pile name, RangeError naming
  /// the first bad card and where it is, or if `to` would be one pile more than kMaxPiles,
  /// changing nothing. Cards moved are not drawn again (drawn() does not change).
  void move_cards(std::span<const std::uint32_t> ids, std::string_view to,
                  std::optional<std::string_view> from = std::nullopt) {
    check_pile_name(to, "to");
    if (from) check_pile_name(*from, "from");
    move_cards(ids, PileRef{to, name_key(to)}, from);
  }
  /// The same onto a pile checked before (pile_ref; `from` too).
  void move_cards(std::span<const std::uint32_t> ids, PileRef to_pile, std::optional<std::string_view> from) {
    const std::string_view to = to_pile.name;
    settle();
    // Scratch on the stack for a round's cards (no allocation per move); the heap past 64.
    detail::SmallBuffer<std::uint32_t, 64> sorted_at(ids.size());
    detail::SmallBuffer<std::uint8_t, 64> where(ids.size()), slot_of(ids.size());
    const std::span<std::uint32_t> sorted(sorted_at.data(), ids.size());
    if (ids.size() <= 16) {
      // A round's few cards: each goes to its rank (the cards below it, and its equals given
      // before it), without a branch; comparison sorts mispredict on them (half the time of a
      // blackjack round's move went to sorting its 6 cards).
      for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::uint32_t x = ids[i];
        std::size_t rank = 0;
        for (std::size_t j = 0; j < i; ++j) rank += ids[j] <= x;
        for (std::size_t j = i + 1; j < ids.size(); ++j) rank += ids[j] < x;
        sorted[rank] = x;
      }
    } else {
      std::copy(ids.begin(), ids.end(), sorted.begin());
      std::sort(sorted.begin(), sorted.end());
    }
    piles_of(sorted, where.data());
    std::fill(slot_of.data(), slot_of.data() + ids.size(), kNoSlot);  // the slot holding each, kNoSlot: the default pile
    // Newest first, stopping once every card is placed: a table moves the cards it just dealt.
    std::size_t first_hit = named_n_, hits = 0;
    for (std::size_t i = named_n_; i-- > 0 && hits < sorted.size();) {
      const std::size_t at = rank_of(sorted, ncard_[i]);
      if (at < sorted.size() && sorted[at] == ncard_[i]) slot_of[at] = nslot_[i], first_hit = i, ++hits;
    }
    std::uint32_t leaving[kMaxPiles];  // per pile holding cards (the only slots slot_of names): its cards leaving
    for (std::uint64_t m = active_; m; m &= m - 1) leaving[std::countr_zero(m)] = 0;
    std::uint32_t out_of_piles = 0;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      const auto card = [&] { return comp_.card_label(sorted[i]); };  // messages only when one is thrown
      if (sorted[i] >= n_) throw RangeError(cat(card(), " is not in this deck (ids 0–", n_ - 1, ")"));
      if (i > 0 && sorted[i] == sorted[i - 1]) throw RangeError(card() + " is named twice in one moveCards call");
      if (where[i] != 2)
        throw RangeError(card() + " cannot be moved: it is not dealt (it is " +
                         (where[i] == 1 ? "in the return pile)" : "still in the deck)"));
      const std::uint8_t s = slot_of[i];
      if (s != kNoSlot) ++leaving[s], ++out_of_piles;
      const std::string_view pile = s == kNoSlot ? kDefaultPile : slots_[s].view();
      if (from && pile != *from) throw RangeError(cat(card(), " cannot be moved from pile '", *from, "': it is in pile '", pile, "'"));
    }
    if (sorted.empty()) return;
    const int to_at = to == kDefaultPile ? -2 : find_slot(to, to_pile.key);
    std::uint32_t after = to_at == -1;  // piles besides the default one holding cards afterwards
    for (std::uint64_t m = active_; m; m &= m - 1) {
      const int s = std::countr_zero(m);
      after += slots_[static_cast<std::size_t>(s)].count > leaving[s] || s == to_at;
    }
    if (after > kMaxPiles) throw RangeError(too_many_piles(to));
    if (to_at != -2) use_piles(std::popcount(active_) + 1u), reserve_named(ids.size());  // allocates, before anything changes
    if (to_at == -2 && strategy_ != Strategy::bitmap) {
      // onto the default pile: [ids, last first | the dealt part of the array without them]
      std::uint32_t* const first = cards_.data() + u_ + r_;
      std::uint32_t* keep = cards_.data() + n_;
      for (std::uint32_t* p = keep; p-- != first;)
        if (!holds(sorted, *p)) *--keep = *p;
      std::copy(ids.rbegin(), ids.rend(), first);
    }
    if (out_of_piles) remove_named(sorted, to_at, first_hit);
    if (to_at == -2) return;
    std::uint8_t s = static_cast<std::uint8_t>(to_at);
    if (to_at == -1) s = static_cast<std::uint8_t>(std::countr_one(active_)), name_slot(s, to);
    for (std::uint32_t c : ids) place(c, s);
  }
  /// Cards dealt before the cut card comes out (cut_for()); 0 for a deck without one.
  std::uint32_t cut() const noexcept { return cut_; }
  /// A deck with a cut card: cards drawn from it since the last shuffle(), counted up to size():
  /// every deal (deal_one, deal, the window, deal_to, burn, hands and patterns), a returned card
  /// again when it is dealt again; moving or returning cards does not count. (A pending
  /// look-ahead's cards are not drawn yet, as in remaining().) A deck without one counts nothing:
  /// drawn() is dealt_count(), so a version 1 state, which has no cut card, records all of it.
  std::uint32_t drawn() const noexcept {
    const std::uint64_t d = n_ - remaining() + recalled_;
    return d < n_ ? static_cast<std::uint32_t>(d) : n_;
  }
  /// Whether the cut card has come out: at least cut() cards drawn since the last shuffle().
  /// Dealing goes on past it; shuffle() puts it back. Always false without a cut card.
  bool cut_card_out() const noexcept { return cut_ != 0 && drawn() >= cut_; }

private:
  // ---- Named piles as the deck holds them (pile_slots.hpp documents each): a key per name,
  // ---- kMaxPiles slots, and the arrival list (ncard_, nslot_).
  static std::uint64_t load8(const char* p) noexcept;
  static std::uint64_t load4(const char* p) noexcept;
  static constexpr bool kLittle = std::endian::native == std::endian::little;
  static std::uint64_t name_key(std::string_view name) noexcept;
  static bool printable(std::uint64_t x) noexcept;
  static std::uint64_t checked_key(std::string_view name) noexcept;
  /// A bucket of 64 for a name's key.
  static std::size_t bucket(std::uint64_t key) noexcept { return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> 58); }

  /// kNoSlot: the default pile, where a slot number is expected.
  static constexpr std::uint8_t kNoSlot = 0xff;
  /// A pile besides the default one, as a Deck holds it: a slot of slots_, its name kept while
  /// it is free (a game deals the same piles hand after hand). Its cards are the entries of
  /// ncard_ whose nslot_ is its number, in the order they arrived.
  struct Slot : PileLabel {
    std::uint64_t first = 0;  ///< stamp_ when it got its first card (pile_names() order)
    std::uint32_t count = 0;  ///< cards it holds; 0 while free
  };

  /// Cards in the named piles.
  std::uint32_t named_count() const noexcept { return kPiles ? named_n_ : 0; }
  /// Whether the named piles hold cards (never in a build without them: kPiles).
  bool any_named() const noexcept { return kPiles && named_n_ != 0; }

  void use_piles(std::size_t need);
  void reserve_named(std::size_t more);
  void name_slot(std::uint8_t s, std::string_view name) noexcept;
  void place(std::uint32_t card, std::uint8_t s) noexcept;
  /// The slot of the pile named `name` that holds cards, or −1.
  int find_slot(std::string_view name) const noexcept { return find_slot(name, name_key(name)); }
  int find_slot(std::string_view name, std::uint64_t key) const noexcept {
    const int h = hint_[bucket(key)] - 1;  // hint_: that slot holds the pile if any does
    if (h >= 0 && slots_[static_cast<std::size_t>(h)].is({name, key})) return (active_ >> h) & 1 ? h : -1;
    for (std::uint64_t m = active_; m; m &= m - 1) {
      const int s = std::countr_zero(m);
      if (slots_[static_cast<std::size_t>(s)].is({name, key})) return s;
    }
    return -1;
  }
  /// Where a deal puts the cards meant for pile `name` (key name_key(name)): kNoSlot for the
  /// default pile, the slot of a pile that holds cards, else a free slot not in `pending` (the
  /// new piles of this deal), named now and added to it. Throws RangeError if that would be one
  /// pile more than kMaxPiles, having changed nothing observable.
  struct Pending {
    std::uint64_t slots = 0;  // the deal's new piles (free slots until it deals: never in active_)
  };
  std::uint8_t target_slot(std::string_view name, std::uint64_t key, Pending& pending);
  [[gnu::always_inline]] std::uint8_t known_slot(PileRef pile, Pending& pending);
  void open_slot(std::uint8_t s, std::uint32_t count) noexcept;
  /// open_slot() for the (slot, count) pairs next(0) … next(n − 1), in that order (kNoSlot: none):
  /// a slot that held no cards gets its first now, after every other (pile_names()). active_ and
  /// stamp_ stay in locals: a slot's `first` is a uint64 too, so through `this` every store to
  /// a slot would reload them.
  template <class Next>
  [[gnu::always_inline]] void open_slots(std::size_t n, Next next) noexcept {
    std::uint64_t active = active_, stamp = stamp_;
    for (std::size_t i = 0; i < n; ++i) {
      const auto [s, count] = next(i);
      if (s == kNoSlot) continue;
      Slot& slot = slots_[s];
      const std::uint64_t b = std::uint64_t{1} << s;
      if (!(active & b)) slot.first = stamp++, active |= b;
      slot.count += count;
    }
    active_ = active, stamp_ = stamp;
  }
  std::uint32_t ordered_slots(std::uint8_t* order) const noexcept;
  std::vector<std::uint32_t> cards_in(std::uint8_t s) const;
  void remove_named(std::span<const std::uint32_t> sorted, int keep, std::size_t from = 0) noexcept;

  // ---- The card array as a state records it, and returning cards (deck_layout.hpp).
  void mark_named() const;
  std::uint64_t named_word() const noexcept;
  bool is_named(std::uint32_t c) const noexcept;
  std::uint32_t* named_by_id(std::uint32_t* out) const noexcept;
  void unmark_named() const noexcept;

  std::vector<std::uint32_t> named_cards_sorted() const;
  static std::string too_many_piles(std::string_view name);
  void drop_named() noexcept;
  void canonicalize();  // noinline, where it is defined
  void return_from_piles(const std::vector<std::uint32_t>& sorted);  // noinline, where it is defined
  static std::uint32_t gather_front(std::uint32_t* first, std::uint32_t* last, const std::vector<std::uint32_t>& sorted) noexcept;

  // ---- The look-ahead (deck_window.hpp).
  /// Undoes a pending look-ahead (take(0)); nothing observable changes, so const questions call
  /// it too, like filling a cache. (Well defined: a deck with a pending look-ahead is not a const
  /// object, since only the non-const look_ahead() makes one.)
  void settle() const noexcept {
    if (ahead_.count) const_cast<Deck*>(this)->settle_ahead(0);
  }

  void settle_ahead(std::uint32_t t) noexcept;  // noinline, where it is defined
  void forget() noexcept;  // noinline, where it is defined

  // ---- Each strategy's deal (strategy.hpp says what each does).
  /// deal_one() without prepare(): the caller has prepared for its draws.
  std::uint32_t next_card() {
    if (u_ == 0) {
      if (r_ == 0) return kNoCard;
      merge_returned();
      if (strategy_ == Strategy::eager) shuffle_front(u_);
    }
    if (strategy_ == Strategy::bitmap) return rng_.visit([&](auto& e, Dice& d) { return bitmap_deal(e, d); });
    if (strategy_ == Strategy::lazy) {
      rng_.visit([&](auto& e, Dice& d) { lazy_deal(e, d); });
      return cards_[u_ + r_];
    }
    const std::uint32_t card = cards_[u_ - 1];
    if (r_ > 0) std::swap(cards_[u_ - 1], cards_[u_ - 1 + r_]);
    --u_;
    return card;
  }

  /// One lazy deal, the engine in hand (u_ ≥ 1): a Fisher–Yates step (lazy_step) swaps a uniform
  /// j of the undealt pile to its end; with returned cards, that card then swaps places with the
  /// return pile's last, so it lands just past the pile: the card dealt is cards_[u_ + r_]
  /// afterwards. Keeps j in last_swap_ (what undoes the step, with the swap, lookahead.hpp).
  template <class E>
  void lazy_deal(E& e, Dice& d) noexcept {
    const std::uint32_t j = last_swap_ = d.roll(e, u_);
    std::swap(cards_[u_ - 1], cards_[j]);
    if (r_ > 0) std::swap(cards_[u_ - 1], cards_[u_ - 1 + r_]);
    --u_;
  }
  /// One bitmap deal, the engine in hand (u_ ≥ 1): the card.
  template <class E>
  std::uint32_t bitmap_deal(E& e, Dice& d) noexcept {
    const std::uint32_t card = bitmap_step(std::span(out_), u_, e, d);
    --u_;
    return card;
  }

  /// out[i] = top[−1 − i] for i < k, four at a time: the undealt pile's next k cards, in dealing
  /// order. (Through locals: `out` could alias the deck's members, so a plain loop over cards_
  /// and u_ reloads them at every card; the WASM build does not auto-vectorise.)
  static void copy_reversed(const std::uint32_t* top, std::uint32_t k, std::uint32_t* out) noexcept {
    std::uint32_t i = 0;
    for (; i + 4 <= k; i += 4) {
      detail::U32x4 v;
      std::memcpy(&v, top - i - 4, sizeof v);
      v = __builtin_shufflevector(v, v, 3, 2, 1, 0);
      std::memcpy(out + i, &v, sizeof v);
    }
    for (; i < k; ++i) out[i] = top[-1 - static_cast<std::ptrdiff_t>(i)];
  }

  static bool bit(const std::vector<std::uint64_t>& v, std::uint32_t c) noexcept { return (v[c / 64] >> (c % 64)) & 1; }

  void pad_bitmap() noexcept {
    if (n_ % 64) out_.back() |= ~0ULL << (n_ % 64);
  }

  void merge_returned() noexcept {
    if (strategy_ == Strategy::bitmap)
      for (std::size_t w = 0; w < out_.size(); ++w) out_[w] &= ~ret_[w], ret_[w] = 0;
    u_ += r_;
    r_ = 0;
  }

  void shuffle_front(std::uint32_t count) {
    if (provable_) return rng_.visit([&](auto& e, Dice&) {
      if constexpr (std::is_same_v<std::decay_t<decltype(e)>, ChaCha20>)
        provable_shuffle(std::span(cards_.data(), count), comp_, e, std::span(marks_));
    });
    rng_.visit([&](auto& e, Dice& d) { fisher_yates(std::span(cards_.data(), count), e, d); });
  }

  /// Provable decks: the next round (nonce + 1) and its key; RangeError past 2^53 − 1, changing nothing.
  void next_round() {
    if (provable_->nonce >= kMaxProvableNonce) throw RangeError("provable.nonce cannot pass 2^53 − 1: start a new server seed");
    ++provable_->nonce;
    const Bytes32 key = provable_key(*provable_, comp_);
    rng_.visit([&key](auto& e, Dice&) {
      if constexpr (std::is_same_v<std::decay_t<decltype(e)>, ChaCha20>) e = ChaCha20(key);
    });
  }

  Composition comp_;
  Strategy strategy_;
  Rng rng_;
  std::optional<ProvableSeeds> provable_;
  std::vector<std::uint64_t> marks_;            // provable: scratch for provable_shuffle's sort
  bool started_ = false;
  std::uint32_t n_ = 0, u_ = 0, r_ = 0;
  std::vector<std::uint32_t> cards_;            // eager, lazy
  std::vector<std::uint64_t> out_, ret_;        // bitmap: out of the undealt pile; in the return pile
  LookAhead ahead_;                             // lazy, bitmap: deals made in advance (look_ahead)
  std::uint32_t last_swap_ = 0;                 // lazy: the j of the last deal (lazy_deal)
  std::vector<Slot> slots_;                     // kMaxPiles once any named pile is used
  std::uint8_t hint_[64] = {};                  // by bucket(key): 1 + the slot last named so (find_slot)
  std::uint64_t active_ = 0;                    // bit s: slot s holds cards
  std::uint64_t stamp_ = 0;                     // the next Slot::first
  std::uint64_t names_ = 0;                     // name_slot() calls so far (a DealPlan's slot cache)
  std::uint64_t serial_ = next_serial();        // this deck among all made in the process (the same)
  std::vector<std::uint32_t> ncard_;            // [0, named_n_): the named piles' cards, in the order they arrived
  std::vector<std::uint8_t> nslot_;             // [0, named_n_): the slot holding each
  std::uint32_t named_n_ = 0;                   // cards in the named piles
  mutable std::vector<std::uint64_t> named_marks_;  // mark_named()'s bitmap, all zero between uses
  mutable std::vector<std::uint32_t> scratch_;  // mark_named()'s sorted cards (large decks)
  mutable bool by_marks_ = false;               // which of the two mark_named() used
  std::uint32_t cut_ = 0;                       // cards dealt before the cut card; 0: none
  std::uint64_t recalled_ = 0;                  // with a cut card: cards returned since the last shuffle (drawn())
};

}  // namespace fairdeck

// The larger members, by subject (see the file comment).
#include "fairdeck/deck_window.hpp"
#include "fairdeck/deck_layout.hpp"
#include "fairdeck/pile_slots.hpp"
