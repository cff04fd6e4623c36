// fairdeck/fairness.hpp — fairness experiments: run an algorithm many times and count.
//
// Why: the only convincing proof that a shuffle is fair is to count its outcomes against the
// uniform law, and the only convincing proof that the tests can fail is to count a biased one
// the same way. The loops live here, in the core, so they run at native/WASM speed; callers run
// them in bounded chunks (`run(trials)` adds to the counts) and do the statistics.
// Each trial starts from 0…n−1. The arrangement of a shuffling algorithm is the array after it;
// of a dealing algorithm ("lazy", "bitmap", "bitmap-scan", "remove-random") the order of the deal.
// Measure::time counts nothing: it only runs the algorithm, on up to 2^20 items, for timing.
// "provable" is the provably fair scheme (provable.hpp): trial t deals round nonce = t of a
// generic n-card deck (scheme version 2) under a server seed drawn from the experiment's engine
// (client seed ""), so its counts show the scheme over consecutive nonces, as a player's rounds are.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fairdeck/composition.hpp"
#include "fairdeck/provable.hpp"
#include "fairdeck/reference.hpp"
#include "fairdeck/rng.hpp"
#include "fairdeck/shuffle.hpp"
#include "fairdeck/text.hpp"

namespace fairdeck {

/// Algorithms an experiment can run (names as the API spells them).
enum class Algorithm : std::uint8_t {
  fisher_yates, inside_out, lazy, bitmap, naive_swap, off_by_one, sattolo, random_swaps, bitmap_scan, remove_random,
  provable
};
inline constexpr std::string_view kAlgorithmNames[] = {"fisher-yates", "inside-out",  "lazy",         "bitmap",
                                                       "naive-swap",   "off-by-one",  "sattolo",      "random-swaps",
                                                       "bitmap-scan",  "remove-random", "provable"};

/// Parses an algorithm name; throws TypeError naming `algorithm`.
inline Algorithm parse_algorithm(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kAlgorithmNames); ++i)
    if (kAlgorithmNames[i] == name) return static_cast<Algorithm>(i);
  throw TypeError(cat("algorithm '", name, "' is not known to the core"));
}

/// Largest n for permutation counts (8! = 40,320 cells), position matrices and timing runs.
inline constexpr std::uint32_t kMaxPermutationN = 8, kMaxMatrixN = 64, kMaxTimingN = 1u << 20;

/// Lexicographic rank (0 = identity) of a permutation of 0…n−1, n ≤ 12.
inline std::uint32_t permutation_rank(const std::uint32_t* a, std::uint32_t n) noexcept {
  std::uint32_t rank = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    std::uint32_t smaller = 0;
    for (std::uint32_t j = i + 1; j < n; ++j) smaller += a[j] < a[i];
    rank = rank * (n - i) + smaller;
  }
  return rank;
}

/// One experiment: an algorithm, a size, an engine, and the counts gathered so far.
class Experiment {
public:
  /// What is counted (`time`: nothing, the trials are only run, for timing).
  enum class Measure : std::uint8_t { permutations, positions, time };

  /// Throws RangeError/TypeError naming the bad parameter.
  Experiment(std::string_view algorithm, Measure measure, std::uint32_t n, std::uint32_t rounds, Rng rng)
      : alg_(parse_algorithm(algorithm)), measure_(measure), n_(n), rounds_(rounds), rng_(std::move(rng)) {
    const std::uint32_t max = measure == Measure::permutations ? kMaxPermutationN
                              : measure == Measure::positions  ? kMaxMatrixN
                                                               : kMaxTimingN;
    if (n < 2 || n > max)
      throw RangeError(cat("n must be an integer from 2 to ", max, ", got ", n));
    std::uint64_t cells = measure == Measure::time ? 0 : n * n;
    if (measure == Measure::permutations) {
      cells = 1;
      for (std::uint32_t i = 2; i <= n; ++i) cells *= i;
    }
    counts_.assign(cells, 0);
    a_.resize(n);
    deal_.resize(n);
    words_.resize((n + 63) / 64);
    if (alg_ == Algorithm::provable) {
      rng_.visit([&](auto& e, Dice&) {
        for (int w = 0; w < 8; ++w) {
          const std::uint32_t x = e.next_u32();
          for (int b = 0; b < 4; ++b) provable_.server[4 * w + b] = static_cast<std::uint8_t>(x >> (8 * b));
        }
      });
      marks_.assign((n + 63) / 64, 0);
    }
  }

