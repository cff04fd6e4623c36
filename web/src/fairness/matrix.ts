/**
 * `positionMatrix`: shuffle 0…n−1 many times (n ≤ 64) and count where each card ends up. The
 * matrix has fixed row and column sums, so its χ² is scaled by (n−1)/n and has (n−1)² degrees of
 * freedom (statistics.ts).
 */
import { manifest } from '../manifest.js';
import { runExperiment, type RunSummary } from './experiment.js';
import { experimentOptions, type ExperimentOptions } from './options.js';
import { chiSquarePValue, largestDeviation, matrixChiSquare } from './statistics.js';

/** The cell of the matrix furthest from its expected count. */
export interface CellDeviation {
  card: number;
  position: number;
  count: number;
  expected: number;
  /** (count − expected) / expected. */
  relative: number;
}

/** The result of `positionMatrix`. */
export interface MatrixResult extends RunSummary {
  /** counts[i * n + j] = times card i ended at position j (for dealing algorithms, was dealt j-th). */
  counts: Float64Array;
  /** trials / n: the mean count of every cell under a uniform shuffle. */
  expected: number;
  /** X² · (n−1)/n, the statistic for a matrix with fixed margins. */
  chiSquare: number;
  /** Degrees of freedom: (n−1)². */
  df: number;
  /** P(χ²(df) ≥ chiSquare) if the algorithm were uniform. */
  pValue: number;
  /** The cell furthest from `expected`. */
  largestDeviation: CellDeviation;
}

/** Largest n for positionMatrix. */
/** @deprecated Read `manifest().limits.maxMatrixN` (the core's own limit); kept for 0.1 callers. */
export const MAX_MATRIX_N = 64;

/**
 * Shuffles [0, 1, …, n−1] `trials` times with `algorithm` and counts card × position. Runs in
 * bounded chunks; rejects with `signal.reason` when aborted. Throws TypeError/RangeError naming
 * a bad option.
 */
export async function positionMatrix(options: ExperimentOptions): Promise<MatrixResult> {
  const o = experimentOptions(options, manifest().limits.maxMatrixN, 'positionMatrix');
  const { counts, run } = await runExperiment(o, 'positions');
  const expected = o.trials / o.n;
  const chiSquare = matrixChiSquare(counts, o.n);
  const df = (o.n - 1) ** 2;
  const d = largestDeviation(counts, expected);
  return {
    ...run,
    counts,
    expected,
    chiSquare,
    df,
    pValue: chiSquarePValue(chiSquare, df),
    largestDeviation: { card: Math.trunc(d.index / o.n), position: d.index % o.n, count: d.count, expected, relative: d.relative },
  };
}
