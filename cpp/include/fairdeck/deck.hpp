// fairdeck/deck.hpp — the deck: three piles (undealt, returned, dealt) and a dealing strategy.
//
// Why: this is the single truth about a deck; the TypeScript Deck only asks it questions.
// Strategies (all uniform; see shuffle.hpp for why):
//  - eager:  Fisher–Yates at shuffle(), O(n); each deal is O(1).
//  - lazy:   shuffle() is O(1); each deal is one Fisher–Yates step. With the same engine state an
//            eager and a lazy deck deal the same cards, because both ask the dice stream for the
//            bounds n, n−1, …, 2 in that order.
//  - bitmap: the state is two bitmaps (out of the deck; returned); each deal takes the r-th
//            undealt card for r uniform in [0, remaining).
// Array layout (eager, lazy): cards_[0, u) undealt (eager deals from the end), [u, u + r) the
// return pile, [u + r, n) dealt. Returned cards are dealt only when the undealt pile is empty;
// then the return pile is shuffled and becomes the undealt pile.
// Look-ahead (lazy, bitmap): look_ahead(k) deals up to k cards in advance, exactly as deal_one()
// would, so that a caller (the WASM binding's dealing window) can hand them out by reading memory
// instead of calling in once per card; take(t) then says how many it handed out. If t is less than
// k, the deck undoes all k deals (lookahead.hpp), restores the engine and dice it copied before
// them and deals t again: every pile, the engine and the dice end exactly as after t deal_one()
// calls, so seeded decks deal, save and restore the same as if nothing had been looked at. Until
// take(), the early deals count as remaining; every other public method, const ones included,
// settles it first (take(0)), so the look-ahead is invisible except to the window.
// Re-keying: a secure ChaCha20 deck's engine re-keys every kReseedWords words (rng.hpp). Every
// public operation that draws first calls rng_.prepare() with a bound on its draws, which can
// throw EntropyError; it is the first thing the operation does, so then nothing has changed.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "fairdeck/composition.hpp"
#include "fairdeck/lookahead.hpp"
#include "fairdeck/provable.hpp"
#include "fairdeck/rng.hpp"
#include "fairdeck/shuffle.hpp"

namespace fairdeck {

/// How a deck deals; see the file comment.
enum class Strategy : std::uint8_t { eager, lazy, bitmap };

/// Names of the strategies, in Strategy's order (the API lists them in this order too).
inline constexpr std::string_view kStrategyNames[] = {"eager", "lazy", "bitmap"};

/// Parses a strategy name; throws TypeError naming `strategy`.
inline Strategy parse_strategy(std::string_view s) {
  for (std::size_t i = 0; i < std::size(kStrategyNames); ++i)
    if (kStrategyNames[i] == s) return static_cast<Strategy>(i);
  throw TypeError("strategy must be 'eager', 'lazy' or 'bitmap', got '" + std::string(s) + "'");
}

/// Public name of a strategy.
inline std::string_view strategy_name(Strategy s) noexcept { return kStrategyNames[static_cast<std::size_t>(s)]; }

/// Returned by deal_one() when the deck is empty.
inline constexpr std::uint32_t kNoCard = 0xffffffffu;

/// A deck of cards. Not copyable by accident: state moves only through save/restore.
class Deck {
public:
  /// A new deck, already shuffled. Throws TypeError/RangeError for bad options.
  Deck(const Composition& comp, Strategy strategy, Rng rng) : comp_(comp), strategy_(strategy), rng_(std::move(rng)) {
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

  Deck(const Deck&) = delete;
  Deck& operator=(const Deck&) = delete;

  /// The seeds of the current round of a provable deck; nullptr for other decks.
  const ProvableSeeds* provable() const noexcept { return provable_ ? &*provable_ : nullptr; }

private:
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

  /// Gathers every card (dealt, returned, undealt) and starts a fresh deal.
  void shuffle() {
    settle();
    if (provable_ && started_) next_round();
    rng_.prepare(strategy_ == Strategy::eager ? n_ : 0);
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
    return strategy_ == Strategy::lazy ? cards_.data() + u_ + r_ : ahead_.steps.data();
  }

  /// Lazy and bitmap decks: deals min(k, 64, undealt) cards in advance, exactly as deal_one()
  /// would, and makes them the window (the file comment). Never reaches the return pile. Settles a
  /// pending look-ahead first; does nothing for eager decks. Can throw what prepare() throws
  /// (EntropyError), before anything has changed.
  [[gnu::noinline]] void look_ahead(std::uint32_t k) {
    settle();
    if (strategy_ == Strategy::eager) return;
    k = std::min({k, LookAhead::kCapacity, u_});
    if (k == 0) return;
    rng_.reserve_for(k);  // prepare(k) but for its re-key now: rekey_if_due() before each deal does it
    ahead_.rng.emplace(rng_);
    std::uint32_t* steps = ahead_.steps.data();
    const bool rekeys = rng_.rekeying() != nullptr;
    for (std::uint32_t i = 0; i < k; ++i) {  // next_card(): the same step as every other deal
      if (rekeys) rng_.rekey_if_due();       // where deal_one() would prepare()
      const std::uint32_t card = next_card();
      if (strategy_ == Strategy::bitmap) steps[k - 1 - i] = card;
      else steps[i] = last_swap_;
    }
    ahead_.count = k;
  }

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

  /// Moves dealt cards to the return pile. All or nothing: throws RangeError (changing nothing)
  /// if any id is out of range, not currently dealt, or named twice.
  void return_cards(std::span<const std::uint32_t> ids) {
    settle();
    std::vector<std::uint32_t> sorted(ids.begin(), ids.end());
    std::sort(sorted.begin(), sorted.end());
    const std::vector<std::uint8_t> where = piles_of(sorted);
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      const std::string card = "card " + std::to_string(sorted[i]);
      if (sorted[i] >= n_)
        throw RangeError(card + " is not in this deck (ids 0–" + std::to_string(n_ - 1) + ")");
      if (i > 0 && sorted[i] == sorted[i - 1]) throw RangeError(card + " is named twice in one returnCards call");
      if (where[i] != 2)
        throw RangeError(card + " cannot be returned: it is not dealt (it is " +
                         (where[i] == 1 ? "already returned)" : "still in the deck)"));
    }
    if (strategy_ == Strategy::bitmap) {
      for (std::uint32_t c : sorted) ret_[c / 64] |= 1ULL << (c % 64);
    } else {
      for (std::uint32_t p = u_ + r_, found = 0; p < n_ && found < sorted.size(); ++p) {
        if (std::binary_search(sorted.begin(), sorted.end(), cards_[p])) {
          std::swap(cards_[p], cards_[u_ + r_ + found]);
          ++found;
        }
      }
    }
    r_ += static_cast<std::uint32_t>(sorted.size());
  }

