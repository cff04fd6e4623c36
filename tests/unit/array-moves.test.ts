// shuffle(array) of JS Arrays (issue 63): WASM makes the choices, JavaScript makes the moves in
// place (web/src/shuffle.ts, "JS Arrays"). Seeded Arrays must keep the order of typed arrays and
// permutation(n) at every size — below and above the chunk (2^18 steps) and the cache-aware
// threshold (2^23 items) — and a failed read or write, however deep into the shuffle, must leave
// the array as it was.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { init, permutation, shuffle } from 'fairdeck';

beforeAll(() => init());

const iota = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('seeded Arrays keep the order of typed arrays and permutation(n)', () => {
  for (const rng of ['chacha20', 'xoshiro256'] as const) {
    it(`${rng}: Arrays of numbers and of objects, from 0 to 2^18 + 3 items`, () => {
      for (const n of [0, 1, 2, 3, 52, 257, 2049, 65537, 2 ** 18 + 3]) {
        const p = Array.from(permutation(n, { seed: n, rng }));
        expect(shuffle(iota(n), { seed: n, rng }), `n = ${n}`).toEqual(p);
        expect(Array.from(shuffle(Float64Array.from(iota(n)), { seed: n, rng }))).toEqual(p);
        const items = iota(n).map((i) => ({ i }));
        expect(shuffle(items.slice(), { seed: n, rng }).map((o) => o.i)).toEqual(p);
      }
    });
  }

  it('above the cache-aware threshold, every item (2^23 + 5 numbers)', () => {
    const n = 2 ** 23 + 5, p = permutation(n, { seed: 'big' }), a = shuffle(iota(n), { seed: 'big' });
    let differ = -1;
    for (let k = 0; k < n && differ < 0; k++) if (a[k] !== p[k]) differ = k;
    expect(differ).toBe(-1);
  });
});

describe('a hostile Array is left as it was', () => {
  /** An Array of n numbers whose item `at` throws from its setter once, at write `writes` + 1 (a transient fault: later writes pass, so the array can be put back). */
  function trap(n: number, at: number, writes: number) {
    const a = iota(n);
    let value = at, seen = 0;
    Object.defineProperty(a, at, {
      get: () => value,
      set: (v: number) => {
        if (seen++ === writes) throw new Error('not now');
        value = v;
      },
      enumerable: true, configurable: true,
    });
    return a;
  }
  // Fisher–Yates writes position i at step i and whenever a later step picks it; item 0 is
  // written about ln n times in all (never, with probability 1/n), and the cache-aware shuffle
  // writes every item once in its scatter and again in its bucket's swaps (almost always).
  const cases: Array<[string, number, object | undefined, number, number]> = [
    ['unseeded, in JavaScript', 1000, undefined, 0, 1],
    ["seeded, by the core's choices", 100000, { seed: 5 }, 0, 2],
    ['cache-aware', 2 ** 23 + 5, { seed: 6 }, 2 ** 22, 1],
  ];
  for (const [name, n, options, at, writes] of cases) {
    it(`${name} (${n} items): a setter that throws once, after other items moved`, () => {
      let threw = 0;
      for (let attempt = 0; attempt < 3 && threw === 0; attempt++) {  // unseeded: item 0 may go unwritten (1 in 1000)
        const a = trap(n, at, writes);
        try {
          shuffle(a, options);
          continue;
        } catch (error) {
          threw++;
          expect(String(error)).toMatch(/array cannot be shuffled: an item cannot be written \(not now\); nothing was moved/);
        }
        let moved = -1;
        for (let k = 0; k < n && moved < 0; k++) if (a[k] !== k) moved = k;
        expect(moved, `the first item out of place (item ${at} traps)`).toBe(-1);
      }
      expect(threw).toBe(1);
    });
  }
  it('a getter that throws mid-shuffle: nothing moved, the item named', () => {
    for (const [n, options] of [[1000, undefined], [100000, { seed: 5 }]] as const) {
      const a = iota(n);
      let reads = 0, value = 0;
      Object.defineProperty(a, 0, {
        get: () => {
          if (++reads === 3) throw new Error('gone');
          return value;
        },
        set: (v: number) => void (value = v),
        enumerable: true, configurable: true,
      });
      let error: unknown;
      for (let attempt = 0; attempt < 3 && !error; attempt++) {
        try {
          shuffle(a, options);
        } catch (e) {
          error = e;
        }
      }
      expect(String(error)).toMatch(/item 0 could not be read \(gone\); nothing was moved/);
      for (let k = 1; k < n; k++) if (a[k] !== k) expect.fail(`item ${k} moved (n = ${n})`);
    }
  });

  it('unseeded, in JavaScript: the platform failing mid-shuffle (its pool refilled) leaves the array as it was', () => {
    // (The dice are all drawn before the first swap, so the Error comes before any item moves.)
    // Each 2,048-item shuffle takes about 700 of the pool's 16,384 words, so within 30 calls the
    // pool runs out partway through one, and its refill throws after some swaps were made.
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(() => {
      throw new Error('no entropy');
    });
    try {
      let error: unknown;
      for (let call = 0; call < 30 && !error; call++) {
        const a = iota(2048);
        try {
          shuffle(a);
          expect([...a].sort((x, y) => x - y)).toEqual(iota(2048));
        } catch (e) {
          error = e;
          expect(a).toEqual(iota(2048));  // every swap made was undone
        }
      }
      expect(String(error)).toMatch(/crypto\.getRandomValues failed/);
    } finally {
      spy.mockRestore();
    }
  });

  it('a getter that calls fairdeck (and grows the WASM heap) mid-shuffle does not change the order', () => {
    const n = 100000, want = Array.from(permutation(n, { seed: 9 }));
    const a = iota(n);
    let calls = 0;
    Object.defineProperty(a, 7, {
      get() {
        if (calls++ === 0) permutation(2 ** 22);  // 16 MiB: the heap grows, its old views detach
        return this._v ?? 7;
      },
      set(v) { this._v = v; },
      enumerable: true, configurable: true,
    });
    shuffle(a, { seed: 9 });
    expect(calls).toBeGreaterThan(0);
    expect(Array.from({ length: n }, (_, k) => a[k])).toEqual(want);
  });
});
