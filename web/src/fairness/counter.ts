/**
 * A counter: one experiment's state (algorithm, engine, counts so far) behind a small interface,
 * whether it runs in the C++ core (every algorithm but one) or in JavaScript (`sort-random`).
 */
import { bytes, construct, coreError } from '../binding.js';
import { seedOrEntropy } from '../entropy.js';
import { manifest } from '../manifest.js';
import type { AlgorithmName } from './algorithms.js';
import { fairness } from './load.js';
import type { Counter, CounterSpec, Implementation, Measure } from './measure.js';
import { sortRandomCounter } from './sort-random.js';

export type { Counter, CounterSpec, Implementation, Measure } from './measure.js';

/**
 * Algorithms that run in JavaScript, each with its counter; every other algorithm runs in the core
 * by name. A new algorithm is its entry in algorithms.ts plus either a core experiment or a line
 * here; the visualiser, the statistics and parallel runs then take it.
 */
export const JS_COUNTERS: Partial<Record<AlgorithmName, (spec: CounterSpec, measure: Measure) => Counter>> = {
  'sort-random': sortRandomCounter,
};

/** Where `algorithm`'s trials run. */
export const implementationOf = (algorithm: AlgorithmName): Implementation => (JS_COUNTERS[algorithm] ? 'js' : 'wasm');

/**
 * Opens a counter for `spec` measuring `measure`; fresh platform entropy when unseeded. Core
 * counters run in the fairness module (loaded on first use: ./load.ts).
 */
export async function openCounter(spec: CounterSpec, measure: Measure): Promise<Counter> {
  const js = JS_COUNTERS[spec.algorithm];
  if (js) return js(spec, measure);
  const c = await fairness();
  const key = seedOrEntropy(spec.seed);
  const e = construct(() => c.CoreExperiment.make({
    algorithm: bytes(spec.algorithm), measure: manifest().measures[measure], n: spec.n, rounds: spec.rounds,
    engine: { rng: bytes(spec.rng), seedKind: key.kind, seed: key.bytes },
  }));
  if (e === null) throw coreError(c);
  let open = true;
  return {
    implementation: 'wasm',
    run: (trials) => e.run(trials),
    counts() {
      const view = e.counts();
      if (view === null) throw coreError(c);
      return view.slice();  // a copy: the view is valid only until the next call
    },
    dispose() {
      if (open) e.delete();
      open = false;
    },
  };
}
