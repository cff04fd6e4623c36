// fairdeck/deck_boards.hpp — boards in advance: a simulation's loop of shuffle() + deal(k)
// (issue 40), many rounds made in one call, then kept or undone exactly. Sim builds only (kSim).
// Part of deck.hpp, which includes it after class Deck: include fairdeck/deck.hpp, not this file.
//
// Why: a Monte Carlo loop deals a few cards per trial (`deck.shuffle().dealIds(5)`), and each of
// its two calls into WASM cost more than its five draws. So, right after a shuffle() that ends
// such a round (the binding decides when: cpp/bindings/fairdeck.cpp), the deck makes the next
// rounds at once: round 0 is deal(k), each later round shuffle() then deal(k), with the very
// shuffle() and deal() those calls would run, and each round's cards copied out (board_ids()).
// The binding hands them out through the dealing window, and a shuffle() after a whole round
// moves the window to the next round without a call. settle_boards(board, taken) then says how
// far the caller got: if every round was handed out whole, the deck already stands where the
// rounds left it; otherwise the copy made before them (the card array, the counts, the engine
// and its dice) is put back and exactly the rounds handed out are made again. Seeded decks
// therefore deal, save and restore as if each call had been made on its own, and no card is
// dealt twice. Until then the rounds count as not made: every other public method settles first
// with (0, 0), and remaining() counts the last round's cards (the deck stands after it).
// Which decks: lazy ones whose named piles are empty, with no cut card and not provable (their
// shuffle() and deal() touch only the card array, the counts and the engine). Secure decks: only
// where no re-key can fall inside the rounds: the engine's position plus their bound on words
// (Rng::prepare's for all their draws at once, 2 a draw) stays short of the interval by what a
// deal(k) call would keep clear (its own bound, 2k + 64, and the 64 words ChaCha20 computes
// ahead), so that neither the rounds nor the calls they stand for fetch entropy or re-key, and
// making them again from the copy is the same computation. Should rejections ever outrun that
// bound (probability below 10^-67), the rounds re-keyed: they are undone at once, none kept.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace fairdeck {

struct Deck::BoardRun {
  std::vector<std::uint32_t> cards;  // the card array before the rounds
  std::vector<std::uint32_t> ids;    // round b's cards at [b·k, b·k + k), the first dealt last
  std::uint32_t boards = 0, u = 0, r = 0, last_swap = 0;  // each round's cards: run_k_
};

/// settle() in sim builds: a pending look-ahead or run, undone (nothing handed out).
[[gnu::noinline]] inline void Deck::settle_pending() noexcept {
  if (ahead_.count) settle_ahead(0);
  if (run_k_) settle_boards(0, 0);
}
inline std::uint32_t Deck::boards_pending() const noexcept {
  if constexpr (kSim) return run_k_ ? run_->boards : 0;
  return 0;
}
inline std::uint32_t Deck::run_size() const noexcept { return run_k_; }
inline const std::uint32_t* Deck::board_ids() const noexcept {
  if constexpr (kSim) return run_ ? run_->ids.data() : nullptr;
  return nullptr;
}

/// Rounds as shuffle() and deal() make them for such a deck (boards_ahead() says which), without
/// what cannot act there: shuffle() puts the undealt count back to `live` (the return pile and the
/// named piles are empty, the dead cards stay at the end, where the deals never reach) and drops
/// the pending dice; deal(n) makes n Fisher–Yates steps from the top of the undealt pile, its
/// prepare() fetching and re-keying nothing short of the interval. Rounds 0 … `rounds` − 1 deal k
/// cards each, round `rounds` deals `last` (each round after the first starts with the shuffle());
/// rounds 0 … `rounds` are copied to `ids` (room for rounds + 1 of k), each the first dealt last,
/// the k cards below the top (a last round of fewer copies what stands there). Rounds 0 …
/// `rounds` − 1 of k ≥ 2 batching bounds go through one view of the engine (Dice::swap_down_rounds,
/// issue 59's dealIds row: 62.6 → 51–53 ns a 5-card board in WASM). tests/cpp/boards_test.cpp holds
/// them to a twin that makes each call.
[[gnu::noinline]] FAIRDECK_MINSIZE inline void Deck::make_rounds(std::uint32_t live, std::uint32_t k, std::uint32_t rounds, std::uint32_t last, std::uint32_t* ids) noexcept {
  std::uint32_t* const cards = cards_.data();
  const auto copy = [&](std::uint32_t i) {
#pragma GCC unroll 1  // a few ids: a loop, not a call
    for (std::uint32_t j = 0; j < k; ++j) ids[std::size_t{i} * k + j] = cards[live - k + j];
  };
  const auto one = [&](std::uint32_t i) {  // round i alone, as the calls make it
    if (i != 0) u_ = live, rng_.dice().clear();
    const std::uint32_t n = i < rounds ? k : last;
    if (n == 1) next_card();
    else if (n != 0) rng_.visit([&](auto& e, Dice& d) { d.swap_down(e, cards, live, live - n + 1 < 2 ? 2 : live - n + 1); }), u_ = live - n;
    copy(i);
  };
  std::uint32_t i = 0;
  if (k >= 2 && k <= Dice::kRoundSteps && live <= kSingleAbove && rounds != 0) {  // rounds of k in one view of the engine, from the first with no dice pending
    if (rng_.dice().count != 0) one(i++);
    if (i < rounds) {
      rng_.dice().clear();
      const std::uint32_t to = live - k + 1 < 2 ? 2 : live - k + 1, from = i;
      const Dice::Rounds plan(live, to);
      rng_.visit([&](auto& e, Dice& d) { d.swap_down_rounds(e, cards, live, plan, rounds - from, [&](std::uint32_t r) { copy(from + r); }); });
      u_ = live - k, i = rounds;
    }
  }
  for (; i <= rounds; ++i) one(i);
}

