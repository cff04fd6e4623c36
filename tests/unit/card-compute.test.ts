/**
 * Cards people compute with (issue 37): a numeric rank, a Card from a code or id without a deck,
 * and comparators for sorting hands, for French and German cards, shoes, jokers and generic items.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Card, Deck, init } from 'fairdeck';

beforeAll(() => init());

const codes = (cards: readonly Card[]) => cards.map(String);

describe('card.rankValue', () => {
  it('numbers French ranks ace 1 … king 13, whatever the rank label says', () => {
    const [ace, ten, jack, queen, king] = ['AS', 'TD', 'JC', 'QH', 'KS'].map((c) => Card.from(c));
    expect([ace, ten, jack, queen, king].map((c) => c.rankValue)).toEqual([1, 10, 11, 12, 13]);
    expect(ten.rank).toBe('10');  // the printed label stays text
    const all = new Deck({ seed: 1 }).deal(52);
    for (const c of all) expect(c.rankValue).toBe(c.id % 13 + 1);  // French ids: A, 2 … K within each suit
  });

  it('numbers German ranks 7–10, Unter 11, Ober 12, König 13, Ass 1, and jokers 0', () => {
    const g = { style: 'german' as const };
    expect(['7E', 'TG', 'UH', 'OS', 'KE', 'AG'].map((c) => Card.from(c, g).rankValue)).toEqual([7, 10, 11, 12, 13, 1]);
    expect(Card.from('X1', { jokers: 1 }).rankValue).toBe(0);
    expect(Card.from('X2', { style: 'german', jokers: 2 }).rankValue).toBe(0);
    expect(new Deck({ size: 10, seed: 1 }).dealOne()!.rankValue).toBeNull();
  });
});

describe('Card.from', () => {
  it('is the very card a deck of that composition deals (cards are interned)', () => {
    const deck = new Deck({ seed: 4 });
    for (const c of deck.deal(52)) {
      expect(Card.from(c.code)).toBe(c);
      expect(Card.from(c.id)).toBe(c);
      expect(Card.from(c)).toBe(c);
    }
    const shoe = new Deck({ decks: 2, jokers: 1, seed: 5 });
    const dealt = shoe.deal(shoe.size);
    expect(Card.from(60, { decks: 2, jokers: 1 })).toBe(dealt.find((c) => c.id === 60));
    expect(Card.from('AS', { decks: 2, jokers: 1 }).deck).toBe(0);  // a code names the first copy
    expect(Card.from('UE', { style: 'german' }).name).toBe('Eichel Unter');
    expect(Card.from(7, { size: 100 }).code).toBe('7');
    expect(Card.from('99', { size: 100 }).id).toBe(99);
    expect(Card.is(Card.from('AS'))).toBe(true);
    expect(Card.is({ ...Card.from('AS') })).toBe(false);
  });

  it('says what is wrong and what would work', () => {
    expect(() => Card.from('ZZ')).toThrow(new RangeError('card "ZZ" is not a card of a french deck without jokers'));
    expect(() => Card.from('X1')).toThrow(/card "X1" is not a card of a french deck without jokers: pass \{ jokers: 2 \} for jokers/);
    expect(() => Card.from('UE')).toThrow(/not a card of a french deck/);
    expect(() => Card.from(52)).toThrow(new RangeError('card must be an integer from 0 to 51, got 52'));
    expect(() => Card.from(100, { size: 100 })).toThrow(/card must be an integer from 0 to 99, got 100/);
    expect(() => Card.from(null as never)).toThrow(new TypeError("card must be a code like 'AS', an id or a Card, got null"));
    expect(() => Card.from('AS', { seed: 1 } as never)).toThrow(/unknown option 'seed' in Card.from options \(known: style, decks, jokers, size\)/);
    expect(() => Card.from('AS', { style: 'italian' } as never)).toThrow(/style must be 'french' or 'german', got "italian"/);
  });
});

describe('sorting hands', () => {
  const hand = () => ['AS', '2C', 'KH', 'TD', 'AH', '7C'].map((c) => Card.from(c));

  it('Card.compare is ace high, then suits ♣ ♦ ♥ ♠', () => {
    expect(codes(hand().sort(Card.compare))).toEqual(['2C', '7C', 'TD', 'KH', 'AH', 'AS']);
  });

  it('Card.order puts aces low or high, jokers low or high', () => {
    expect(codes(hand().sort(Card.order({ aces: 'low' })))).toEqual(['AH', 'AS', '2C', '7C', 'TD', 'KH']);
    const j = { jokers: 2 };
    const withJokers = ['X2', 'AS', '2C', 'X1'].map((c) => Card.from(c, j));
    expect(codes([...withJokers].sort(Card.compare))).toEqual(['2C', 'AS', 'X1', 'X2']);
    expect(codes([...withJokers].sort(Card.order({ jokers: 'low', aces: 'low' })))).toEqual(['X1', 'X2', 'AS', '2C']);
    expect(Card.order()).toBe(Card.compare);
  });

  it('sorts German cards 7 … 10, Unter, Ober, König, Ass; shoes by deck last; generic items by id', () => {
    const g = ['AS', 'UE', '7H', 'OG', 'KS', 'TE'].map((c) => Card.from(c, { style: 'german' }));
    expect(codes(g.sort(Card.compare))).toEqual(['7H', 'TE', 'UE', 'OG', 'KS', 'AS']);
    const shoe = [Card.from(52 + 39, { decks: 2 }), Card.from(39, { decks: 2 })];
    expect(shoe.sort(Card.compare).map((c) => c.deck)).toEqual([0, 1]);
    const items = new Deck({ size: 20, seed: 3 }).deal(20);
    expect(items.sort(Card.compare).map((c) => c.id)).toEqual([...Array(20).keys()]);
  });

  it('refuses what is not a Card, and unknown order options', () => {
    expect(() => [Card.from('AS'), { code: 'KS' } as never].sort(Card.compare)).toThrow(TypeError);
    expect(() => Card.order({ aces: 'middle' } as never)).toThrow(new TypeError(`aces must be 'high' or 'low', got "middle"`));
    expect(() => Card.order({ kings: 'high' } as never)).toThrow(/unknown option 'kings' in Card.order options/);
  });
});

// What a user of Card sees at the edges (issue 39: each of these passed every test when changed).
describe('Card at the edges', () => {
  it('Card.from names the deck a code is not in: generic, with jokers, and the joker hint only for jokers', () => {
    expect(() => Card.from('100', { size: 100 })).toThrow(new RangeError("card \"100\" is not a card of a generic deck of 100 items (codes '0' to '99')"));
    expect(() => Card.from('ZZ', { jokers: 1 })).toThrow(new RangeError('card "ZZ" is not a card of a french deck with 1 joker(s) per deck'));
    // X2 in a deck with one joker: no hint (the deck has jokers); X12 and AX1 are not joker codes.
    expect(() => Card.from('X2', { jokers: 1 })).toThrow(new RangeError('card "X2" is not a card of a french deck with 1 joker(s) per deck'));
    expect(() => Card.from('X12')).toThrow(new RangeError('card "X12" is not a card of a french deck without jokers'));
    expect(() => Card.from('AX1')).toThrow(new RangeError('card "AX1" is not a card of a french deck without jokers'));
    expect(() => Card.from('X2')).toThrow(new RangeError('card "X2" is not a card of a french deck without jokers: pass { jokers: 2 } for jokers'));
  });

  it('Card.from takes every id of a shoe and none past it', () => {
    // A composition no other test here uses: its card table is made in this test.
    const o = { decks: 3, jokers: 1 };
    expect(() => Card.from(159, o)).toThrow(new RangeError('card must be an integer from 0 to 158, got 159'));
    const last = Card.from(158, o);
    expect([last.code, last.deck]).toEqual(['X1', 2]);
    expect(Card.from('X1', o).id).toBe(52);
  });

  it('Card.compare names the argument that is not a Card', () => {
    const ace = Card.from('AS');
    expect(() => Card.compare(ace, { code: 'KS' } as never)).toThrow(new TypeError('b must be a Card, got an object'));
    expect(() => Card.compare(null as never, ace)).toThrow(new TypeError('a must be a Card, got null'));
    expect(() => Card.compare(ace, 5 as never)).toThrow(new TypeError('b must be a Card, got 5'));
    expect(() => Card.compare('AS' as never, ace)).toThrow(new TypeError('a must be a Card, got "AS"'));
  });

  it('Card.is is false for anything else, without throwing', () => {
    for (const x of [null, undefined, 5, 'AS', {}, { code: 'AS', id: 51 }]) expect(Card.is(x), String(x)).toBe(false);
  });

  it('generic items sort after styled cards whatever their ids', () => {
    const item = Card.from(0, { size: 5 }), ace = Card.from('AS'), two = Card.from('2C');
    expect(Card.compare(item, ace)).toBeGreaterThan(0);
    expect(Card.compare(ace, item)).toBeLessThan(0);
    expect(codes([item, ace, Card.from(4, { size: 5 }), two].sort(Card.compare))).toEqual(['2C', 'AS', '0', '4']);
    expect(Card.compare(Card.from(3, { size: 5 }), item)).toBeGreaterThan(0);
  });

  it('a whole shoe sorts by rank, then suit, then deck', () => {
    const shoe = new Deck({ decks: 2, seed: 8 }).deal(104).sort(Card.compare);
    const expected: string[] = [];
    for (const rank of '23456789TJQKA') for (const suit of 'CDHS') expected.push(`${rank}${suit}/0`, `${rank}${suit}/1`);
    expect(shoe.map((c) => `${c.code}/${c.deck}`)).toEqual(expected);
  });

  it('Card.order moves aces and jokers independently', () => {
    const cards = ['X1', 'AS', '2C', 'KH'].map((c) => Card.from(c, { jokers: 1 }));
    expect(codes([...cards].sort(Card.order({ jokers: 'low' })))).toEqual(['X1', '2C', 'KH', 'AS']);
    expect(codes([...cards].sort(Card.order({ aces: 'low' })))).toEqual(['AS', '2C', 'KH', 'X1']);
    expect(codes([...cards].sort(Card.order({ aces: 'high', jokers: 'high' })))).toEqual(['2C', 'KH', 'AS', 'X1']);
    expect(() => Card.order({ jokers: 'middle' } as never)).toThrow(new TypeError(`jokers must be 'high' or 'low', got "middle"`));
    expect(() => Card.from('AS', { colour: 'red' } as never)).toThrow(
      new TypeError("unknown option 'colour' in Card.from options (known: style, decks, jokers, size)"));
  });
});
