import { beforeAll, describe, expect, it } from 'vitest';
import { init, permutation, shuffle } from 'fairdeck';
import { randomUint32 } from 'fairdeck/random';

beforeAll(() => init());

const rank = (p: ArrayLike<number>) => {
  let r = 0;
  for (let i = 0; i < p.length; i++) {
    let smaller = 0;
    for (let j = i + 1; j < p.length; j++) if (p[j] < p[i]) smaller++;
    r = r * (p.length - i) + smaller;
  }
  return r;
};
const chi2 = (counts: number[]) => {
  const e = counts.reduce((a, b) => a + b, 0) / counts.length;
  return counts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
};

describe('shuffle and permutation', () => {
  it('shuffles arrays and every typed array in place, keeping their values', () => {
    const arrays = [
      Array.from({ length: 100 }, (_, i) => `item${i}`), Uint8Array.from({ length: 100 }, (_, i) => i),
      Int16Array.from({ length: 100 }, (_, i) => -i), Float32Array.from({ length: 100 }, (_, i) => i / 4),
      Float64Array.from({ length: 100 }, (_, i) => i * Math.PI), BigInt64Array.from({ length: 100 }, (_, i) => BigInt(i) << 40n),
    ];
    for (const a of arrays) {
      const sorted = [...a].map(String).sort();
      const before = [...a].map(String);
      expect(shuffle(a as never, { seed: 1 })).toBe(a);
      expect([...a].map(String).sort()).toEqual(sorted);
      expect([...a].map(String)).not.toEqual(before);
    }
  });

  it('is reproducible and gives the same order to Arrays, typed arrays and permutation()', () => {
    const n = 1000;
    const p = permutation(n, { seed: 'same' });
    const typed = shuffle(Uint32Array.from({ length: n }, (_, i) => i), { seed: 'same' });
    const plain = shuffle(Array.from({ length: n }, (_, i) => i), { seed: 'same' });
    expect([...typed]).toEqual([...p]);
    expect(plain).toEqual([...p]);
    expect([...permutation(n, { seed: 'same' })]).toEqual([...p]);
    expect([...permutation(n, { seed: 'other' })]).not.toEqual([...p]);
    expect([...permutation(n)]).not.toEqual([...permutation(n)]);
  });

  it('handles the empty and one-item cases', () => {
    expect(shuffle([])).toEqual([]);
    expect(shuffle([7])).toEqual([7]);
    expect(permutation(0)).toHaveLength(0);
    expect([...permutation(1)]).toEqual([0]);
  });

  it('gives every order of 4 items equally often, and rejects a modulo-biased naive swap', () => {
    // 24,000 permutations: 1,000 expected per order; χ² with df 23 at α = 1e-6 is 70.5.
    const fair = new Array(24).fill(0), naive = new Array(24).fill(0);
    const words = randomUint32(24000 * 4, { seed: 'control', rng: 'xoshiro256' });
    for (let t = 0; t < 24000; t++) {
      fair[rank(permutation(4, { seed: t, rng: 'xoshiro256' }))]++;
      const a = [0, 1, 2, 3];
      for (let i = 0; i < 4; i++) {
        const j = words[t * 4 + i] % 4; // negative control: the naive swap (modulo is exact for 4)
        [a[i], a[j]] = [a[j], a[i]];
      }
      naive[rank(a)]++;
    }
    expect(chi2(fair)).toBeLessThan(70.5);
    expect(chi2(naive)).toBeGreaterThan(70.5);
  });

  it('permutes 10^8 items correctly (bounded chunks, one WASM heap copy)', () => {
    const n = 1e8;
    const p = permutation(n, { seed: 8, rng: 'xoshiro256' });
    expect(p).toHaveLength(n);
    const seen = new Uint8Array(n);
    let fixed = 0;
    for (let i = 0; i < n; i++) {
      seen[p[i]] = 1;
      if (p[i] === i) fixed++;
    }
    expect(seen.every((x) => x === 1)).toBe(true);
    expect(fixed).toBeLessThan(10); // expected 1 fixed point; P(≥ 10) < 1e-6
  }, 120_000);

  it('says clearly when n is too large for the WASM heap', () => {
    expect(() => permutation(2 ** 32 - 1, { seed: 1 })).toThrow(/too large for the WASM heap/);
    expect([...permutation(5, { seed: 1 })].sort()).toEqual([0, 1, 2, 3, 4]); // still working
  });
});
