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
// are then undone in reverse order, so every trial starts from the same array and a trial's
// cards are a function of its dice alone (whatever the chunking of the calls). For a fixed start
// the k steps give each ordered k-subset with probability 1/(m(m−1)…(m−k+1)): step i picks
// uniformly among the m − i cards not yet picked. Trials use disjoint engine words, so they are
// independent.
// The dice are drawn exactly as a fresh Dice's roll(e, m), roll(e, m − 1), … would draw them
// (the batches of uniform.hpp: as many bounds per 32-bit word as fit under kBatchLimit, the
// whole word rejected by Lemire's test on the batch's product; dice a batch holds past the k-th
// are dropped, which leaves every die handed out uniform). The tests check that equality
// against Dice::roll, and the exact law of the samples (tests/cpp/sample_test.cpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "fairdeck/checked.hpp"
#include "fairdeck/deck.hpp"
#include "fairdeck/uniform.hpp"

namespace fairdeck {

namespace detail {

/// The batches of one trial: bounds m, m − 1, … down to the last that draws (≥ 2), grouped as
/// Dice::batch groups them; `use` of each batch's `n` dice are used.
struct SampleBatch {
  std::uint32_t bound = 0, n = 0, use = 0;
  std::uint32_t threshold = 0;  ///< 2^32 mod the batch's product: a word whose low part is below it is rejected
};

FAIRDECK_MINSIZE [[gnu::noinline]] inline std::vector<SampleBatch> sample_plan(std::uint32_t m, std::uint32_t k) {
  std::vector<SampleBatch> plan;
  const std::uint32_t last = std::max<std::uint32_t>(2, m - k + 1);  // bound 1 draws nothing
  for (std::uint32_t b = m; b >= last && b >= 2;) {
    std::uint64_t prod = b;
    std::uint32_t n = 1;
    while (n < static_cast<std::uint32_t>(kMaxBatch) && b - n >= 2 && prod * (b - n) <= kBatchLimit) prod *= b - n, ++n;
    const std::uint32_t use = std::min(n, b - last + 1);
    plan.push_back({b, n, use, static_cast<std::uint32_t>((std::uint64_t{1} << 32) % prod)});
    b -= use;
  }
  return plan;
}

/// `trials` trials of k cards from s[0, m) (k ≤ m) into out (k · trials ids); s is as before after.
/// The only part of sample_ids built for speed (the WASM binding compiles it -O3, the rest -Oz).
template <class Engine>
[[gnu::noinline]] void sample_trials(Engine& engine, std::uint32_t* s, std::uint32_t m, std::uint32_t k, std::uint64_t trials,
                   std::uint32_t* out) {
  const std::vector<SampleBatch> plan = sample_plan(m, k);
  std::uint32_t drawn = 0;  // dice per trial: k, or m − 1 when k = m (the last card draws nothing)
  for (const SampleBatch& b : plan) drawn += b.use;
  std::vector<std::uint32_t> j(drawn + kMaxBatch);  // a last batch writes all its dice
  std::uint32_t* const jj = j.data();
  const SampleBatch* const first = plan.data();
  const SampleBatch* const end = first + plan.size();
  auto e = hot(engine);  // its state in registers while the swaps store (uniform.hpp)
  for (std::uint64_t t = 0; t < trials; ++t) {
    std::uint32_t* d = jj;
    for (const SampleBatch* b = first; b != end; ++b) {
      for (;;) {
        std::uint32_t low = e.next_u32(), bound = b->bound;
        for (std::uint32_t q = 0; q < b->n; ++q) {
          const std::uint64_t x = std::uint64_t{low} * bound--;
          d[q] = static_cast<std::uint32_t>(x >> 32);  // dice past `use` are written and dropped
          low = static_cast<std::uint32_t>(x);
        }
        if (low >= b->threshold) break;
      }
      d += b->use;
    }
    std::uint32_t* top = s + m;
    for (std::uint32_t q = 0; q < drawn; ++q) {
      std::swap(*--top, s[jj[q]]);
      out[q] = *top;
    }
    if (drawn < k) out[drawn] = s[0];  // k = m: the last card
    for (std::uint32_t q = drawn; q-- > 0;) std::swap(*top++, s[jj[q]]);
    out += k;
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
