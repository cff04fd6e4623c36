import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type Card } from 'fairdeck';

beforeAll(() => init());

const byId = (deck: Deck) => new Map(deck.deal(deck.size).map((c) => [c.id, c] as [number, Card]));

describe('Card faces and compositions', () => {
  it('names every French card and orders ids clubs, diamonds, hearts, spades', () => {
    const cards = byId(new Deck({ seed: 1 }));
    expect(cards.get(0)!.name).toBe('Ace of Clubs');
    expect(cards.get(13 + 9)!.code).toBe('TD');
    expect(cards.get(13 + 9)!.rank).toBe('10');
    expect(cards.get(26 + 11)!.name).toBe('Queen of Hearts');
    expect(cards.get(51)!.code).toBe('KS');
    expect(new Set([...cards.values()].map((c) => c.code)).size).toBe(52);
  });

  it('builds a 32-card German Skat deck with German names and codes', () => {
    const deck = new Deck({ style: 'german', seed: 2 });
    expect(deck.size).toBe(32);
    const cards = byId(deck);
    expect(cards.get(0)!.name).toBe('Eichel 7');
    expect(cards.get(4)!.code).toBe('UE');
    expect(cards.get(4)!.rank).toBe('Unter');
    expect(cards.get(8 + 6)!.name).toBe('Grün König');
    expect(cards.get(31)!.name).toBe('Schellen Ass');
    expect(cards.get(31)!.style).toBe('german');
  });

  it('adds jokers per deck and builds shoes whose cards know their deck', () => {
    const shoe = new Deck({ decks: 6, jokers: 2, seed: 3 });
    expect(shoe.size).toBe(6 * 54);
    const cards = [...shoe];
    expect(cards).toHaveLength(324);
    expect(cards.filter((c) => c.code === 'AS')).toHaveLength(6);
    expect(new Set(cards.filter((c) => c.code === 'AS').map((c) => c.deck))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(cards.filter((c) => c.rank === 'Joker')).toHaveLength(12);
    expect(cards.find((c) => c.id === 52)!.name).toBe('Black Joker');
    expect(cards.find((c) => c.id === 53)!.code).toBe('X2');
  });

  it('makes generic decks of N items with ids and no faces, up to 2^24 and beyond', () => {
    const small = new Deck({ size: 10, seed: 4 });
    const items = [...small];
    expect(items.map((c) => c.id).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(items[0].rank).toBeNull();
    expect(items[0].code).toBe(String(items[0].id));
    const big = new Deck({ size: 2 ** 24, seed: 5, strategy: 'lazy' });
    expect(big.size).toBe(2 ** 24);
    const hand = big.deal(1000);
    expect(new Set(hand.map((c) => c.id)).size).toBe(1000);
    big.dispose();
    const largest = new Deck({ size: 2 ** 26, seed: 6, strategy: 'bitmap' });
    const cards = largest.deal(1000);
    // ids ≥ 2^24 are 3/4 of the deck: about 750 of 1,000 (sd ≈ 14), so more than 650 is certain.
    expect(cards.filter((c) => c.id >= 2 ** 24).length).toBeGreaterThan(650);
    largest.returnCards(cards.slice(0, 10).map((c) => c.id));
    expect(largest.returned).toBe(10);
    expect(largest.dealt.filter((c) => cards.includes(c))).toHaveLength(990); // the same interned objects
    largest.dispose();
  });
});
