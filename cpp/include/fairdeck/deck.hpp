// fairdeck/deck.hpp — the deck: where every card is (undealt, the return pile, or one pile of dealt
// cards), a dealing strategy, and a shoe's cut card. Include this file for the deck.
//
// Why: this is the single truth about a deck; the TypeScript Deck only asks it questions.
// This file declares class Deck (its data, its API and its small members) and includes the
// rest; each header does one job:
//   strategy.hpp     the three strategies (eager, lazy, bitmap): names and what each does
//   piles.hpp        pile names and limits, PileRef, PileLabel, packets (no deck)
//   deal_plan.hpp    DealPlan: a dealing pattern read once, dealt hand after hand
//   cut_card.hpp     cut_for: where a shoe's cut card goes for a penetration
//   lookahead.hpp    LookAhead: what undoes the deals a deck made in advance (no deck)
// and, defining Deck's larger members, the parts this file includes after the class:
//   deck_deal.hpp    each strategy's deal: next_card, the lazy and bitmap steps, merging the
//                    return pile, a provable deck's next round
//   deck_window.hpp  the dealing window's look-ahead: look_ahead, undoing or keeping it
//   deck_layout.hpp  the card array as a state records it: pile(), set_piles, canonicalize,
//                    return_cards
//   pile_slots.hpp   how the deck holds named piles: name keys, slots, one arrival list
//   deck_piles.hpp   what it does with them: pile_cards, deal_to, deal_hands, deal_pattern,
//                    move_cards
//   deck_boards.hpp  boards in advance (sim builds): a simulation's shuffle() + deal(k), many
//                    rounds at once, kept or undone exactly as the look-ahead is
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
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "fairdeck/attributes.hpp"
#include "fairdeck/composition.hpp"
#include "fairdeck/cut_card.hpp"
#include "fairdeck/deal_plan.hpp"
#include "fairdeck/lookahead.hpp"
#include "fairdeck/piles.hpp"
#include "fairdeck/provable.hpp"
#include "fairdeck/rng.hpp"
#include "fairdeck/shuffle.hpp"
#include "fairdeck/sim_only.hpp"
#include "fairdeck/strategy.hpp"

namespace fairdeck {

/// Returned by deal_one() when the deck is empty.
inline constexpr std::uint32_t kNoCard = 0xffffffffu;

#ifndef FAIRDECK_SIM
#define FAIRDECK_SIM 1
#endif
/// Whether this build takes cards out of play (dead cards, issue 40): only sim.wasm, the build of
/// 'fairdeck/sim', and native builds; fairdeck.wasm and games.wasm compile every path that meets
/// them out (FAIRDECK_SIM=0, docs/size.md), and refuse with kNoSimInBuild (deck_dead.hpp).
inline constexpr bool kSim = FAIRDECK_SIM != 0;
inline constexpr const char* kNoSimInBuild = "dead cards live in fairdeck's sim module, and this build has none (FAIRDECK_SIM=0)";

#ifndef FAIRDECK_SPARE_ROOM
#define FAIRDECK_SPARE_ROOM 1
#endif
/// Whether a destroyed deck leaves its pile slots to the next deck (Deck::keep_room, issue 38):
/// every build with piles but sim.wasm, whose app's size budget has no room for it
/// (FAIRDECK_SPARE_ROOM=0, CMakeLists.txt; docs/size.md). Nothing a deck deals changes with it.
inline constexpr bool kSpareRoom = FAIRDECK_SPARE_ROOM != 0;

/// Ends the message of a deal that asks for more cards than remain: what to do about it (a macro,
/// so each message stays one literal and needs no new instantiation of cat()).
#define FAIRDECK_SHUFFLE_HINT "; shuffle() gathers every card for a new deal"

/// A deck of cards. Not copyable by accident: state moves only through save/restore.
class Deck {
public:
  /// A new deck, already shuffled. Throws TypeError/RangeError for bad options.
  Deck(const Composition& comp, Strategy strategy, Rng&& rng) : comp_(comp), strategy_(strategy), rng_(std::move(rng)) {
    start();
  }
  /// The same, with a cut card if `penetration` holds a p (cut_for(), cut_card_out()). (A
  /// constructor of its own, so that code which never passes one does not carry cut_for.)
  Deck(const Composition& comp, Strategy strategy, Rng&& rng, std::optional<double> penetration)
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
  /// A deck that held named piles leaves their slots to the next deck (keep_room()).
  ~Deck() {
    if constexpr (kPiles && kSpareRoom)
      if (!slots_.empty()) keep_room();
  }

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
  std::uint32_t remaining() const noexcept { return u_ + r_ + ahead_.count + run_cards(); }  // run_cards(): deck_boards.hpp
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

