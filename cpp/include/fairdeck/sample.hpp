// fairdeck/sample.hpp — many samples in one call (issue 40): `trials` independent draws of k
// cards from a deck's remaining cards, each uniform over the ordered k-subsets, the deck's cards
// left where they were (its engine moves on).
//
// Why here and not in deck.hpp: it only reads the deck (pile(0), pile(1)) and draws from its
// engine (rng()), so it needs nothing private, and the deck's hot paths do not change.
//
// The algorithm: the remaining cards are copied once into a scratch array s[0, m). A trial is
// the first k steps of Fisher–Yates from the top: for i = 0 … k − 1, j_i uniform in
// [0, m − i) and swap(s[m − 1 − i], s[j_i]); the sample is s[m − 1], …, s[m − k]. The k swaps
// are then undone in reverse order (up to 5 cards, pick() follows the positions instead and
// writes nothing to s), so every trial starts from the same array and a trial's
// cards are a function of its dice alone (whatever the chunking of the calls). For a fixed start
// the k steps give each ordered k-subset with probability 1/(m(m−1)…(m−k+1)): step i picks
// uniformly among the m − i cards not yet picked. Trials use disjoint engine words, so they are
// independent.
// The dice: the k bounds of a trial, m, m − 1, …, are grouped into batches whose product is at
// most kSampleBatchLimit (2^29), and one 32-bit word gives a whole batch by Lemire's method on
// the product P: with the word w, the batch is accepted when w · P mod 2^32 ≥ 2^32 mod P (else
// the next word is tried), and then w · P / 2^32, a uniform number below P, is read in mixed
// radix as one die per bound (die q = ⌊(w · prefix_q mod 2^32) · bound_q / 2^32⌋, prefix_q the
// product of the bounds before q). A rejection is at most 1 time in 8 (P ≤ 2^29), and a 5-card
// board of 48 cards takes one word, not the two of a deal's Dice (whose batches stop at 2^26 so
// that dealing keeps its vectors). The tests check the dice against a chained reference and
// the exact law of the samples (tests/cpp/sample_test.cpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "fairdeck/checked.hpp"
#include "fairdeck/deck.hpp"
#include "fairdeck/uniform.hpp"

