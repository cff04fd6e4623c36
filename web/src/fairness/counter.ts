/**
 * A counter: one experiment's state (algorithm, engine, counts so far) behind a small interface,
 * whether it runs in the C++ core (every algorithm but one) or in JavaScript (`sort-random`).
 */
import { coreError, withBytes } from '../abi.js';
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
  const e = withBytes(c, [spec.algorithm, spec.rng, key.bytes], (at) =>
    c.abi.experiment_new(at[0], at[1], manifest().measures[measure], spec.n, spec.rounds, at[2], at[3], key.kind, at[4], at[5]));
  if (e === 0) throw coreError(c);
  let open = true;
  return {
    implementation: 'wasm',
    run: (trials) => c.abi.experiment_run(e, trials),
    counts() {
      const cells = c.abi.experiment_cells(e);
      if (cells === 0) return new Float64Array(0);
      const ptr = c.abi.experiment_counts(e);
      if (ptr === 0) throw coreError(c);
      return c.m.HEAPF64.slice(ptr >>> 3, (ptr >>> 3) + cells);  // read the view after the call: it may have grown
    },
    dispose() {
      if (open) c.abi.experiment_free(e);
      open = false;
    },
  };
}
