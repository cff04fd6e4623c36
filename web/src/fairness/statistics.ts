/**
 * The statistics of the fairness experiments — the same code the tests assert with and the
 * visualiser shows. p-values come from stdlib's regularized upper incomplete gamma function
 * (the χ² survival function is Q(df/2, x/2)), not from a hand-written approximation.
 */
import { gammainc } from '../vendor/gammainc.js';

/**
 * Significance level of every verdict and test: a fair algorithm is called biased with
 * probability at most 10⁻⁶ whatever the seed (docs/fairness-testing.md), so seeded tests never flake.
 */
export const ALPHA = 1e-6;

/** Smallest expected count per cell for which the χ² approximation is trusted. */
export const MIN_EXPECTED = 5;

/** Pearson's X² of `counts` against equal expected counts (total / cells). */
export function chiSquareUniform(counts: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i];
  const e = total / counts.length;
  let x = 0;
  for (let i = 0; i < counts.length; i++) x += ((counts[i] - e) * (counts[i] - e)) / e;
  return x;
}

/**
 * χ² of an n×n position matrix whose rows and columns are both fixed (every card lands somewhere,
 * every position gets a card): the plain X² has mean n(n−1), so it is scaled by (n−1)/n and
 * compared with χ²((n−1)²) (docs/fairness-testing.md, point 2).
 */
export function matrixChiSquare(counts: ArrayLike<number>, n: number): number {
  return (chiSquareUniform(counts) * (n - 1)) / n;
}

/** P(χ²(df) ≥ x): the upper-tail p-value. */
export function chiSquarePValue(x: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`df must be positive, got ${df}`);
  if (!(x > 0)) return 1;
  return gammainc(x / 2, df / 2, true, true);
}

/** P(X ≥ c) for X ~ Poisson(λ): the regularized lower incomplete gamma P(c, λ) (1 for c ≤ 0). */
export function poissonUpperTail(c: number, lambda: number): number {
  if (c <= 0) return 1;
  if (!(lambda > 0)) return 0;
  return gammainc(lambda, c, true, false);
}

/** The cell whose count is furthest from the expected count, relative to it. */
export interface Deviation {
  /** Index of the cell. */
  index: number;
  /** Its count. */
  count: number;
  /** The count a uniform algorithm would have on average. */
  expected: number;
  /** (count − expected) / expected: −0.25 means 25% too rare. */
  relative: number;
}

/** The largest |count − expected| among `counts`. */
export function largestDeviation(counts: ArrayLike<number>, expected: number): Deviation {
  let index = 0;
  for (let i = 1; i < counts.length; i++) {
    if (Math.abs(counts[i] - expected) > Math.abs(counts[index] - expected)) index = i;
  }
  const count = counts[index];
  return { index, count, expected, relative: (count - expected) / expected };
}

/** What a result says. */
export type VerdictKind = 'biased' | 'no-evidence-of-bias' | 'too-few-trials';

/** A plain-language verdict on a χ² result. */
export interface Verdict {
  kind: VerdictKind;
  /** One or two sentences for people. */
  text: string;
}

/** Formats a p-value for people (e.g. "0.42", "3.1 × 10⁻¹²", "< 10⁻³⁰⁰"). */
export function formatP(p: number): string {
  if (p === 0) return '< 10⁻³⁰⁰';
  if (p >= 0.001) return p.toPrecision(2);
  const [m, e] = p.toExponential(1).split('e');
  const sup = (s: string) => s.replace(/[-0-9]/g, (c) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'['-0123456789'.indexOf(c)]);
  return `${m} × 10${sup(String(Number(e)))}`;
}

/** "p = 0.42" or, below the smallest double, "p < 10⁻³⁰⁰". */
export function pText(p: number): string {
  return p === 0 ? 'p < 10⁻³⁰⁰' : `p = ${formatP(p)}`;
}

/** The verdict for a p-value when each cell expects `expected` counts, at significance `alpha`. */
export function verdict(pValue: number, expected: number, alpha = ALPHA): Verdict {
  if (expected < MIN_EXPECTED) {
    return {
      kind: 'too-few-trials',
      text: `Too few trials: each cell expects only ${expected.toPrecision(2)} counts (χ² needs ≥ ${MIN_EXPECTED}). Run more trials.`,
    };
  }
  if (pValue < alpha) {
    return {
      kind: 'biased',
      text: `Biased. A uniform shuffle would give a χ² this large with probability ${pText(pValue)}, below α = ${formatP(alpha)}.`,
    };
  }
  return {
    kind: 'no-evidence-of-bias',
    text: `No evidence of bias (${pText(pValue)} ≥ α = ${formatP(alpha)}). A test can only fail to find a bias; more trials find smaller ones.`,
  };
}
