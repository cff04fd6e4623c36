// The pile log (issue 39, item 3; cpp/bindings/decks.hpp, games-deck.ts dealTo): from an eager
// deck's window, dealTo() and burn() onto a pile with a pinned number are answered by JavaScript
// alone and filed by the core at the deck's next call. Whatever calls follow, the deck must be
// exactly the deck that calling the core each time gives. The reference deals onto piles named
// after the first manifest().limits.pinnedPiles pile numbers, which are never logged, so every one
// of its pile deals is a call into the core; both decks have the same seed, and every result and
// state is compared with the reference's pile names mapped back.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Deck, init } from 'fairdeck/games';
import { Deck as SimDeck, init as initSim } from 'fairdeck/sim';
import { native } from '../../web/src/binding.js';
import { manifest } from '../../web/src/manifest.js';

const PILES = ['north', 'east', 'south', 'west', 'board', 'muck'];
/** The reference's name for pile `name` (numbered past the pinned numbers, so never logged). */
const slow = (name: string) => (name === 'burn' ? 'slow:burn' : `slow:${name}`);

beforeAll(async () => {
  await init();
  await initSim();
  // Pile numbers are handed out in the order names are first used, per module (games.wasm and
  // sim.wasm each): the fast deck's piles first (pinned), then fillers, then the reference's
  // (past the pinned ones).
  for (const namer of [new Deck({ seed: 0 }), new SimDeck({ seed: 0 })]) {
    for (const name of [...PILES, 'burn']) namer.dealTo(name, 0);
    for (let i = 0; i < manifest().limits.pinnedPiles; i++) namer.dealTo(`filler:${i}`, 0);
    for (const name of [...PILES, 'burn']) namer.dealTo(slow(name), 0);
    namer.dispose();
  }
});
afterEach(() => void vi.restoreAllMocks());
/** Embind's CoreDeck methods (its class's prototype), where calls into the core are counted. */
const coreDeckMethods = () => (native().CoreDeck as unknown as { prototype: { dealTo(pile: number, n: number): number } }).prototype;

/** A small seeded generator for the sequences of calls (not the decks' randomness). */
function lcg(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), Math.floor((s / 2 ** 32) * n));
}
const ids = (cards: readonly { id: number }[]) => cards.map((c) => c.id);
/** The reference's state with its pile names mapped back to the fast deck's. */
function unslow(state: unknown): unknown {
  return JSON.parse(JSON.stringify(state).replaceAll('"slow:', '"'));
}

type Op = (d: Deck, name: (p: string) => string) => unknown;
const ops: [string, (r: (n: number) => number) => Op][] = [
  ['dealTo', (r) => { const p = PILES[r(PILES.length)], n = 1 + r(3); return (d, name) => ids(d.dealTo(name(p), n)); }],
  ['burn', (r) => { const n = 1 + r(2); return (d, name) => ids(name('burn') === 'burn' ? d.burn(n) : d.dealTo(name('burn'), n)); }],
  ['deal', (r) => { const n = r(4); return (d) => ids(d.deal(n)); }],
  ['dealOne', () => (d) => d.dealOne()?.id ?? null],
  ['remaining', () => (d) => [d.remaining, d.returned, d.cutCardOut]],
  ['pile', (r) => { const p = PILES[r(PILES.length)]; return (d, name) => ids(d.pile(name(p))); }],
  ['piles', () => (d, name) => d.piles.map((p) => (name('x') === 'x' ? p : p.replace('slow:', '')))],
  ['dealt', () => (d) => ids(d.dealt).sort((a, b) => a - b)],
  ['toJSON', () => (d, name) => (name('x') === 'x' ? d.toJSON({ includeSecret: true }) : unslow(d.toJSON({ includeSecret: true })))],
  ['dealHands', (r) => { const seats = 1 + r(3); return (d) => d.dealHands(seats, 1).map(ids); }],
  ['returnCards', (r) => { const k = r(3); return (d) => { const out = ids(d.dealt).sort((a, b) => a - b).slice(0, k); d.returnCards(out); return out; }; }],
  ['moveCards', (r) => { const p = PILES[r(PILES.length)]; return (d, name) => { const from = d.pile(name(p)).slice(0, 1); d.moveCards(from, name('muck')); return ids(from); }; }],
  ['shuffle', () => (d) => (d.shuffle(), d.remaining)],
  ['shuffleRemaining', () => (d) => (d.shuffleRemaining(), d.remaining)],
];
const same = (p: string) => p;

