/**
 * What an experiment counts and the small interface every counter offers, whether it runs in the
 * C++ core (counter.ts) or in JavaScript (sort-random.ts). A leaf module: both import it.
 */
import type { RngName, SeedBytes } from '../options.js';
import type { AlgorithmName } from './algorithms.js';
import type { SeedRecord } from './plan.js';

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

/** What every experiment result holds besides its statistics. */
export interface RunSummary {
  algorithm: AlgorithmName;
  /** Items per shuffle. */
  n: number;
  /** Shuffles run. */
  trials: number;
  /** Swaps per shuffle of `random-swaps` (n unless given); undefined for the other algorithms. */
  rounds: number | undefined;
  /** Engine. */
  rng: RngName;
  /** False when keyed from platform entropy (not reproducible). */
  seeded: boolean;
  /** Where the trials ran: 'wasm' (the core) or 'js' (`sort-random`). */
  implementation: Implementation;
  /** Wall-clock time of the run, including the short yields between chunks. */
  elapsedMs: number;
  /** trials / elapsed seconds. */
  trialsPerSecond: number;
  /** Only for runs with `workers`: how many, the chunk plan and the recorded master seed. */
  parallel?: ParallelSummary;
}

/** How a run with `workers` was split, and its master seed (drawn from crypto when unseeded). */
export interface ParallelSummary {
  /** Workers used. */
  workers: number;
  /** Trials per chunk, and chunks. */
  chunkTrials: number;
  chunks: number;
  /** The master seed: pass `replaySeed(seed)` as `seed` to get the same counts again. */
  seed: SeedRecord;
}

/** The summary of a finished run of `o` (one stream or many workers: the same fields). */
export function runSummary(o: Pick<CounterSpec, 'algorithm' | 'n' | 'rounds' | 'rng' | 'seed'> & { trials: number }, implementation: Implementation, elapsedMs: number): RunSummary {
  return {
    algorithm: o.algorithm,
    n: o.n,
    trials: o.trials,
    rounds: o.algorithm === 'random-swaps' ? o.rounds : undefined,
    rng: o.rng,
    seeded: o.seed !== undefined,
    implementation,
    elapsedMs,
    trialsPerSecond: elapsedMs > 0 ? (o.trials * 1000) / elapsedMs : Infinity,
  };
}
