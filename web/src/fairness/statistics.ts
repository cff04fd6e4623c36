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

/**
 * The fewest trials (or orders) the audit tests for n items: every item × position cell must
 * expect at least MIN_EXPECTED (5) counts, Cochran's rule for the positions χ², and the z tests
 * (neighbours, rising sequences, start–end correlation) sum at least 100 independent orders. Below
 * it the approximations behind those p-values fail (at 1 trial a correct Fisher–Yates was
 * "BIASED" on the largest cell), so the audit refuses the run instead of guessing (issue 59).
 */
export const minTrials = (n: number): number => Math.max(100, MIN_EXPECTED * n);

/** (Loader 2000) lgamma(x + 1) − (x + ½)·log x + x − ½·log 2π, accurate for every x ≥ 0 at hand. */
function stirlerr(x: number): number {
  if (x > 15) {
    const x2 = x * x;
    return (1 / 12 - (1 / 360 - 1 / (1260 * x2)) / x2) / x;
  }
  // Small x: the direct formula loses nothing, log Γ of small arguments by summing logs.
  let lg = 0;
  for (let i = 2; i <= x; i++) lg += Math.log(i);
  return lg - (x + 0.5) * Math.log(x) + x - 0.5 * Math.log(2 * Math.PI);
}

/** (Loader 2000) x·log(x/m) + m − x without cancellation when x ≈ m. */
function bd0(x: number, m: number): number {
  if (Math.abs(x - m) < 0.1 * (x + m)) {
    const v = (x - m) / (x + m);
    let s = (x - m) * v, ej = 2 * x * v;
    for (let j = 1; j < 1000; j++) {
      ej *= v * v;
      const s1 = s + ej / (2 * j + 1);
      if (s1 === s) return s1;
      s = s1;
    }
    return s;
  }
  return x * Math.log(x / m) + m - x;
}

/** P(X = x) for X ~ Binomial(T, p), accurate in relative terms for any T below 2^53. */
export function binomialPmf(x: number, T: number, p: number): number {
  const q = 1 - p;
  if (x < 0 || x > T) return 0;
  if (x === 0) return Math.exp(T * Math.log1p(-p));
  if (x === T) return Math.exp(T * Math.log(p));
  const lc = stirlerr(T) - stirlerr(x) - stirlerr(T - x) - bd0(x, T * p) - bd0(T - x, T * q);
  return Math.exp(lc) * Math.sqrt(T / (2 * Math.PI * x * (T - x)));
}

/**
 * P(X ≥ c) (up) or P(X ≤ c) (down) for X ~ Binomial(T, p), summed term by term from c outwards
 * (c at or beyond the mean, where the terms fall off geometrically); after 10⁶ terms the rest is
 * bounded by a geometric series, so the result is never below the true tail.
 */
function binomialTail(c: number, T: number, p: number, up: boolean): number {
  if (up ? c <= 0 : c >= T) return 1;
  if (up ? c > T : c < 0) return 0;
  const odds = p / (1 - p);
  let term = binomialPmf(c, T, p), sum = 0, x = c;
  for (let i = 0; i < 1_000_000; i++) {
    sum += term;
    const r = up ? ((T - x) / (x + 1)) * odds : (x / (T - x + 1)) / odds;
    x += up ? 1 : -1;
    if (up ? x > T : x < 0) return Math.min(1, sum);
    term *= r;
    if (term < sum * 1e-17) return Math.min(1, sum + term / Math.max(1e-300, 1 - r));
    if (i === 999_999) return r < 1 ? Math.min(1, sum + term / (1 - r)) : 1;
  }
  return 1;
}

/**
 * Two-sided exact p-value of a Binomial(T, p) count c: P(|X − Tp| ≥ |c − Tp|). Used for the
 * largest cell, where the normal approximation is far off in the tail at small expected counts.
 */
export function binomialTwoSided(c: number, T: number, p: number): number {
  const E = T * p, d = Math.abs(c - E), slack = 1e-9 * Math.max(1, E);
  if (d <= slack) return 1;
  const hi = Math.ceil(E + d - slack), lo = Math.floor(E - d + slack);
  return Math.min(1, binomialTail(hi, T, p, true) + binomialTail(lo, T, p, false));
}
