// Every public method and question of the fullest Deck ('fairdeck/sim': piles, dead cards, ids,
// samples) against the dealing window. A deck deals from the WASM heap without a call (an eager
// deck's undealt pile, a lazy or bitmap deck's look-ahead, and the pile log), so every call that
// reaches the core must first hand it what JS dealt; one that reads the core deck without doing
// so undoes cards JS already gave out (the first `info` did, and dealt a card twice). Here one
// deck keeps its window open between calls while its twin, with the same seed and the same
// calls, closes it after each (toJSON settles the window): every answer, every card dealt and the
// final state must agree, and no card may be out twice. Fresh decks per seed, so that the first
// read of a cached question (info) falls at a random point of a window.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type Card } from 'fairdeck/sim';

beforeAll(() => init());

const open: Deck[] = [];
afterEach(() => open.splice(0).forEach((d) => d.dispose()));

/** Small deterministic generator for the op sequences (tests only). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), Math.floor((s / 2 ** 32) * n));
}
const ids = (cards: readonly Card[]) => cards.map((c) => c.id);
const sorted = (cards: readonly Card[]) => ids(cards).sort((a, b) => a - b);

/** One step on deck `d` (`r` picks its arguments); returns what the step gave, as plain data. */
type Step = (d: Deck, r: (n: number) => number) => unknown;
const steps: [string, Step][] = [
  ['dealOne', (d) => d.dealOne()?.id],
  ['dealOne', (d) => d.dealOne()?.id],
  ['dealOne', (d) => d.dealOne()?.id],
  ['deal', (d, r) => ids(d.deal(r(6)))],
  ['dealIds', (d, r) => [...d.dealIds(r(6))]],
  ['dealTo', (d, r) => (d.remaining >= 2 ? ids(d.dealTo(r(2) ? 'board' : 'north', 2)) : null)],
  ['burn', (d) => (d.remaining >= 1 ? ids(d.burn()) : null)],
  ['dealHands', (d) => (d.remaining >= 4 ? d.dealHands(2, 2).map(ids) : null)],
  ['dealPattern', (d) => (d.remaining >= 3 ? ids(d.dealPattern([{ pile: 'east', count: 1 }, { pile: 'burn', count: 2 }])) : null)],
  ['returnCards', (d, r) => {
    const back = sorted(d.dealt).filter((_, i) => i % 3 === r(3)).slice(0, 4);
    d.returnCards(back);
    return back;
  }],
  ['moveCards', (d) => {
    const board = d.pile('board');
    if (board.length === 0) return null;
    d.moveCards(board.slice(0, 1), 'muck');
    return ids(board.slice(0, 1));
  }],
  ['sampleIds', (d) => (d.remaining >= 2 ? [...d.sampleIds(2, 3)] : null)],
  ['shuffleRemaining', (d) => (d.shuffleRemaining(), d.remaining)],
  ['shuffle', (d, r) => (r(4) === 0 ? (d.shuffle(), d.remaining) : null)],
  ['info', (d) => d.info],
  ['dealOne, info', (d) => [d.dealOne()?.id, d.info]],  // the first info of a deck, mid-window
  ['remaining', (d) => d.remaining],
  ['returned', (d) => d.returned],
  ['dealt', (d) => sorted(d.dealt)],
  ['dead', (d) => sorted(d.dead)],
  ['piles', (d) => d.piles],
  ['pile', (d) => ids(d.pile('board'))],
  ['hand', (d) => ids(d.hand(1))],
  ['cutCardOut', (d) => d.cutCardOut],
  ['toJSON', (d) => d.toJSON()],
];

describe('the dealing window under every call of the sim Deck', () => {
  it('answers and deals exactly as a twin whose window is closed after every call, with no card out twice', () => {
    let checked = 0;
    for (const strategy of ['eager', 'lazy', 'bitmap'] as const) {
      for (const rng of ['chacha20', 'xoshiro256'] as const) {
        for (let seed = 1; seed <= 8; seed++) {
          const options = { seed: seed * 7 + (strategy === 'eager' ? 0 : strategy === 'lazy' ? 1 : 2), rng, strategy, exclude: seed % 2 ? ['AS', 'KH'] : [] };
          const a = new Deck(options), b = new Deck(options);
          open.push(a, b);
          const ra = lcg(seed), rb = lcg(seed), pick = lcg(seed * 131 + 17);
          for (let i = 0; i < 250; i++) {
            const [name, step] = steps[pick(steps.length)];
            const got = step(a, ra), want = step(b, rb);
            b.toJSON();  // closes the twin's window
            expect(got, `${strategy} ${rng} seed ${seed} step ${i}: ${name}`).toEqual(want);
            // No card is out twice (asked only at the 'dealt' step: asking closes the window).
            if (name === 'dealt') expect(new Set(got as number[]).size, `a card is out twice at step ${i}`).toBe((got as number[]).length);
            checked++;
          }
          const out = sorted(a.dealt);
          expect(new Set(out).size).toBe(out.length);
          expect(out.length + a.remaining).toBe(52);
          expect(a.toJSON({ includeSecret: true })).toEqual(b.toJSON({ includeSecret: true }));
        }
      }
    }
    expect(checked).toBe(3 * 2 * 8 * 250);
  });
});