namespace fairdeck {

namespace detail {

/// Most product of a sample batch's bounds: rejections stay under 1 in 8 (see the file comment).
inline constexpr std::uint64_t kSampleBatchLimit = std::uint64_t{1} << 29;

/// The batches of one trial: bounds m, m − 1, … down to the last that draws (≥ 2), as many in a
/// batch as multiply to at most kSampleBatchLimit (and at most kMaxBatch of them).
struct SampleBatch {
  std::uint32_t bound = 0, n = 0;  ///< the first bound, and how many (bound, bound − 1, …)
  std::uint32_t threshold = 0;     ///< 2^32 mod the product: a word whose w · product mod 2^32 is below it is rejected
  std::uint32_t product = 0;       ///< the product of the batch's n bounds
  std::uint32_t prefix[kMaxBatch] = {};  ///< prefix[q]: the product of the bounds before die q
};

FAIRDECK_MINSIZE [[gnu::noinline]] inline std::vector<SampleBatch> sample_plan(std::uint32_t m, std::uint32_t k) {
  std::vector<SampleBatch> plan;
  const std::uint32_t last = std::max<std::uint32_t>(2, m - k + 1);  // bound 1 draws nothing
  for (std::uint32_t b = m; b >= last && b >= 2;) {
    std::uint64_t prod = b;
    std::uint32_t n = 1;
    while (n < static_cast<std::uint32_t>(kMaxBatch) && b - n >= last && prod * (b - n) <= kSampleBatchLimit) prod *= b - n, ++n;
    SampleBatch batch{b, n, static_cast<std::uint32_t>((std::uint64_t{1} << 32) % prod), static_cast<std::uint32_t>(prod)};
    std::uint32_t before = 1;
    for (std::uint32_t q = 0; q < n; ++q) batch.prefix[q] = before, before *= b - q;
    plan.push_back(batch);
    b -= n;
  }
  return plan;
}

/// The most cards a trial takes through pick() (below): up to this k (a poker board) the
/// positions are followed in locals; above it, and when k = m, the trial swaps in s and swaps back.
/// Each pick<K> unrolls to about K² compares: K up to 8 added 0.7 KB gzip to sim.wasm, up to 5
/// about 0.25 KB (one function for every k, its steps cut short at run time, was 10% slower).
inline constexpr std::uint32_t kPickMax = 5;

/// The samples of `count` trials from their dice (K per trial, at dice[K · t]) without writing to
/// s: step i takes the card at j_i and moves the card at m − 1 − i to j_i, so the card at a
/// position is the one the latest earlier step moved there, else s's own. Gives exactly what the
/// swaps give; K known at compile time, so the loops unroll and the K positions stay in locals
/// (a third less time per 5-card trial than swapping in s and back, natively and in WASM).
template <std::uint32_t K>
void pick(const std::uint32_t* s, std::uint32_t m, const std::uint32_t* dice, std::uint32_t count, std::uint32_t* out) noexcept {
  for (std::uint32_t t = 0; t < count; ++t, dice += K, out += K) {
    std::uint32_t pos[K], val[K];
    for (std::uint32_t i = 0; i < K; ++i) {
      const std::uint32_t j = dice[i], top = m - 1 - i;
      std::uint32_t at_j = s[j], at_top = s[top];
      for (std::uint32_t p = 0; p < i; ++p) {  // the latest move wins: p ascending, later overrides
        at_j = pos[p] == j ? val[p] : at_j;
        at_top = pos[p] == top ? val[p] : at_top;
      }
      out[i] = at_j, pos[i] = j, val[i] = at_top;
    }
  }
}

/// The samples of `count` trials from their dice (`drawn` per trial at dice[drawn · t]) into
/// out, k per trial; returns the end of what it wrote. pick() up to kPickMax cards, else the
/// swaps (and back) in s. Out of line and engine-free: one copy serves both engines.
[[gnu::noinline]] inline std::uint32_t* samples(std::uint32_t* s, std::uint32_t m, std::uint32_t k, std::uint32_t drawn,
                                                const std::uint32_t* dice, std::uint32_t count, std::uint32_t* out) noexcept {
  if (drawn == k && k <= kPickMax) {
    switch (k) {
      case 1: pick<1>(s, m, dice, count, out); break;
      case 2: pick<2>(s, m, dice, count, out); break;
      case 3: pick<3>(s, m, dice, count, out); break;
      case 4: pick<4>(s, m, dice, count, out); break;
      default: pick<5>(s, m, dice, count, out); break;
    }
    return out + std::size_t{k} * count;
  }
  for (std::uint32_t t = 0; t < count; ++t, dice += drawn) {
    std::uint32_t* top = s + m;
    for (std::uint32_t q = 0; q < drawn; ++q) {
      std::swap(*--top, s[dice[q]]);
      out[q] = *top;
    }
    if (drawn < k) out[drawn] = s[0];  // k = m: the last card
    for (std::uint32_t q = drawn; q-- > 0;) std::swap(*top++, s[dice[q]]);
    out += k;
  }
  return out;
}

/// `trials` trials of k cards from s[0, m) (k ≤ m) into out (k · trials ids); s is as before after.
/// The only part of sample_ids built for speed (the WASM binding compiles it -O3, the rest -Oz).
/// Trials go in blocks: the dice of a block first, then its samples (pick(), or swaps).
template <class Engine>
[[gnu::noinline]] void sample_trials(Engine& engine, std::uint32_t* s, std::uint32_t m, std::uint32_t k, std::uint64_t trials,
                   std::uint32_t* out) {
  const std::vector<SampleBatch> plan = sample_plan(m, k);
  std::uint32_t drawn = 0;  // dice per trial: k, or m − 1 when k = m (the last card draws nothing)
  for (const SampleBatch& b : plan) drawn += b.n;
  constexpr std::uint32_t kBlock = 256;  // trials per block
  std::vector<std::uint32_t> j(std::size_t{drawn} * kBlock);
  std::uint32_t* const jj = j.data();
  const SampleBatch* const first = plan.data();
  const SampleBatch* const end = first + plan.size();
  auto e = hot(engine);  // its state in registers while the dice are stored (uniform.hpp)
  for (std::uint64_t done = 0; done < trials;) {
    const auto count = static_cast<std::uint32_t>(std::min<std::uint64_t>(kBlock, trials - done));
    std::uint32_t* d = jj;
    for (std::uint32_t t = 0; t < count; ++t) {
      for (const SampleBatch* b = first; b != end; ++b) {
        std::uint32_t word;
        do word = e.next_u32(); while (word * b->product < b->threshold);  // Lemire's test on the batch (mod 2^32)
        for (std::uint32_t q = 0; q < b->n; ++q)
          d[q] = static_cast<std::uint32_t>((std::uint64_t{word * b->prefix[q]} * (b->bound - q)) >> 32);
        d += b->n;
      }
    }
    out = samples(s, m, k, drawn, jj, count, out);
    done += count;
  }
}

}  // namespace detail

/// sample_ids' checks and scratch (run once per call, so built for size): the deck's remaining
/// cards (undealt and returned: the cards deal() could still give), pile(0) then pile(1). Throws
/// RangeError naming `k` if more than remain, or `k * trials` if it does not fit in 32 bits,
/// TypeError for a provable deck (its rounds' draws are the specification's alone); each before
/// anything changed.
FAIRDECK_MINSIZE inline std::vector<std::uint32_t> sample_scratch(const Deck& deck, std::uint32_t k, std::uint32_t trials) {
  if (deck.provable())
    throw TypeError("sampleIds draws from the deck's engine, which a provable round's specification reserves for its "
                    "shuffles: sample from a seeded or secure deck instead");
  const std::uint32_t m = deck.remaining();
  if (k > m) throw RangeError(cat("k must be at most the ", m, " cards remaining, got ", k));
  detail::checked_mul<std::uint32_t>(k, trials, "k * trials");
  std::vector<std::uint32_t> s = deck.pile(0);
  const std::vector<std::uint32_t> returned = deck.pile(1);
  const std::size_t u = s.size();
  s.resize(u + returned.size());
  std::copy(returned.begin(), returned.end(), s.begin() + static_cast<std::ptrdiff_t>(u));
  return s;
}

/// The trials of sample_ids over `s` (sample_scratch's cards, as before afterwards), drawn from
/// `rng`: prepare() first (EntropyError before any draw if a secure engine cannot re-key).
inline void sample_run(Rng& rng, std::vector<std::uint32_t>& s, std::uint32_t k, std::uint32_t trials, std::uint32_t* out) {
  if (std::uint64_t{k} * trials == 0) return;
  rng.prepare(std::uint64_t{k} * trials);  // at most one word per die, plus rejections (rng.hpp)
  const auto m = static_cast<std::uint32_t>(s.size());
  rng.visit([&](auto& e, Dice&) { detail::sample_trials(e, s.data(), m, k, trials, out); });
}

/// Writes `trials` samples of `k` cards from the deck's remaining cards to `out`, which holds
/// k · trials ids, each sample uniform over the ordered k-subsets and independent of the others;
/// returns k · trials. The deck's cards do not move; its engine moves on (its pending dice stay
/// as they were). Throws what sample_scratch and sample_run throw, before anything changed.
/// (The WASM binding calls the two itself: the scratch from its -Oz file, the trials at -O3.)
inline std::uint32_t sample_ids(Deck& deck, std::uint32_t k, std::uint32_t trials, std::uint32_t* out) {
  std::vector<std::uint32_t> s = sample_scratch(deck, k, trials);
  sample_run(deck.rng(), s, k, trials, out);
  return k * trials;
}

}  // namespace fairdeck