  /// For each id of the sorted list `ids`: 0 undealt (or unknown), 1 returned, 2 dealt.
  std::vector<std::uint8_t> piles_of(const std::vector<std::uint32_t>& ids) const {
    settle();
    std::vector<std::uint8_t> where(ids.size(), 0);
    if (strategy_ == Strategy::bitmap) {
      for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] < n_) where[i] = bit(ret_, ids[i]) ? 1 : bit(out_, ids[i]) ? 2 : 0;
      return where;
    }
    for (std::uint32_t p = u_; p < n_; ++p) {
      const auto it = std::lower_bound(ids.begin(), ids.end(), cards_[p]);
      if (it != ids.end() && *it == cards_[p]) where[static_cast<std::size_t>(it - ids.begin())] = p < u_ + r_ ? 1 : 2;
    }
    return where;
  }

  /// Card ids of a pile: 0 undealt (eager: in the order they will be dealt), 1 returned, 2 dealt.
  std::vector<std::uint32_t> pile(int which) const {
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
    return std::vector<std::uint32_t>(cards_.begin() + u_ + r_, cards_.end());
  }

  /// Replaces the piles wholesale (used by state restore, which validates that the three piles
  /// hold every card once). Each pile is in the order pile() gives it.
  void set_piles(const std::vector<std::uint32_t>& undealt, const std::vector<std::uint32_t>& returned,
                 const std::vector<std::uint32_t>& dealt) {
    settle();
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
  }

  /// Shuffles the undealt pile (eager decks; others draw at each deal anyway).
  void shuffle_undealt() {
    settle();
    rng_.prepare(strategy_ == Strategy::eager ? u_ : 0);
    if (strategy_ == Strategy::eager) shuffle_front(u_);
  }

private:
  /// Undoes a pending look-ahead (take(0)); nothing observable changes, so const questions call
  /// it too, like filling a cache. (Well defined: a deck with a pending look-ahead is not a const
  /// object, since only the non-const look_ahead() makes one.)
  void settle() const noexcept {
    if (ahead_.count) const_cast<Deck*>(this)->settle_ahead(0);
  }

  /// take(t) of a pending look-ahead. Out of line: every public method may call it (settle), and
  /// inlined it would be copied into each of them (the WASM module grew by 4 KB gzip).
  [[gnu::noinline]] void settle_ahead(std::uint32_t t) noexcept {
    const std::uint32_t k = ahead_.count;
    ahead_.count = 0;
    if (t >= k) return forget();
    if (strategy_ == Strategy::bitmap) LookAhead::undo_bitmap(std::span(out_), ahead_.steps.data(), k);
    else LookAhead::undo_lazy(std::span(cards_), u_, r_, ahead_.steps.data(), k);
    u_ += k;
    rng_ = std::move(*ahead_.rng);
    const bool rekeys = rng_.rekeying() != nullptr;
    for (std::uint32_t i = 0; i < t; ++i) {
      if (rekeys) rng_.rekey_if_due();
      next_card();
    }
  }

  /// Drops a kept look-ahead's engine copy. If the look-ahead re-keyed, the copy still holds the
  /// key the re-key erased; it is overwritten, so that a key learnt later cannot recompute output
  /// from before the re-key (SECURITY.md).
  [[gnu::noinline]] void forget() noexcept {
    const ChaCha20* now = rng_.rekeying();
    if (now && now->rekeys() != ahead_.rng->rekeying()->rekeys())
      ahead_.rng->visit([](auto& e, Dice&) {
        if constexpr (std::is_same_v<std::decay_t<decltype(e)>, ChaCha20>) e = ChaCha20(Bytes32{});
      });
  }

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
};

}  // namespace fairdeck
