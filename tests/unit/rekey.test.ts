/**
 * Re-keying of secure decks, done by the core (issue 17, defect 6): before an operation that can
 * cross the 16,384-word interval, the core fetches the keys it may need from
 * crypto.getRandomValues; if that fails the operation throws an Error and the deck is exactly as
 * it was; once the source works again the same operation succeeds. Lazy and bitmap decks that
 * only deal and take cards back re-key too. Seeded decks never ask for entropy.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deck, init, type DeckState } from 'fairdeck';

afterEach(() => {
  vi.restoreAllMocks();
});

const NO_ENTROPY = /no fresh entropy for re-keying this secure deck .*nothing was changed/;

/** One drawing operation: eager decks deal a little and shuffle; the others deal and take back. */
function operation(deck: Deck): () => void {
  if (deck.info.strategy === 'eager') {
    return () => {
      deck.deal(7);
      deck.dealOne();
      deck.shuffle();
    };
  }
  return () => deck.returnCards(deck.deal(52));
}

describe('re-keying a secure deck', () => {
  it.each(['eager', 'lazy', 'bitmap'] as const)('%s: a failing source throws, changes nothing, and re-keys once it works', async (strategy) => {
    await init();
    const deck = new Deck({ strategy });
    const op = operation(deck);
    let failing = true;
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(a: T): T => {
      if (failing) throw new Error('entropy source went away');
      (a as unknown as Uint8Array).fill(7); // only the calls are observed here
      return a;
    });
    let threw = 0;
    let state: DeckState | undefined;
    for (let i = 0; i < 5000 && threw === 0; i++) {
      state = deck.toJSON({ includeSecret: true });
      try {
        op();
      } catch (e) {
        threw++;
        expect(e).toBeInstanceOf(Error);
        expect(String(e)).toMatch(NO_ENTROPY);
      }
    }
    expect(threw).toBe(1);
    const after = deck.toJSON({ includeSecret: true });
    if (strategy === 'eager') {
      // The 8 cards dealt before the failing shuffle are out; nothing else changed.
      expect(after.engine).toBe(state!.engine);
      expect(after.dealt.length).toBe(state!.dealt.length + 8);
    } else {
      expect(after).toEqual(state); // deal(52) failed before dealing anything
    }
    expect(() => op()).toThrow(NO_ENTROPY); // still failing: asks again, no silent fallback
    failing = false;
    const calls = spy.mock.calls.length;
    op();
    expect(spy.mock.calls.length).toBe(calls + 1);
    expect(spy.mock.calls.at(-1)![0]).toHaveLength(32);
    expect(deck.toJSON({ includeSecret: true }).engine).not.toBe(after.engine);
    deck.shuffle();
    expect(new Set(deck.deal(52).map(String)).size).toBe(52);
    deck.dispose();
  });

  it.each(['lazy', 'bitmap'] as const)('%s: a deck that only deals and takes cards back re-keys', async (strategy) => {
    await init();
    const deck = new Deck({ strategy });
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    for (let i = 0; i < 4000; i++) deck.returnCards(deck.deal(52)); // ≈ 13 words each: 3 intervals
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
    deck.dispose();
  });

  it('seeded decks never ask for entropy', async () => {
    await init();
    const decks = ['eager', 'lazy', 'bitmap'].flatMap((strategy) =>
      ['chacha20', 'xoshiro256'].map((rng) => new Deck({ strategy: strategy as 'eager', rng: rng as 'chacha20', seed: 1 })),
    );
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    for (const deck of decks) for (let i = 0; i < 2000; i++) deck.returnCards(deck.deal(52)), deck.shuffle();
    expect(spy).not.toHaveBeenCalled();
  });
});