[[gnu::noinline]] FAIRDECK_MINSIZE inline std::uint32_t Deck::boards_ahead(std::uint32_t k, std::uint32_t boards) noexcept {
  if constexpr (kSim) {
    settle();
    // Just shuffled (every card undealt but the dead), and a deck whose rounds touch nothing else.
    if (strategy_ != Strategy::lazy || provable_ || cut_ != 0 || any_named() || r_ != 0 || k == 0 || k > u_ ||
        u_ != n_ - dead_.size())
      return 0;
    const ChaCha20* rekeying = rng_.rekeying();
    if (rekeying) {  // the words the rounds may use, and what a call would keep clear after them
      const std::uint64_t clear = 2 * std::uint64_t{k} + 128, at = rekeying->position(), end = rekeying->rekey_interval();
      if (rekeying->missed() || at + clear >= end) return 0;
      boards = static_cast<std::uint32_t>(std::min<std::uint64_t>(boards, (end - at - clear) / (2 * std::uint64_t{k})));
    }
    if (boards < 2) return 0;
    try {
      if (!run_) run_ = std::make_unique<BoardRun>();
      run_->cards.resize(n_);
      run_->ids.resize(std::size_t{boards} * k);
      ahead_.make();
    } catch (...) {
      return 0;  // no memory: no rounds, nothing changed
    }
    BoardRun& b = *run_;
    ahead_.room->rng.emplace(rng_);  // the look-ahead's copy (none is pending: settle() above)
    std::copy(cards_.begin(), cards_.end(), b.cards.begin());
    b.u = u_, b.r = r_, b.last_swap = last_swap_, b.boards = boards;
    const std::uint64_t rekeys = rekeying ? rekeying->rekeys() : 0;
    make_rounds(u_, k, boards - 1, k, b.ids.data());
    run_k_ = k;
    if (rekeying && rng_.rekeying()->rekeys() != rekeys) {  // the bound outrun (p < 10^-67): undo
      settle_boards(0, 0);
      return 0;
    }
    return boards;
  }
  return 0;
}

[[gnu::noinline]] FAIRDECK_MINSIZE inline void Deck::settle_boards(std::uint32_t board, std::uint32_t taken) noexcept {
  if constexpr (kSim) {
    BoardRun& b = *run_;
    const std::uint32_t boards = b.boards, k = run_k_;
    b.boards = 0, run_k_ = 0;
    // Every round handed out: the deck stands after them. The engine's copy is left as the
    // look-ahead leaves its own: no round re-keyed, so it holds the key the engine holds now.
    if (board + 1 >= boards && taken >= k) return;
    std::copy(b.cards.begin(), b.cards.end(), cards_.begin());
    u_ = b.u, r_ = b.r, last_swap_ = b.last_swap;
    rng_ = std::move(*ahead_.room->rng);
    // The rounds handed out, made again; their ids, the same again, over the first ones (one
    // make_rounds() with no branch on a missing `ids`: that branch had the compiler make two).
    make_rounds(u_, k, std::min(board, boards - 1), std::min(taken, k), b.ids.data());
  }
}

}  // namespace fairdeck
