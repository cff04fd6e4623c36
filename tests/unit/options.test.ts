import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, permutation, shuffle } from 'fairdeck';
import { randomBytes, randomUint32 } from 'fairdeck/random';

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
