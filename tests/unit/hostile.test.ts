/**
 * Hostile and careless callers (issue 17): inputs that lie about themselves, caller code that
 * re-enters the deck, values that cannot be read or written. Each case asserts the promise it
 * attacks: the right error class naming the parameter, no state change, no card dealt twice, and
 * every other live deck and the module still working.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, permutation, shuffle, type Card } from 'fairdeck';

beforeAll(() => init());

/** Decks made by a test, checked and disposed after it. */
const live: Deck[] = [];
const deck = (options: ConstructorParameters<typeof Deck>[0] = { seed: 7 }) => {
  const d = new Deck(options);
  live.push(d);
  return d;
};
afterEach(() => {
  for (const d of live.splice(0)) d.dispose();
});

/** A bystander deck's full state, to prove a hostile call on something else did not touch it. */
function bystander() {
  const d = deck({ seed: 99, strategy: 'lazy' });
  d.deal(3);
  const before = JSON.stringify(d.toJSON({ includeSecret: true }));
  return () => {
    expect(JSON.stringify(d.toJSON({ includeSecret: true }))).toBe(before);
    const rest = d.deal(60).map((c) => c.id);
    expect(rest).toHaveLength(49);
    expect(new Set(rest).size).toBe(49);
    const fresh = new Deck({ seed: 1 });  // the module still allocates and deals
    expect(fresh.deal(52)).toHaveLength(52);
    fresh.dispose();
  };
}

describe('typed arrays that lie about their size (defect 1)', () => {
  const liars: [string, () => Uint8Array][] = [
    ['an own length property', () => Object.defineProperty(new Uint8Array(4096), 'length', { value: 2 ** 20 })],
    ['a subclass whose length getter lies', () => {
      class Liar extends Uint8Array {
        override get length() { return 2 ** 20; }
      }
      return new Liar(4096);
    }],
    ['a faked BYTES_PER_ELEMENT', () => Object.defineProperty(new Uint8Array(4096), 'BYTES_PER_ELEMENT', { value: 256 })],
    ['a lying byteLength', () => Object.defineProperty(new Uint8Array(4096), 'byteLength', { value: 2 ** 20 })],
  ];
  for (const [what, make] of liars) {
    it(`reads the real size of ${what} and leaves the heap intact`, () => {
      const check = bystander();
      const a = make();
      for (let i = 0; i < 4096; i++) a[i] = i & 0xff;
      const sum = a.reduce((s, x) => s + x, 0);
      shuffle(a, { seed: 1 });
      let after = 0;
      for (let i = 0; i < 4096; i++) after += Uint8Array.prototype.at.call(a, i)!;
      expect(after).toBe(sum);
      check();
    });
  }
});

describe('caller code that re-enters the deck (defect 2)', () => {
  for (const strategy of ['eager', 'lazy', 'bitmap'] as const) {
    it(`never deals a card twice when returnCards' iterable deals (${strategy})`, () => {
      const d = deck({ seed: 3, strategy });
      const first = d.dealOne()!;
      const seen: Card[] = [first];
      function* cards() {
        yield first;
        seen.push(d.dealOne()!);
      }
      d.returnCards(cards());
      for (let c = d.dealOne(); c; c = d.dealOne()) seen.push(c);
      // 52 distinct cards from the deck, plus the returned one dealt again after the rest ran out.
      expect(seen).toHaveLength(53);
      expect(new Set(seen.slice(0, 52).map((c) => c.id)).size).toBe(52);
      expect(seen[52]).toBe(first);
    });

    it(`never deals a card twice when an array's index getter deals (${strategy})`, () => {
      const d = deck({ seed: 4, strategy });
      const first = d.dealOne()!;
      const seen: Card[] = [first];
      const list = [first];
      Object.defineProperty(list, 0, { get() { seen.push(d.dealOne()!); return first; } });
      d.returnCards(list);
      for (let c = d.dealOne(); c; c = d.dealOne()) seen.push(c);
      expect(seen).toHaveLength(53);
      expect(new Set(seen.slice(0, 52).map((c) => c.id)).size).toBe(52);
    });
  }
});

