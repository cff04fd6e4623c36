// tests/bench/core_bench.cpp — the core natively, with Google Benchmark, for the WASM/native ratio.
//
// Each benchmark here has a twin in tests/bench/scenarios/native.mjs that runs the same core code
// compiled to WASM (through its Embind classes, in bounded calls as the package does), so that
// scripts/bench.sh can print "WASM / native" for the same algorithm on the same machine.
// Names are "<scenario>/<engine>" and must match the twin's keys. Items per iteration are
// in the "items" counter so that both sides compare per item (ns per shuffle, element, word, trial).
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <cstdint>
#include <numeric>
#include <string_view>
#include <vector>

#include "fairdeck/bulk.hpp"
#include "fairdeck/deck.hpp"
#include "fairdeck/fairness.hpp"

namespace {

namespace fd = fairdeck;

// Like the WASM heap, which never shrinks, keep freed memory (the 10^8 shuffle's scratch array)
// instead of returning it to the OS and page-faulting it in again at every iteration.
const int kKeepHeap = (mallopt(M_MMAP_MAX, 0), mallopt(M_TRIM_THRESHOLD, 1 << 30), 0);

fd::Rng seeded(std::string_view engine, std::uint64_t seed = 42) { return fd::Rng(engine, fd::key_from_u64(seed), false); }

/// A 52-card eager deck: shuffle() then deal all 52 through the batch path (`deal(52)`).
void deck52(benchmark::State& state, std::string_view engine) {
  fd::Deck deck(fd::Composition{}, fd::Strategy::eager, seeded(engine));
  std::uint32_t out[52];
  for (auto _ : state) {
    deck.shuffle();
    benchmark::DoNotOptimize(deck.deal(52, out));
    benchmark::DoNotOptimize(out);
  }
  state.counters["items"] = 1;  // items per iteration: run.mjs reports ns per item
}

/// BulkShuffle over n uint32 in steps of 2^18 as the package runs it: Fisher–Yates below 2^23
/// items, the cache-aware shuffle from there on.
void bulk(benchmark::State& state, std::string_view engine) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  std::vector<std::uint32_t> a(n);
  std::iota(a.begin(), a.end(), 0u);
  for (auto _ : state) {
    fd::BulkShuffle s(n, seeded(engine));
    while (s.step(a.data(), 1u << 18) > 0) {
    }
    benchmark::DoNotOptimize(a.data());
    benchmark::ClobberMemory();
  }
  state.counters["items"] = n;
}

/// Raw engine words, as CoreWords.next (fairdeck/random) writes them.
void words(benchmark::State& state, std::string_view engine) {
  constexpr std::uint32_t n = 1u << 16;
  std::vector<std::uint32_t> out(n);
  fd::Rng rng = seeded(engine);
  for (auto _ : state) {
    rng.fill(out.data(), n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.counters["items"] = n;
}

/// Fairness experiment: Fisher–Yates trials counted as permutations (n = 3) or positions (n = 52).
void experiment(benchmark::State& state, std::string_view engine) {
  const auto n = static_cast<std::uint32_t>(state.range(0));
  const auto measure = n <= 8 ? fd::Experiment::Measure::permutations : fd::Experiment::Measure::positions;
  fd::Experiment x("fisher-yates", measure, n, 0, seeded(engine));
  constexpr std::uint32_t trials = 1u << 14;
  for (auto _ : state) {
    x.run(trials);
    benchmark::DoNotOptimize(x.counts().data());
  }
  state.counters["items"] = trials;
}

}  // namespace

BENCHMARK_CAPTURE(deck52, xoshiro256, "xoshiro256")->Name("deck52/xoshiro256");
BENCHMARK_CAPTURE(deck52, chacha20, "chacha20")->Name("deck52/chacha20");
BENCHMARK_CAPTURE(bulk, xoshiro256, "xoshiro256")->Name("fisher-yates-1e6/xoshiro256")->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bulk, chacha20, "chacha20")->Name("fisher-yates-1e6/chacha20")->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(words, xoshiro256, "xoshiro256")->Name("words/xoshiro256");
BENCHMARK_CAPTURE(words, chacha20, "chacha20")->Name("words/chacha20");
BENCHMARK_CAPTURE(experiment, xoshiro256, "xoshiro256")->Name("permutations-n3/xoshiro256")->Arg(3);
BENCHMARK_CAPTURE(experiment, xoshiro256, "xoshiro256")->Name("positions-n52/xoshiro256")->Arg(52);
BENCHMARK_CAPTURE(bulk, xoshiro256, "xoshiro256")->Name("cache-aware-1e8/xoshiro256")->Arg(100000000)->Unit(benchmark::kMillisecond)->Iterations(2);
