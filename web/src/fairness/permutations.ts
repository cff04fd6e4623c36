/**
 * `countPermutations`: shuffle 0…n−1 many times (n ≤ 8), count each of the n! arrangements and
 * test the counts against the uniform law with Pearson's χ² (n! − 1 degrees of freedom).
 */
import { manifest } from '../manifest.js';
import { runExperiment, type RunSummary } from './experiment.js';
import { experimentOptions, type ExperimentOptions } from './options.js';
import { permutationAt } from './ranks.js';
import { chiSquarePValue, chiSquareUniform } from './statistics.js';

/** One arrangement and how often it came up. */
export interface Arrangement {
  /** Lexicographic rank (0 = identity). */
  rank: number;
  /** The arrangement itself (for dealing algorithms, the order of the deal). */
  order: number[];
  /** Times it came up. */
  count: number;
}

/** The result of `countPermutations`. */
export interface PermutationResult extends RunSummary {
  /** counts[k] = times the k-th arrangement in lexicographic order came up (length n!). */
  counts: Float64Array;
  /** trials / n!: the mean count of every arrangement under a uniform shuffle. */
  expected: number;
  /** Pearson's X² against the uniform law. */
  chiSquare: number;
  /** Degrees of freedom: n! − 1. */
  df: number;
  /** P(χ²(df) ≥ chiSquare) if the algorithm were uniform. */
  pValue: number;
  /** The most frequent arrangement (the first one on ties). */
  mostFrequent: Arrangement;
  /** The least frequent arrangement (the first one on ties). */
  leastFrequent: Arrangement;
}

/** Largest n for countPermutations (8! = 40,320 arrangements). */
/** @deprecated Read `manifest().limits.maxPermutationN` (the core's own limit); kept for 0.1 callers. */
export const MAX_PERMUTATION_N = 8;

/**
 * Shuffles [0, 1, …, n−1] `trials` times with `algorithm` and counts every arrangement. Runs in
 * bounded chunks; rejects with `signal.reason` when aborted. Throws TypeError/RangeError naming
 * a bad option.
 */
export async function countPermutations(options: ExperimentOptions): Promise<PermutationResult> {
  const o = experimentOptions(options, manifest().limits.maxPermutationN, 'countPermutations');
  const { counts, run } = await runExperiment(o, 'permutations');
  let most = 0, least = 0;
  for (let k = 1; k < counts.length; k++) {
    if (counts[k] > counts[most]) most = k;
    if (counts[k] < counts[least]) least = k;
  }
  const at = (rank: number): Arrangement => ({ rank, order: permutationAt(rank, o.n), count: counts[rank] });
  const chiSquare = chiSquareUniform(counts);
  const df = counts.length - 1;
  return {
    ...run,
    counts,
    expected: o.trials / counts.length,
    chiSquare,
    df,
    pValue: chiSquarePValue(chiSquare, df),
    mostFrequent: at(most),
    leastFrequent: at(least),
  };
}