/** Runs the same `steps` random calls on a fast deck and a reference; every answer must agree. */
function compare(options: ConstructorParameters<typeof SimDeck>[0], seed: number, steps: number, Class: typeof Deck = Deck): number {
  const fast = new Class(options), ref = new Class(options), r = lcg(seed);
  const dealTo = vi.spyOn(coreDeckMethods(), 'dealTo');
  let logged = 0;
  for (let i = 0; i < steps; i++) {
    const [what, make] = ops[r(ops.length)], op = make(r);
    const run = (d: Deck, name: (p: string) => string) => {
      try {
        return { value: op(d, name) };
      } catch (e) {
        return { error: `${(e as Error).name}: ${(e as Error).message.replace(/^burn\(\): /, '').replaceAll('slow:', '')}` };
      }
    };
    const before = dealTo.mock.calls.length;
    const a = run(fast, same);
    if ((what === 'dealTo' || what === 'burn') && dealTo.mock.calls.length === before && !('error' in a)) logged++;
    const middle = dealTo.mock.calls.length;
    const b = run(ref, slow);
    // The reference's piles have unpinned numbers: each of its pile deals is a call.
    if (what === 'dealTo' || what === 'burn') expect(dealTo.mock.calls.length, `step ${i}: ${what} (reference)`).toBe(middle + 1);
    expect(a, `step ${i}: ${what}`).toEqual(b);
  }
  expect(unslow(ref.toJSON({ includeSecret: true }))).toEqual(fast.toJSON({ includeSecret: true }));
  fast.dispose(), ref.dispose();
  return logged;
}

describe('the pile log', () => {
  it('deals and files exactly as calls into the core do, whatever follows (eager, 600 random calls × 4 seeds)', () => {
    let logged = 0;
    for (const seed of [1, 2, 3, 4]) logged += compare({ seed, strategy: 'eager' }, seed, 600);
    // The log was used (else this test would compare the core with itself).
    expect(logged).toBeGreaterThan(100);
  });

  it('the same in a 2-deck shoe with a cut card, and in lazy and bitmap decks (no log: every deal a call)', () => {
    expect(compare({ seed: 7, decks: 2, penetration: 0.5 }, 7, 600)).toBeGreaterThan(20);
    expect(compare({ seed: 8, strategy: 'lazy' }, 8, 300)).toBe(0);
    expect(compare({ seed: 9, strategy: 'bitmap' }, 9, 300)).toBe(0);
  });

  it('the same in the sim module, in a deck with dead cards', () => {
    expect(compare({ seed: 13, exclude: ['AS', 'KD', 'QC'] }, 13, 600, SimDeck)).toBeGreaterThan(50);
  });

  it('a step-by-step hand after the first is answered without a call per pile deal', () => {
    const deck = new Deck({ seed: 11 });
    const hand = () => {
      deck.shuffle();
      deck.dealHands(9, 2);
      deck.burn(), deck.dealTo('board', 3), deck.burn(), deck.dealTo('board'), deck.burn(), deck.dealTo('board');
    };
    hand();  // the first hand names 'board' and 'burn' and grows the deck's pile slots
    const dealTo = vi.spyOn(coreDeckMethods(), 'dealTo');
    hand();
    expect(dealTo).not.toHaveBeenCalled();
    expect(ids(deck.pile('board'))).toHaveLength(5);
    expect(deck.piles).toEqual([...Array.from({ length: 9 }, (_, s) => `hand:${s}`), 'burn', 'board']);
    deck.dispose();
  });

  it('keeps a logged pile deal right when the pile tables start again before the deck is next called', () => {
    const a = new Deck({ seed: 12 }), b = new Deck({ seed: 12 });
    a.shuffle(), b.shuffle();
    a.dealTo('north', 2);  // numbered early: pinned, so logged
    a.dealTo(slow('east'), 1);  // numbered past the pinned ones: a call, never logged
    const forget = vi.spyOn(native(), 'forgetPileNames');
    for (let i = 0; i <= 1024 && forget.mock.calls.length === 0; i++) Deck.pattern([{ pile: `again:${i}`, count: 1 }]);
    for (let i = 0; i < 200; i++) a.dealTo(`late:${i}`, 0);  // numbers handed out anew
    expect(forget).toHaveBeenCalled();
    b.dealTo('north', 2), b.dealTo(slow('east'), 1);
    expect(a.toJSON({ includeSecret: true })).toEqual(b.toJSON({ includeSecret: true }));
    expect(ids(a.pile('north'))).toHaveLength(2);
    expect(a.piles).toEqual(['north', slow('east')]);
    a.dispose(), b.dispose();
  });
});
