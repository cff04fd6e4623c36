// fairdeck/fairness: every fair algorithm passes and every biased one fails the same seeded tests.
//
// Threshold: every verdict is p < ALPHA = 10⁻⁶ (statistics.ts): a fair algorithm fails with
// probability ≤ 10⁻⁶ per assertion for ANY seed, so changing a seed or a compiler never makes
// this flaky. Power (docs/fairness-testing.md): at n = 4 (df 23, critical X² 70.5) the exact laws of the
// references, enumerated over every draw sequence, give a noncentrality λ per trial of 0.030
// (naive-swap), 0.039 (random-swaps, n rounds), 0.35 (off-by-one), 0.36 (bitmap-scan), 3.0
// (sattolo), and about 1.2 for V8's sort-random (simulated). With 20,000 trials the weakest,
// naive-swap, has λ ≈ 596 and passes with probability ≈ 3 × 10⁻⁶³: each test can fail.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'fairdeck';
import {
  ALPHA, BIASED_ALGORITHMS, FAIR_ALGORITHMS, countPermutations, positionMatrix, verdict, type AlgorithmName,
} from 'fairdeck/fairness';

beforeAll(() => init());

const permutationTest = (algorithm: AlgorithmName, seed = 4) => countPermutations({ algorithm, n: 4, trials: 20_000, seed });
// 52 cards, 20,000 trials: 385 expected per cell; df (n−1)² = 2601, critical X² 2958.3.
const matrixTest = (algorithm: AlgorithmName, rng: 'chacha20' | 'xoshiro256' = 'chacha20') =>
  positionMatrix({ algorithm, n: 52, trials: 20_000, seed: 52, rng });

describe('countPermutations', () => {
  it.each(FAIR_ALGORITHMS)('finds no bias in fair %s (n = 4, 20,000 trials, p ≥ 10⁻⁶)', async (algorithm) => {
    const r = await permutationTest(algorithm);
    expect(r.counts.length).toBe(24);
    expect(r.counts.reduce((a, b) => a + b)).toBe(20_000);
    expect(r.df).toBe(23);
    expect(r.pValue).toBeGreaterThanOrEqual(ALPHA);
    expect(verdict(r.pValue, r.expected).kind).toBe('no-evidence-of-bias');
  });

  it.each(BIASED_ALGORITHMS)('rejects biased %s with the same test (p < 10⁻⁶)', async (algorithm) => {
    const r = await permutationTest(algorithm);
    expect(r.chiSquare).toBeGreaterThan(70.5);
    expect(r.pValue).toBeLessThan(ALPHA);
    expect(verdict(r.pValue, r.expected).kind).toBe('biased');
  });

  it('reproduces the classic naive-swap table for n = 3: 4/27 and 5/27', async () => {
    // Ranks: 012→0, 021→1, 102→2, 120→3, 201→4, 210→5. 270,000 trials: a count's sd is ≤ 202,
    // so ±1,250 (over 6 sd) holds with probability > 1 − 10⁻⁸ per cell.
    const r = await countPermutations({ algorithm: 'naive-swap', n: 3, trials: 270_000, seed: 27 });
    const law = [4, 5, 5, 5, 4, 4].map((k) => (k / 27) * 270_000);
    r.counts.forEach((c, k) => expect(Math.abs(c - law[k])).toBeLessThan(1_250));
    expect(r.mostFrequent.count).toBeGreaterThan(r.leastFrequent.count);
    expect([1, 2, 3]).toContain(r.mostFrequent.rank);
    expect([0, 4, 5]).toContain(r.leastFrequent.rank);
  });

  it('reports the most and least frequent arrangements with their orders', async () => {
    const r = await countPermutations({ algorithm: 'off-by-one', n: 3, trials: 10_000, seed: 3 });
    expect(r.leastFrequent.count).toBe(0);  // off-by-one cannot reach every order
    expect(r.counts[r.mostFrequent.rank]).toBe(r.mostFrequent.count);
    expect([...r.mostFrequent.order].sort()).toEqual([0, 1, 2]);
    expect(r.implementation).toBe('wasm');
    expect(r.trialsPerSecond).toBeGreaterThan(0);
  });

  it('gives the same counts for the same seed, and different counts for another', async () => {
    for (const algorithm of ['fisher-yates', 'sort-random'] as const) {
      const a = await countPermutations({ algorithm, n: 5, trials: 3_000, seed: 'x' });
      const b = await countPermutations({ algorithm, n: 5, trials: 3_000, seed: 'x', chunk: 7 });
      const c = await countPermutations({ algorithm, n: 5, trials: 3_000, seed: 'y' });
      expect(b.counts).toEqual(a.counts);
      expect(c.counts).not.toEqual(a.counts);
    }
  });
});

describe('positionMatrix', () => {
  it.each(FAIR_ALGORITHMS)('finds no bias in fair %s (52 cards, both engines)', async (algorithm) => {
    for (const rng of ['chacha20', 'xoshiro256'] as const) {
      const r = await matrixTest(algorithm, rng);
      expect(r.df).toBe(2601);
      expect(r.pValue).toBeGreaterThanOrEqual(ALPHA);
    }
  });

  // bitmap-scan is no control here: at n = 52 its bias is in which card follows which, and the
  // position matrix barely sees it (scaled X² ≈ 2,360); the permutation test above rejects it.
  it.each(BIASED_ALGORITHMS.filter((a) => a !== 'bitmap-scan'))('rejects biased %s (52 cards)', async (algorithm) => {
    const r = await matrixTest(algorithm);
    expect(r.chiSquare).toBeGreaterThan(2958.3);
    expect(r.pValue).toBeLessThan(ALPHA);
  });

  it('scales X² by (n−1)/n and counts every card once per trial in each row and column', async () => {
    const r = await positionMatrix({ algorithm: 'fisher-yates', n: 6, trials: 6_000, seed: 6 });
    const raw = r.counts.reduce((x, c) => x + (c - 1_000) ** 2 / 1_000, 0);
    expect(r.chiSquare).toBeCloseTo((raw * 5) / 6, 9);
    for (let i = 0; i < 6; i++) {
      expect(r.counts.slice(i * 6, i * 6 + 6).reduce((a, b) => a + b)).toBe(6_000);
      expect([0, 1, 2, 3, 4, 5].reduce((s, k) => s + r.counts[k * 6 + i], 0)).toBe(6_000);
    }
    const d = r.largestDeviation;
    expect(Math.abs(d.count - 1_000)).toBe(Math.max(...[...r.counts].map((c) => Math.abs(c - 1_000))));
    expect(r.counts[d.card * 6 + d.position]).toBe(d.count);
  });

  it('shows that sattolo never leaves a card in place', async () => {
    for (const n of [2, 8, 52]) {
      const r = await positionMatrix({ algorithm: 'sattolo', n, trials: 5_000, seed: n });
      for (let i = 0; i < n; i++) expect(r.counts[i * n + i]).toBe(0);
      expect(r.largestDeviation.relative).toBe(-1);
    }
    const p = await countPermutations({ algorithm: 'sattolo', n: 5, trials: 5_000, seed: 5 });
    expect(p.counts.filter((c) => c > 0).length).toBe(24);  // only the (n−1)! cyclic orders
  });
});
