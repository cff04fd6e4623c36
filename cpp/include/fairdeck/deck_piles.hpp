// fairdeck/deck_piles.hpp — what a Deck does with named piles: reading them (pile_cards,
// pile_names, named_piles), dealing onto them (deal_to, deal_hands, deal_pattern) and moving
// cards between them (move_cards).
// Part of deck.hpp, which includes it after class Deck: include fairdeck/deck.hpp, not this file.
//
// deal_to, burn, deal_hands and deal_pattern deal exactly the cards deal() would
// and then hand them to their piles (each can write the ids into a caller's buffer); move_cards
// moves dealt cards between piles; return_cards takes cards from whatever pile holds them. Each
// checks everything first and either throws, changing nothing, or does all of it.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fairdeck {

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

/// The cards of pile `name` in the order they arrived, the first arrived first; empty for a
/// pile that holds no cards. The default pile ("dealt"): eager and lazy decks give the order
/// its cards arrived, except that return_cards() fills the places of cards it takes out of it
/// with its most recent cards, as 0.1 did (see return_cards); bitmap decks give it by id.
/// Throws TypeError naming `pile` for a name that is not a pile name.
inline std::vector<std::uint32_t> Deck::pile_cards(std::string_view name) const {
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
inline std::uint32_t Deck::pile_size(std::string_view name) const {
  check_pile_name(name);
  if (name == kDefaultPile) return dealt_count() - named_count();
  const int at = find_slot(name);
  return at < 0 ? 0u : slots_[static_cast<std::size_t>(at)].count;
}

inline std::vector<std::string> Deck::pile_names() const {
  settle();
  std::uint8_t order[kMaxPiles];
  const std::uint32_t k = ordered_slots(order);
  std::vector<std::string> v;
  v.reserve(k + 1);
  if (dealt_count() > named_count()) v.emplace_back(kDefaultPile);
  for (std::uint32_t i = 0; i < k; ++i) v.emplace_back(slots_[order[i]].view());
  return v;
}

inline std::vector<NamedPile> Deck::named_piles() const {
  if (!any_named()) return {};
  settle();
  std::uint8_t order[kMaxPiles];
  const std::uint32_t k = ordered_slots(order);
  std::vector<NamedPile> v(k);
  for (std::uint32_t i = 0; i < k; ++i) v[i].name = slots_[order[i]].view(), v[i].cards = cards_in(order[i]);
  return v;
}

inline std::vector<std::uint32_t> Deck::deal_to(std::string_view pile, std::uint32_t n) {
  std::vector<std::uint32_t> out(n <= remaining() ? n : 0);
  deal_to(pile, n, out.data());
  return out;
}

inline std::uint32_t Deck::deal_to(PileRef pile, std::uint32_t n, std::uint32_t* out) {
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

inline std::uint32_t Deck::pile_room() const noexcept {
  return static_cast<std::uint32_t>(slots_.size()) - static_cast<std::uint32_t>(std::popcount(active_));
}
inline std::uint32_t Deck::named_room() const noexcept { return static_cast<std::uint32_t>(ncard_.size() - named_n_); }

inline void Deck::file_dealt(PileRef pile, const std::uint32_t* top, std::uint32_t n) noexcept {
  Pending pending;
  const std::uint8_t s = known_slot(pile, pending);  // a slot below slots_.size(): pile_room() ≥ 1
  if (s == kNoSlot) return;
  open_slot(s, n);
  for (std::uint32_t j = 0; j < n; ++j) ncard_[named_n_ + j] = *(top - j);
  std::memset(nslot_.data() + named_n_, s, n);
  named_n_ += n;
}

/// deal_hands()'s plan of the last shape dealt, one per thread for all decks rather than one per
/// deck (600 bytes a deck after its first hand): a table deals the same hands every hand, and
/// the plan's slot cache (DealPlan::SlotCache) already tells decks apart.
struct Deck::HandsPlan {
  DealPlan plan;
  std::uint32_t seats = 0, per_seat = 0;  // seats 0: none
};

inline Deck::HandsPlan& Deck::hands_plan() noexcept {
  static thread_local HandsPlan plan;
  return plan;
}

inline std::vector<std::uint32_t> Deck::deal_hands(std::uint32_t seats, std::uint32_t per_seat) {
  const std::uint64_t total = std::uint64_t{seats} * per_seat;
  std::vector<std::uint32_t> out(total <= remaining() ? total : 0);
  deal_hands(seats, per_seat, out.data());
  return out;
}

inline std::uint32_t Deck::deal_hands(std::uint32_t seats, std::uint32_t per_seat, std::uint32_t* out) {
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

inline std::vector<std::uint32_t> Deck::deal_pattern(std::span<const Packet> packets) {
  std::uint64_t total = 0;
  for (const Packet& p : packets) total += p.count;
  std::vector<std::uint32_t> out(total <= remaining() ? total : 0);
  deal_pattern(packets, out.data());
  return out;
}

/// The same, writing the ids to `out` (which holds at least the packets' counts added up);
/// returns how many. Reads the packets into a DealPlan each time: a pattern dealt again and
/// again is read once (deal_pattern(plan)).
inline std::uint32_t Deck::deal_pattern(std::span<const Packet> packets, std::uint32_t* out) {
  detail::SmallBuffer<RefPacket, 128> refs(packets.size());
  for (std::size_t i = 0; i < packets.size(); ++i) {
    const std::string_view name = packets[i].pile;
    const std::uint64_t key = checked_key(name);
    if (key == 0) check_pile_name(name, cat("packets[", i, "].pile"));  // throws
    refs[i] = RefPacket{PileRef{name, key}, packets[i].count};
  }
  return deal_pattern(std::span<const RefPacket>(refs.data(), packets.size()), out);
}

/// The same for a pattern read once (DealPlan): finds each pile's slot, deals and files the
/// cards. Allocates nothing once the deck's piles have held as many cards before.
[[gnu::noinline]] inline std::uint32_t Deck::deal_pattern(const DealPlan& plan, std::uint32_t* out) {
  if (plan.total_ > remaining())
    throw RangeError(cat("packets must deal at most the ", remaining(), " cards remaining, got ", plan.total_, " cards in all" FAIRDECK_SHUFFLE_HINT));
  settle();
  if (kSpareRoom && slots_.empty()) take_room();  // a destroyed deck's room: its slots may be the plan's cached ones
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
inline void Deck::keep_slots(const DealPlan& plan, const std::uint8_t* slot) const {
  const std::size_t piles = plan.piles_.size();
  for (std::size_t t = 0; t < piles; ++t)
    if (slot[t] != kNoSlot && hint_[bucket(plan.piles_[t].key)] != slot[t] + 1) return;
  plan.cache_.slot.assign(slot, slot + piles);
  plan.cache_.deck = serial_, plan.cache_.names = names_;
}

inline std::uint64_t Deck::next_serial() noexcept {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

inline void Deck::move_cards(std::span<const std::uint32_t> ids, std::string_view to,
                             std::optional<std::string_view> from) {
  check_pile_name(to, "to");
  if (from) check_pile_name(*from, "from");
  move_cards(ids, PileRef{to, name_key(to)}, from);
}

inline void Deck::move_cards(std::span<const std::uint32_t> ids, PileRef to_pile, std::optional<std::string_view> from) {
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
    if (is_dead(sorted[i])) throw RangeError(card() + " cannot be moved: it is out of play (deck.remove)");
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

}  // namespace fairdeck
