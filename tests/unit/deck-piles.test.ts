import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Deck, init, type StrategyName } from 'fairdeck';

beforeAll(() => init());

const strategies: StrategyName[] = ['eager', 'lazy', 'bitmap'];
const ids = (cards: { id: number }[]) => cards.map((c) => c.id);
const snapshot = (deck: Deck) => JSON.stringify(deck.toJSON({ includeSecret: true }));

describe.each(strategies)('%s deck', (strategy) => {
  it('plays the classic demo script: open, shuffle, deal all, shuffle, deal part, shuffle twice, deal all, discard', () => {
    const deck = new Deck({ strategy, seed: 'classic' });
    deck.shuffle();
    const all = [...deck];
    expect(new Set(all).size).toBe(52);
    expect(deck.dealOne()).toBeUndefined();
    deck.shuffle();
    expect(deck.deal(17)).toHaveLength(17);
    expect(deck.remaining).toBe(35);
    deck.shuffle().shuffle();
    expect(deck.remaining).toBe(52);
    expect(new Set([...deck]).size).toBe(52);
    deck.dispose();
    expect(deck.disposed).toBe(true);
  });

  it('deals returned cards only after the deck runs out, then all of them', () => {
    const deck = new Deck({ strategy, seed: 11 });
    const first = deck.deal(6);
    deck.returnCards([first[0], first[1].code, first[2].id]);
    expect(deck.returned).toBe(3);
    expect(deck.remaining).toBe(49);
    expect(deck.dealt).toHaveLength(3);
    const next = deck.deal(46);
    expect(next.filter((c) => first.slice(0, 3).includes(c))).toEqual([]);
    const rest = deck.deal(10);
    expect(new Set(rest)).toEqual(new Set(first.slice(0, 3)));
    expect(deck.remaining).toBe(0);
  });

  it('returnCards is all or nothing and names the problem', () => {
    const deck = new Deck({ strategy, seed: 12 });
    const out = deck.deal(4);
    const inDeck = [...new Deck({ seed: 12 })].find((c) => !out.includes(c))!;
    const before = snapshot(deck);
    const bad: [unknown[], RegExp][] = [
      [[out[0], inDeck], /still in the deck/],
      [[out[0], out[0]], /named twice/],
      [[out[1], 'ZZ'], /unknown card code "ZZ"/],
      [[out[1], 52], /card id must be an integer from 0 to 51/],
      [[out[1], 1.5], /card id/],
      [[out[2], {}], /Card objects, codes or ids/],
    ];
    for (const [cards, message] of bad) {
      expect(() => deck.returnCards(cards as never)).toThrow(message);
      expect(snapshot(deck)).toBe(before);
    }
    expect(() => deck.returnCards('AS' as never)).toThrow(TypeError);
    const german = new Deck({ style: 'german', seed: 1 }).dealOne()!;
    expect(() => deck.returnCards([german])).toThrow(/does not belong to this deck/);
    deck.returnCards([out[3]]);
    expect(() => deck.returnCards([out[3]])).toThrow(/already returned/);
    expect(snapshot(deck)).not.toBe(before);
  });

  it('shuffleRemaining mixes undealt and returned cards and keeps dealt cards out', () => {
    const deck = new Deck({ strategy, seed: 13 });
    const out = deck.deal(10);
    deck.returnCards(out.slice(0, 4));
    deck.shuffleRemaining();
    expect(deck.returned).toBe(0);
    expect(deck.remaining).toBe(46);
    expect(new Set(deck.dealt)).toEqual(new Set(out.slice(4)));
    const rest = [...deck];
    expect(rest.filter((c) => out.slice(4).includes(c))).toEqual([]);
  });

  it('restores from toJSON and deals exactly what the original deals', () => {
    const deck = new Deck({ strategy, seed: 14, rng: 'xoshiro256' });
    deck.deal(5);
    deck.returnCards(deck.dealt.slice(0, 2));
    const copy = Deck.fromJSON(deck.toJSON());
    const text = Deck.fromJSON(JSON.stringify(deck.toJSON()));
    expect(copy.info).toEqual(deck.info);
    expect(copy.remaining).toBe(deck.remaining);
    const expected = ids([...deck]);
    expect(ids([...copy])).toEqual(expected);
    expect(ids([...text])).toEqual(expected);
    deck.shuffle(); copy.shuffle();
    expect(ids(copy.deal(52))).toEqual(ids(deck.deal(52)));
  });
});

