/**
 * The sim build of the deck module (docs/size.md, "Issue 40"): dead cards, dealIds and sampleIds
 * live in sim.wasm and the Deck of 'fairdeck/sim'. Here, from the plain entry first: each of them
 * fails with one Error naming 'fairdeck/sim', changing nothing, `new Deck({ exclude })` too, and a
 * state that holds dead cards is refused with a TypeError naming state.dead; the games Deck
 * refuses them likewise. Then importing 'fairdeck/sim' makes the next init() load sim.wasm, a
 * superset of games.wasm: the sim Deck has them, and the games Deck deals its piles on it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type DeckState } from 'fairdeck';
import type { Deck as SimDeck } from 'fairdeck/sim';  // a type only: the entry is imported late, below

beforeAll(() => init());

const snapshot = (deck: Deck) => JSON.stringify(deck.toJSON({ includeSecret: true }));
const needsSim = /dead cards \(exclude, remove, dead\), dealIds, sampleIds and a Deck keyed by a stream live in the sim module: take init and Deck from the entry 'fairdeck\/sim'/;

/** Every simulation operation on `deck` throws the Error naming 'fairdeck/sim' and changes nothing. */
function refusesAll(plain: Deck): void {
  const deck = plain as unknown as SimDeck;  // what plain JavaScript may call
  deck.deal(3);
  const before = snapshot(plain);
  const calls: [string, () => unknown][] = [
    ['remove', () => deck.remove(['AS'])],
    ['dead', () => deck.dead],
    ['dealIds', () => deck.dealIds(2)],
    ['sampleIds', () => deck.sampleIds(2, 2)],
  ];
  for (const [name, call] of calls) {
    expect(call, name).toThrow(needsSim);
    expect(snapshot(plain), name).toBe(before);
  }
  expect(deck.deal(2)).toHaveLength(2);  // and it goes on dealing
}

/** A version-2 state of a 52-card deck whose first dealt card is dead. */
function deadState(): DeckState {
  const deck = new Deck({ seed: 1 });
  deck.deal(2);
  const state = deck.toJSON();
  deck.dispose();
  return { ...state, version: 2, piles: {}, cut: null, drawn: 2, dead: [state.dealt[0]] };
}

describe("the deck modules without dead cards ('fairdeck', 'fairdeck/games')", () => {
  it("the plain Deck refuses each with an Error naming fairdeck/sim, new Deck({ exclude }) too", () => {
    refusesAll(new Deck({ seed: 9 }));
    expect(() => new Deck({ exclude: ['AS'] })).toThrow(needsSim);
    expect(() => new Deck({ stream: { nextUint32: (n: number) => new Uint32Array(n) } })).toThrow(needsSim);
  });

  it('refuses a state that holds dead cards, with a TypeError naming state.dead and fairdeck/sim', () => {
    const state = deadState();
    expect(() => Deck.fromJSON(state)).toThrow(TypeError);
    expect(() => Deck.fromJSON(state)).toThrow(/^state\.dead: fairdeck: dead cards .* live in the sim module: take init and Deck from the entry 'fairdeck\/sim'$/);
    const { dead: _dead, ...without } = state;
    expect(Deck.fromJSON(without).remaining).toBe(50);  // the same state without them restores
  });

  it('the games Deck refuses them likewise', async () => {
    const games = await import('fairdeck/games');
    await games.init();
    refusesAll(new games.Deck({ seed: 9 }));
    expect(() => new games.Deck({ exclude: ['AS'] })).toThrow(needsSim);
    expect(() => games.Deck.fromJSON(deadState())).toThrow(/^state\.dead: fairdeck: dead cards/);
  });
});

describe("'fairdeck/sim' after the others", () => {
  it('loads sim.wasm at its init(): its Deck has them, and the games Deck deals piles on it', async () => {
    const before = new Deck({ seed: 4 });
    const sim = await import('fairdeck/sim');
    const games = await import('fairdeck/games');
    await sim.init();
    await init();  // 'fairdeck''s init() now loads nothing smaller
    const deck = new sim.Deck({ seed: 4, exclude: ['AS'] });
    expect(deck.dead.map((c) => c.code)).toEqual(['AS']);
    expect(deck.sampleIds(5, 3)).toHaveLength(15);
    expect(sim.Deck.fromJSON(deadState()).dead).toHaveLength(1);
    const hands = new games.Deck({ seed: 4 }).dealHands(2, 2);
    expect(hands).toHaveLength(2);
    expect(before.deal(5)).toHaveLength(5);  // a deck made before keeps its module
    expect(() => (before as unknown as SimDeck).dealIds(1)).toThrow(needsSim);  // and its class
    deck.dispose(), before.dispose();
  });
});
