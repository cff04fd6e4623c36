// fairdeck/pile_slots.hpp — how a Deck holds its named piles: a key per name, kMaxPiles
// slots, and one list of (card, slot) in the order the cards arrived.
// Part of deck.hpp, which includes it after class Deck: include fairdeck/deck.hpp, not this file.
//
// The deck keeps its piles lean, as a game deals the same piles hand after hand: kMaxPiles
// slots (a name, a card count, when it got its first card), made on first use, whose names stay
// while they are free, found by a hint per name; and one list of (card, slot) for all of them in
// the order the cards arrived, which shuffle() empties and keeps the room of. Dealing onto a pile
// is two stores; reading one scans the list; nothing is allocated once a game's hand has been
// dealt once. A deck that never uses piles, a 2^26-card bitmap deck included, holds nothing per
// card for them.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fairdeck/attributes.hpp"

namespace fairdeck {

/// Bytes of `p` as a little-endian number (the first byte lowest).
inline std::uint64_t Deck::load8(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

inline std::uint64_t Deck::load4(const char* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

/// A pile name's key: its bytes, the first lowest, if it has at most 8, else its last 8 (names
/// of piles dealt together, "hand:0" … "hand:9", differ there): unequal keys, unequal names,
/// without a memcmp; and since a name holds no zero byte, names of the same length, at most 8
/// bytes, are equal if their keys are (PileLabel::is). Never 0 for a pile name.
inline std::uint64_t Deck::name_key(std::string_view name) noexcept {
  const char* p = name.data();
  const std::size_t n = name.size();
  if (kLittle && n >= 8) return load8(p + n - 8);
  if (kLittle && n >= 4) return load4(p) | load4(p + n - 4) << (8 * (n - 4));  // overlapping bytes agree
  std::uint64_t k = 0;
  for (std::size_t i = n > 8 ? n - 8 : 0, shift = 0; i < n; ++i, shift += 8) k |= std::uint64_t{static_cast<unsigned char>(p[i])} << shift;
  return k;
}

/// Whether each byte of x is printable ASCII without space (0x21–0x7e), 8 at a time.
inline bool Deck::printable(std::uint64_t x) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, high = 0x80 * ones;
  const std::uint64_t low = x & ~high;                                     // each byte's low 7 bits
  return !(x & high) && ((low + 0x5f * ones) & high) == high && !((low + ones) & high);  // ≥ 0x21, < 0x7f
}

/// name_key(name) if `name` is a pile name (is_pile_name), else 0; 8 bytes at a time.
inline std::uint64_t Deck::checked_key(std::string_view name) noexcept {
  const char* p = name.data();
  const std::size_t n = name.size();
  if (n == 0 || n > kMaxPileName) return 0;
  bool ok = true;
  if (kLittle && n >= 8) {
    for (std::size_t i = 0; i + 8 < n; i += 8) ok &= printable(load8(p + i));
    ok &= printable(load8(p + n - 8));
  } else if (kLittle && n >= 4) {
    ok = printable(load4(p) | load4(p + n - 4) << 32);
  } else {
    for (std::size_t i = 0; i < n; ++i) ok &= p[i] >= 0x21 && p[i] <= 0x7e;
  }
  return ok ? name_key(name) : 0;
}

/// At least `need` (≤ kMaxPiles) slots, grown as piles are first named: a deck that never uses
/// piles holds nothing for them, a 6-seat table 8 slots rather than kMaxPiles (a slot is 64
/// bytes: all 64 were 4 KiB per deck). Slots are taken lowest first (countr_one), so the slots
/// in use are always below slots_.size(); they never shrink. A deck's first piles take the
/// room a destroyed deck left (take_room()), if there is one.
inline void Deck::use_piles(std::size_t need) {
  if (kSpareRoom && slots_.empty()) take_room();
  if (slots_.size() < need) slots_.resize(std::min<std::size_t>(std::max<std::size_t>({need, 2 * slots_.size(), 4}), kMaxPiles));
}

namespace detail {
/// A vector kept for a later owner, in storage that needs no destructor (so that a thread_local
/// holding it registers none: that cost 250 bytes of wasm): the vector exists only while kept,
/// made by keep() and destroyed by take() or drop(). Deck::SpareRoom and the WASM binding's
/// spare id buffer (cpp/bindings/decks.hpp) are made of these.
template <class T>
class SpareVector {
public:
  bool kept() const noexcept { return kept_; }
  /// Keeps `v`'s memory (call only when nothing is kept).
  void keep(std::vector<T>&& v) noexcept {
    new (bytes_) std::vector<T>(std::move(v));
    kept_ = true;
  }
  /// Gives the kept vector to `into`, which must be empty (allocates nothing); nothing if none is kept.
  void take(std::vector<T>& into) noexcept {
    if (kept_) into.swap(get()), drop();
  }
  /// Frees the kept vector, if any.
  void drop() noexcept {
    if (kept_) std::destroy_at(&get()), kept_ = false;
  }

private:
  std::vector<T>& get() noexcept { return *std::launder(reinterpret_cast<std::vector<T>*>(bytes_)); }
  alignas(std::vector<T>) unsigned char bytes_[sizeof(std::vector<T>)] = {};
  bool kept_ = false;
};
}  // namespace detail

/// Issue 38: a game that makes a deck per hand and disposes of it paid, at each deck's first
/// hand, for what a reused deck has from its first: its slots (allocated 4, then 8) and the
/// names of its piles. So a destroyed deck leaves its slots here, one set per thread, and the
/// next deck to name a pile takes them as they are: free, named as the last deck's were, with
/// the identity a DealPlan's slot cache knows them by (serial_, names_), which moves with the
/// slots and is never held by two decks. Free slots and their names are the deck's own
/// bookkeeping, never read as piles (a reused deck holds the same after shuffle()), so the
/// deck deals, names and saves exactly as a new one would. The arrival list's two arrays go
/// with them (their contents are never read past named_n_, 0 in a new deck), so the first
/// hand allocates nothing either. Trivially destructible (detail::SpareVector): a set kept when
/// a thread ends stays allocated until the process does. A set is kept while its slots are.
struct Deck::SpareRoom {
  detail::SpareVector<Slot> slots;
  detail::SpareVector<std::uint32_t> ncard;  // ncard_'s, unless it was longer than kKeptCards
  detail::SpareVector<std::uint8_t> nslot;   // nslot_'s, likewise
  std::uint8_t hint[64] = {};  // the deck's hint_, as it was
  std::uint64_t names = 0, serial = 0;
};

inline Deck::SpareRoom& Deck::spare_room() noexcept {
  static thread_local SpareRoom room;
  return room;
}

/// From ~Deck(), for a deck whose piles have slots: its slots and arrival list, unless a set is
/// kept already. An arrival list longer than a game's (kKeptCards) is freed, not kept: it would
/// stay held for as long as no deck takes it.
inline constexpr std::size_t kKeptCards = 64;
[[gnu::noinline]] FAIRDECK_MINSIZE inline void Deck::keep_room() noexcept {
  SpareRoom& r = spare_room();
  if (r.slots.kept()) return;
  r.slots.keep(std::move(slots_));  // their counts: zeroed by take_room()
  if (ncard_.size() <= kKeptCards) r.ncard.keep(std::move(ncard_)), r.nslot.keep(std::move(nslot_));
  std::memcpy(r.hint, hint_, sizeof hint_);
  r.names = names_, r.serial = serial_;
}

/// For a deck that has never named a pile (no slots, nothing in hint_): the kept slots, if any,
/// each free, with the hints they had. The hints are copied, never rebuilt from the names: two
/// free slots can carry one name (a pile named again after a name in its bucket took its
/// hint), and find_slot() trusts that the hinted one is the only one that can hold cards, as the
/// plan's cached slots do; hints rebuilt in slot order broke that, and a pile could then be held
/// in two slots at once (found by tests/fuzz/fuzz_state.cpp). The arrival list comes too, if it
/// was kept: this deck's own is empty (a deck allocates its arrival list only once it has slots).
[[gnu::noinline]] FAIRDECK_MINSIZE inline void Deck::take_room() noexcept {
  SpareRoom& r = spare_room();
  if (!r.slots.kept()) return;
  r.slots.take(slots_), r.ncard.take(ncard_), r.nslot.take(nslot_);
  std::memcpy(hint_, r.hint, sizeof hint_);
  names_ = r.names, serial_ = r.serial;
  for (Slot& slot : slots_) slot.count = 0;
}

[[gnu::noinline]] FAIRDECK_MINSIZE inline void Deck::drop_room() noexcept {
  SpareRoom& r = spare_room();
  r.slots.drop(), r.ncard.drop(), r.nslot.drop();
}

/// Room for `more` cards in the named piles (amortised: no allocation in steady state), so
/// that place() cannot throw.
inline void Deck::reserve_named(std::size_t more) {
  const std::size_t want = named_n_ + more;
  if (want <= ncard_.size()) return;
  const std::size_t cap = std::max({want, 2 * ncard_.size(), std::size_t{32}});
  ncard_.resize(cap);
  nslot_.resize(cap);
}

/// Names free slot `s` (no allocation).
inline void Deck::name_slot(std::uint8_t s, std::string_view name) noexcept {
  ++names_;
  Slot& slot = slots_[s];
  slot.set({name, name_key(name)});
  hint_[bucket(slot.key)] = static_cast<std::uint8_t>(s + 1);
}

/// Puts dealt `card` onto the pile in slot `s` (reserve_named() first): it arrives last; a
/// slot that held no cards starts holding them now, after every other (pile_names()).
inline void Deck::place(std::uint32_t card, std::uint8_t s) noexcept {
  open_slot(s, 1);
  ncard_[named_n_] = card;
  nslot_[named_n_++] = s;
}

inline std::uint8_t Deck::target_slot(std::string_view name, std::uint64_t key, Pending& pending) {
  if (name.size() == kDefaultPile.size() && key == name_key(kDefaultPile)) return kNoSlot;
  const int h = hint_[bucket(key)] - 1;  // that slot holds the pile if any does (find_slot)
  bool named = h >= 0 && slots_[static_cast<std::size_t>(h)].is({name, key});
  if (named && ((active_ >> h) & 1)) return static_cast<std::uint8_t>(h);
  if (!named) {
    const int at = find_slot(name, key);
    if (at >= 0) return static_cast<std::uint8_t>(at);
  }
  // The piles holding cards and the deal's new ones (disjoint): all kMaxPiles slots taken.
  if (static_cast<std::uint32_t>(std::popcount(active_ | pending.slots)) >= kMaxPiles) throw RangeError(too_many_piles(name));
  auto s = static_cast<std::uint8_t>(h);  // a free slot that last held this pile: named already
  if (!named || ((pending.slots >> h) & 1)) {
    s = static_cast<std::uint8_t>(std::countr_one(active_ | pending.slots));
    use_piles(s + 1u);  // may throw (out of memory) before anything changed
    name_slot(s, name);
  }
  pending.slots |= std::uint64_t{1} << s;
  return s;
}

/// target_slot() for a pile a game deals to hand after hand, without a call: the slot its
/// hint names, if that slot is named so and not already one of this deal's new piles (then
/// target_slot() would return it too: held, or free and named so — a free slot means fewer
/// than kMaxPiles are taken, so it cannot throw); else target_slot() itself.
[[gnu::always_inline]] inline std::uint8_t Deck::known_slot(PileRef pile, Pending& pending) {
  const int h = hint_[bucket(pile.key)] - 1;
  if (h < 0 || !slots_[static_cast<std::size_t>(h)].is(pile) || ((pending.slots >> h) & 1)) return target_slot(pile.name, pile.key, pending);
  pending.slots |= (~active_ >> h & 1) << h;  // free: one of the deal's new piles
  return static_cast<std::uint8_t>(h);
}

/// Before a deal puts `count` cards into slot `s`, one after another (then each card is two
/// stores, into ncard_ and nslot_): slot s holds them.
inline void Deck::open_slot(std::uint8_t s, std::uint32_t count) noexcept {
  Slot& slot = slots_[s];
  const std::uint64_t b = std::uint64_t{1} << s;
  if (!(active_ & b)) slot.first = stamp_++, active_ |= b;
  slot.count += count;
}

/// The slots that hold cards, in the order they got their first card, into `order`; how many.
inline std::uint32_t Deck::ordered_slots(std::uint8_t* order) const noexcept {
  std::uint32_t k = 0;
  for (std::uint64_t m = active_; m; m &= m - 1) {
    const auto s = static_cast<std::uint8_t>(std::countr_zero(m));
    std::uint32_t j = k++;
    for (; j > 0 && slots_[order[j - 1]].first > slots_[s].first; --j) order[j] = order[j - 1];
    order[j] = s;
  }
  return k;
}

/// The cards of the pile in slot `s`, in the order they arrived.
inline std::vector<std::uint32_t> Deck::cards_in(std::uint8_t s) const {
  std::vector<std::uint32_t> v;
  v.reserve(slots_[s].count);
  for (std::size_t i = 0; i < named_n_; ++i)
    if (nslot_[i] == s) v.push_back(ncard_[i]);
  return v;
}

/// Takes the cards of `sorted` out of the named piles (their other cards keep their order;
/// none of them lies before entry `from` of the list); a pile left with no cards holds none any
/// more, except slot `keep` (move_cards onto it).
inline void Deck::remove_named(std::span<const std::uint32_t> sorted, int keep, std::size_t from) noexcept {
  std::size_t w = from;
  for (std::size_t i = from; i < named_n_; ++i) {
    if (holds(sorted, ncard_[i])) {
      --slots_[nslot_[i]].count;
    } else {
      ncard_[w] = ncard_[i], nslot_[w] = nslot_[i];
      ++w;
    }
  }
  named_n_ = static_cast<std::uint32_t>(w);
  for (std::uint64_t m = active_; m; m &= m - 1) {
    const int s = std::countr_zero(m);
    if (slots_[static_cast<std::size_t>(s)].count == 0 && s != keep) active_ &= ~(std::uint64_t{1} << s);
  }
}

inline std::string Deck::too_many_piles(std::string_view name) {
  return cat("at most ", kMaxPiles, " piles besides 'dealt' can hold cards at once: pile '", name, "' would be one more");
}

/// Empties every named pile (shuffle(): their cards are back in the deck; set_piles()).
inline void Deck::drop_named() noexcept {
  for (std::uint64_t m = active_; m; m &= m - 1) slots_[static_cast<std::size_t>(std::countr_zero(m))].count = 0;
  active_ = 0;
  stamp_ = 0;
  named_n_ = 0;
}

}  // namespace fairdeck