  // ---- Boards in advance (sim builds): a simulation's rounds of shuffle() + deal(k), made at
  // once and then kept or undone exactly (deck_boards.hpp says how, and for which decks).
  std::uint32_t boards_ahead(std::uint32_t k, std::uint32_t boards) noexcept;  // rounds made (0: none)
  std::uint32_t boards_pending() const noexcept;    // rounds pending (0: none), run_size() cards each,
  std::uint32_t run_size() const noexcept;          // round b's at board_ids() + b·k, the first dealt last
  const std::uint32_t* board_ids() const noexcept;
  void settle_boards(std::uint32_t board, std::uint32_t taken) noexcept;  // `board` rounds, then `taken` cards, handed out

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
  /// The cards of pile `name` in the order they arrived, the first arrived first.
  std::vector<std::uint32_t> pile_cards(std::string_view name) const;

  std::uint32_t pile_size(std::string_view name) const;

  /// The piles that hold cards: the default pile first (if it holds any), then the others in
  /// the order they got their first card (a pile that empties and fills again goes last).
  std::vector<std::string> pile_names() const;

  /// Whether any pile besides the default one holds cards.
  bool has_named_piles() const noexcept { return any_named(); }
  /// The piles besides the default one that hold cards, in pile_names() order, each with its
  /// cards in the order they arrived (save_state).
  std::vector<NamedPile> named_piles() const;

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
  std::vector<std::uint32_t> deal_to(std::string_view pile, std::uint32_t n);
  /// The same, writing the ids to `out` (which holds at least n); returns n.
  std::uint32_t deal_to(std::string_view pile, std::uint32_t n, std::uint32_t* out) { return deal_to(pile_ref(pile), n, out); }
  /// The same onto a pile checked before (pile_ref).
  std::uint32_t deal_to(PileRef pile, std::uint32_t n, std::uint32_t* out);

  /// deal_to("burn", n).
  std::vector<std::uint32_t> burn(std::uint32_t n = 1) { return deal_to(kBurnPile, n); }

  /// For a caller that deals from the window onto piles itself (the games binding's pile log,
  /// cpp/bindings/decks.hpp): how many piles holding no cards can get their first without
  /// allocating (0 while the deck has no pile slots), and how many more cards the named piles
  /// can hold without allocating.
  std::uint32_t pile_room() const noexcept;
  std::uint32_t named_room() const noexcept;
  /// After take(): files the n ≥ 1 cards at top[0], top[−1], … (window cards, in the order they
  /// were dealt) onto pile `pile`, exactly as deal_to(pile, n) would have after dealing them.
  /// Needs n ≤ named_room() and, if the pile holds no cards, pile_room() ≥ 1: then it neither
  /// allocates nor throws.
  void file_dealt(PileRef pile, const std::uint32_t* top, std::uint32_t n) noexcept;

  /// Deals `per_seat` cards to each of `seats` hands (piles hand_pile(0) …) round by round, like a
  /// dealer: the first card to seat 0, the second to seat 1, …; returns the ids in dealing order,
  /// which are the cards deal(seats · per_seat) would give. Throws RangeError for seats outside
  /// 1…kMaxSeats, fewer than seats · per_seat cards remaining or too many piles, changing nothing.
  std::vector<std::uint32_t> deal_hands(std::uint32_t seats, std::uint32_t per_seat);
  /// The same, writing the ids to `out` (which holds at least seats · per_seat); returns how many.
  std::uint32_t deal_hands(std::uint32_t seats, std::uint32_t per_seat, std::uint32_t* out);

  /// Deals the packets in order, each `count` cards onto its pile (as deal() would deal them all;
  /// e.g. Skat: 3 to each of three hands, 2 to "skat", 4 each, 3 each); returns the ids in dealing
  /// order. All or nothing for the whole pattern: throws TypeError naming the packet for a bad
  /// pile name, RangeError if fewer cards remain than the packets add up to or too many piles
  /// would hold cards, changing nothing.
  std::vector<std::uint32_t> deal_pattern(std::span<const Packet> packets);
  /// The same, writing the ids to `out`; returns how many.
  std::uint32_t deal_pattern(std::span<const Packet> packets, std::uint32_t* out);
  /// The same with piles checked before (pile_ref): reads them into a plan and deals it.
  std::uint32_t deal_pattern(std::span<const RefPacket> packets, std::uint32_t* out) { return deal_pattern(DealPlan(packets), out); }
  /// The same for a pattern read once (DealPlan).
  std::uint32_t deal_pattern(const DealPlan& plan, std::uint32_t* out);  // noinline, where it is defined
  /// Keeps the slots found for a plan's piles in the plan, for its next deal.
  void keep_slots(const DealPlan& plan, const std::uint8_t* slot) const;
  /// A number no other deck made in this process has (from 1).
  static std::uint64_t next_serial() noexcept;
  struct HandsPlan;  // deal_hands()'s plan (deck_piles.hpp)
  static HandsPlan& hands_plan() noexcept;

