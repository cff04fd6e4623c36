/**
 * Power arithmetic for the shuffle audit: critical values and the smallest bias a run of a given
 * size catches with 99 % power. Built on the same χ² survival function as every other p-value
 * of the lab (statistics.ts), inverted by bisection; the noncentral χ² is Patnaik's scaled
 * central χ² (mean and variance matched), accurate to a few per cent of λ at these sizes.
 */
import { chiSquarePValue } from './statistics.js';

/** Power the "detectable bias" figures are stated at. */
export const POWER = 0.99;

/** The x with P(χ²(df) ≥ x) = p (0 < p < 1). */
export function chiSquareCritical(p: number, df: number): number {
  let lo = 0, hi = df + 10;
  while (chiSquarePValue(hi, df) > p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-9 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquarePValue(mid, df) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** z with P(|Z| ≥ z) = p for a standard normal Z (two-sided). */
export const zTwoSided = (p: number): number => Math.sqrt(chiSquareCritical(p, 1));

/** z with P(Z ≥ z) = 1 − power (one-sided). */
export const zPower = (power = POWER): number => zTwoSided(2 * (1 - power));

/** Power of a χ²(df) test at critical value c against noncentrality λ (Patnaik). */
function power(c: number, df: number, lambda: number): number {
  const h = (df + 2 * lambda) / (df + lambda);
  const nu = ((df + lambda) ** 2) / (df + 2 * lambda);
  return chiSquarePValue(c / h, nu);
}

/**
 * Smallest noncentrality λ that a χ²(df) test at level `alpha` rejects with probability `POWER`.
 * Divided by the trials, λ is Cohen's w² (w = RMS relative deviation of the cell probabilities).
 */
export function detectableLambda(alpha: number, df: number): number {
  const c = chiSquareCritical(alpha, df);
  let lo = 0, hi = Math.max(1, c);
  while (power(c, df, hi) < POWER) hi *= 2;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (power(c, df, mid) < POWER) lo = mid;
    else hi = mid;
  }
  return hi;
}
