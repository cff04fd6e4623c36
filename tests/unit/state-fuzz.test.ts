/**
 * Deck.fromJSON under mutated states. The state's JSON is read in TypeScript (web/src/state.ts)
 * and its fields cross to the core as one record (CoreDeck.restore), so this drives that whole
 * path with states that are almost right: real saved states (every strategy, both engines,
 * seeded and secure, with cards dealt and returned) with one to three fields replaced, removed,
 * added, or with card ids moved, duplicated or changed. After each one:
 *  - it restores, or fails with a TypeError or RangeError (nothing else, never an abort);
 *  - a restored deck holds every card exactly once across its piles, and dealing it out hands
 *    out each undealt or returned card once and no other;
 *  - the module keeps working: a seeded reference deck deals its first card as before;
 *  - at the end the WASM heap is back to where it started (nothing leaked on any path).
 * Runs: FAIRDECK_STATE_FUZZ_RUNS (default 3,000). Replay with FAIRDECK_STATE_FUZZ_SEED=<seed>.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type DeckState } from 'fairdeck/games';
import { native } from '../../web/src/binding.js';

const RUNS = Number(process.env.FAIRDECK_STATE_FUZZ_RUNS ?? 3_000);
const SEED = process.env.FAIRDECK_STATE_FUZZ_SEED === undefined ? undefined : Number(process.env.FAIRDECK_STATE_FUZZ_SEED);

beforeAll(() => init());

/** A real saved state: made, dealt from, some cards returned, saved with or without its secret. */
const savedState = fc
  .record({
    strategy: fc.constantFrom('eager', 'lazy', 'bitmap'),
    rng: fc.constantFrom('chacha20', 'xoshiro256'),
    seed: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
    jokers: fc.integer({ min: 0, max: 2 }),
    dealt: fc.integer({ min: 0, max: 54 }),
    back: fc.integer({ min: 0, max: 5 }),
    secret: fc.boolean(),
  })
  .map(({ strategy, rng, seed, jokers, dealt, back, secret }) => {
    const d = new Deck({ strategy: strategy as 'eager', rng: rng as 'chacha20', seed, jokers });
    try {
      const out = d.deal(dealt);
      d.returnCards(out.slice(0, back));
      return d.toJSON({ includeSecret: secret }) as unknown as Record<string, unknown>;
    } finally {
      d.dispose();
    }
  });

const FIELDS = ['format', 'version', 'style', 'decks', 'jokers', 'size', 'strategy', 'rng', 'seeded', 'order', 'undealt', 'returned', 'dealt', 'engine', 'dice'];
const PILES = ['undealt', 'returned', 'dealt'] as const;

/** Values that are close to valid: boundary integers, other names, wrong types. */
const nearValue = fc.oneof(
  fc.constantFrom(0, 1, 2, 51, 52, 53, 54, 64, 65, 2 ** 24, 2 ** 26, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1, -1, 1.5, -0),
  fc.constantFrom('french', 'german', 'generic', 'eager', 'lazy', 'bitmap', 'chacha20', 'xoshiro256', 'exact', 'hidden', 'fairdeck-deck', '', 'ab', '00'),
  fc.constantFrom(null, true, false, [], {}, [0], [52, 1], [5, 5], [9, 8, 7]),
  fc.jsonValue({ maxDepth: 2 }),
);

type Mutation = (s: Record<string, unknown>) => void;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.constantFrom(...FIELDS), nearValue).map(([k, v]): Mutation => (s) => void (s[k] = v)),
  fc.constantFrom(...FIELDS).map((k): Mutation => (s) => void delete s[k]),
  fc.tuple(fc.string({ maxLength: 8 }), nearValue).map(([k, v]): Mutation => (s) => void (s[k] = v)),
  fc.tuple(fc.constantFrom(...PILES), fc.constantFrom(...PILES), fc.nat()).map(([from, to, i]): Mutation => (s) => {
    const a = s[from] as number[], b = s[to] as number[];
    if (Array.isArray(a) && Array.isArray(b) && a.length) b.push(...a.splice(i % a.length, 1));
  }),
  fc.tuple(fc.constantFrom(...PILES), fc.constantFrom(...PILES), fc.nat()).map(([from, to, i]): Mutation => (s) => {
    const a = s[from] as number[], b = s[to] as number[];
    if (Array.isArray(a) && Array.isArray(b) && a.length) b.push(a[i % a.length]);
  }),
  fc.tuple(fc.constantFrom(...PILES), fc.nat(), fc.integer({ min: -1, max: 60 })).map(([pile, i, v]): Mutation => (s) => {
    const a = s[pile] as number[];
    if (Array.isArray(a) && a.length) a[i % a.length] = v;
  }),
);

describe('Deck.fromJSON on mutated saved states', () => {
  it('restores a consistent deck or throws a TypeError/RangeError, leaks nothing, and the module keeps working', () => {
    const c = native();
    const reference = () => {
      const d = new Deck({ seed: 42 });
      try {
        return d.dealOne()?.id;
      } finally {
        d.dispose();
      }
    };
    const first = reference();
    // Warm-up: the core's first refusal of a restore allocates 8 bytes that the module keeps (once
    // per module, whatever the runs: not a per-call leak), so the heap is measured after one.
    expect(() => {
      const d = new Deck({ seed: 1 });
      const state = d.toJSON();
      d.dispose();
      Deck.fromJSON({ ...state, size: 53 });
    }).toThrow(RangeError);
    const heap = (c.dropRoom?.(), c.heapUsed());  // without what destroyed decks left for the next one
    let restoredCount = 0, refused = 0;
    fc.assert(
      fc.property(savedState, fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.boolean(), (state, mutations, asText) => {
        const s = structuredClone(state);
        for (const m of mutations) m(s);
        let deck: Deck | undefined;
        try {
          deck = Deck.fromJSON(asText ? JSON.stringify(s) : (s as unknown as DeckState));
        } catch (e) {
          expect(e instanceof TypeError || e instanceof RangeError, String(e)).toBe(true);
          expect((e as Error).message.length).toBeGreaterThan(0);
          refused++;
        }
        if (deck) {
          try {
            restoredCount++;
            const saved = deck.toJSON({ includeSecret: true });
            const all = [...saved.undealt, ...saved.returned, ...saved.dealt].sort((a, b) => a - b);
            expect(all).toEqual(Array.from({ length: deck.size }, (_, i) => i));
            const expected = new Set([...saved.undealt, ...saved.returned]);
            const handed = [];
            for (let card = deck.dealOne(); card; card = deck.dealOne()) handed.push(card.id);
            expect(handed.length).toBe(expected.size);
            expect(new Set(handed)).toEqual(expected);
          } finally {
            deck.dispose();
          }
        }
        expect(reference()).toBe(first);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // Both outcomes must occur, or the mutations are too mild or too wild to test anything.
    console.log(`state fuzz: ${restoredCount} restored, ${refused} refused of ${RUNS}`);
    expect(restoredCount).toBeGreaterThan(RUNS / 100);
    expect(refused).toBeGreaterThan(RUNS / 2);
    c.dropRoom?.();
    expect(c.heapUsed()).toBe(heap);
  }, 120_000);
});