  /// Moves dealt cards onto pile `to`, where they arrive in the order given (to the default pile
  /// too: they become its most recent cards). Each id must be dealt (in any pile, or in pile
  /// `from` if given) and named once. Throws TypeError for a bad pile name, RangeError naming
  /// the first bad card and where it is, or if `to` would be one pile more than kMaxPiles,
  /// changing nothing. Cards moved are not drawn again (drawn() does not change).
  void move_cards(std::span<const std::uint32_t> ids, std::string_view to,
                  std::optional<std::string_view> from = std::nullopt);
  /// The same onto a pile checked before (pile_ref; `from` too).
  void move_cards(std::span<const std::uint32_t> ids, PileRef to_pile, std::optional<std::string_view> from);
  // ---- Dead cards (issue 40): cards taken out of play (deck_dead.hpp) -----------------------

  /// The dead cards, by id.
  const std::vector<std::uint32_t>& dead() const noexcept { return dead_; }
  /// Whether any card is out of play (never in a build without them: kSim).
  bool any_dead() const noexcept { return kSim && !dead_.empty(); }
  bool is_dead(std::uint32_t c) const noexcept { return any_dead() && holds(dead_, c); }
  /// Takes `ids` (each undealt or returned) out of play: all or nothing, RangeError naming the
  /// first card that is not in the deck, named twice or unknown, changing nothing. Drops pending dice.
  void remove_cards(std::span<const std::uint32_t> ids);  // defined [[gnu::noinline]] minsize
  /// Sets the dead cards (state restore, which checked that each is in the default pile once).
  void set_dead(std::vector<std::uint32_t> sorted) noexcept { dead_ = std::move(sorted); }

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
  /// The slots of a destroyed deck, kept for the next deck to name a pile (pile_slots.hpp).
  struct SpareRoom;
  static SpareRoom& spare_room() noexcept;
  void keep_room() noexcept;  // defined [[gnu::noinline]] minsize
  void take_room() noexcept;  // defined [[gnu::noinline]] minsize

public:
  /// Frees what destroyed decks left for the next one (keep_room()), if anything: the leak tests
  /// measure the heap without it (the binding's dropRoom).
  static void drop_room() noexcept;  // defined [[gnu::noinline]] minsize

private:
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
    if constexpr (kSim) {  // one test for both: it is inlined into every public method
      if ((ahead_.count | run_k_) != 0) const_cast<Deck*>(this)->settle_pending();
    } else if (ahead_.count) {
      const_cast<Deck*>(this)->settle_ahead(0);
    }
  }
  void settle_pending() noexcept;  // noinline, where it is defined (deck_boards.hpp)
  std::uint32_t run_cards() const noexcept { return run_k_; }  // a pending run's last round: counted as remaining
  void make_rounds(std::uint32_t live, std::uint32_t k, std::uint32_t rounds, std::uint32_t last, std::uint32_t* ids) noexcept;

  void settle_ahead(std::uint32_t t) noexcept;  // noinline, where it is defined
  void forget() noexcept;  // noinline, where it is defined

  // ---- Each strategy's deal (strategy.hpp says what each does; deck_deal.hpp defines them).
  std::uint32_t next_card();
  template <class E>
  void lazy_deal(E& e, Dice& d) noexcept;
  template <class E>
  std::uint32_t bitmap_deal(E& e, Dice& d) noexcept;
  static void copy_reversed(const std::uint32_t* top, std::uint32_t k, std::uint32_t* out) noexcept;
  static bool bit(const std::vector<std::uint64_t>& v, std::uint32_t c) noexcept { return (v[c / 64] >> (c % 64)) & 1; }
  void pad_bitmap() noexcept {
    if (n_ % 64) out_.back() |= ~0ULL << (n_ % 64);
  }
  void merge_returned() noexcept;
  void shuffle_front(std::uint32_t count);
  /// Provable decks: the next round (nonce + 1) and its key; RangeError past 2^53 − 1, changing nothing.
  void next_round();

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
  struct BoardRun;                              // boards in advance (deck_boards.hpp)
  [[no_unique_address]] SimOnly<std::unique_ptr<BoardRun>> run_;  // the card array before it, its rounds' cards
  [[no_unique_address]] SimOnly<std::uint32_t> run_k_{};           // a pending run's cards a round; 0: none

  /// shuffle() of a deck with dead cards; return_cards() of dead ones (deck_dead.hpp).
  void set_aside_dead();     // defined [[gnu::noinline]] minsize
  void revive(const std::vector<std::uint32_t>& sorted) noexcept;  // defined [[gnu::noinline]] minsize
};

}  // namespace fairdeck

// The larger members, by subject (see the file comment).
#include "fairdeck/deck_deal.hpp"
#include "fairdeck/deck_window.hpp"
#include "fairdeck/deck_layout.hpp"
#include "fairdeck/pile_slots.hpp"
#include "fairdeck/deck_piles.hpp"
#include "fairdeck/deck_dead.hpp"
#include "fairdeck/deck_boards.hpp"