describe('values that cannot be read', () => {
  it('rejects a detached buffer by name, changing nothing', () => {
    const a = new Uint32Array(8);
    structuredClone(a.buffer, { transfer: [a.buffer] });
    expect(() => shuffle(a, { seed: 1 })).toThrow(TypeError);
    expect(() => shuffle(a, { seed: 1 })).toThrow(/array/);
    const b = new Uint8Array(8);
    structuredClone(b.buffer, { transfer: [b.buffer] });
    expect(() => new Deck({ seed: b })).toThrow(TypeError);
    expect(() => new Deck({ seed: b })).toThrow(/seed is a Uint8Array whose buffer is detached/);
  });

  it('rejects revoked proxies, Maps and class instances as options, naming them', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(() => new Deck(proxy as never)).toThrow(TypeError);
    expect(() => new Deck(proxy as never)).toThrow(/Deck options/);
    expect(() => new Deck(new Map([['seed', 1]]) as never)).toThrow(/Deck options must be a plain object/);
    class Options { seed = 1; }
    expect(() => new Deck(new Options() as never)).toThrow(/Deck options must be a plain object/);
    expect(() => shuffle([1, 2], proxy as never)).toThrow(/options/);
    expect(() => permutation(3, new Map() as never)).toThrow(/options must be a plain object/);
  });

  it("never calls a caller's valueOf, toString or Symbol.toPrimitive, even for the message", () => {
    let called = 0;
    const sly = { valueOf() { called++; return 3; }, toString() { called++; return '3'; }, [Symbol.toPrimitive]() { called++; return 3; } };
    const d = deck();
    expect(() => d.deal(sly as never)).toThrow(TypeError);
    expect(() => permutation(sly as never)).toThrow(/n must be/);
    expect(() => new Deck({ decks: sly as never })).toThrow(/decks/);
    expect(() => new Deck({ seed: sly as never })).toThrow(/seed/);
    expect(() => d.returnCards([sly as never])).toThrow(TypeError);
    expect(called).toBe(0);
  });
});

describe('string seeds with lone surrogates', () => {
  it('rejects them with a RangeError naming the seed, so distinct strings never share a deck', () => {
    for (const s of ['\uD800', '\uDFFF', 'a\uD800b', '\uDC00\uD800']) {
      expect(() => new Deck({ seed: s })).toThrow(RangeError);
      expect(() => new Deck({ seed: s })).toThrow(/seed.*lone surrogate/);
    }
    // Well-formed text, including astral characters and U+FFFD itself, is a seed as before.
    const a = deck({ seed: '\uFFFD' }).deal(5).join();
    const b = deck({ seed: '\u{1F0A1}' }).deal(5).join();
    expect(a).not.toBe(b);
  });
});

describe('shuffle(array) on an array that cannot be fully written', () => {
  const cases: [string, () => unknown[]][] = [
    ['a frozen array', () => Object.freeze(Array.from({ length: 100 }, (_, i) => i)) as unknown[]],
    ['a read-only element', () => Object.defineProperty(Array.from({ length: 100 }, (_, i) => i), 99, { value: 99, writable: false })],
    ['a throwing setter', () => Object.defineProperty(Array.from({ length: 100 }, (_, i) => i), 50, {
      get: () => 50, set: () => { throw new Error('no'); }, configurable: false,
    })],
    ['a sealed array with a getter-only element', () => Object.seal(Object.defineProperty(Array.from({ length: 100 }, (_, i) => i), 3, { get: () => 3 }))],
  ];
  for (const [what, make] of cases) {
    it(`throws a TypeError naming array before moving any element (${what})`, () => {
      const a = make();
      const before = Array.from({ length: a.length }, (_, i) => a[i]);
      expect(() => shuffle(a, { seed: 1 })).toThrow(TypeError);
      expect(() => shuffle(a, { seed: 1 })).toThrow(/array/);
      expect(Array.from({ length: a.length }, (_, i) => a[i])).toEqual(before);
    });
  }

  it('rejects a typed array backed by a SharedArrayBuffer only if it cannot be shuffled, and otherwise shuffles it', () => {
    const a = new Uint32Array(new SharedArrayBuffer(400));
    for (let i = 0; i < 100; i++) a[i] = i;
    shuffle(a, { seed: 2 });
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect([...a]).toEqual([...permutation(100, { seed: 2 })]);
  });
});
