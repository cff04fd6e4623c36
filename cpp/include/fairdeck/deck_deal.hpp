// fairdeck/deck_deal.hpp — each strategy's deal: the next card (eager, lazy, bitmap), the steps
// that deal it, and what a deck does when its undealt pile runs out (the return pile merged and,
// eager, shuffled; a provable deck's next round). strategy.hpp says what each strategy does.
// Part of deck.hpp, which includes it after class Deck: include fairdeck/deck.hpp, not this file.
#pragma once
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <utility>

namespace fairdeck {

/// deal_one() without prepare(): the caller has prepared for its draws.
inline std::uint32_t Deck::next_card() {
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
inline void Deck::lazy_deal(E& e, Dice& d) noexcept {
  const std::uint32_t j = last_swap_ = d.roll(e, u_);
  std::swap(cards_[u_ - 1], cards_[j]);
  if (r_ > 0) std::swap(cards_[u_ - 1], cards_[u_ - 1 + r_]);
  --u_;
}
/// One bitmap deal, the engine in hand (u_ ≥ 1): the card.
template <class E>
inline std::uint32_t Deck::bitmap_deal(E& e, Dice& d) noexcept {
  const std::uint32_t card = bitmap_step(std::span(out_), u_, e, d);
  --u_;
  return card;
}

/// out[i] = top[−1 − i] for i < k, four at a time: the undealt pile's next k cards, in dealing
/// order. (Through locals: `out` could alias the deck's members, so a plain loop over cards_
/// and u_ reloads them at every card; the WASM build does not auto-vectorise.)
inline void Deck::copy_reversed(const std::uint32_t* top, std::uint32_t k, std::uint32_t* out) noexcept {
  std::uint32_t i = 0;
  for (; i + 4 <= k; i += 4) {
    detail::U32x4 v;
    std::memcpy(&v, top - i - 4, sizeof v);
    v = __builtin_shufflevector(v, v, 3, 2, 1, 0);
    std::memcpy(out + i, &v, sizeof v);
  }
  for (; i < k; ++i) out[i] = top[-1 - static_cast<std::ptrdiff_t>(i)];
}

inline void Deck::merge_returned() noexcept {
  if (strategy_ == Strategy::bitmap)
    for (std::size_t w = 0; w < out_.size(); ++w) out_[w] &= ~ret_[w], ret_[w] = 0;
  u_ += r_;
  r_ = 0;
}

// Out of line, as the compiler kept it when it was defined in the class (inlined into its four
// callers it cost fairdeck.wasm 826 bytes).
[[gnu::noinline]] inline void Deck::shuffle_front(std::uint32_t count) {
  if (provable_) return rng_.visit([&](auto& e, Dice&) {
    if constexpr (std::is_same_v<std::decay_t<decltype(e)>, ChaCha20>)
      provable_shuffle(std::span(cards_.data(), count), comp_, e, std::span(marks_));
  });
  rng_.visit([&](auto& e, Dice& d) { fisher_yates(std::span(cards_.data(), count), e, d); });
}

inline void Deck::next_round() {
  if (provable_->nonce >= kMaxProvableNonce) throw RangeError("provable.nonce cannot pass 2^53 − 1: start a new server seed");
  ++provable_->nonce;
  const Bytes32 key = provable_key(*provable_, comp_);
  rng_.visit([&key](auto& e, Dice&) {
    if constexpr (std::is_same_v<std::decay_t<decltype(e)>, ChaCha20>) e = ChaCha20(key);
  });
}

}  // namespace fairdeck