  /// Runs `trials` more trials, adding to the counts.
  void run(std::uint32_t trials) {
    rng_.visit([&](auto& e, Dice& dice) {
      for (std::uint32_t t = 0; t < trials; ++t) {
        trial(e, dice);
        if (measure_ == Measure::permutations) {
          ++counts_[permutation_rank(a_.data(), n_)];
        } else if (measure_ == Measure::positions) {
          for (std::uint32_t pos = 0; pos < n_; ++pos) ++counts_[a_[pos] * n_ + pos];
        }
      }
    });
    trials_ += trials;
  }

  /// Counts: permutations, counts[rank]; positions, counts[card · n + position].
  const std::vector<std::uint64_t>& counts() const noexcept { return counts_; }
  /// Trials run so far.
  std::uint64_t trials() const noexcept { return trials_; }

private:
  template <class Engine>
  void trial(Engine& e, Dice& dice) {
    std::span<std::uint32_t> a(a_);
    if (alg_ != Algorithm::inside_out)
      for (std::uint32_t i = 0; i < n_; ++i) a_[i] = i;
    dice.clear();
    switch (alg_) {
      case Algorithm::fisher_yates: fisher_yates(a, e, dice); break;
      case Algorithm::inside_out: inside_out(a, e); break;
      case Algorithm::lazy:
        for (std::uint32_t r = n_; r > 0; --r) deal_[n_ - r] = a[lazy_step(a, r, e, dice)];
        std::copy(deal_.begin(), deal_.end(), a_.begin());
        break;
      case Algorithm::bitmap:
        std::fill(words_.begin(), words_.end(), 0);
        if (n_ % 64) words_.back() = ~0ULL << (n_ % 64);
        for (std::uint32_t r = n_; r > 0; --r) a[n_ - r] = bitmap_step(std::span(words_), r, e, dice);
        break;
      case Algorithm::naive_swap: reference::naive_swap(a, e); break;
      case Algorithm::off_by_one: reference::off_by_one(a, e); break;
      case Algorithm::sattolo: reference::sattolo(a, e); break;
      case Algorithm::random_swaps: reference::random_swaps(a, e, rounds_); break;
      case Algorithm::bitmap_scan: reference::bitmap_scan(a, e, used_); break;
      case Algorithm::remove_random: reference::remove_random(a, e, pool_); break;
      case Algorithm::provable: {
        provable_.nonce = nonce_++;
        Composition generic;
        generic.style = nullptr, generic.generic_size = n_;
        ChaCha20 stream(provable_key(provable_, generic));
        provable_shuffle(a, generic, stream, std::span(marks_));
        std::reverse(a.begin(), a.end());  // the deal order: a provable deck deals a[n − 1] first
        break;
      }
    }
  }

  Algorithm alg_;
  Measure measure_;
  std::uint32_t n_, rounds_;
  Rng rng_;
  std::uint64_t trials_ = 0;
  std::vector<std::uint64_t> counts_;
  std::vector<std::uint32_t> a_, pool_, deal_;
  std::vector<std::uint64_t> words_;
  std::vector<std::uint8_t> used_;
  ProvableSeeds provable_;               // "provable": the server seed; nonce = the trial's round
  std::uint64_t nonce_ = 0;
  std::vector<std::uint64_t> marks_;
};

}  // namespace fairdeck
