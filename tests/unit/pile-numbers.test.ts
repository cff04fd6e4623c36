// Pile numbers and read patterns (web/src/piles.ts): the limits of the name and pattern tables,
// and that a pattern stays right after the tables started again. Found by mutation testing
// (npm run mutation, issue 39): these paths had no test.
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck/games';

beforeAll(() => init());

describe('pile numbers', () => {
  it('rejects a pattern naming more piles than a deck can hold, changing nothing', () => {
    const packets = Array.from({ length: 65 }, (_, i) => ({ pile: `p${i}`, count: 1 }));
    const deck = new Deck({ size: 100, seed: 1 });
    expect(() => deck.dealPattern(packets)).toThrow(RangeError);
    expect(() => deck.dealPattern(Deck.pattern(packets))).toThrow(RangeError);
    expect(deck.remaining).toBe(100);
    expect(deck.piles).toEqual([]);
  });

  it('rejects one call naming more than 4096 different piles, with the limit in the message', () => {
    const packets = Array.from({ length: 4097 }, (_, i) => ({ pile: `many${i}`, count: 0 }));
    expect(() => Deck.pattern(packets)).toThrow(/at most 4096 different piles/);
  });

  it('keeps a pattern right after more than 1024 others made the tables start again', () => {
    const first = Deck.pattern([{ pile: 'north', count: 2 }, { pile: 'south', count: 1 }]);
    for (let i = 0; i < 1030; i++) Deck.pattern([{ pile: `t${i}`, count: 1 }]);
    const a = new Deck({ seed: 9 }), b = new Deck({ seed: 9 });
    const dealt = a.dealPattern(first);
    expect(dealt).toEqual(b.dealPattern([{ pile: 'north', count: 2 }, { pile: 'south', count: 1 }]));
    expect(a.pile('north')).toEqual(dealt.slice(0, 2));
    expect(a.pile('south')).toEqual(dealt.slice(2));
    expect(a.piles).toEqual(['north', 'south']);
  });
});
