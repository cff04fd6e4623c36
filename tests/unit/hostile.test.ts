/**
 * Hostile and careless callers (issue 17): inputs that lie about themselves, caller code that
 * re-enters the deck, values that cannot be read or written. Each case asserts the promise it
 * attacks: the right error class naming the parameter, no state change, no card dealt twice, and
 * every other live deck and the module still working.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, permutation, shuffle, type Card } from 'fairdeck/games';

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

describe('caller code that re-enters the deck while it deals to piles (issue 31)', () => {
  /** Every card in exactly one place: the piles (dealt included), the return pile and the rest. */
  function partition(d: Deck) {
    const placed = d.piles.flatMap((p) => d.pile(p).map((c) => c.id));
    expect(new Set(placed).size, 'a card in two piles').toBe(placed.length);
    expect(placed.length + d.remaining).toBe(d.size);
    const state = d.toJSON({ includeSecret: true });
    const all = [...state.undealt, ...state.returned, ...state.dealt, ...Object.values(state.piles ?? {}).flat()];
    expect(new Set(all).size).toBe(d.size);
  }

  for (const strategy of ['eager', 'lazy', 'bitmap'] as const) {
    it(`moveCards: an iterable that moves and deals cards cannot put one in two piles (${strategy})`, () => {
      const d = deck({ seed: 5, strategy });
      const [hand] = d.dealHands(1, 3);
      function* cards() {
        yield hand[0];
        d.moveCards([hand[0]], 'elsewhere');  // caller code moves the card it just yielded
        d.dealTo('hand:0', 2);
        yield hand[1];
      }
      // The list is copied (running the caller's code) before anything is checked: the card it
      // moved away is then not in 'hand:0', so the whole call is refused and moves nothing.
      let after = '';
      expect(() => d.moveCards((function* () { yield* cards(); after = JSON.stringify(d.toJSON({ includeSecret: true })); })(), 'discard', { from: 'hand:0' }))
        .toThrow(new RangeError(`card ${hand[0].code} (id ${hand[0].id}) cannot be moved from pile 'hand:0': it is in pile 'elsewhere'`));
      expect(JSON.stringify(d.toJSON({ includeSecret: true }))).toBe(after);
      expect(d.pile('discard')).toEqual([]);
      expect(d.pile('elsewhere')).toEqual([hand[0]]);
      partition(d);
      d.moveCards([hand[1]], 'discard', { from: 'hand:0' });
      expect(d.pile('discard')).toEqual([hand[1]]);
      partition(d);
    });

    it(`dealPattern: a packet getter that deals is never called, so it cannot make the pattern deal its card again (${strategy})`, () => {
      // Since issue 59 a packet is read as own data properties only: the getter is refused by name, unrun.
      const d = deck({ seed: 6, strategy });
      const seen: Card[] = [];
      const packet = { pile: 'a', get count() { seen.push(...d.dealTo('b', 2)); return 3; } };
      const before = JSON.stringify(d.toJSON({ includeSecret: true }));
      expect(() => d.dealPattern([packet, { pile: 'c', count: 1 }])).toThrow(new TypeError(
        "option 'count' in packets[0] is a getter (an accessor property): options are read as plain values, and fairdeck calls no getter"));
      expect(seen).toEqual([]);
      expect(JSON.stringify(d.toJSON({ includeSecret: true }))).toBe(before);
      const dealt = d.dealPattern([{ pile: 'a', count: 3 }, { pile: 'c', count: 1 }]);
      expect(dealt).toHaveLength(4);
      expect(d.pile('a')).toEqual(dealt.slice(0, 3));
      partition(d);
    });

    it(`a failed moveCards leaves every pile as it was, whatever its iterable did before failing (${strategy})`, () => {
      const d = deck({ seed: 8, strategy });
      d.dealHands(2, 2);
      const mid = JSON.stringify(d.toJSON({ includeSecret: true }));
      const undealt = 'AS';  // a code of a card that may still be in the deck
      const inDeck = d.toJSON({ includeSecret: true }).undealt[0];
      expect(() => d.moveCards([...d.hand(0), inDeck], 'discard')).toThrow(RangeError);
      expect(JSON.stringify(d.toJSON({ includeSecret: true }))).toBe(mid);
      expect(() => d.moveCards([undealt, undealt], 'discard')).toThrow(RangeError);
      expect(JSON.stringify(d.toJSON({ includeSecret: true }))).toBe(mid);
      partition(d);
    });
  }
});
