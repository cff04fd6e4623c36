// Pile numbers and read patterns (web/src/piles.ts): the limits of the name and pattern tables,
// and that a pattern stays right after the tables started again. Found by mutation testing
// (npm run mutation, issue 39): these paths had no test.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Deck, init } from 'fairdeck/games';
// The module the games Decks deal with: its calls are counted here (the same instance 'fairdeck/games' uses).
import { native } from '../../web/src/binding.js';

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

// What crosses into the module: each name once per table, and at most 1024 patterns before the
// tables start again (the bound on the binding's memory). Found by mutation testing (issue 39):
// numbering a known name again, or never starting again, dealt the same cards while the binding's
// tables grew with every call.
describe('what the binding is asked', () => {
  afterEach(() => void vi.restoreAllMocks());

  it('numbers a pile name once: later deals, moves and patterns pass its number', () => {
    const pileName = vi.spyOn(native(), 'pileName');
    const deck = new Deck({ seed: 4 });
    deck.dealTo('once-a', 2), deck.dealTo('once-b', 1);
    expect(pileName).toHaveBeenCalledTimes(2);
    deck.dealTo('once-a', 1);
    deck.moveCards(deck.pile('once-a').slice(0, 1), 'once-b', { from: 'once-a' });
    deck.dealPattern(Deck.pattern([{ pile: 'once-b', count: 1 }, { pile: 'once-a', count: 1 }]));
    expect(pileName).toHaveBeenCalledTimes(2);
    expect(deck.pile('once-a')).toHaveLength(3);
    deck.dispose();
  });

  it('starts the tables again at the 1025th pattern, not before and not after', () => {
    const forget = vi.spyOn(native(), 'forgetPileNames');
    const make = () => Deck.pattern([{ pile: 'again', count: 1 }]);
    // Earlier tests left the count anywhere: make patterns until the tables start again.
    for (let i = 0; i <= 1024 && forget.mock.calls.length === 0; i++) make();
    expect(forget).toHaveBeenCalledTimes(1);  // the pattern that started them is the first of 1024
    for (let i = 0; i < 1023; i++) make();
    expect(forget).toHaveBeenCalledTimes(1);
    make();
    expect(forget).toHaveBeenCalledTimes(2);
    const deck = new Deck({ seed: 5 });
    expect(deck.dealPattern(make())).toHaveLength(1);
    expect(deck.piles).toEqual(['again']);
    deck.dispose();
  });

  it('throws the binding\'s error when it refuses a pattern, and hands out no pattern', () => {
    const m = native();
    vi.spyOn(m, 'planPattern').mockReturnValueOnce(-1);
    expect(() => Deck.pattern([{ pile: 'refused', count: 1 }])).toThrow(Error);
    const deck = new Deck({ seed: 6 });
    expect(deck.dealPattern(Deck.pattern([{ pile: 'refused', count: 1 }]))).toHaveLength(1);
    deck.dispose();
  });
});
