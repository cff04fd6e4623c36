// fairdeck/deck.hpp — the deck: where every card is (undealt, the return pile, or one pile of dealt
// cards), a dealing strategy, and a shoe's cut card.
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
// Piles (issue 31): every dealt card lies in exactly one pile. The default pile, "dealt", is where
// deal_one(), deal() and the dealing window put cards, and it costs nothing: it is every dealt
// card that no other pile holds. Other piles (a name of 1–32 printable ASCII bytes; hands are
// "hand:0", "hand:1", …; at most kMaxPiles hold cards at once) hold their cards in the order they
// arrived. The deck keeps them lean, as a game deals the same piles hand after hand: kMaxPiles
// slots (a name, a card count, when it got its first card), made on first use, whose names stay
// while they are free, found by a hint per name; and one list of (card, slot) for all of them in
// the order the cards arrived, which shuffle() empties and keeps the room of. Dealing onto a pile
// is two stores; reading one scans the list; nothing is allocated once a game's hand has been
// dealt once. A deck that never uses piles, a 2^26-card bitmap deck included, holds nothing per
// card for them. deal_to, burn, deal_hands and deal_pattern deal exactly the cards deal() would
// and then hand them to their piles (each can write the ids into a caller's buffer); move_cards
// moves dealt cards between piles; return_cards takes cards from whatever pile holds them. Each
// checks everything first and either throws, changing nothing, or does all of it.
// The default pile's order: an eager or lazy deck's dealt part of the array holds its cards newest
// first (each deal puts its card at index u + r), so pile_cards("dealt") is the order they arrived
// for free — except after return_cards() took some of them out: it moves cards in the array as
// 0.1 did (the array's order decides later shuffles of seeded decks, which must not change), and
// each returned card's place goes to one of the pile's most recent cards. A bitmap deck lists the
// default pile by id. A named pile's card may lie anywhere in the dealt part of the array, which
// is not observable; shuffle() and return_cards(), which read the array's order, first lay it out
// as a state records it (canonicalize()), so a restored deck goes on exactly like the original.
// The cut card (a penetration p at construction): cut_card_out() once cut = ⌈p · size⌉ cards have
// been drawn since the last shuffle(); drawn() counts from remaining() and the cards returned since
// the shuffle, so no deal counts anything (and a deck without a cut card counts nothing at all).
// Look-ahead (lazy, bitmap): look_ahead(k) deals up to k cards in advance, exactly as deal_one()
// would, so that a caller (the WASM binding's dealing window) can hand them out by reading memory
// instead of calling in once per card; take(t) then says how many it handed out. If t is less than
// k, the deck undoes all k deals (lookahead.hpp), restores the engine and dice it copied before
// them and deals t again: every pile, the engine and the dice end exactly as after t deal_one()
// calls, so seeded decks deal, save and restore the same as if nothing had been looked at. Until
// take(), the early deals count as remaining; every other public method, const ones included,
// settles it first (take(0)), so the look-ahead is invisible except to the window. Cards it hands
// out land in the default pile.
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

/// The default pile: deal_one(), deal() and the dealing window put their cards there.
inline constexpr std::string_view kDefaultPile = "dealt";
/// Most piles besides the default one that can hold cards at once.
inline constexpr std::uint32_t kMaxPiles = 64;
/// Most seats deal_hands() deals to.
inline constexpr std::uint32_t kMaxSeats = 64;
/// Most cards of hands that deal_hands() deals through a plan it keeps (more: seat by seat).
inline constexpr std::uint64_t kHandsPlanCards = 4096;
/// Longest pile name, in bytes.
inline constexpr std::size_t kMaxPileName = 32;

#ifndef FAIRDECK_PILES
#define FAIRDECK_PILES 1
#endif
/// Whether this build deals to named piles. The package builds its deck module twice: "fairdeck"
/// without them (FAIRDECK_PILES=0: every path that meets them is compiled out, so an app that only
/// deals cards does not ship them) and "games" with them (docs/size.md). Natively always with.
inline constexpr bool kPiles = FAIRDECK_PILES != 0;
#ifndef FAIRDECK_SIM
#define FAIRDECK_SIM 1
#endif
/// Whether this build takes cards out of play (dead cards, issue 40): only sim.wasm, the build of
/// 'fairdeck/sim', and native builds; fairdeck.wasm and games.wasm compile every path that meets
/// them out (FAIRDECK_SIM=0, docs/size.md), and refuse with kNoSimInBuild.
inline constexpr bool kSim = FAIRDECK_SIM != 0;
inline constexpr const char* kNoSimInBuild = "dead cards live in fairdeck's sim module, and this build has none (FAIRDECK_SIM=0)";

