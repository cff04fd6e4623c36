/**
 * A counter: one experiment's state (algorithm, engine, counts so far) behind a small interface,
 * whether it runs in the C++ core (every algorithm but one) or in JavaScript (`sort-random`).
 */
import { entropy } from '../entropy.js';
import { coreError, embind } from '../errors.js';
import { core } from '../load.js';
import { SeedKind, type RngName, type SeedBytes } from '../options.js';
import type { AlgorithmName } from './algorithms.js';
import { sortRandomCounter } from './sort-random.js';

/** What a counter counts: lexicographic ranks, card × position, or nothing (timing). */
export const Measure = { Permutations: 0, Positions: 1, Time: 2 } as const;
/** One of the Measure values. */
export type Measure = (typeof Measure)[keyof typeof Measure];

/** Where a counter's trials run. */
export type Implementation = 'wasm' | 'js';

/** An experiment in progress. Call dispose() when done. */
export interface Counter {
  /** Where the trials run. */
  readonly implementation: Implementation;
  /** Runs `trials` more trials (one bounded call). */
  run(trials: number): void;
  /** A copy of the counts so far (n! cells, n² cells, or none). */
  counts(): Float64Array;
  /** Frees the experiment. */
  dispose(): void;
}

/** What a counter needs to know. */
export interface CounterSpec {
  algorithm: AlgorithmName;
  n: number;
  rounds: number;
  rng: RngName;
  seed: SeedBytes | undefined;
}

/**
 * Algorithms that run in JavaScript, each with its counter; every other algorithm runs in the core
 * by name. A new algorithm (a provably-fair scheme, say) is its entry in algorithms.ts plus either
 * a core experiment or a line here; the visualiser, the statistics and parallel runs then take it.
 */
export const JS_COUNTERS: Partial<Record<AlgorithmName, (spec: CounterSpec, measure: Measure) => Counter>> = {
  'sort-random': sortRandomCounter,
};

/** Where `algorithm`'s trials run. */
export const implementationOf = (algorithm: AlgorithmName): Implementation => (JS_COUNTERS[algorithm] ? 'js' : 'wasm');

/** Opens a counter for `spec` measuring `measure`; fresh platform entropy when unseeded. */
export function openCounter(spec: CounterSpec, measure: Measure): Counter {
  const js = JS_COUNTERS[spec.algorithm];
  if (js) return js(spec, measure);
  const m = core();
  const key = spec.seed ?? { kind: SeedKind.Entropy, bytes: entropy() };
  const e = embind(() => new m.CoreExperiment(spec.algorithm, measure, spec.n, spec.rounds, spec.rng, key.kind, key.bytes));
  if (!e.ok()) {
    const error = coreError(m);
    e.delete();
    throw error;
  }
  let open = true;
  return {
    implementation: 'wasm',
    run: (trials) => e.run(trials),
    counts() {
      const ptr = embind(() => e.counts());
      const cells = e.cells();
      return m.HEAPF64.slice(ptr >>> 3, (ptr >>> 3) + cells);  // read the view after the call: it may have grown
    },
    dispose() {
      if (open) e.delete();
      open = false;
    },
  };
}
