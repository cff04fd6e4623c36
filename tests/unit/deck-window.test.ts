// The dealing window (web/src/deck.ts, CoreDeck in cpp/bindings/decks.hpp): a deck deals
// straight from the WASM heap without a call per card — an eager deck from its card array, a lazy
// or bitmap deck from the look-ahead its last dealOne() call made. Whatever the mix of calls, it
// must deal exactly what the core would and every question must get the core's answer. The
// reference is a deck with the same seed that never calls dealOne() (deal(1) instead): it never
// has a look-ahead, and for deals, returns and full-cycle reshuffles an eager and a lazy deck deal
// the same cards (README, Strategies).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, manifest, type Card } from 'fairdeck';
import { bytes, native, packSpec, type CoreDeck } from '../../web/src/binding.js';
import { raw } from './helpers.js';

beforeAll(() => init());

const open: Deck[] = [];
afterEach(() => open.splice(0).forEach((d) => d.dispose()));
const deck = (o: ConstructorParameters<typeof Deck>[0]) => (open.push(new Deck(o)), open[open.length - 1]);

const sorted = (cards: readonly Card[] | number[]) => cards.map((c) => (typeof c === 'number' ? c : c.id)).sort((a, b) => a - b);

/** Small deterministic generator for the op sequences (tests only). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), Math.floor((s / 2 ** 32) * n));
}

function same(a: Deck, b: Deck) {
  expect(a.remaining).toBe(b.remaining);
  expect(a.returned).toBe(b.returned);
  expect(sorted(a.dealt)).toEqual(sorted(b.dealt));
  const sa = a.toJSON(), sb = b.toJSON();
  expect(sorted(sa.undealt)).toEqual(sorted(sb.undealt));
  expect(sorted(sa.returned)).toEqual(sorted(sb.returned));
  expect(sorted(sa.dealt)).toEqual(sorted(sb.dealt));
}

describe('Deck dealing window', () => {
  it('deals what a window-less deck deals, whatever the mix of dealOne, deal, returns and questions', () => {
    for (const rng of ['chacha20', 'xoshiro256'] as const) {
      for (let seed = 1; seed <= 12; seed++) {
        const a = deck({ seed, rng }), b = deck({ seed, rng, strategy: 'lazy' });
        const r = lcg(seed);
        for (let step = 0; step < 300; step++) {
          const op = r(10);
          if (op < 4) expect(a.dealOne()?.id).toBe(b.deal(1)[0]?.id);
          else if (op < 6) {
            const n = r(8);
            expect(a.deal(n).map((c) => c.id)).toEqual(b.deal(n).map((c) => c.id));
          } else if (op === 6) {
            const out = sorted(a.dealt);
            const back = out.filter(() => r(3) === 0).slice(0, 6);
            a.returnCards(back);
            b.returnCards(back);
          } else if (op === 7) same(a, b);
          else if (op === 8 && a.remaining === 0) a.shuffle(), b.shuffle();
          else expect(a.remaining).toBe(b.remaining);
        }
        same(a, b);
      }
    }
  });

  it('hands the core its count before toJSON, so a restored deck continues the same deal', () => {
    const a = deck({ seed: 5 });
    const first = [a.dealOne()!, ...a.deal(3), a.dealOne()!];
    expect(a.remaining).toBe(47);
    const b = Deck.fromJSON(a.toJSON());
    open.push(b);
    expect(sorted(b.toJSON().dealt)).toEqual(sorted(first));
    expect([...b].map((c) => c.id)).toEqual([...a].map((c) => c.id));
  });

  it('reshuffles from the full deck and then deals exactly as a fresh deck after the same shuffles', () => {
    const a = deck({ seed: 9 }), b = deck({ seed: 9 });
    a.deal(5), a.dealOne(), a.shuffle();
    b.shuffle();  // a's reshuffle gathered every card: only the engine's position matters
    expect([...a].map((c) => c.id)).toEqual([...b].map((c) => c.id));
  });

  it('keeps dealing correctly after the WASM memory grew (old heap views detach)', () => {
    for (const strategy of ['eager', 'lazy', 'bitmap'] as const) {
      const a = deck({ seed: 3, rng: 'xoshiro256', strategy }), b = deck({ seed: 3, rng: 'xoshiro256', strategy });
      expect(a.dealOne()!.id).toBe(b.deal(1)[0].id);
      // A block as large as the deck module's whole heap: the memory grows (permutation() would
      // grow the shuffle module's heap, not this one).
      const m = raw(native()), before = m.HEAPU8, size = before.length, block = m._malloc(size);
      expect(block).not.toBe(0);
      m._free(block);
      expect(m.HEAPU8.length, 'the deck module grew').toBeGreaterThan(size);
      expect(before.length, 'the old heap views detached').toBe(0);
      expect(a.dealOne()!.id).toBe(b.deal(1)[0].id);  // (a lazy or bitmap deck: from its look-ahead)
      expect(a.deal(10).map((c) => c.id)).toEqual(b.deal(10).map((c) => c.id));
      expect(a.dealOne()!.id).toBe(b.deal(1)[0].id);
    }
  });

  it('still validates deal(n) and refuses a disposed deck while the window is open', () => {
    const a = deck({ seed: 4 });
    expect(() => a.deal(1.5)).toThrow(RangeError);
    expect(() => a.deal(-1)).toThrow(RangeError);
    expect(() => a.deal('3' as unknown as number)).toThrow(TypeError);
    expect(a.remaining).toBe(52);
    a.dispose();
    expect(() => a.dealOne()).toThrow(/disposed/);
    expect(() => a.deal(0)).toThrow(/disposed/);
    expect(() => a.shuffle()).toThrow(/disposed/);
  });

  it('deals returned cards after the undealt ones through the core, then opens again', () => {
    const a = deck({ seed: 6 }), b = deck({ seed: 6, strategy: 'lazy' });
    const out = a.deal(52);
    expect(b.deal(52).map((c) => c.id)).toEqual(out.map((c) => c.id));
    a.returnCards(out.slice(0, 20)), b.returnCards(out.slice(0, 20));
    expect(a.deal(25).map((c) => c.id)).toEqual(b.deal(25).map((c) => c.id));
    expect(a.remaining).toBe(0);
    expect(a.dealOne()).toBeUndefined();
  });
});

/** The prototype of the core decks' Embind handles (CoreDeck in cpp/bindings/cold.cpp), whose dealOne every Deck calls. */
function coreDeckPrototype(): CoreDeck {
  packSpec(native(), {
    style: bytes('french'), decks: 1, jokers: 0, size: 0, strategy: bytes('eager'),
    engine: { rng: bytes('chacha20'), seedKind: manifest().seedKinds.integer, seed: new Uint8Array(8) }, cut: 0, penetration: 0,
  });
  const h = native().CoreDeck.makePacked();
  if (h === null) throw new Error('CoreDeck.makePacked failed');
  const proto = Object.getPrototypeOf(h) as CoreDeck;
  h.delete();
  return proto;
}

