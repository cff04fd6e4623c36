// tests/cpp/stats.hpp — chi-square helpers for the seeded statistical tests.
//
// Critical values are for α = 10^-6 per assertion (docs/fairness-testing.md): a correct algorithm
// fails with probability ≤ 10^-6 for ANY seed, so changing a seed or a compiler never makes the
// suite flaky, while every negative control below is rejected by a wide margin.
#pragma once
#include <cstdint>
#include <vector>

namespace fairdeck::tests {

/// χ² critical values at α = 10^-6 by degrees of freedom (docs/fairness-testing.md).
inline double chi2_critical(int df) {
  switch (df) {
    case 5: return 35.9;
    case 23: return 70.5;
    case 49: return 111.1;  // (8−1)²: the 8-card position matrix of the trustless uniformity test
    case 119: return 207.2;
    case 719: return 913.9;
    case 2601: return 2958.3;
  }
  return -1;
}

/// Pearson's X² of `counts` against equal expected counts.
inline double chi2_uniform(const std::vector<std::uint64_t>& counts) {
  double total = 0;
  for (auto c : counts) total += static_cast<double>(c);
  const double e = total / static_cast<double>(counts.size());
  double x = 0;
  for (auto c : counts) x += (static_cast<double>(c) - e) * (static_cast<double>(c) - e) / e;
  return x;
}

/// Position-matrix statistic for an n×n matrix whose rows and columns are both fixed: the plain
/// X² has mean n(n−1), so X²·(n−1)/n is compared with χ²((n−1)²) (docs/fairness-testing.md, point 2).
inline double chi2_matrix(const std::vector<std::uint64_t>& counts, std::uint32_t n) {
  return chi2_uniform(counts) * (n - 1) / n;
}

}  // namespace fairdeck::tests
