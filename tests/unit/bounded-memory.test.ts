/**
 * Issue 59, class 5: bounded memory and time for every call. Before, `sampleIds(52, 2 ** 26)`
 * allocated 52 · 2^26 ids (14 GB) before anything refused it, a saved state naming a 52-card deck
 * with 30 million undealt ids was parsed whole (seconds) before the core refused it, and
 * returnCards / moveCards / remove / `exclude` / Deck.pattern read the whole iterable they were
 * given, so an endless generator hung the call. Now sizes are checked before any work: one call's
 * ids are capped (`maxIds`, default 2^26: input.ts MAX_IDS; docs/limits.md), a state's text and
 * lists are bounded by the size it names, and an iterable is read to at most what the deck can
 * hold plus one item. Each test below fails on the code before (each has a timeout, so that the
 * old code's hang or 14 GB allocation is a failure, not a stuck suite).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck as PlainDeck } from 'fairdeck';
import { Deck as GamesDeck } from 'fairdeck/games';
import { Deck, init } from 'fairdeck/sim';

beforeAll(async () => {
  await init();
});

/** An endless generator of `item`, counting what it yields in `count.n`. */
function endless<T>(item: T, count: { n: number }): Iterable<T> {
  return {
    *[Symbol.iterator]() {
      for (;;) {
        count.n++;
        yield item;
      }
    },
  };
}

/** `f()`'s time in ms. */
function timed(f: () => void): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

describe('sampleIds caps what it allocates', () => {
  it('refuses 52 × 2^26 ids at once, allocating nothing, the engine unmoved', { timeout: 5000 }, () => {
    using deck = new Deck({ seed: 1 });
    const before = process.memoryUsage().arrayBuffers;
    let error: unknown;
    const ms = timed(() => {
      try {
        deck.sampleIds(52, 2 ** 26);
      } catch (e) {
        error = e;
      }
    });
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toMatch(/k \* trials = 3489660928 ids .* maxIds = 67108864 .*raise the cap with sampleIds\(k, trials, undefined, \{ maxIds \}\)/);
    expect(ms).toBeLessThan(200);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(2 ** 24);
    // nothing moved: the next sample is the one a fresh deck with the same seed makes
    using fresh = new Deck({ seed: 1 });
    expect(deck.sampleIds(5, 3)).toEqual(fresh.sampleIds(5, 3));
  });

  it('refuses just over the default; the option raises it (and lowers it)', () => {
    using deck = new Deck({ seed: 2 });
    expect(() => deck.sampleIds(1, 2 ** 26 + 1)).toThrow(/maxIds = 67108864/);
    using a = new Deck({ seed: 3 }), b = new Deck({ seed: 3 });
    expect(() => a.sampleIds(5, 10, undefined, { maxIds: 49 })).toThrow(RangeError);
    const raised = a.sampleIds(5, 10, undefined, { maxIds: 2 ** 27 });
    expect(raised).toEqual(b.sampleIds(5, 10));  // the same samples: the option changes no output
    expect(() => a.sampleIds(5, 1, undefined, { maxIds: -1 })).toThrow(/maxIds must be an integer/);
    expect(() => a.sampleIds(5, 1, undefined, { maxids: 9 } as never)).toThrow(/unknown option 'maxids' in sampleIds options/);
    expect(() => a.sampleIds(5, 1, undefined, JSON.parse('{"__proto__":{"maxIds":1}}'))).toThrow(TypeError);
  });

  it('with into, the caller\'s array is the bound', () => {
    using deck = new Deck({ seed: 4 });
    const into = new Uint32Array(20);
    expect(deck.sampleIds(2, 10, into, { maxIds: 1 })).toBe(into);
  });

  it('too few cards is refused before k · trials ids are allocated', { timeout: 5000 }, () => {
    using deck = new Deck({ seed: 5 });
    const ms = timed(() => expect(() => deck.sampleIds(53, 2 ** 26 - 1, undefined, { maxIds: 2 ** 32 - 1 })).toThrow(RangeError));
    expect(ms).toBeLessThan(200);
  });
});

