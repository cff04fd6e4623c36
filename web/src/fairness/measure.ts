/**
 * What an experiment counts and the small interface every counter offers, whether it runs in the
 * C++ core (counter.ts) or in JavaScript (sort-random.ts). A leaf module: both import it.
 */
import type { RngName, SeedBytes } from '../options.js';
import type { AlgorithmName } from './algorithms.js';

/** What a counter counts: lexicographic ranks, card × position, or nothing (timing). */
export type Measure = 'permutations' | 'positions' | 'time';

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