/** Counts the deck module's CoreDeck.dealOne calls (cpp/bindings/fairdeck.cpp, hot::deal_one) while `body` runs. */
function countingDealOne(body: () => void): number {
  const proto = coreDeckPrototype(), original = proto.dealOne;
  let calls = 0;
  proto.dealOne = function (this: CoreDeck) {
    calls++;
    return original.call(this);
  };
  try {
    body();
  } finally {
    proto.dealOne = original;
  }
  return calls;
}

describe('Deck dealing window of lazy and bitmap decks (the look-ahead)', () => {
  it('deals what a deck without look-ahead deals, whatever the mix of dealOne, questions, returns, shuffles and saves', () => {
    for (const strategy of ['lazy', 'bitmap'] as const) {
      for (const rng of ['chacha20', 'xoshiro256'] as const) {
        for (let seed = 1; seed <= 6; seed++) {
          const o = seed % 2 ? { seed, rng, strategy } : { seed, rng, strategy, size: 150 };
          const a = deck(o), b = deck(o);
          const r = lcg(seed * 31 + (strategy === 'lazy' ? 0 : 7));
          const out = new Set<number>();  // a's cards out of the deck: none may be dealt twice
          const dealt = (ids: number[]) => ids.forEach((id) => (expect(out.has(id)).toBe(false), out.add(id)));
          for (let step = 0; step < 400; step++) {
            const op = r(20);
            if (op < 9) {
              const c = a.dealOne()?.id;
              expect(c).toBe(b.deal(1)[0]?.id);
              if (c !== undefined) dealt([c]);
            } else if (op < 11) expect(a.remaining).toBe(b.remaining);
            else if (op < 12) expect(a.returned).toBe(b.returned);
            else if (op < 14) {
              const n = r(9), ids = a.deal(n).map((c) => c.id);
              expect(ids).toEqual(b.deal(n).map((c) => c.id));
              dealt(ids);
            } else if (op < 16) {
              const back = [...out].filter(() => r(3) === 0).slice(0, 8);
              a.returnCards(back), b.returnCards(back);
              back.forEach((id) => out.delete(id));
            } else if (op < 17) {
              a.shuffle(), b.shuffle();
              out.clear();
            } else if (op < 18) a.shuffleRemaining(), b.shuffleRemaining();
            else if (op < 19) expect(a.toJSON()).toEqual(b.toJSON());
            else expect(sorted(a.dealt)).toEqual(sorted([...out]));
          }
          expect(a.toJSON()).toEqual(b.toJSON());
        }
      }
    }
  });

  it('answers its first `info` mid-window without losing the cards JS dealt from it', () => {
    // The first read of `info` asks the core (later ones are cached): that question must hand
    // the core the window's count first, like every other, or the core undoes the look-ahead
    // while JS still deals from it, and a card is dealt twice.
    for (const strategy of ['lazy', 'bitmap'] as const) {
      for (const rng of ['chacha20', 'xoshiro256'] as const) {
        const a = deck({ seed: 5, rng, strategy }), b = deck({ seed: 5, rng, strategy });
        const got = [a.dealOne()!.id, a.dealOne()!.id, a.dealOne()!.id];
        expect(a.info.strategy).toBe(strategy);
        for (let c = a.dealOne(); c !== undefined; c = a.dealOne()) got.push(c.id);
        expect(got).toEqual(b.deal(52).map((c) => c.id));
        expect(a.toJSON()).toEqual(b.toJSON());
      }
    }
  });

  it('keeps its window while remaining() and returned are asked: a full deal makes a few core calls', () => {
    for (const strategy of ['lazy', 'bitmap'] as const) {
      for (const rng of ['chacha20', 'xoshiro256'] as const) {
        const a = deck({ seed: 8, rng, strategy }), b = deck({ seed: 8, rng, strategy });
        const got: number[] = [];
        const calls = countingDealOne(() => {
          while (a.remaining) got.push(a.dealOne()!.id), void a.returned;
        });
        expect(got).toEqual(b.deal(52).map((c) => c.id));
        // look-aheads of 4, 8, 16, then 32 cards: the 1st, 6th, 15th and 32nd cards call in
        expect(calls).toBe(4);
        expect(a.dealOne()).toBeUndefined();
        // a secure deck too, and a large one reaches look-aheads of 64 cards
        const big = deck({ strategy, rng, size: 1000 });
        let n = 0;
        expect(countingDealOne(() => {
          while (big.remaining) big.dealOne(), n++;
        })).toBeLessThanOrEqual(4 + Math.ceil(1000 / 65));
        expect(n).toBe(1000);
        expect(big.dealt.length).toBe(1000);
      }
    }
  });

  it('starts small again after a window was left part-used, and a reshuffle mid-window deals afresh', () => {
    const a = deck({ seed: 12, strategy: 'lazy' }), b = deck({ seed: 12, strategy: 'lazy' });
    expect(countingDealOne(() => {
      for (let i = 0; i < 40; i++) a.dealOne(), a.toJSON();  // every save undoes the look-ahead
    })).toBe(40);
    b.deal(40);
    expect(a.toJSON()).toEqual(b.toJSON());
    a.dealOne(), a.dealOne(), a.shuffle(), b.deal(2), b.shuffle();
    expect([...a].map((c) => c.id)).toEqual(b.deal(52).map((c) => c.id));
  });
});
