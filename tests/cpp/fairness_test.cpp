// Fairness: every fair algorithm passes seeded χ² tests that every biased reference fails.
//
// Thresholds: α = 10^-6 per assertion (stats.hpp). Trials: 60,000 per permutation test gives
// each of the 720 orders of n = 6 an expected count of 83 (≥ 50), and docs/fairness-testing.md's sizing says
// ≈ 9,000 trials already reject the naive swap at n = 3 with β = 10^-6; the other controls are
// far more biased. Position matrices: 52 cards, 20,000 trials, expected 385 per cell.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fairdeck/deck.hpp"
#include "fairdeck/engine/seed.hpp"
#include "fairdeck/fairness.hpp"
#include "stats.hpp"

using namespace fairdeck;
using tests::chi2_critical;

namespace {
Rng rng(std::uint64_t seed, const char* name = "chacha20") { return Rng(name, key_from_u64(seed), false); }

double permutation_chi2(const std::string& alg, std::uint32_t n, std::uint32_t trials, std::uint64_t seed) {
  Experiment e(alg, Experiment::Measure::permutations, n, n, rng(seed));
  e.run(trials);
  return tests::chi2_uniform(e.counts());
}
int df_for(std::uint32_t n) {
  int f = 1;
  for (std::uint32_t i = 2; i <= n; ++i) f *= static_cast<int>(i);
  return f - 1;
}
const char* kFair[] = {"fisher-yates", "inside-out", "lazy", "bitmap", "remove-random", "provable"};
const char* kBiased[] = {"naive-swap", "off-by-one", "sattolo", "bitmap-scan"};
}  // namespace

TEST(Fairness, EveryFairAlgorithmPassesThePermutationTestForN3To6) {
  for (const char* alg : kFair)
    for (std::uint32_t n = 3; n <= 6; ++n)
      EXPECT_LT(permutation_chi2(alg, n, 60000, 100 + n), chi2_critical(df_for(n))) << alg << " n=" << n;
}

TEST(Fairness, EveryBiasedAlgorithmFailsTheSamePermutationTest) {
  for (const char* alg : kBiased)
    for (std::uint32_t n = 3; n <= 6; ++n)
      EXPECT_GT(permutation_chi2(alg, n, 60000, 100 + n), chi2_critical(df_for(n))) << alg << " n=" << n;
  // n random swaps of two positions: too few rounds to mix.
  Experiment e("random-swaps", Experiment::Measure::permutations, 5, 5, rng(7));
  e.run(60000);
  EXPECT_GT(tests::chi2_uniform(e.counts()), chi2_critical(119));
}

TEST(Fairness, NaiveSwapOnThreeCardsMatchesTheClassicTable) {
  // Exact law: orders 021, 102, 120 have 5/27; 012, 201, 210 have 4/27. Ranks in lexicographic
  // order: 012→0, 021→1, 102→2, 120→3, 201→4, 210→5. 270,000 trials: sd of a count ≈ 200,
  // so a ±1,200 band (6 sd) holds with probability > 1 − 10^-8.
  Experiment e("naive-swap", Experiment::Measure::permutations, 3, 3, rng(27));
  e.run(270000);
  const double expected[6] = {40000, 50000, 50000, 50000, 40000, 40000};
  for (int k = 0; k < 6; ++k) EXPECT_NEAR(static_cast<double>(e.counts()[k]), expected[k], 1200) << "rank " << k;
}

TEST(Fairness, SattoloNeverLeavesACardInPlace) {
  Experiment e("sattolo", Experiment::Measure::positions, 8, 8, rng(8));
  e.run(20000);
  for (std::uint32_t i = 0; i < 8; ++i) EXPECT_EQ(e.counts()[i * 8 + i], 0u);
}

TEST(Fairness, FiftyTwoCardPositionMatrixIsUniformForFairAndNotForBiased) {
  const double critical = chi2_critical(51 * 51);  // df (n−1)² = 2601
  for (const char* engine : {"chacha20", "xoshiro256"})
    for (const char* alg : {"fisher-yates", "lazy", "bitmap"}) {
      Experiment e(alg, Experiment::Measure::positions, 52, 52, Rng(engine, key_from_u64(52), false));
      e.run(20000);
      EXPECT_LT(tests::chi2_matrix(e.counts(), 52), critical) << alg << " " << engine;
    }
  // bitmap-scan is not a control here: at n = 52 its bias is in which card follows which, and the
  // position matrix barely sees it (X² ≈ 2,360); the permutation tests above reject it.
  for (const char* alg : {"naive-swap", "sattolo"}) {
    Experiment e(alg, Experiment::Measure::positions, 52, 52, rng(52));
    e.run(20000);
    EXPECT_GT(tests::chi2_matrix(e.counts(), 52), critical) << alg;
  }
}

TEST(Fairness, PermutationRankIsLexicographic) {
  const std::uint32_t id[4] = {0, 1, 2, 3}, last[4] = {3, 2, 1, 0}, mid[4] = {1, 0, 3, 2};
  EXPECT_EQ(permutation_rank(id, 4), 0u);
  EXPECT_EQ(permutation_rank(last, 4), 23u);
  EXPECT_EQ(permutation_rank(mid, 4), 7u);
}

TEST(Fairness, TimingRunsEveryAlgorithmOnLargeArraysAndCountsNothing) {
  // Measure::time backs timeScaling(): the dealing algorithms need buffers beyond 64 items.
  for (const auto name : kAlgorithmNames)
    for (std::uint32_t n : {2u, 63u, 64u, 65u, 1000u}) {
      Experiment e(name, Experiment::Measure::time, n, n, rng(n));
      e.run(3);
      EXPECT_TRUE(e.counts().empty()) << name;
      EXPECT_EQ(e.trials(), 3u) << name;
    }
  EXPECT_THROW(Experiment("fisher-yates", Experiment::Measure::time, kMaxTimingN + 1, 1, rng(1)), RangeError);
}

TEST(Fairness, ProvableTrialsDealTheRoundsOfAProvableDeckOverConsecutiveNonces) {
  // The experiment's server seed is the engine's first 32 bytes; trial t is round nonce t.
  ProvableSeeds seeds;
  Rng source = rng(77);
  source.visit([&](auto& e, Dice&) {
    for (int w = 0; w < 8; ++w) {
      const std::uint32_t x = e.next_u32();
      for (int b = 0; b < 4; ++b) seeds.server[4 * w + b] = static_cast<std::uint8_t>(x >> (8 * b));
    }
  });
  Composition generic;
  generic.style = nullptr, generic.generic_size = 5;
  Deck deck(generic, seeds);  // nonce 0; shuffle() starts nonce 1, 2, …
  for (std::uint32_t t = 0; t < 20; ++t) {
    Experiment e("provable", Experiment::Measure::permutations, 5, 5, rng(77));
    e.run(t + 1);  // the last trial is round t
    std::vector<std::uint32_t> dealt(5);
    for (auto& c : dealt) c = deck.deal_one();
    deck.shuffle();
    std::uint32_t rank = 0;
    for (std::uint32_t i = 0; i < 5; ++i) {
      std::uint32_t smaller = 0;
      for (std::uint32_t j = i + 1; j < 5; ++j) smaller += dealt[j] < dealt[i];
      rank = rank * (5 - i) + smaller;
    }
    Experiment before("provable", Experiment::Measure::permutations, 5, 5, rng(77));
    before.run(t);
    std::vector<std::uint64_t> diff(e.counts());
    for (std::size_t k = 0; k < diff.size(); ++k) diff[k] -= before.counts()[k];
    EXPECT_EQ(diff[rank], 1u) << "round " << t;
  }
}
