import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type Card } from 'fairdeck';

beforeAll(() => init());

const ids = (cards: (Card | undefined)[]) => cards.map((c) => c!.id);
const dealAll = (deck: Deck) => ids([...deck]);

describe('Deck', () => {
  it('deals 52 distinct cards per cycle, then undefined on the 53rd deal', () => {
    const deck = new Deck({ seed: 1 });
    const cards: Card[] = [];
    for (let i = 0; i < 52; i++) cards.push(deck.dealOne()!);
    expect(new Set(cards).size).toBe(52);
    expect(new Set(cards.map((c) => c.code)).size).toBe(52);
    expect(deck.dealOne()).toBeUndefined();
    expect(deck.remaining).toBe(0);
    deck.dispose();
  });

  it('is shuffled when created and shuffling mid-deal restarts a full deal', () => {
    const deck = new Deck({ seed: 2 });
    expect(deck.remaining).toBe(52);
    deck.deal(10);
    deck.shuffle();
    expect(deck.remaining).toBe(52);
    expect(new Set(dealAll(deck)).size).toBe(52);
    deck.dispose();
  });

  it('gives the same order for the same seed and different orders for different seeds', () => {
    expect(dealAll(new Deck({ seed: 7 }))).toEqual(dealAll(new Deck({ seed: 7 })));
    expect(dealAll(new Deck({ seed: 7 }))).not.toEqual(dealAll(new Deck({ seed: 8 })));
    expect(dealAll(new Deck({ seed: 'x' }))).not.toEqual(dealAll(new Deck({ seed: '' })));
    expect(dealAll(new Deck({ seed: 7 }))).toEqual(dealAll(new Deck({ seed: 7n })));
  });

  it('gives different orders to unseeded decks', () => {
    const a = new Deck(), b = new Deck();
    expect(a.info.seeded).toBe(false);
    expect(dealAll(a)).not.toEqual(dealAll(b));
  });

  it('deal(n) returns at most remaining cards in one call', () => {
    const deck = new Deck({ seed: 3 });
    expect(deck.deal(5)).toHaveLength(5);
    expect(deck.deal(100)).toHaveLength(47);
    expect(deck.deal(1)).toEqual([]);
  });

  it('interns cards: the same card is the same object, with the expected faces', () => {
    const a = new Deck({ seed: 4 }), b = new Deck({ seed: 5 });
    const fromA = new Map(a.deal(52).map((c) => [c.id, c]));
    for (const c of b.deal(52)) expect(fromA.get(c.id)).toBe(c);
    const ace = fromA.get(51 - 12)!;
    expect(ace.code).toBe('AS');
    expect(ace.name).toBe('Ace of Spades');
    expect(ace.rank).toBe('A');
    expect(ace.suit).toBe('Spades');
    expect(String(ace)).toBe('AS');
    expect(fromA.get(22)!.code).toBe('TD');
    expect(fromA.get(6)!.code).toBe('7C');
    expect(Object.isFrozen(ace)).toBe(true);
  });

  it('throws a clear error after dispose()', () => {
    const deck = new Deck({ seed: 1 });
    deck.dispose();
    deck.dispose();
    expect(deck.disposed).toBe(true);
    expect(() => deck.dealOne()).toThrow(/disposed/);
    expect(() => deck.remaining).toThrow(/disposed/);
  });

  it('supports using-declarations through Symbol.dispose', () => {
    const deck = new Deck({ seed: 1 });
    deck[Symbol.dispose]();
    expect(deck.disposed).toBe(true);
  });
});
