// Issue 40, streams and small shuffles: `{ stream }` keys each call with the stream's next 256
// bits (shuffle, permutation, Deck, RandomStream), so a seeded loop neither repeats nor re-seeds;
// streamSeed(s, i) names stream i of seed s; an unseeded shuffle of up to 256 items runs in JS
// on words of crypto.getRandomValues drawn in blocks.
//
// The small shuffle's law: crypto.getRandomValues is replaced by a seeded stream (fairdeck/random)
// so the test is reproducible; 4 items, 24 orders, 48,000 shuffles (2,000 expected an order), χ²
// with 23 degrees of freedom at α = 10⁻⁶. Negative control: the same test with the source's words
// biased (every word below 2^31, which halves each die's range) must be rejected.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { permutation, shuffle, streamSeed } from 'fairdeck';
import { Deck, init } from 'fairdeck/sim';  // the Deck that takes a stream
import { RandomStream, randomBytes } from 'fairdeck/random';
import { ALPHA, chiSquarePValue, permutationRank } from 'fairdeck/fairness';

beforeAll(() => init());
afterEach(() => vi.restoreAllMocks());

describe('{ stream }: a seeded loop that moves on', () => {
  it('shuffle in a loop gives a new, reproducible order each call, where { seed } repeats one', () => {
    const run = () => {
      const stream = new RandomStream({ seed: 42 }), orders = new Set<string>();
      for (let i = 0; i < 200; i++) orders.add(shuffle([...Array(52).keys()], { stream }).join());
      stream.dispose();
      return orders;
    };
    const a = run(), b = run();
    expect(a.size).toBe(200);
    expect([...a]).toEqual([...b]);
    const fixed = new Set<string>();
    for (let i = 0; i < 20; i++) fixed.add(shuffle([...Array(52).keys()], { seed: 42 }).join());
    expect(fixed.size).toBe(1);  // the trap the stream avoids
  });

  it('keys permutation, Deck and RandomStream with the next 256 bits, as the bytes seed of those bits', () => {
    const s1 = new RandomStream({ seed: 'k' }), s2 = new RandomStream({ seed: 'k' });
    const key = new Uint8Array(s2.nextUint32(8).buffer.slice(0));
    expect([...permutation(20, { stream: s1 })]).toEqual([...permutation(20, { seed: key })]);
    const key2 = new Uint8Array(s2.nextUint32(8).buffer.slice(0));
    const d1 = new Deck({ stream: s1 }), d2 = new Deck({ seed: key2 });
    expect(d1.deal(52).map((c) => c.id)).toEqual(d2.deal(52).map((c) => c.id));
    d1.dispose(), d2.dispose(), s1.dispose(), s2.dispose();
  });

  it('refuses a stream with a seed, a stream that is not one, and a stream for a provable deck', () => {
    const stream = new RandomStream({ seed: 1 });
    expect(() => shuffle([1, 2, 3], { seed: 1, stream })).toThrow(new TypeError('seed and stream cannot be combined: a stream gives each call its own key'));
    expect(() => shuffle([1, 2, 3], { stream: {} as RandomStream })).toThrow(/^stream must be a RandomStream of fairdeck\/random, got/);
    expect(() => new Deck({ stream, provable: { serverSeed: 'ab'.repeat(32), clientSeed: 'c', nonce: 0 } })).toThrow(TypeError);
    stream.dispose();
  });
});

describe('streamSeed(seed, i)', () => {
  it('names distinct, reproducible streams per index and per seed', () => {
    const first = (seed: Uint8Array) => [...randomBytes(16, { seed })].join();
    const seen = new Set<string>();
    for (const s of [42, 'table', 43]) for (let i = 0; i < 10; i++) seen.add(first(streamSeed(s, i)));
    expect(seen.size).toBe(30);
    expect(first(streamSeed(42, 3))).toBe(first(streamSeed(42, 3)));
    expect(first(streamSeed(42, 0))).not.toBe(first(42 as never));
  });
  it('refuses a missing seed or a bad index', () => {
    expect(() => streamSeed(undefined as never, 0)).toThrow(TypeError);
    expect(() => streamSeed(1, -1)).toThrow(new RangeError('index must be an integer from 0 to 9007199254740991, got -1'));
  });
});