/// The pile burn() deals onto.
inline constexpr std::string_view kBurnPile = "burn";
/// What a hand's pile name starts with: seat `seat`'s hand is kHandPrefix + seat.
inline constexpr std::string_view kHandPrefix = "hand:";
/// The pile that holds seat `seat`'s hand: "hand:0", "hand:1", …
inline std::string hand_pile(std::uint32_t seat) { return cat(kHandPrefix, seat); }

namespace detail {
/// `s` for an error message: at most 40 bytes, bytes outside printable ASCII as \xHH.
inline std::string shown(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < 40; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c <= 0x7e) out.push_back(static_cast<char>(c));
    else out.append("\\x").append(1, "0123456789abcdef"[c >> 4]).append(1, "0123456789abcdef"[c & 15]);
  }
  if (s.size() > 40) out.append(cat("… (", s.size(), " bytes)"));
  return out;
}

/// A number for an error message, as JavaScript would show most (15 significant digits at most,
/// no trailing zeros; "NaN", "Infinity"). Integers, not printf: the WASM module has no float
/// formatting (docs/size.md); written into a char array, not built up by std::string edits, which
/// took 0.9 KB of the plain deck module's code for this one message.
inline std::string number_text(double x) {
  if (x != x) return "NaN";
  char text[48];  // sign, 16 digits, '.', 15 digits, "e-" and 3 digits at most
  char* out = text;
  if (x < 0) *out++ = '-', x = -x;
  if (x > 9.0e15) return std::string(text, out) + (x == x * 2 ? "Infinity" : "a number above 9e15");
  int exponent = 0;
  if (x != 0 && x < 1e-6)
    while (x < 1) x *= 10, --exponent;  // tiny: d.ddd…e-N
  int digits = 1;
  for (auto w = static_cast<std::uint64_t>(x); w >= 10; w /= 10) ++digits;
  const int places = digits >= 15 ? 0 : 15 - digits;
  double scale = 1;
  for (int i = 0; i < places; ++i) scale *= 10;
  auto scaled = static_cast<std::uint64_t>(std::llround(x * scale));
  char d[24];  // scaled's digits, last first: at least places + 1 of them
  int n = 0;
  do d[n++] = static_cast<char>('0' + scaled % 10), scaled /= 10;
  while (scaled != 0 || n <= places);
  for (int i = n - 1; i >= places; --i) *out++ = d[i];
  int last = 0;  // the fraction without its trailing zeros: d[places − 1] … d[last]
  while (last < places && d[last] == '0') ++last;
  if (last < places) {
    *out++ = '.';
    for (int i = places - 1; i >= last; --i) *out++ = d[i];
  }
  if (exponent) {
    *out++ = 'e', *out++ = '-';
    if (exponent <= -100) *out++ = static_cast<char>('0' - exponent / 100);
    if (exponent <= -10) *out++ = static_cast<char>('0' - exponent / 10 % 10);
    *out++ = static_cast<char>('0' - exponent % 10);
  }
  return std::string(text, out);
}

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

/// Throws TypeError naming `param` and the value unless `name` is a pile name: 1 to 32 bytes of
/// printable ASCII without spaces (0x21–0x7e).
inline bool is_pile_name(std::string_view name) noexcept {
  bool ok = !name.empty() && name.size() <= kMaxPileName;
  for (const char c : name) ok = ok && c >= 0x21 && c <= 0x7e;
  return ok;
}
inline void check_pile_name(std::string_view name, std::string_view param = "pile") {
  if (!is_pile_name(name)) throw TypeError(cat(param, " must be 1 to 32 printable ASCII characters (no spaces), got '", detail::shown(name), "'"));
}

