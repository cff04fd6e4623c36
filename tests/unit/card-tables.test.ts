// The card tables behind returnCards and the Card objects (web/src/card.ts), seen through the
// public API: generic decks' cards and codes, which table a Card belongs to, and what a list of
// cards may hold. Found by mutation testing (npm run mutation, issue 39): these had no test.
import { beforeAll, describe, expect, it } from 'vitest';
import { Card, Deck, init } from 'fairdeck';

beforeAll(() => init());

describe('generic decks', () => {
  it('name their items "#id", style generic, frozen', () => {
    const deck = new Deck({ size: 10, seed: 1 });
    for (const c of deck.deal(10)) {
      expect(c.name).toBe(`#${c.id}`);
      expect(c.code).toBe(String(c.id));
      expect(c.style).toBe('generic');
      expect(Object.isFrozen(c)).toBe(true);
    }
    expect(Object.isFrozen(new Deck({ seed: 1 }).dealOne())).toBe(true);
  });

  it('take codes of ids in range, written without leading zeros', () => {
    const deck = new Deck({ size: 10, seed: 2 });
    deck.deal(10);
    deck.returnCards(['3', '0']);
    expect(deck.returned).toBe(2);
    for (const bad of ['10', '03', '-1', '3.0', 'x']) {
      expect(() => deck.returnCards([bad]), bad).toThrow(/unknown card code/);
    }
    expect(deck.returned).toBe(2);
  });

  it('refuse a Card of another deck whose id is past their size, or of another style', () => {
    const deck = new Deck({ size: 10, seed: 3 });
    deck.deal(10);
    const bigger = new Deck({ size: 20, seed: 3 }).deal(20);
    expect(() => deck.returnCards([bigger.find((c) => c.id === 10)!])).toThrow(/does not belong to this deck/);
    expect(() => deck.returnCards([bigger.find((c) => c.id === 15)!])).toThrow(/does not belong to this deck/);
    const french = new Deck({ seed: 3 }).deal(52);
    expect(() => deck.returnCards([french.find((c) => c.id === 3)!])).toThrow(/does not belong to this deck/);
    expect(deck.returned).toBe(0);
    // The same table: decks of one size share their Card objects.
    const twin = new Deck({ size: 10, seed: 4 }).deal(10);
    deck.returnCards([twin[0]]);
    expect(deck.returned).toBe(1);
  });
});

describe('generic decks past 2^16 items', () => {
  it('refuse a Card of a bigger deck from a block of ids they have not dealt from yet', () => {
    // Items are made in blocks of 2^16 ids: this deck has made none of ids 65536 and up.
    const deck = new Deck({ size: 70_000, seed: 1 });
    const other = Card.from(69_000, { size: 80_000 });
    expect(() => deck.returnCards([other])).toThrow(new RangeError('card 69000 (id 69000, generic) does not belong to this deck'));
    expect(deck.returned).toBe(0);
    deck.dispose();
  });
});

describe('returnCards lists', () => {
  it('name what they may hold for anything else, null and booleans included', () => {
    const deck = new Deck({ seed: 5 });
    deck.deal(5);
    for (const bad of [null, true, undefined, {}, 1.5]) {
      expect(() => deck.returnCards([bad as never]), String(bad)).toThrow(bad === 1.5 ? RangeError : TypeError);
    }
    expect(() => deck.returnCards([null as never])).toThrow(/cards must hold Card objects, codes or ids, got null/);
    expect(() => deck.returnCards([true as never])).toThrow(/cards must hold Card objects, codes or ids, got true/);
    expect(deck.returned).toBe(0);
  });
});
