/** The first-hour messages of the games entry (issue 37): an empty deck names the call and suggests shuffle(). */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck/games';

beforeAll(() => init());

describe('an empty deck', () => {
  it("burn() in a Hold'em loop that forgot shuffle() names burn and suggests shuffle()", () => {
    const deck = new Deck({ seed: 9 });
    deck.dealHands(2, 26);
    expect(() => deck.burn()).toThrow(
      new RangeError('burn(): n must be at most the 0 cards remaining, got 1; shuffle() gathers every card for a new deal'),
    );
    expect(() => deck.dealTo('board', 3)).toThrow(/^n must be at most the 0 cards remaining, got 3; shuffle\(\) gathers every card/);
    expect(() => deck.dealHands(2, 2)).toThrow(/; shuffle\(\) gathers every card for a new deal$/);
    deck.shuffle();
    expect(deck.burn()).toHaveLength(1);
  });

  it('moveCards names a card by its code', () => {
    const deck = new Deck({ seed: 10 });
    const [hand] = deck.dealHands(1, 2);
    const undealt = deck.toJSON({ includeSecret: true }).undealt[0];
    expect(() => deck.moveCards([undealt], 'discard')).toThrow(/^card [2-9TJQKA][CDHS] \(id \d+\) cannot be moved: it is not dealt \(it is still in the deck\)$/);
    deck.moveCards(hand, 'discard');
  });
});
