/**
 * A counter: one experiment's state (algorithm, engine, counts so far) behind a small interface,
 * whether it runs in the C++ core (every algorithm but one) or in JavaScript (`sort-random`).
 */
import { coreError, withBytes } from '../abi.js';
import { seedOrEntropy } from '../entropy.js';
import { manifest } from '../manifest.js';
import type { Counter, CounterSpec, Measure } from './measure.js';
import { fairness } from './load.js';
import { sortRandomCounter } from './sort-random.js';

export type { Counter, CounterSpec, Implementation, Measure } from './measure.js';

/**
 * Opens a counter for `spec` measuring `measure`; fresh platform entropy when unseeded. Core
 * counters run in the fairness module (loaded on first use: ./load.ts).
 */
export async function openCounter(spec: CounterSpec, measure: Measure): Promise<Counter> {
  if (spec.algorithm === 'sort-random') return sortRandomCounter(spec, measure);
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
