/**
 * Validating the options of the fairness experiments. Every option is checked before any WASM
 * call; a bad one throws TypeError (wrong kind) or RangeError (wrong size) naming it and its value.
 */
import { show } from '../errors.js';
import { checkInt, checkKeys, randomOptions, type RandomOptions, type RngName, type SeedBytes } from '../options.js';
import { checkAlgorithm, type AlgorithmName } from './algorithms.js';
import { implementationOf } from './counter.js';
import type { Progress, RunControl } from './runner.js';
import { checkWorkers, type WorkersOption } from './workers.js';

/** Options of `countPermutations` and `positionMatrix`. */
export interface ExperimentOptions extends RandomOptions, RunControl {
  /** Which algorithm to run (see ALGORITHMS). */
  algorithm: AlgorithmName;
  /** Items shuffled per trial: 2–8 for permutations, 2–64 for position matrices. */
  n: number;
  /** Shuffles to run, 1 to 2^48. */
  trials: number;
  /** Swaps per shuffle for `random-swaps` only (0 to 100,000; default n). */
  rounds?: number;
  /** Trials per WASM call, 1 to 2^18; default about 2^21 / (n + rounds). */
  chunk?: number;
  /**
   * Splits the run over workers by the chunk plan (plan.ts): a number of worker_threads (Node), or
   * Workers/MessagePorts whose other side calls `serveChunks`. The counts for a seed are the same
   * for any number of workers (but differ from a run without `workers`, which is one stream).
   */
  workers?: WorkersOption;
}

/** Options after validation. */
export interface ResolvedExperiment {
  algorithm: AlgorithmName;
  n: number;
  trials: number;
  rounds: number;
  chunk: number;
  rng: RngName;
  seed: SeedBytes | undefined;
  signal: AbortSignal | undefined;
  onProgress: ((progress: Progress) => void) | undefined;
  workers: WorkersOption | undefined;
}

/** Largest trial count (counts stay exact in float64 far beyond it). */
export const MAX_TRIALS = 2 ** 48;
/** Largest chunk: trials per WASM call. */
export const MAX_CHUNK = 2 ** 18;
/** Largest `rounds` for random-swaps. */
export const MAX_ROUNDS = 100_000;

const KEYS = ['algorithm', 'n', 'trials', 'seed', 'rng', 'rounds', 'signal', 'onProgress', 'chunk', 'workers'];

/** Validates `signal` and `onProgress` (called with progress of type P). */
export function checkControl<P = Progress>(o: Record<string, unknown>): { signal?: AbortSignal; onProgress?: (progress: P) => void } {
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) {
    throw new TypeError(`signal must be an AbortSignal, got ${show(o.signal)}`);
  }
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') {
    throw new TypeError(`onProgress must be a function, got ${show(o.onProgress)}`);
  }
  return { signal: o.signal as AbortSignal | undefined, onProgress: o.onProgress as ((progress: P) => void) | undefined };
}

/** Validates an experiment's options for sizes 2…maxN; `what` names the function in messages. */
export function experimentOptions(options: unknown, maxN: number, what: string): ResolvedExperiment {
  if (options === undefined) throw new TypeError(`${what} needs an options object with algorithm, n and trials`);
  const o = checkKeys(options, KEYS, `${what} options`);
  const algorithm = checkAlgorithm('algorithm', o.algorithm);
  const n = checkInt('n', o.n, 2, maxN);
  const trials = checkInt('trials', o.trials, 1, MAX_TRIALS);
  let rounds = n;
  if (o.rounds !== undefined) {
    if (algorithm !== 'random-swaps') throw new TypeError(`rounds applies only to 'random-swaps', not to ${show(algorithm)}`);
    rounds = checkInt('rounds', o.rounds, 0, MAX_ROUNDS);
  }
  const work = n + (algorithm === 'random-swaps' ? rounds : 0);
  // About 2^21 item moves per WASM call; JavaScript algorithms (sort-random) are some 50× slower
  // per shuffle, so they take calls of 2^15 / n to keep progress and Stop within a fraction of a second.
  const budget = implementationOf(algorithm) === 'js' ? 2 ** 15 : 2 ** 21;
  const chunk = o.chunk === undefined
    ? Math.max(1, Math.min(MAX_CHUNK, Math.trunc(budget / work)))
    : checkInt('chunk', o.chunk, 1, MAX_CHUNK);
  const { rng, seed } = randomOptions({ seed: o.seed, rng: o.rng });
  const workers = checkWorkers(o.workers);
  return { algorithm, n, trials, rounds, chunk, rng, seed, ...checkControl(o), workers } as ResolvedExperiment;
}
