/**
 * The two builds of the deck module (docs/size.md): 'fairdeck' loads fairdeck.wasm, which has no
 * named piles, and its Deck has no pile operations; 'fairdeck/games' loads games.wasm, the same
 * deck with them, and exports a Deck that adds them. Here, from the plain entry: every pile
 * operation fails with one Error that names the entry to use, changing nothing; what both builds
 * share (dealing, the cut card, states without piles) works; a state that holds piles is refused
 * with a TypeError naming the field. Then importing 'fairdeck/games' after init() makes the next
 * init() load the games module: its Deck deals to piles, decks made before keep their module.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type DeckState } from 'fairdeck';
import type { Deck as GamesDeck } from 'fairdeck/games';  // a type only: the entry is imported late, below

beforeAll(() => init());

const snapshot = (deck: Deck) => JSON.stringify(deck.toJSON({ includeSecret: true }));
const needsGames = /named piles .* live in the games module: take init and Deck from the entry 'fairdeck\/games'/;

describe("the deck module without piles ('fairdeck')", () => {
  it('refuses every pile operation with an Error naming fairdeck/games, and changes nothing', () => {
    const plain = new Deck({ seed: 9 });
    const deck = plain as unknown as GamesDeck;  // what plain JavaScript may call: TypeScript knows it has no such methods
    deck.deal(3);
    const before = snapshot(deck);
    const calls: [string, () => unknown][] = [
      ['dealHands', () => deck.dealHands(2, 2)],
      ['burn', () => deck.burn()],
      ['dealTo', () => deck.dealTo('board', 3)],
      ['dealPattern', () => deck.dealPattern([{ pile: 'a', count: 1 }])],
      ['Deck.pattern', () => (Deck as unknown as typeof GamesDeck).pattern([{ pile: 'a', count: 1 }])],
      ['hand', () => deck.hand(0)],
      ['pile', () => deck.pile('board')],
      ['piles', () => deck.piles],
      ['moveCards', () => deck.moveCards(deck.dealt.slice(0, 1), 'discard')],
    ];
    for (const [name, call] of calls) {
      expect(call, name).toThrow(needsGames);
      expect(snapshot(deck), name).toBe(before);
    }
    expect(deck.deal(2)).toHaveLength(2);  // and it goes on dealing
  });

  it('deals, keeps a cut card and saves and restores states without piles', () => {
    const shoe = new Deck({ decks: 2, seed: 3, penetration: 0.5, strategy: 'lazy' });
    shoe.deal(60);
    expect(shoe.cutCardOut).toBe(true);
    const state = shoe.toJSON();
    expect(state.version).toBe(2);
    const again = Deck.fromJSON(state);
    expect(again.cutCardOut).toBe(true);
    expect(again.deal(10).map((c) => c.id)).toEqual(shoe.deal(10).map((c) => c.id));
  });

  it('refuses a state that holds named piles, with a TypeError naming state.piles', () => {
    const state: DeckState = { ...new Deck({ seed: 1 }).toJSON(), version: 2, piles: { x: [21, 33] }, cut: null, drawn: 2 };
    state.undealt = state.undealt.filter((id) => id !== 21 && id !== 33);
    expect(() => Deck.fromJSON(state)).toThrow(new TypeError(
      "state.piles holds named piles, which live in fairdeck's games module: restore the state with the Deck of the entry 'fairdeck/games'"));
    expect(() => Deck.fromJSON({ ...state, piles: {} })).toThrow(RangeError);  // the same state without them is judged as usual
  });
});

describe("importing 'fairdeck/games' after init()", () => {
  it('makes the next init() load the games module; decks made before keep theirs', async () => {
    const before = new Deck({ seed: 2 });
    const games = await import('fairdeck/games');
    expect(new games.Deck({ seed: 1 })).toBeInstanceOf(Deck);  // the games Deck is a Deck, with more
    await games.init();
    const deck = new games.Deck({ seed: 2 });
    const hands = deck.dealHands(2, 2);
    expect(deck.hand(1)).toEqual(hands[1]);
    const dealt = [hands[0][0], hands[1][0], hands[0][1], hands[1][1]];  // round by round
    expect(dealt.map((c) => c.id)).toEqual(before.deal(4).map((c) => c.id));  // the same deal in both builds
    expect(() => (before as unknown as GamesDeck).dealTo('board')).toThrow(needsGames);
    // The plain entry's Deck has no pile operations, even on the games module; it deals and saves.
    const plain = new Deck({ seed: 2 });
    expect(() => (plain as unknown as GamesDeck).dealHands(2, 2)).toThrow(needsGames);
    expect(plain.deal(4).map((c) => c.id)).toEqual(dealt.map((c) => c.id));
    const state = deck.toJSON();
    const restored = games.Deck.fromJSON(state);
    expect(restored).toBeInstanceOf(games.Deck);  // fromJSON makes a deck of the class it is called on
    expect(restored.piles).toEqual(['hand:0', 'hand:1']);
    expect(Deck.fromJSON(state).toJSON()).toEqual(state);  // the plain Deck keeps the piles it cannot read
  });
});