/// The cut card's place in a deck of `size` cards for penetration p: cut = ⌈p · size⌉ cards are
/// dealt before it comes out. A product within 2^−40 (relative) above a whole number is taken as
/// that number, so a decimal p gives what it says (0.07 of 100 cards is 7, where the double
/// product 7.000000000000001 would give 8). Throws RangeError naming `penetration` unless
/// 0 < p ≤ 1.
inline std::uint32_t cut_for(double p, std::uint32_t size) {
  if (!(p > 0 && p <= 1))
    throw RangeError(cat("penetration must be a number greater than 0 and at most 1, got ", detail::number_text(p)));
  const double x = p * size;
  const double cut = std::ceil(x - x * 0x1p-40);
  return cut < 1 ? 1u : static_cast<std::uint32_t>(cut);
}

/// One packet of Deck::deal_pattern(): `count` cards onto pile `pile`.
struct Packet {
  std::string pile;
  std::uint32_t count = 0;
};

/// Optimise a function for size (clang: the WASM build; GCC has no such attribute).
#if defined(__clang__)
#define FAIRDECK_MINSIZE [[clang::minsize]]
#else
#define FAIRDECK_MINSIZE
#endif

/// A pile name checked once (Deck::pile_ref) with its key, for a caller that deals to the same
/// piles again and again (the binding numbers each name once): a deal given one neither checks
/// nor hashes the name again. It views the name, which must outlive its use.
struct PileRef {
  std::string_view name;
  std::uint64_t key = 0;
};
/// A packet of Deck::deal_pattern() whose pile is a PileRef.
struct RefPacket {
  PileRef pile;
  std::uint32_t count = 0;
};

/// A pile's name held in place (no allocation): its bytes and key, as PileRef has them. The
/// deck's slots, a DealPlan's piles and the binding's table of pile numbers are each one.
struct PileLabel {
  std::uint64_t key = 0;
  std::uint8_t len = 0;
  char name[kMaxPileName] = {};
  std::string_view view() const noexcept { return {name, len}; }
  PileRef ref() const noexcept { return {view(), key}; }
  /// Takes the name of `pile` (a checked one: at most kMaxPileName bytes).
  void set(PileRef pile) noexcept {
    len = static_cast<std::uint8_t>(std::min(pile.name.size(), kMaxPileName));
    std::memcpy(name, pile.name.data(), len);
    key = pile.key;
  }
  /// Whether it names `pile`: equal keys, and since a name holds no zero byte, names of the same
  /// length of at most 8 bytes are equal if their keys are (Deck's name_key); longer ones compare.
  bool is(PileRef pile) const noexcept { return key == pile.key && len == pile.name.size() && (len <= 8 || view() == pile.name); }
};

/// A dealing pattern read once (assign()), for a game that deals the same pattern hand after
/// hand: its distinct piles with their names (copied: a plan holds no views) and keys, the pile
/// and count of each packet, and the cards it deals. Deck::deal_pattern(plan) then only finds
/// each pile's slot and files the cards. assign() reuses the plan's memory.
class DealPlan {
public:
  DealPlan() = default;
  explicit DealPlan(std::span<const RefPacket> packets) { assign(packets); }
  /// Reads `packets` (their piles checked before: pile_ref) into this plan.
  void assign(std::span<const RefPacket> packets);
  /// Cards the pattern deals: its packets' counts added up.
  std::uint64_t total() const noexcept { return total_; }

private:
  friend class Deck;
  struct Pile : PileLabel {
    std::uint64_t count = 0;  ///< cards the pattern deals onto it
    bool is_default = false;  ///< the default pile (kDefaultPile)
  };
  std::vector<Pile> piles_;         // in the order the packets first name them
  std::vector<std::uint32_t> pile_of_, count_;  // per packet
  std::vector<std::uint32_t> opens_;  // the piles dealt to, in the order they get their first card
  std::vector<std::uint8_t> card_pile_;  // per card dealt: its pile (an index of piles_), while there are at most 256
  std::uint64_t total_ = 0;
  /// The slots the last deck that dealt this plan found for its piles (Deck::deal_pattern): valid
  /// for that deck (its serial) while it has named no slot since (its naming count).
  struct SlotCache {
    std::uint64_t deck = 0, names = 0;  // deck 0: none (serials start at 1)
    std::vector<std::uint8_t> slot;     // per pile of piles_
  };
  mutable SlotCache cache_;
};

/// Piles as a state holds them: each name with its cards in the order they arrived.
using NamedPileList = std::vector<std::pair<std::string, std::vector<std::uint32_t>>>;

/// A pile besides the default one, as a Deck holds it.
struct NamedPile {
  std::string name;
  std::vector<std::uint32_t> cards;  ///< in the order they arrived, the first arrived first
};