describe('Deck strategies and state', () => {
  it('eager and lazy decks deal the same cards for the same seed and engine', () => {
    for (const rng of ['chacha20', 'xoshiro256'] as const) {
      const eager = new Deck({ seed: 21, rng }), lazy = new Deck({ seed: 21, rng, strategy: 'lazy' });
      expect(ids([...lazy])).toEqual(ids([...eager]));
      eager.shuffle(); lazy.shuffle();
      expect(ids(lazy.deal(52))).toEqual(ids(eager.deal(52)));
    }
  });

  it('keeps a secure deck\'s key and future order out of toJSON unless asked', () => {
    const deck = new Deck();
    const state = deck.toJSON();
    expect(state.engine).toBeNull();
    expect(state.order).toBe('hidden');
    expect(state.undealt).toEqual([...state.undealt].sort((a, b) => a - b));
    const restored = Deck.fromJSON(state);
    expect(restored.remaining).toBe(52);
    expect(restored.info.seeded).toBe(false);
    const secret = deck.toJSON({ includeSecret: true });
    expect(secret.engine).toMatch(/^[0-9a-f]{80}$/);
    expect(ids([...Deck.fromJSON(secret)])).toEqual(ids([...deck]));
    expect(() => deck.toJSON({ includeSecret: 'yes' } as never)).toThrow(/includeSecret must be a boolean/);
  });

  it('rejects malformed or inconsistent states with TypeError or RangeError', () => {
    const good = new Deck({ seed: 3 }).toJSON();
    const bad: [unknown, ErrorConstructor][] = [
      [null, TypeError], [42, TypeError], ['{', TypeError], ['[]', TypeError],
      [{ ...good, size: 51 }, RangeError], [{ ...good, version: 2 }, RangeError],
      [{ ...good, undealt: [0, ...good.undealt] }, RangeError], [{ ...good, undealt: good.undealt.slice(1) }, RangeError],
      [{ ...good, dealt: [99] }, RangeError], [{ ...good, engine: 'zz' }, TypeError], [{ ...good, extra: 1 }, TypeError],
      [{ ...good, strategy: 'magic' }, TypeError], [{ ...good, decks: 0 }, RangeError], [{ ...good, undealt: [1.5] }, TypeError],
    ];
    for (const [state, kind] of bad) expect(() => Deck.fromJSON(state as never), JSON.stringify(state)?.slice(0, 60)).toThrow(kind);
  });

  it('reseeds a long-lived secure deck from crypto.getRandomValues, one call per key', () => {
    // A new deck's key comes from a block of 2,048 keys (web/src/entropy.ts): at most one call, of 64 KiB.
    const spy0 = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const deck = new Deck();
    expect(spy0.mock.calls.length).toBeLessThanOrEqual(1);
    expect(spy0.mock.calls.every(([a]) => (a as Uint8Array).length === 65536)).toBe(true);
    spy0.mockRestore();
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    for (let i = 0; i < 5000; i++) deck.shuffle(); // ≈ 10 words per shuffle: past 16,384 words at least twice
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(spy.mock.calls.every(([a]) => (a as Uint8Array).length === 32)).toBe(true);
    spy.mockRestore();
    const seeded = new Deck({ seed: 1 });
    const spy2 = vi.spyOn(globalThis.crypto, 'getRandomValues');
    for (let i = 0; i < 3000; i++) seeded.shuffle();
    expect(spy2).not.toHaveBeenCalled();
    spy2.mockRestore();
  });

  it('iterates by dealing until empty', () => {
    const deck = new Deck({ seed: 5 });
    deck.deal(50);
    expect([...deck]).toHaveLength(2);
    expect([...deck]).toHaveLength(0);
  });
});
