// fairdeck/deck_layout.hpp — the card array as a state records it: which pile each card is
// in (piles_of, pile), setting every pile at once (set_piles, for state restore), laying named
// piles' cards out (canonicalize), and returning cards, whose order there 0.1 fixed.
// Part of deck.hpp, which includes it after class Deck: include fairdeck/deck.hpp, not this file.
//
// The default pile's order: an eager or lazy deck's dealt part of the array holds its cards newest
// first (each deal puts its card at index u + r), so pile_cards("dealt") is the order they arrived
// for free — except after return_cards() took some of them out: it moves cards in the array as
// 0.1 did (the array's order decides later shuffles of seeded decks, which must not change), and
// each returned card's place goes to one of the pile's most recent cards. A bitmap deck lists the
// default pile by id. A named pile's card may lie anywhere in the dealt part of the array, which
// is not observable; shuffle() and return_cards(), which read the array's order, first lay it out
// as a state records it (canonicalize()), so a restored deck goes on exactly like the original.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace fairdeck {

inline void Deck::return_cards(std::span<const std::uint32_t> ids) {
  settle();
  std::vector<std::uint32_t> sorted(ids.begin(), ids.end());
  std::sort(sorted.begin(), sorted.end());
  const std::vector<std::uint8_t> where = piles_of(sorted);
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const std::string card = comp_.card_label(sorted[i]);
    if (sorted[i] >= n_)
      throw RangeError(card + " is not in this deck (ids 0–" + std::to_string(n_ - 1) + ")");
    if (i > 0 && sorted[i] == sorted[i - 1]) throw RangeError(card + " is named twice in one returnCards call");
    if (where[i] != 2)
      throw RangeError(card + " cannot be returned: it is not dealt (it is " +
                       (where[i] == 1 ? "already returned)" : "still in the deck: only dealt cards can be returned)"));
  }
  if (any_dead()) revive(sorted);  // dead cards among them are back in play (issue 40)
  if (any_named()) return return_from_piles(sorted);
  if (strategy_ == Strategy::bitmap) {
    for (std::uint32_t c : sorted) ret_[c / 64] |= 1ULL << (c % 64);
  } else {
    gather_front(cards_.data() + u_ + r_, cards_.data() + n_, sorted);
  }
  r_ += static_cast<std::uint32_t>(sorted.size());
  if (cut_) recalled_ += sorted.size();
}

/// Where `c` is or would go in `sorted` (std::lower_bound's index); for a few ids a count
/// without branches, as a binary search mispredicts on them.
inline std::size_t Deck::rank_of(std::span<const std::uint32_t> sorted, std::uint32_t c) noexcept {
  if (sorted.size() > 16) return static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), c) - sorted.begin());
  std::size_t r = 0;
  for (const std::uint32_t x : sorted) r += x < c;
  return r;
}

/// Whether sorted `sorted` holds `c` (rank_of).
inline bool Deck::holds(std::span<const std::uint32_t> sorted, std::uint32_t c) noexcept {
  const std::size_t r = rank_of(sorted, c);
  return r < sorted.size() && sorted[r] == c;
}

inline std::vector<std::uint8_t> Deck::piles_of(const std::vector<std::uint32_t>& ids) const {
  std::vector<std::uint8_t> where(ids.size());
  piles_of(ids, where.data());
  return where;
}

inline void Deck::piles_of(std::span<const std::uint32_t> ids, std::uint8_t* where) const {
  settle();
  std::fill(where, where + ids.size(), std::uint8_t{0});
  if (strategy_ == Strategy::bitmap) {
    for (std::size_t i = 0; i < ids.size(); ++i)
      if (ids[i] < n_) where[i] = bit(ret_, ids[i]) ? 1 : bit(out_, ids[i]) ? 2 : 0;
    return;
  }
  // From the return pile through the dealt cards, newest first: cards just dealt (a round's,
  // moved to a discard pile) are found at once, and the scan stops when all have been.
  std::size_t found = 0;
  for (std::uint32_t p = u_; p < n_ && found < ids.size(); ++p) {
    const std::size_t at = rank_of(ids, cards_[p]);
    if (at < ids.size() && ids[at] == cards_[p]) where[at] = p < u_ + r_ ? 1 : 2, ++found;
  }
}

inline std::vector<std::uint32_t> Deck::pile(int which) const {
  settle();
  std::vector<std::uint32_t> v;
  if (strategy_ == Strategy::bitmap) {
    for (std::uint32_t c = 0; c < n_; ++c) {
      const bool out = bit(out_, c), ret = bit(ret_, c);
      if ((which == 0 && !out) || (which == 1 && ret) || (which == 2 && out && !ret)) v.push_back(c);
    }
    return v;
  }
  if (which == 0) return std::vector<std::uint32_t>(cards_.rbegin() + (n_ - u_), cards_.rend());
  if (which == 1) return std::vector<std::uint32_t>(cards_.begin() + u_, cards_.begin() + u_ + r_);
  if (any_named()) {  // as canonicalize() lays them out: the default pile, then the rest by id
    v = default_pile_as_saved();
    const std::vector<std::uint32_t> named = named_cards_sorted();
    v.insert(v.end(), named.begin(), named.end());
    return v;
  }
  return std::vector<std::uint32_t>(cards_.begin() + u_ + r_, cards_.end());
}