/// A deck of cards. Not copyable by accident: state moves only through save/restore.
/// Ends the message of a deal that asks for more cards than remain: what to do about it (a macro,
/// so each message stays one literal and needs no new instantiation of cat()).
#define FAIRDECK_SHUFFLE_HINT "; shuffle() gathers every card for a new deal"

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
    } else if (strategy_ == Strategy::eager && !any_dead()) {
      shuffle_front(n_);
    }
    if (any_dead()) set_aside_dead();  // issue 40: dead cards stay out of play
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
  [[gnu::noinline]] void look_ahead(std::uint32_t k) {
    settle();
    if (strategy_ == Strategy::eager) return;
    k = std::min({k, LookAhead::kCapacity, u_});
    if (k == 0) return;
    rng_.reserve_for(k);  // prepare(k) but for its re-key now: rekey_if_due() before each deal does it
    ahead_.room->rng.emplace(rng_);
    std::uint32_t* steps = ahead_.room->steps.data();
    // rekey_if_due() before each deal, where deal_one() would prepare(): only where a re-key can
    // fall inside the k deals (Rng::prepare's bound on the words they take); elsewhere it would
    // do nothing, and it was a third of a look-ahead's cost per card with chacha20.
    const ChaCha20* rekeying = rng_.rekeying();
    const bool rekeys = rekeying != nullptr &&
                        (rekeying->missed() || rekeying->position() + 2 * std::uint64_t{k} + 64 >= rekeying->rekey_interval());
    for (std::uint32_t i = 0; i < k; ++i) {  // next_card(): the same step as every other deal
      if (rekeys) rng_.rekey_if_due();
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

  /// Moves dealt cards, from whatever pile holds them, to the return pile. All or nothing: throws
  /// RangeError (changing nothing) if any id is out of range, not currently dealt, or named twice.
  /// The return pile gets them in the card array's order (0.1's): eager and lazy decks the default
  /// pile's cards newest first, then (return_from_piles) the other piles' cards by id; bitmap
  /// decks have no order.
  void return_cards(std::span<const std::uint32_t> ids) {
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
  static std::size_t rank_of(std::span<const std::uint32_t> sorted, std::uint32_t c) noexcept {
    if (sorted.size() > 16) return static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), c) - sorted.begin());
    std::size_t r = 0;
    for (const std::uint32_t x : sorted) r += x < c;
    return r;
  }
  /// Whether sorted `sorted` holds `c` (rank_of).
  static bool holds(std::span<const std::uint32_t> sorted, std::uint32_t c) noexcept {
    const std::size_t r = rank_of(sorted, c);
    return r < sorted.size() && sorted[r] == c;
  }

  /// For each id of the sorted list `ids`: 0 undealt (or unknown), 1 returned, 2 dealt (in any
  /// pile).
  std::vector<std::uint8_t> piles_of(const std::vector<std::uint32_t>& ids) const {
    std::vector<std::uint8_t> where(ids.size());
    piles_of(ids, where.data());
    return where;
  }
  /// The same into `where` (ids.size() of them), allocating nothing.
  void piles_of(std::span<const std::uint32_t> ids, std::uint8_t* where) const {
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

  /// Card ids of a pile: 0 undealt (eager: in the order they will be dealt), 1 returned, 2 dealt
  /// (every pile: bitmap decks by id; eager and lazy decks the card array's order, which is the
  /// default pile newest first, then while other piles hold cards their cards by id).
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
    if (any_named()) {  // as canonicalize() lays them out: the default pile, then the rest by id
      v = default_pile_as_saved();
      const std::vector<std::uint32_t> named = named_cards_sorted();
      v.insert(v.end(), named.begin(), named.end());
      return v;
    }
    return std::vector<std::uint32_t>(cards_.begin() + u_ + r_, cards_.end());
  }

  /// Replaces the piles wholesale (used by state restore, which validates that the piles hold
  /// every card once, that at most kMaxPiles named piles are given, none empty, none the default
  /// pile, and their names). undealt, returned and dealt (the default pile) are in the order
  /// pile(0), pile(1) and default_pile_as_saved() give them; `named` in first-use order, each
  /// pile's cards in the order they arrived.
  void set_piles(const std::vector<std::uint32_t>& undealt, const std::vector<std::uint32_t>& returned,
                 const std::vector<std::uint32_t>& dealt, const NamedPileList& named = {}) {
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

  // ---- Named piles (the file comment). Each operation checks everything first and then either
  // ---- throws, changing nothing, or does all of it.

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
  std::vector<std::uint32_t> default_pile_as_saved() const {
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
  /// Cards dealt before the cut card comes out (cut_for()); 0 for a deck without one.
  // ---- Dead cards (issue 40): cards taken out of play --------------------------------------
  // remove_cards() takes undealt or returned cards out of play: they join the default pile (the
  // most recently dealt cards, in the order given), and shuffle() leaves them out — it gathers
  // every other card, moves the dead ones to the end of the card array (bitmap decks: marks them
  // out) and shuffles the rest, so the live cards are dealt in uniformly random order. They come
  // back through return_cards(), like any dealt card (to the return pile; the next shuffle()
  // gathers them). Refused for provable decks (their rounds deal the composition the
  // specification commits to) and with a cut card (drawn() would count them). A deck without
  // dead cards does exactly what it did before.

  /// The dead cards, by id.
  const std::vector<std::uint32_t>& dead() const noexcept { return dead_; }
  /// Whether any card is out of play (never in a build without them: kSim).
  bool any_dead() const noexcept { return kSim && !dead_.empty(); }
  bool is_dead(std::uint32_t c) const noexcept { return any_dead() && holds(dead_, c); }

  /// Takes `ids` (each undealt or returned) out of play: all or nothing, RangeError naming the
  /// first card that is not in the deck, named twice or unknown, changing nothing. Drops pending dice.
  FAIRDECK_MINSIZE void remove_cards(std::span<const std::uint32_t> ids) {
    if (!kSim) throw TypeError(kNoSimInBuild);  // the rest compiled out
    settle();
    if (provable_)
      throw TypeError("a provable deck cannot take cards out of play: each round deals the whole composition its commitment covers");
    if (cut_) throw TypeError("cards cannot be taken out of play in a deck with a cut card (penetration)");
    std::vector<std::uint32_t> sorted(ids.begin(), ids.end());
    std::sort(sorted.begin(), sorted.end());
    const std::vector<std::uint8_t> where = piles_of(sorted);
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      const char* why = sorted[i] >= n_ ? " is not in this deck"
                        : i > 0 && sorted[i] == sorted[i - 1] ? " is named twice in one remove call"
                        : where[i] != 2 ? nullptr
                        : is_dead(sorted[i]) ? " cannot be removed: it is not in the deck (it is already out of play)"
                                             : " cannot be removed: it is not in the deck (it is dealt)";
      if (why) throw RangeError(cat("card ", sorted[i], why));
    }
    if (sorted.empty()) return;
    std::vector<std::uint32_t> merged(dead_.size() + sorted.size());  // allocated before any change
    std::copy(sorted.begin(), sorted.end(), std::copy(dead_.begin(), dead_.end(), merged.begin()));
    std::sort(merged.begin(), merged.end());
    if (strategy_ == Strategy::bitmap) {
      for (std::uint32_t c : sorted) {
        if (bit(ret_, c)) ret_[c / 64] &= ~(1ULL << (c % 64)), --r_;
        else out_[c / 64] |= 1ULL << (c % 64), --u_;
      }
    } else {  // [undealt | returned] keep their order; the removed cards go to the end, the oldest dealt,
      std::uint32_t w = 0, u = 0;  // where shuffle() finds the dead cards already set aside
      for (std::uint32_t p = 0; p < u_ + r_; ++p) {
        if (p == u_) u = w;
        if (!holds(sorted, cards_[p])) cards_[w++] = cards_[p];
      }
      if (u_ == u_ + r_) u = w;
      const auto k = static_cast<std::uint32_t>(ids.size());
      std::copy(cards_.begin() + u_ + r_, cards_.end(), cards_.begin() + w);  // the dealt cards move down
      std::copy(ids.begin(), ids.end(), cards_.end() - k);
      r_ = w - u, u_ = u;
    }
    rng_.dice().clear();
    dead_ = std::move(merged);
  }
  /// Sets the dead cards (state restore, which checked that each is in the default pile once).
  void set_dead(std::vector<std::uint32_t> sorted) noexcept { dead_ = std::move(sorted); }

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
  /// Bytes of `p` as a little-endian number (the first byte lowest).
  static std::uint64_t load8(const char* p) noexcept {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  static std::uint64_t load4(const char* p) noexcept {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  static constexpr bool kLittle = std::endian::native == std::endian::little;
  /// A pile name's key: its bytes, the first lowest, if it has at most 8, else its last 8 (names
  /// of piles dealt together, "hand:0" … "hand:9", differ there): unequal keys, unequal names,
  /// without a memcmp; and since a name holds no zero byte, names of the same length, at most 8
  /// bytes, are equal if their keys are (PileLabel::is). Never 0 for a pile name.
  static std::uint64_t name_key(std::string_view name) noexcept {
    const char* p = name.data();
    const std::size_t n = name.size();
    if (kLittle && n >= 8) return load8(p + n - 8);
    if (kLittle && n >= 4) return load4(p) | load4(p + n - 4) << (8 * (n - 4));  // overlapping bytes agree
    std::uint64_t k = 0;
    for (std::size_t i = n > 8 ? n - 8 : 0, shift = 0; i < n; ++i, shift += 8) k |= std::uint64_t{static_cast<unsigned char>(p[i])} << shift;
    return k;
  }
  /// Whether each byte of x is printable ASCII without space (0x21–0x7e), 8 at a time.
  static bool printable(std::uint64_t x) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101ULL, high = 0x80 * ones;
    const std::uint64_t low = x & ~high;                                     // each byte's low 7 bits
    return !(x & high) && ((low + 0x5f * ones) & high) == high && !((low + ones) & high);  // ≥ 0x21, < 0x7f
  }
  /// name_key(name) if `name` is a pile name (is_pile_name), else 0; 8 bytes at a time.
  static std::uint64_t checked_key(std::string_view name) noexcept {
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

  /// At least `need` (≤ kMaxPiles) slots, grown as piles are first named: a deck that never uses
  /// piles holds nothing for them, a 6-seat table 8 slots rather than kMaxPiles (a slot is 64
  /// bytes: all 64 were 4 KiB per deck). Slots are taken lowest first (countr_one), so the slots
  /// in use are always below slots_.size(); they never shrink.
  void use_piles(std::size_t need) {
    if (slots_.size() < need) slots_.resize(std::min<std::size_t>(std::max<std::size_t>({need, 2 * slots_.size(), 4}), kMaxPiles));
  }
  /// Room for `more` cards in the named piles (amortised: no allocation in steady state), so
  /// that place() cannot throw.
  void reserve_named(std::size_t more) {
    const std::size_t want = named_n_ + more;
    if (want <= ncard_.size()) return;
    const std::size_t cap = std::max({want, 2 * ncard_.size(), std::size_t{32}});
    ncard_.resize(cap);
    nslot_.resize(cap);
  }
  /// Names free slot `s` (no allocation).
  void name_slot(std::uint8_t s, std::string_view name) noexcept {
    ++names_;
    Slot& slot = slots_[s];
    slot.set({name, name_key(name)});
    hint_[bucket(slot.key)] = static_cast<std::uint8_t>(s + 1);
  }
  /// Puts dealt `card` onto the pile in slot `s` (reserve_named() first): it arrives last; a
  /// slot that held no cards starts holding them now, after every other (pile_names()).
  void place(std::uint32_t card, std::uint8_t s) noexcept {
    open_slot(s, 1);
    ncard_[named_n_] = card;
    nslot_[named_n_++] = s;
  }
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
  std::uint8_t target_slot(std::string_view name, std::uint64_t key, Pending& pending) {
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
  [[gnu::always_inline]] std::uint8_t known_slot(PileRef pile, Pending& pending) {
    const int h = hint_[bucket(pile.key)] - 1;
    if (h < 0 || !slots_[static_cast<std::size_t>(h)].is(pile) || ((pending.slots >> h) & 1)) return target_slot(pile.name, pile.key, pending);
    pending.slots |= (~active_ >> h & 1) << h;  // free: one of the deal's new piles
    return static_cast<std::uint8_t>(h);
  }
  /// Before a deal puts `count` cards into slot `s`, one after another (then each card is two
  /// stores, into ncard_ and nslot_): slot s holds them.
  void open_slot(std::uint8_t s, std::uint32_t count) noexcept {
    Slot& slot = slots_[s];
    const std::uint64_t b = std::uint64_t{1} << s;
    if (!(active_ & b)) slot.first = stamp_++, active_ |= b;
    slot.count += count;
  }
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
  /// The slots that hold cards, in the order they got their first card, into `order`; how many.
  std::uint32_t ordered_slots(std::uint8_t* order) const noexcept {
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
  std::vector<std::uint32_t> cards_in(std::uint8_t s) const {
    std::vector<std::uint32_t> v;
    v.reserve(slots_[s].count);
    for (std::size_t i = 0; i < named_n_; ++i)
      if (nslot_[i] == s) v.push_back(ncard_[i]);
    return v;
  }
  /// Takes the cards of `sorted` out of the named piles (their other cards keep their order;
  /// none of them lies before entry `from` of the list); a pile left with no cards holds none any
  /// more, except slot `keep` (move_cards onto it).
  void remove_named(std::span<const std::uint32_t> sorted, int keep, std::size_t from = 0) noexcept {
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

  /// Marks the named piles' cards for is_named() until unmark_named() (which must come before
  /// they change): in a bitmap of the whole deck (named_marks_, O(size / 64 + cards)) when that
  /// is small against them — a game's deck is small, its piles many — else in scratch_, sorted
  /// (O(cards · log cards)).
  void mark_named() const {
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
  std::uint64_t named_word() const noexcept {
    std::uint64_t m = 0;
    for (std::uint32_t i = 0; i < named_n_; ++i) m |= std::uint64_t{1} << (ncard_[i] & 63);
    return m;
  }
  bool is_named(std::uint32_t c) const noexcept {
    return by_marks_ ? bit(named_marks_, c) : std::binary_search(scratch_.begin(), scratch_.end(), c);
  }
  /// Writes the marked cards by id to `out`; returns the end.
  std::uint32_t* named_by_id(std::uint32_t* out) const noexcept {
    if (!by_marks_) return std::copy(scratch_.begin(), scratch_.end(), out);
    for (std::size_t w = 0; w < named_marks_.size(); ++w)
      for (std::uint64_t bits = named_marks_[w]; bits; bits &= bits - 1)
        *out++ = static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
    return out;
  }
  void unmark_named() const noexcept {
    if (by_marks_)
      for (std::uint32_t i = 0; i < named_n_; ++i) named_marks_[ncard_[i] >> 6] = 0;
  }

  /// Every card of the named piles, by id.
  std::vector<std::uint32_t> named_cards_sorted() const {
    std::vector<std::uint32_t> v(named_count());
    mark_named();
    named_by_id(v.data());
    unmark_named();
    return v;
  }

  static std::string too_many_piles(std::string_view name) {
    return cat("at most ", kMaxPiles, " piles besides 'dealt' can hold cards at once: pile '", name, "' would be one more");
  }

  /// Empties every named pile (shuffle(): their cards are back in the deck; set_piles()).
  void drop_named() noexcept {
    for (std::uint64_t m = active_; m; m &= m - 1) slots_[static_cast<std::size_t>(std::countr_zero(m))].count = 0;
    active_ = 0;
    stamp_ = 0;
    named_n_ = 0;
  }

  /// Eager and lazy decks with cards in named piles: lays the dealt part of the card array,
  /// [u + r, n), out as the default pile's cards in their order there, then the named piles'
  /// cards by id. Where a named pile's card lies in the array is not observable (pile(2) and
  /// save_state list the piles, not the array), so this changes nothing observable; and after it
  /// the array is a function of what a state records, so the operations that read the array's
  /// order — shuffle() and return_cards() — call it first, and a restored deck (set_piles, which
  /// lays the array out this way) goes on exactly like the original.
  [[gnu::noinline]] void canonicalize() {
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
  [[gnu::noinline]] void return_from_piles(const std::vector<std::uint32_t>& sorted) {
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
  static std::uint32_t gather_front(std::uint32_t* first, std::uint32_t* last, const std::vector<std::uint32_t>& sorted) noexcept {
    std::uint32_t found = 0;
    for (std::uint32_t* p = first; p < last && found < sorted.size(); ++p) {
      if (std::binary_search(sorted.begin(), sorted.end(), *p)) {
        std::swap(*p, first[found]);
        ++found;
      }
    }
    return found;
  }

  /// shuffle() of a deck with dead cards (after gathering): the dead ones at the end of the array
  /// (the oldest dealt; where remove_cards put them, else moved there with the live cards keeping
  /// their order), and the live ones shuffled (eager) or left for the lazy deals; bitmap decks
  /// mark the dead ones out.
  FAIRDECK_MINSIZE [[gnu::noinline]] void set_aside_dead() {
    u_ = n_ - static_cast<std::uint32_t>(dead_.size());
    if (strategy_ == Strategy::bitmap) {  // shuffle() has cleared the bitmaps
      for (std::uint32_t c : dead_) out_[c / 64] |= 1ULL << (c % 64);
      return;
    }
    bool in_place = true;  // usually they are already at the end (remove_cards puts them there): no scan
    for (std::uint32_t p = u_; p < n_ && in_place; ++p) in_place = holds(dead_, cards_[p]);
    if (!in_place) {
      std::uint32_t w = 0;
      for (std::uint32_t p = 0; p < n_; ++p)
        if (!holds(dead_, cards_[p])) cards_[w++] = cards_[p];
      std::copy(dead_.begin(), dead_.end(), cards_.begin() + w);
    }
    if (strategy_ == Strategy::eager) shuffle_front(u_);
  }
  /// return_cards() of checked, sorted ids: those that are dead are back in play.
  FAIRDECK_MINSIZE [[gnu::noinline]] void revive(const std::vector<std::uint32_t>& sorted) noexcept {
    std::size_t w = 0;
    for (const std::uint32_t c : dead_)
      if (!holds(sorted, c)) dead_[w++] = c;
    dead_.erase(dead_.begin() + static_cast<std::ptrdiff_t>(w), dead_.end());
  }

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
    if (strategy_ == Strategy::bitmap) LookAhead::undo_bitmap(std::span(out_), ahead_.room->steps.data(), k);
    else LookAhead::undo_lazy(std::span(cards_), u_, r_, ahead_.room->steps.data(), k);
    u_ += k;
    rng_ = std::move(*ahead_.room->rng);
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
    if (now && now->rekeys() != ahead_.room->rng->rekeying()->rekeys())
      ahead_.room->rng->visit([](auto& e, Dice&) {
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
  std::vector<std::uint32_t> dead_;             // issue 40: cards out of play (remove_cards), by id
};

// For size: run once per pattern (Deck.pattern), or per ad-hoc call, and no loop of it is hot.
FAIRDECK_MINSIZE inline void DealPlan::assign(std::span<const RefPacket> packets) {
  cache_.deck = 0;
  piles_.clear(), opens_.clear(), card_pile_.clear(), pile_of_.resize(packets.size()), count_.resize(packets.size()), total_ = 0;
  std::uint16_t table[256] = {};  // by the key's hash (its top 8 bits): 1 + the pile, for the first 128 piles
  for (std::size_t i = 0; i < packets.size(); ++i) {
    const PileRef pile = packets[i].pile;
    std::size_t b = static_cast<std::size_t>((pile.key * 0x9e3779b97f4a7c15ULL) >> 56), at = 0;
    for (; table[b] && !piles_[table[b] - 1u].is(pile); b = (b + 1) & 255) {}
    if (table[b]) {
      at = table[b] - 1u;
    } else {
      at = piles_.size() > 128 ? 128 : piles_.size();  // past the first 128 piles: a plain search
      while (at < piles_.size() && !piles_[at].is(pile)) ++at;
      if (at == piles_.size()) {
        piles_.emplace_back().set(pile);
        piles_.back().is_default = pile.name == kDefaultPile;
        if (at < 128) table[b] = static_cast<std::uint16_t>(at + 1);
      }
    }
    if (piles_[at].count == 0 && packets[i].count != 0) opens_.push_back(static_cast<std::uint32_t>(at));
    piles_[at].count += packets[i].count;
    pile_of_[i] = static_cast<std::uint32_t>(at);
    count_[i] = packets[i].count;
    total_ += packets[i].count;
  }
  // Each card's pile, for a deal that files cards without walking the packets (a deal never
  // exceeds 2^32 cards; a plan for more piles than a byte numbers walks them instead).
  if (piles_.size() <= 256 && total_ <= 4096) {
    card_pile_.resize(total_);
    std::size_t j = 0;
    for (std::size_t i = 0; i < packets.size(); ++i)
      for (std::uint32_t c = 0; c < count_[i]; ++c) card_pile_[j++] = static_cast<std::uint8_t>(pile_of_[i]);
  }
}

}  // namespace fairdeck
