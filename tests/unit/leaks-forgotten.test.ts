/**
 * Forgetting dispose() costs a bounded amount (issue 38): a program that makes a deck per hand and
 * never disposes it, yielding to the event loop as a server does, holds at most LIVE_CORE_DECKS
 * core decks in the WASM heap, however many it makes (web/src/deck.ts, `#admit`). Before, the
 * heap grew until the collector happened to run the decks' finalisers — it never shrinks — and
 * this loop's peak rose past 60 MB of WASM heap at 60,000 hands (8 KB a deck after a hand).
 *
 * And the decks paged out to stay under the budget are still the same decks: a seeded deck paged
 * out and back deals, saves and reports exactly what its twin that never was does.
 *
 * The heap is measured with the binding's heapUsed() (malloc's count of allocated bytes). No
 * --expose-gc here: the collector runs when V8 decides, as in a user's program.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck/games';
import { native, type DeckModule } from '../../web/src/binding.js';
import { LIVE_CORE_DECKS as BUDGET } from '../../web/src/deck.js';

let c: DeckModule;
beforeAll(async () => {
  await init();
  c = native();
});

describe('decks that are never disposed', () => {
  it('a deck per hand, never disposed, 60,000 hands: the WASM heap peaks below the budget', async () => {
    const start = c.heapUsed();
    let peak = 0;
    for (let i = 1; i <= 60_000; i++) {
      new Deck().dealHands(6, 2);
      if (i % 1000 === 0) {
        peak = Math.max(peak, c.heapUsed() - start);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    // A 52-card games deck after a hand holds about 1.8 KB (docs/memory.md): the budget's decks
    // are under 8 MB. 16 MB leaves room for the allocator; unbounded, this loop passed 60 MB.
    expect(peak).toBeLessThan(16 * 2 ** 20);
  }, 60_000);

  it('a deck paged out and back deals exactly what its twin deals (seeded, every strategy, piles, cut card)', () => {
    const options = [
      { seed: 11 },
      { seed: 12, strategy: 'lazy' as const, decks: 6, penetration: 0.75 },
      { seed: 13, strategy: 'bitmap' as const, rng: 'xoshiro256' as const },
    ];
    const play = (d: Deck) => {
      d.dealHands(4, 2);
      d.burn();
      d.dealOne();  // a lazy or bitmap deck now has a look-ahead pending
      return d;
    };
    const twins = options.map((o) => play(new Deck(o)));
    const kept = options.map((o) => play(new Deck(o)));
    const secure = play(new Deck());
    const before = c.heapUsed();
    // Budget + 500 more decks, all reachable: the oldest (kept, secure, and the twins) are paged out.
    const crowd = Array.from({ length: BUDGET + 500 }, () => new Deck({ seed: 1 }));
    expect(c.heapUsed() - before, 'live core decks stay within the budget').toBeLessThan(BUDGET * 2048);
    for (let i = 0; i < options.length; i++) {
      const a = kept[i], b = twins[i];
      expect(a.disposed).toBe(false);
      expect(a.remaining).toBe(b.remaining);
      expect(a.hand(1).map(String)).toEqual(b.hand(1).map(String));
      expect(a.deal(20).map(String)).toEqual(b.deal(20).map(String));
      expect(a.toJSON()).toEqual(b.toJSON());
      expect(a.shuffle().deal(52).map(String)).toEqual(b.shuffle().deal(52).map(String));
    }
    const rest = secure.deal(52);
    expect(new Set(rest.map((x) => x.id)).size).toBe(rest.length);
    expect(rest.length + 9 + 1).toBe(52);
    for (const d of [...crowd, ...kept, ...twins, secure]) d.dispose();
    expect(secure.disposed).toBe(true);
    expect(() => secure.dealOne()).toThrow(/disposed/);
  });

  it('a provable deck is never paged out (it has no saved state) and keeps dealing', () => {
    const p = new Deck({ provable: { serverSeed: '07'.repeat(32), clientSeed: 'c', nonce: 0 } });
    const twin = new Deck({ provable: { serverSeed: '07'.repeat(32), clientSeed: 'c', nonce: 0 } });
    const expected = twin.deal(10).map(String);
    twin.dispose();
    const crowd = Array.from({ length: BUDGET + 100 }, () => new Deck({ seed: 2 }));
    expect(p.deal(10).map(String)).toEqual(expected);
    for (const d of [...crowd, p]) d.dispose();
  });
});
