import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, permutation, shuffle } from 'fairdeck';
import { randomBytes, randomUint32 } from 'fairdeck/random';
import { seedBytes } from '../../web/src/options.js';

beforeAll(() => init());

// Every bad option must throw the named error class with a message naming the parameter.
const badDecks: [string, unknown, ErrorConstructor, RegExp][] = [
  ['unknown option', { sede: 1 }, TypeError, /unknown option 'sede'/],
  ['options not an object', 5, TypeError, /Deck options must be a plain object/],
  ['seed object', { seed: {} }, TypeError, /seed must be a number, bigint, string or Uint8Array/],
  ['seed NaN', { seed: NaN }, RangeError, /seed must be a non-negative safe integer.*NaN/],
  ['seed negative', { seed: -1 }, RangeError, /seed.*-1/],
  ['seed fractional', { seed: 1.5 }, RangeError, /seed.*1\.5/],
  ['seed unsafe', { seed: 2 ** 60 }, RangeError, /bigint/],
  ['seed bigint too large', { seed: 1n << 64n }, RangeError, /2\^64/],
  ['seed negative bigint', { seed: -1n }, RangeError, /seed/],
  ['seed null', { seed: null }, TypeError, /seed/],
  ['unknown engine', { rng: 'mt19937' }, TypeError, /rng must be 'chacha20' or 'xoshiro256', got "mt19937"/],
  ['unknown strategy', { strategy: 'fast' }, TypeError, /strategy must be/],
  ['unknown style', { style: 'tarot' }, TypeError, /style must be/],
  ['decks 0', { decks: 0 }, RangeError, /decks must be an integer from 1 to 64, got 0/],
  ['decks 1.5', { decks: 1.5 }, RangeError, /decks/],
  ['decks string', { decks: '2' }, TypeError, /decks must be an integer/],
  ['jokers 3', { jokers: 3 }, RangeError, /jokers must be an integer from 0 to 2, got 3/],
  ['size 0', { size: 0 }, RangeError, /size must be an integer from 1/],
  ['size too big', { size: 2 ** 26 + 1 }, RangeError, /size/],
  ['size with style', { size: 10, style: 'french' }, TypeError, /size.*style/],
];

describe('options validation', () => {
  it.each(badDecks)('new Deck rejects %s', (_, options, kind, message) => {
    expect(() => new Deck(options as never)).toThrow(kind);
    expect(() => new Deck(options as never)).toThrow(message);
  });

  it('allows the empty string as a seed, distinct from no seed and from other strings', () => {
    const a = new Deck({ seed: '' }), b = new Deck({ seed: '' }), c = new Deck({ seed: ' ' });
    const ids = (d: Deck) => d.deal(52).map((x) => x.id);
    const first = ids(a);
    expect(ids(b)).toEqual(first);
    expect(ids(c)).not.toEqual(first);
    expect(a.info.seeded).toBe(true);
  });

  it('rejects bad counts in deal() and leaves the deck exactly as it was', () => {
    const deck = new Deck({ seed: 9 });
    deck.deal(3);
    const before = JSON.stringify(deck.toJSON());
    for (const n of [-1, 1.5, NaN, '2', undefined, 2 ** 32]) {
      expect(() => deck.deal(n as number)).toThrow(/n must be an integer/);
    }
    expect(JSON.stringify(deck.toJSON())).toBe(before);
  });

  it('rejects bad arguments of shuffle, permutation and fairdeck/random', () => {
    expect(() => shuffle('abc' as never)).toThrow(TypeError);
    expect(() => shuffle(new DataView(new ArrayBuffer(4)) as never)).toThrow(/Array or a typed array/);
    expect(() => shuffle([1, 2], { rng: 'rc4' as never })).toThrow(/rng/);
    expect(() => shuffle([1, 2], { seeed: 1 } as never)).toThrow(/unknown option 'seeed'/);
    expect(() => permutation(-1)).toThrow(RangeError);
    expect(() => permutation(2.5)).toThrow(/n must be an integer/);
    expect(() => randomBytes(-1)).toThrow(/n must be an integer/);
    expect(() => randomUint32(0.5)).toThrow(RangeError);
    expect(() => randomUint32(3, { seed: -2 })).toThrow(/seed/);
  });
});