inline void Deck::set_piles(const std::vector<std::uint32_t>& undealt, const std::vector<std::uint32_t>& returned,
                            const std::vector<std::uint32_t>& dealt, const NamedPileList& named) {
  settle();
  std::vector<std::uint32_t> in_piles;
  if constexpr (kPiles) {
    for (const auto& pile : named) in_piles.insert(in_piles.end(), pile.second.begin(), pile.second.end());
    std::sort(in_piles.begin(), in_piles.end());
    if (!named.empty()) use_piles(std::min<std::size_t>(named.size(), kMaxPiles)), reserve_named(in_piles.size());
    drop_named();
    for (std::size_t i = 0; i < named.size() && i < kMaxPiles; ++i) {
      const auto s = static_cast<std::uint8_t>(i);
      name_slot(s, named[i].first);
      for (std::uint32_t c : named[i].second) place(c, s);
    }
  }
  u_ = static_cast<std::uint32_t>(undealt.size());
  r_ = static_cast<std::uint32_t>(returned.size());
  if (strategy_ == Strategy::bitmap) {
    std::fill(out_.begin(), out_.end(), ~0ULL);
    std::fill(ret_.begin(), ret_.end(), 0);
    for (std::uint32_t c : undealt) out_[c / 64] &= ~(1ULL << (c % 64));
    for (std::uint32_t c : returned) ret_[c / 64] |= 1ULL << (c % 64);
    return;
  }
  std::copy(undealt.rbegin(), undealt.rend(), cards_.begin());
  std::copy(returned.begin(), returned.end(), cards_.begin() + u_);
  std::copy(dealt.begin(), dealt.end(), cards_.begin() + u_ + r_);
  std::copy(in_piles.begin(), in_piles.end(), cards_.begin() + u_ + r_ + static_cast<std::ptrdiff_t>(dealt.size()));
}

inline std::vector<std::uint32_t> Deck::default_pile_as_saved() const {
  settle();
  if (!any_named()) return pile(2);
  std::vector<std::uint32_t> v;
  v.reserve(dealt_count() - named_count());
  mark_named();
  if (strategy_ == Strategy::bitmap) {
    for (std::uint32_t c = 0; c < n_; ++c)
      if (bit(out_, c) && !bit(ret_, c) && !is_named(c)) v.push_back(c);
  } else {
    for (std::uint32_t p = u_ + r_; p < n_; ++p)
      if (!is_named(cards_[p])) v.push_back(cards_[p]);
  }
  unmark_named();
  return v;
}

/// Marks the named piles' cards for is_named() until unmark_named() (which must come before
/// they change): in a bitmap of the whole deck (named_marks_, O(size / 64 + cards)) when that
/// is small against them — a game's deck is small, its piles many — else in scratch_, sorted
/// (O(cards · log cards)).
inline void Deck::mark_named() const {
  by_marks_ = n_ / 64 <= 8 * std::uint64_t{named_count()} + 64;
  if (by_marks_) {
    if (named_marks_.size() != (n_ + 63) / 64) named_marks_.resize((n_ + 63) / 64);  // all zero between uses
    std::uint64_t* const marks = named_marks_.data();
    const std::uint32_t* const cards = ncard_.data();
    if (n_ <= 64) {
      marks[0] = named_word();
    } else {
      for (std::uint32_t i = 0; i < named_n_; ++i) marks[cards[i] >> 6] |= std::uint64_t{1} << (cards[i] & 63);
    }
  } else {
    scratch_.assign(ncard_.begin(), ncard_.begin() + named_n_);
    std::sort(scratch_.begin(), scratch_.end());
  }
}

/// A deck of at most 64 cards: its named piles' cards as the bits of one word, built in a
/// register (no chain of stores and loads through memory).
inline std::uint64_t Deck::named_word() const noexcept {
  std::uint64_t m = 0;
  for (std::uint32_t i = 0; i < named_n_; ++i) m |= std::uint64_t{1} << (ncard_[i] & 63);
  return m;
}

inline bool Deck::is_named(std::uint32_t c) const noexcept {
  return by_marks_ ? bit(named_marks_, c) : std::binary_search(scratch_.begin(), scratch_.end(), c);
}

/// Writes the marked cards by id to `out`; returns the end.
inline std::uint32_t* Deck::named_by_id(std::uint32_t* out) const noexcept {
  if (!by_marks_) return std::copy(scratch_.begin(), scratch_.end(), out);
  for (std::size_t w = 0; w < named_marks_.size(); ++w)
    for (std::uint64_t bits = named_marks_[w]; bits; bits &= bits - 1)
      *out++ = static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
  return out;
}