describe('a saved state is bounded by the deck it names', () => {
  const good = () => new PlainDeck({ seed: 1 }).toJSON();

  it('a 52-card state with 30,000,000 undealt ids is refused in well under a second', { timeout: 10000 }, () => {
    const text = JSON.stringify(good()).replace(/"undealt":\[[^\]]*\]/, `"undealt":[${'0,'.repeat(3e7 - 1)}0]`);
    let error: unknown;
    const ms = timed(() => {
      try {
        PlainDeck.fromJSON(text);
      } catch (e) {
        error = e;
      }
    });
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toMatch(/state is 60000\d+ characters long, more than a state of a 52-card deck can be/);
    expect(ms).toBeLessThan(1000);
  });

  it('so is the same state as an object, before it is turned into text', { timeout: 10000 }, () => {
    const state = good();
    state.undealt = new Array<number>(3e7).fill(0);
    const ms = timed(() => expect(() => PlainDeck.fromJSON(state)).toThrow(/state holds 30000000 ids, more than a state of a 52-card deck can/));
    expect(ms).toBeLessThan(1000);
  });

  it('pretty-printed states still restore; a long text with no size is refused', () => {
    const s = good();
    using d = PlainDeck.fromJSON(JSON.stringify(s, null, '\t'.repeat(10)));
    expect(d.remaining).toBe(52);
    expect(() => PlainDeck.fromJSON(`{"x":"${' '.repeat(2 ** 21)}"}`)).toThrow(/names no size/);
  });
});

describe('iterables are read to at most what the deck can hold', () => {
  it('returnCards refuses an endless generator after at most size + 1 items', { timeout: 5000 }, () => {
    using deck = new PlainDeck({ seed: 1 });
    const card = deck.dealOne()!, count = { n: 0 };
    expect(() => deck.returnCards(endless(card, count))).toThrow(RangeError);
    expect(count.n).toBeLessThanOrEqual(53);
    expect(() => deck.returnCards(endless(card, { n: 0 }))).toThrow(/cards holds more than 52 items \(the deck has 52 cards\)/);
    expect(deck.remaining).toBe(51);  // nothing changed
  });

  it('moveCards likewise, and the generator is closed', { timeout: 5000 }, () => {
    using deck = new GamesDeck({ seed: 1 });
    const [card] = deck.dealTo('a', 1), count = { n: 0 };
    let closed = false;
    const it = {
      [Symbol.iterator]() {
        return { next: () => (count.n++, { done: false as const, value: card }), return: () => ((closed = true), { done: true as const, value: undefined }) };
      },
    };
    expect(() => deck.moveCards(it, 'b')).toThrow(RangeError);
    expect(count.n).toBeLessThanOrEqual(53);
    expect(closed).toBe(true);
    expect(deck.pile('a').map(String)).toEqual([String(card)]);
  });

  it('remove and exclude likewise', { timeout: 5000 }, () => {
    using deck = new Deck({ seed: 1 });
    const count = { n: 0 };
    expect(() => deck.remove(endless(0, count))).toThrow(RangeError);
    expect(count.n).toBeLessThanOrEqual(53);
    expect(deck.remaining).toBe(52);
    // exclude is read before the deck is made, to at most the size its options give it
    const small = { n: 0 };
    expect(() => new Deck({ exclude: endless(0, small) })).toThrow(/exclude holds more than 52 items/);
    expect(small.n).toBeLessThanOrEqual(53);
    const generic = { n: 0 };
    expect(() => new Deck({ size: 10, exclude: endless(0, generic) })).toThrow(/exclude holds more than 10 items/);
    expect(generic.n).toBeLessThanOrEqual(11);
  });

  it('a deck as large as its list still takes it whole', () => {
    using deck = new PlainDeck({ seed: 1 });
    const all = deck.deal(52);
    deck.returnCards(all);
    expect(deck.remaining).toBe(52);
  });
});