// Issue 39: each of these passed every test when the code behind it was changed.
describe('options at their limits and their texts', () => {
  const ids = (d: Deck, n = 52) => { const out = d.deal(n).map((c) => c.id); d.dispose(); return out; };

  it('an unknown option lists every option a Deck knows', () => {
    expect(() => new Deck({ colour: 'red' } as never)).toThrow(new TypeError(
      "unknown option 'colour' in Deck options (known: seed, rng, stream, strategy, style, decks, jokers, size, provable, penetration, exclude)"));
  });

  it('takes the largest shoe and the most jokers', () => {
    const shoe = new Deck({ decks: 64, jokers: 2, seed: 1 });
    expect(shoe.size).toBe(64 * 54);
    shoe.dispose();
  });

  it('a number seed deals as the same bigint, up to 2^53 − 1; 0n is a seed', () => {
    for (const n of [0, 1, 5, 2 ** 32 - 1, 2 ** 32 + 7, Number.MAX_SAFE_INTEGER]) {
      expect(ids(new Deck({ seed: n })), String(n)).toEqual(ids(new Deck({ seed: BigInt(n) })));
    }
    expect(ids(new Deck({ seed: 1 }))).not.toEqual(ids(new Deck({ seed: 0 })));
  });

  it('shuffle, permutation and the raw words take rng beside seed', () => {
    const a = () => [...Array(20).keys()];  // shuffle() shuffles in place: a fresh array each time
    expect(shuffle(a(), { seed: 1, rng: 'xoshiro256' })).toEqual(shuffle(a(), { seed: 1, rng: 'xoshiro256' }));
    expect(shuffle(a(), { seed: 1, rng: 'xoshiro256' })).not.toEqual(shuffle(a(), { seed: 1, rng: 'chacha20' }));
    expect([...permutation(20, { seed: 1, rng: 'xoshiro256' })]).not.toEqual([...permutation(20, { seed: 1 })]);
    expect([...randomUint32(4, { seed: 1, rng: 'xoshiro256' })]).not.toEqual([...randomUint32(4, { seed: 1 })]);
  });

  it('an integer seed is its 8 bytes, little-endian, number and bigint alike', () => {
    expect([...seedBytes(2 ** 32 + 7)!.bytes]).toEqual([7, 0, 0, 0, 1, 0, 0, 0]);
    expect([...seedBytes(0x0807060504030201n)!.bytes]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...seedBytes(Number.MAX_SAFE_INTEGER)!.bytes]).toEqual([255, 255, 255, 255, 255, 255, 31, 0]);
    expect([...seedBytes(2n ** 64n - 1n)!.bytes]).toEqual(Array(8).fill(255));
  });

  it('a Uint8Array seed is a seed of its own, copied when the call begins', () => {
    const a = ids(new Deck({ seed: new Uint8Array([1, 2, 3]) }));
    expect(ids(new Deck({ seed: new Uint8Array([1, 2, 3]) }))).toEqual(a);
    expect(ids(new Deck({ seed: new Uint8Array([1, 2, 4]) }))).not.toEqual(a);
    // shuffle reads the array's length after its options: a length getter that changes the seed
    // bytes then cannot change the key.
    const seed = new Uint8Array([7, 7, 7]);
    const items = new Proxy([...Array(20).keys()], {
      get: (t, k, r) => (k === 'length' && (seed[0] = 99), Reflect.get(t, k, r)),
    });
    expect([...shuffle(items, { seed })]).toEqual(shuffle([...Array(20).keys()], { seed: new Uint8Array([7, 7, 7]) }));
    expect(seed[0]).toBe(99);
  });

  it('a sim-only option names the module that has it', () => {
    const sim = "fairdeck: dead cards (exclude, remove, dead), dealIds, sampleIds and a Deck keyed by a stream live in the sim module: take init and Deck from the entry 'fairdeck/sim'";
    expect(() => new Deck({ exclude: ['AS'] } as never)).toThrow(new Error(sim));
    expect(() => new Deck({ stream: { nextUint32: () => new Uint32Array(8) } })).toThrow(new Error(sim));
  });

  it('penetration that is not a number, and size with any composition option, are named', () => {
    expect(() => new Deck({ penetration: '0.5' } as never)).toThrow(
      new TypeError('penetration must be a number greater than 0 and at most 1, got "0.5"'));
    for (const k of ['style', 'decks', 'jokers']) {
      expect(() => new Deck({ size: 10, [k]: k === 'style' ? 'french' : 1 })).toThrow(
        new TypeError(`size makes a generic deck and cannot be combined with ${k}`));
    }
  });
});
