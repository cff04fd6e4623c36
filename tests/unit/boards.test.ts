// Boards in advance (issue 40; cpp/include/fairdeck/deck_boards.hpp): in a simulation's loop,
// `deck.shuffle().dealIds(k)` again and again, the sim module makes the next rounds at once and
// JS hands them out, moving to the next round in shuffle() without a call. Whatever a caller does
// between rounds, and wherever the loop stops, the deck must deal exactly what a deck that makes
// every call on its own deals: here a twin restored from its own saved state before every round
// (a fresh core deck, which has seen no rounds and so makes none in advance), with the same seed.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type Card } from 'fairdeck/sim';

beforeAll(() => init());

const open: Deck[] = [];
afterEach(() => open.splice(0).forEach((d) => d.dispose()));
const keep = (d: Deck) => (open.push(d), d);

/** Small deterministic generator for the op sequences (tests only). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), Math.floor((s / 2 ** 32) * n));
}
const ids = (cards: readonly Card[]) => cards.map((c) => c.id);
const secret = (d: Deck) => JSON.stringify(d.toJSON({ includeSecret: true }));

/** Something a caller may do between two rounds, on deck `d`: what it gave, as plain data. */
type Step = (d: Deck, r: (n: number) => number) => unknown;
const between: [string, Step][] = [
  ['dealOne', (d) => d.dealOne()?.id],
  ['deal', (d, r) => ids(d.deal(r(4)))],
  ['dealIds', (d, r) => [...d.dealIds(r(4))]],
  ['remaining', (d) => [d.remaining, d.returned]],
  ['toJSON', (d) => d.toJSON()],
  ['pile', (d) => ids(d.pile('dealt'))],
  ['returnCards', (d) => {
    const back = ids(d.pile('dealt')).slice(0, 2);
    d.returnCards(back);
    return back;
  }],
  ['sampleIds', (d) => (d.remaining >= 2 ? [...d.sampleIds(2, 3)] : null)],
  ['shuffleRemaining', (d) => d.shuffleRemaining().remaining],
];

describe('boards in advance (sim module, lazy decks)', () => {
  for (const [rng, dead] of [['chacha20', []], ['xoshiro256', []], ['chacha20', ['AS', 'AH', 'KS', 'KH']]] as const) {
    it(`deal what a deck making every call deals, loops broken anywhere (${rng}, ${dead.length} dead)`, () => {
      for (const seed of [1, 2, 3]) {
        const r = lcg(seed * 7919 + dead.length), options = { seed, rng, strategy: 'lazy' as const, exclude: [...dead] };
        const a = keep(new Deck(options));
        let b = keep(new Deck(options));
        const into = new Uint32Array(8);
        let rounds = 0, steps = 0;
        while (rounds < 1500) {
          const k = 1 + r(7), run = 1 + r(120);  // a loop of `run` rounds of k cards, then something else
          for (let i = 0; i < run; i++, rounds++) {
            const got = [...a.shuffle().dealIds(k, into)];
            b = keep(Deck.fromJSON(b.toJSON({ includeSecret: true })));  // no rounds seen: none made in advance
            expect(got, `round ${rounds}`).toEqual([...b.shuffle().dealIds(k, into)]);
          }
          const [name, step] = between[r(between.length)], pick = r(1000);
          expect(step(a, lcg(pick)), `${name} after round ${rounds}`).toEqual(step(b, lcg(pick)));
          steps++;
          if (r(4) === 0) expect(secret(a), `state after ${name}`).toBe(secret(b));
        }
        expect(secret(a)).toBe(secret(b));
        expect(steps).toBeGreaterThan(10);
      }
    });
  }

  it('are kept exactly when a deck is paged out in the middle of them, or saved and restored', () => {
    const a = keep(new Deck({ seed: 5, strategy: 'lazy' })), b = keep(new Deck({ seed: 5, strategy: 'lazy' }));
    const rounds = (d: Deck, n: number) => Array.from({ length: n }, () => [...d.shuffle().dealIds(5)]);
    expect(rounds(a, 40)).toEqual(rounds(b, 40));
    // a stops part way through a run: paged out (4,096 more live decks) and restored on its next use
    const others = Array.from({ length: 4200 }, () => new Deck({ seed: 1 }));
    others.forEach((d) => d.dispose());
    expect(rounds(a, 100)).toEqual(rounds(b, 100));
    const c = keep(Deck.fromJSON(a.toJSON({ includeSecret: true })));
    expect(rounds(c, 100)).toEqual(rounds(b, 100));
  });

  it('a secure deck deals no card twice in a round and none of its dead cards, and its saved state goes on exactly', () => {
    const dead = ['AS', 'AH', 'KS', 'KH'];
    const a = keep(new Deck({ strategy: 'lazy', exclude: dead }));
    const deadIds = new Set(ids(a.dead));
    for (let i = 0; i < 20000; i++) {
      const round = a.shuffle().dealIds(5);
      expect(new Set(round).size).toBe(5);
      for (const id of round) expect(deadIds.has(id)).toBe(false);
    }
    a.shuffle().dealIds(5);
    const b = keep(Deck.fromJSON(a.toJSON({ includeSecret: true })));
    for (let i = 0; i < 3000; i++) expect([...a.shuffle().dealIds(5)]).toEqual([...b.shuffle().dealIds(5)]);
    expect(a.remaining).toBe(43);
  });
});
