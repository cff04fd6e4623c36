// The dealing window (web/src/window.ts): an eager deck deals straight from the WASM heap without a
// call per card. Whatever the mix of calls, it must deal exactly what the core would and every
// question must get the core's answer. The reference is a lazy deck with the same seed: it has no
// window (each of its deals draws in the core), and for deals, returns and full-cycle reshuffles
// an eager and a lazy deck deal the same cards (README, Strategies).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, permutation, type Card } from 'fairdeck';

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
          if (op < 4) expect(a.dealOne()?.id).toBe(b.dealOne()?.id);
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
    const a = deck({ seed: 3, rng: 'xoshiro256' }), b = deck({ seed: 3, rng: 'xoshiro256', strategy: 'lazy' });
    expect(a.dealOne()!.id).toBe(b.dealOne()!.id);
    expect(permutation(1 << 23).length).toBe(1 << 23);  // 32 MiB: more than the initial 16 MiB heap
    expect(a.deal(10).map((c) => c.id)).toEqual(b.deal(10).map((c) => c.id));
    expect(a.dealOne()!.id).toBe(b.dealOne()!.id);
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
