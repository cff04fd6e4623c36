// cpp/bindings/fairness.cpp — the fairness module: the experiments behind `fairdeck/fairness`,
// a WebAssembly module of their own so that a deck-only user does not download them (eleven
// algorithms and their counters are ~4.5 KB of the deck module's gzip). Loaded by
// web/src/fairness/load.ts; same rules as the deck module (fairdeck.cpp), same basic bindings
// (basics.cpp).
#include <vector>

#include "common.hpp"
#include "fairdeck/fairness.hpp"

using namespace fairdeck::abi;

namespace {

/// An experiment and the doubles its counts are copied into for JS.
struct CoreExperiment {
  fd::Experiment e;
  std::vector<double> out;
};

/// What to run (ExperimentSpec in web/src/fairness/load.ts): measure 0 permutations, 1 positions,
/// 2 time.
struct ExperimentSpec {
  std::string algorithm;
  int measure;
  u32 n, rounds;
  EngineSpec engine;
  explicit ExperimentSpec(const val& s)
      : algorithm(bytes_of(s["algorithm"])), measure(s["measure"].as<int>()), n(s["n"].as<u32>()),
        rounds(s["rounds"].as<u32>()), engine(s["engine"]) {}
};

CoreExperiment* make(const val& spec) {
  return guard<CoreExperiment*>(nullptr, [&] {
    const ExperimentSpec s(spec);
    if (s.measure < 0 || s.measure > 2) throw fd::TypeError("measure must be 0 (permutations), 1 (positions) or 2 (time)");
    return new CoreExperiment{
        fd::Experiment(s.algorithm, static_cast<fd::Experiment::Measure>(s.measure), s.n, s.rounds, s.engine.make()), {}};
  });
}
void run(CoreExperiment& x, u32 trials) { x.e.run(trials); }
/// The counts (n!, n² or no cells) copied as doubles, as a view; null (error recorded) if the
/// copy cannot be made. Valid until the next call on this experiment.
val counts(CoreExperiment& x) {
  const bool ok = guard(false, [&] {
    const auto& c = x.e.counts();
    x.out.assign(c.begin(), c.end());
    return true;
  });
  if (!ok) return val::null();
  return view(x.out.size(), x.out.data());
}

}  // namespace

EMSCRIPTEN_BINDINGS(fairdeck_fairness) {
  using namespace emscripten;
  class_<CoreExperiment>("CoreExperiment")
      .class_function("make", &make, allow_raw_pointers())
      .function("run", &run)
      .function("counts", &counts);
}