inline void Deck::unmark_named() const noexcept {
  if (by_marks_)
    for (std::uint32_t i = 0; i < named_n_; ++i) named_marks_[ncard_[i] >> 6] = 0;
}

/// Every card of the named piles, by id.
inline std::vector<std::uint32_t> Deck::named_cards_sorted() const {
  std::vector<std::uint32_t> v(named_count());
  mark_named();
  named_by_id(v.data());
  unmark_named();
  return v;
}

/// Eager and lazy decks with cards in named piles: lays the dealt part of the card array,
/// [u + r, n), out as the default pile's cards in their order there, then the named piles'
/// cards by id. Where a named pile's card lies in the array is not observable (pile(2) and
/// save_state list the piles, not the array), so this changes nothing observable; and after it
/// the array is a function of what a state records, so the operations that read the array's
/// order — shuffle() and return_cards() — call it first, and a restored deck (set_piles, which
/// lays the array out this way) goes on exactly like the original.
[[gnu::noinline]] inline void Deck::canonicalize() {
  if (strategy_ == Strategy::bitmap || !any_named()) return;
  if (n_ <= 64) {  // a game's deck: the marks in a register; the named part is their bits in order
    std::uint64_t m = named_word();
    std::uint32_t* w = cards_.data() + u_ + r_;
    if (n_ - u_ - r_ != named_n_)  // default-pile cards too (else every dealt card is named)
      for (std::uint32_t *p = w, *const end = cards_.data() + n_; p != end; ++p) {
        const std::uint32_t c = *p;
        *w = c;
        w += static_cast<std::uint32_t>(((m >> c) & 1) ^ 1);
      }
    for (; m; m &= m - 1) *w++ = static_cast<std::uint32_t>(std::countr_zero(m));
    return;
  }
  mark_named();
  std::uint32_t* w = cards_.data() + u_ + r_;
  std::uint32_t* const end = cards_.data() + n_;
  if (!by_marks_) {
    for (std::uint32_t* p = w; p != end; ++p)
      if (!is_named(*p)) *w++ = *p;
    named_by_id(w);
    return;
  }
  std::uint64_t* const marks = named_marks_.data();  // the same, without branches, clearing the marks as it reads them
  for (std::uint32_t* p = w; p != end; ++p) {
    const std::uint32_t c = *p;
    *w = c;
    w += ((marks[c >> 6] >> (c & 63)) & 1) ^ 1;
  }
  for (std::size_t i = 0; i < named_marks_.size(); ++i) {
    for (std::uint64_t bits = marks[i]; bits; bits &= bits - 1) *w++ = static_cast<std::uint32_t>(i * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
    marks[i] = 0;
  }
}

/// return_cards() while named piles hold cards (`sorted`: checked, all dealt). Eager and lazy
/// decks: after canonicalize(), the default pile's returned cards go to the front of its part
/// of the array as 0.1 moved them (gather_front), and the named piles' returned cards (by id)
/// after them, so that the return pile gets the default pile's cards first, in its array
/// order, then the others by id.
[[gnu::noinline]] inline void Deck::return_from_piles(const std::vector<std::uint32_t>& sorted) {
  if (strategy_ == Strategy::bitmap) {
    for (std::uint32_t c : sorted) ret_[c / 64] |= 1ULL << (c % 64);
  } else {
    canonicalize();
    mark_named();
    std::uint32_t* const first = cards_.data() + u_ + r_;
    std::uint32_t* const named_part = cards_.data() + n_ - named_count();
    std::uint32_t* const k = first + gather_front(first, named_part, sorted);
    // [returned default | rest of default | named by id] → [returned default | returned named | rest | named left]
    std::uint32_t* keep = cards_.data() + n_;
    for (std::uint32_t* p = keep; p-- != named_part;)
      if (!std::binary_search(sorted.begin(), sorted.end(), *p)) *--keep = *p;
    std::copy_backward(k, named_part, keep);
    std::uint32_t* at = k;
    for (std::uint32_t c : sorted)
      if (is_named(c)) *at++ = c;
    unmark_named();
  }
  remove_named(sorted, -1);
  r_ += static_cast<std::uint32_t>(sorted.size());
  if (cut_) recalled_ += sorted.size();
}

/// Moves the cards of [first, last) that are in `sorted` to its front, scanning it once and
/// swapping each with the first place not yet filled (return_cards() as in 0.1: the card array's
/// order after it decides later shuffles of seeded decks). Returns how many.
inline std::uint32_t Deck::gather_front(std::uint32_t* first, std::uint32_t* last, const std::vector<std::uint32_t>& sorted) noexcept {
  std::uint32_t found = 0;
  for (std::uint32_t* p = first; p < last && found < sorted.size(); ++p) {
    if (std::binary_search(sorted.begin(), sorted.end(), *p)) {
      std::swap(*p, first[found]);
      ++found;
    }
  }
  return found;
}

}  // namespace fairdeck
