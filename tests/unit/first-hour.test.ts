/**
 * The errors a new user meets in the first hour (issue 37) say what happened and what to do:
 * the value the user passed, the call, and the next step.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Card, Deck, init } from 'fairdeck';

beforeAll(() => init());

describe('messages that say what to do', () => {
  it('returnCards echoes the code it was given, not only the id, and says which cards it takes', () => {
    const deck = new Deck({ seed: 1 });
    const dealt = deck.deal(5);
    const still = ['AS', 'KS', 'QS'].find((c) => !dealt.some((d) => d.code === c))!;
    expect(() => deck.returnCards([still])).toThrow(
      new RangeError(`card ${still} (id ${Card.from(still).id}) cannot be returned: it is not dealt (it is still in the deck: only dealt cards can be returned)`),
    );
    deck.returnCards([dealt[0].code]);
    expect(() => deck.returnCards([dealt[0]])).toThrow(new RangeError(`card ${dealt[0].code} (id ${dealt[0].id}) cannot be returned: it is not dealt (it is already returned)`));
    expect(() => deck.returnCards(['ZZ'])).toThrow(new RangeError('unknown card code "ZZ" for this deck'));
    deck.dispose();
  });

  it('fromJSON names the version problem and a newer version', () => {
    const state = new Deck({ seed: 3 }).toJSON();
    expect(() => Deck.fromJSON({ ...state, version: 2 })).toThrow(
      new RangeError('state.version must be 1: the state has none of the fields that version 2 adds (piles, cut, drawn)'),
    );
    expect(() => Deck.fromJSON({ ...state, version: 3 as never })).toThrow(/state.version 3 is newer than this fairdeck reads \(1 and 2\)/);
  });

  it("a state with named piles on 'fairdeck' names the entry that reads it", () => {
    const state = new Deck({ seed: 3 }).toJSON();
    const withPiles = { ...state, version: 2, piles: { 'hand:0': state.undealt.slice(0, 2) }, undealt: state.undealt.slice(2), cut: null, drawn: 7 };
    expect(() => Deck.fromJSON(withPiles as never)).toThrow(/live in fairdeck's games module: restore the state with the Deck of the entry 'fairdeck\/games'/);
  });

  it('a pile call on the plain Deck names fairdeck/games', () => {
    const deck = new Deck() as unknown as { burn(): void };
    expect(() => deck.burn()).toThrow(/take init and Deck from the entry 'fairdeck\/games'/);
  });
});
