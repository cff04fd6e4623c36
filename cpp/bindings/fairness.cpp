// cpp/bindings/fairness.cpp — the fairness module: the experiments behind `fairdeck/fairness`,
// a WebAssembly module of their own so that a deck-only user does not download them (issue 14:
// eleven algorithms and their counters are ~4.5 KB of the deck module's gzip). Loaded by
// web/src/fairness/load.ts; same rules as the deck module (fairdeck.cpp), same basic exports
// (basics.cpp).
#include <vector>

#include "common.hpp"
#include "fairdeck/fairness.hpp"

using namespace fairdeck::abi;

extern "C" {

/// An experiment and the doubles its counts are copied into for JS.
struct CoreExperiment {
  fd::Experiment e;
  std::vector<double> out;
};

EMSCRIPTEN_KEEPALIVE CoreExperiment* fd_experiment_new(const char* algorithm, u32 algorithm_len, int measure, u32 n,
                                                       u32 rounds, const char* rng, u32 rng_len, int seed_kind,
                                                       const char* seed, u32 seed_len) {
  return guard<CoreExperiment*>(nullptr, [&] {
    if (measure < 0 || measure > 2) throw fd::TypeError("measure must be 0 (permutations), 1 (positions) or 2 (time)");
    return new CoreExperiment{fd::Experiment(view(algorithm, algorithm_len), static_cast<fd::Experiment::Measure>(measure),
                                             n, rounds, make_rng(view(rng, rng_len), seed_kind, view(seed, seed_len))),
                              {}};
  });
}
EMSCRIPTEN_KEEPALIVE void fd_experiment_free(CoreExperiment* x) { delete x; }
EMSCRIPTEN_KEEPALIVE void fd_experiment_run(CoreExperiment* x, u32 trials) { x->e.run(trials); }
/// The counts (n!, n² or no cells) copied as doubles; 0 (error recorded) if the copy cannot be
/// made. Valid until the next call on this experiment.
EMSCRIPTEN_KEEPALIVE const double* fd_experiment_counts(CoreExperiment* x) {
  return guard<const double*>(nullptr, [&] {
    const auto& c = x->e.counts();
    x->out.assign(c.begin(), c.end());
    return x->out.data();
  });
}
EMSCRIPTEN_KEEPALIVE u32 fd_experiment_cells(CoreExperiment* x) { return static_cast<u32>(x->e.counts().size()); }

}  // extern "C"