describe('unseeded shuffle of a small array (JavaScript, words of crypto.getRandomValues in blocks)', () => {
  /** Replaces crypto.getRandomValues by a seeded stream (optionally biased), for a reproducible law. */
  function seededPlatform(seed: string, biased = false) {
    const stream = new RandomStream({ seed });
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(a: T): T => {
      const words = new Uint32Array((a as unknown as Uint8Array).buffer, (a as unknown as Uint8Array).byteOffset, (a as unknown as Uint8Array).byteLength >> 2);
      words.set(stream.nextUint32(words.length));
      if (biased) for (let i = 0; i < words.length; i++) words[i] >>>= 1;
      return a;
    });
    return stream;
  }
  const law = (biased: boolean) => {
    const stream = seededPlatform(biased ? 'biased' : 'fair', biased);
    const counts = new Array<number>(24).fill(0), trials = 48_000;
    for (let t = 0; t < trials; t++) counts[permutationRank(shuffle([0, 1, 2, 3]))]++;
    vi.restoreAllMocks(), stream.dispose();
    const e = trials / 24;
    return chiSquarePValue(counts.reduce((x, c) => x + (c - e) ** 2 / e, 0), 23);
  };

  it('gives every order of 4 items equally often; the biased control fails', () => {
    expect(law(false)).toBeGreaterThan(ALPHA);
    expect(law(true)).toBeLessThan(ALPHA);
  });

  it('draws the platform in blocks, never per call, and shuffles typed arrays and Arrays in place', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const a = [...Array(48).keys()];
    for (let i = 0; i < 100; i++) expect(shuffle(a)).toBe(a);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(2);  // 64 KB blocks: about 9 words a shuffle
    const typed = Float64Array.from({ length: 100 }, (_, i) => i);
    shuffle(typed);
    expect([...typed].sort((x, y) => x - y)).toEqual([...Array(100).keys()]);
  });

  it('zeroes each pool word as it hands it out, so the pool holds only unused words', () => {
    let pool: Uint32Array | undefined;
    const real = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(a: T): T => {
      if (a instanceof Uint32Array) pool = a;  // the pool (entropy keys come as bytes)
      return real(a as never) as T;
    });
    const a = [...Array(48).keys()];
    for (let i = 0; i < 5000 && pool === undefined; i++) shuffle(a);  // until the pool is refilled
    vi.restoreAllMocks();
    expect(pool).toBeDefined();
    shuffle(a);
    const used = pool!.findIndex((w) => w !== 0);
    expect(used).toBeGreaterThan(8);  // this shuffle's words (and the refilling one's) are zero…
    expect(pool!.subarray(used).filter((w) => w === 0).length).toBeLessThan(3);  // …the unused ones are not
  });

  it('throws the platform\'s Error, and leaves a frozen array or a throwing setter\'s array as it was', () => {
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(() => {
      throw new Error('no entropy');
    });
    const fresh = [...Array(3000).keys()];  // over 2048 items: the WASM path, keyed from the platform
    expect(() => shuffle(fresh)).toThrow(/crypto.getRandomValues failed/);
    vi.restoreAllMocks();
    const frozen = Object.freeze([1, 2, 3, 4, 5]);
    expect(() => shuffle(frozen as unknown as number[])).toThrow(TypeError);
    const a = [0, 1, 2, 3, 4, 5, 6, 7];
    Object.defineProperty(a, 3, { value: 3, writable: false });
    let threw = 0;
    for (let i = 0; i < 40; i++) {
      const before = [...a];
      try {
        shuffle(a);  // succeeds only when no swap touches item 3 (1 time in 8)
      } catch (e) {
        threw++;
        expect(e).toBeInstanceOf(TypeError);
        expect(a).toEqual(before);  // every swap made was undone
      }
      expect([...a].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    }
    expect(threw).toBeGreaterThan(20);
  });
});
