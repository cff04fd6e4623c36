/**
 * No leaks, no aborts: a million decks come and go and the WASM heap returns to its size; decks and
 * streams dropped without dispose() are freed by their FinalizationRegistry (with --expose-gc);
 * every error the core raises reaches JS as a real error and leaves the module working; memory
 * growth during bulk work does not disturb earlier results or a deck's dealing window.
 * (Running out of WASM memory altogether is in leaks-oom.test.ts.)
 *
 * The heap is measured with the binding's `heapUsed()` (malloc's count of allocated bytes), which
 * falls when memory is freed — unlike the memory's size, which never shrinks — after dropping the
 * one set of pile slots, arrival list and id buffer a destroyed deck leaves for the next deck
 * (issue 38), whose size depends on which deck went last.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, permutation, shuffle, type DeckOptions } from 'fairdeck/games';
import { randomUint32, RandomStream } from 'fairdeck/random';
import { bytes, coreError, native, packSpec, takeText, type DeckModule } from '../../web/src/binding.js';
import type { Handle } from '../../web/src/instantiate.js';
import { manifest } from '../../web/src/manifest.js';
import { readState } from '../../web/src/state.js';
import { shuffleCore, type ShuffleCore } from '../../web/src/shuffle-load.js';
import { raw } from './helpers.js';

let c: DeckModule;
let s: ShuffleCore;  // the module of shuffle() and permutation(): its own heap
// Without what destroyed decks left for the next one (at most one set: Deck::keep_room).
const heapUsed = () => (c.dropRoom?.(), c.heapUsed());
beforeAll(async () => {
  await init();
  c = native();
  s = shuffleCore();
});

/** The global gc() of `node --expose-gc`, or the same flag turned on in this process. */
function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

const OPTIONS: DeckOptions[] = [
  { seed: 1 },
  { seed: 2n, strategy: 'lazy', rng: 'xoshiro256' },
  { seed: 'bitmap', strategy: 'bitmap' },
  { seed: Uint8Array.of(1, 2, 3), style: 'german', jokers: 1 },
  { seed: 5, decks: 6, jokers: 2, strategy: 'lazy' },
  { seed: 6, size: 1000, strategy: 'bitmap', rng: 'xoshiro256' },
  { seed: 7, size: 1 },
];

describe('the WASM heap', () => {
  it('returns to its size after a million decks are created, used and disposed', () => {
    const reference = new Deck({ seed: 42 }).deal(52).map(String);
    const warm = (o: DeckOptions) => {
      const d = new Deck(o);
      d.deal(3);
      d.returnCards(d.dealt.slice(0, 1));
      Deck.fromJSON(d.toJSON()).dispose();
      d.dispose();
    };
    for (const o of OPTIONS) warm(o); // first use of each path may allocate once (e.g. Embind caches)
    warm({});
    const used = heapUsed(), memory = c.HEAPU8.length;
    const N = 1_000_000;
    for (let i = 0; i < N; i++) {
      const deck = new Deck(i % 1000 === 999 ? { strategy: 'lazy' } : OPTIONS[i % OPTIONS.length]);
      deck.dealOne();
      if (i % 4 === 0) deck.deal(5);
      if (i % 10 === 0) deck.returnCards(deck.dealt.slice(0, 2));
      if (i % 100 === 0) Deck.fromJSON(deck.toJSON()).dispose();
      if (i % 1000 === 0) deck.shuffle().shuffleRemaining();
      deck.dispose();
    }
    expect(heapUsed()).toBe(used);
    expect(c.HEAPU8.length).toBe(memory);
    expect(new Deck({ seed: 42 }).deal(52).map(String)).toEqual(reference);
  }, 600_000); // a long run: 10^6 decks made, dealt and disposed

  it('returns to its size after bulk shuffles, permutations and raw streams', () => {
    permutation(10, { seed: 1 });
    shuffle([1, 2, 3], { seed: 1 });
    new RandomStream({ seed: 1 }).dispose();
    const used = heapUsed(), usedShuffle = s.heapUsed();
    for (let i = 0; i < 2000; i++) {
      permutation(i % 300, { seed: i });
      shuffle(Array.from({ length: i % 50 }, (_, k) => k), { seed: i, rng: 'xoshiro256' });
      shuffle(new Float64Array(i % 70), { seed: i });
      randomUint32(i % 40, { seed: i });
      const stream = new RandomStream({ seed: i });
      stream.nextUint32(i % 20);
      stream.dispose();
    }
    expect(heapUsed()).toBe(used);
    expect(s.heapUsed(), 'the shuffle module').toBe(usedShuffle);
  });

  it('measures something: holding decks raises heapUsed (so the checks above can fail)', () => {
    const used = heapUsed();
    const held = Array.from({ length: 100 }, (_, i) => new Deck({ seed: i }));
    expect(heapUsed()).toBeGreaterThan(used + 100 * 52 * 4);
    for (const d of held) d.dispose();
    expect(heapUsed()).toBe(used);
  });
});

describe('FinalizationRegistry (with --expose-gc)', () => {
  const gc = exposeGc();

  /** Collects garbage until heapUsed() is back to `target` (registry callbacks run in later tasks). */
  async function collectUntil(target: number): Promise<number> {
    for (let round = 0; round < 50 && heapUsed() > target; round++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return heapUsed();
  }

  it('frees decks that are dropped without dispose()', async () => {
    await collectUntil(0);
    const used = heapUsed();
    (() => {
      for (let i = 0; i < 3000; i++) {
        const deck = new Deck(OPTIONS[i % OPTIONS.length]);
        deck.deal(3);
        if (i % 3 === 0) deck.returnCards(deck.dealt);
      }
    })();
    expect(heapUsed()).toBeGreaterThan(used + 3000 * 100); // the dropped decks are still allocated…
    expect(await collectUntil(used)).toBe(used); // …until the collector runs their registry callbacks
  });

  it('frees raw streams (and their output buffers) that are dropped without dispose()', async () => {
    await collectUntil(0);
    const used = heapUsed();
    (() => {
      for (let i = 0; i < 50; i++) new RandomStream({ seed: i }).nextUint32(16);
    })();
    expect(heapUsed()).toBeGreaterThan(used);
    expect(await collectUntil(used)).toBe(used);
  });

  it('does not free a deck that is still reachable', async () => {
    const deck = new Deck({ seed: 3 });
    const expected = new Deck({ seed: 3 }).deal(52).map(String);
    for (let i = 0; i < 5; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(deck.deal(52).map(String)).toEqual(expected);
    deck.dispose();
  });
});

describe('errors raised in the core', () => {
  /** A deck whose deals prove the module still works after an error. */
  const reference = () => {
    const deck = new Deck({ seed: 77, strategy: 'lazy' });
    const cards = deck.deal(52).map(String);
    deck.dispose();
    return cards;
  };

  it('each becomes a TypeError or RangeError naming the problem, frees everything, and the module keeps working', () => {
    const expected = reference();
    const good = (() => {
      const d = new Deck({ seed: 8 });
      d.deal(5);
      const state = d.toJSON();
      d.dispose();
      return state;
    })();
    const hidden = (() => {
      const d = new Deck();
      const state = JSON.stringify(d.toJSON());
      d.dispose();
      return state;
    })();
    /** A binding object that reports failure with null: throw the recorded error as JS would, else free it. */
    const failed = (handle: Handle | null) => {
      if (handle === null) throw coreError(c);
      handle.delete();
    };
    const integerSeed = manifest().seedKinds.integer;
    const rawDeck = (style: string, decks: number, strategy: string, seed: Uint8Array) =>
      failed((packSpec(c, { style: bytes(style), decks, jokers: 0, size: 0, strategy: bytes(strategy), engine: { rng: bytes('chacha20'), seedKind: integerSeed, seed }, cut: 0, penetration: 0 }), c.CoreDeck.makePacked()));
    const rawWords = (rng: string, seed: Uint8Array) => failed(c.CoreWords.make({ rng: bytes(rng), seedKind: integerSeed, seed }));
    /**
     * CoreDeck.restore as fromJSON calls it (the ids through input(), then the fields), with the
     * fields of `state` changed: `ids` the ids put in the input buffer, `count` the ids the
     * fields claim (StateSpec.ids), `size` and `piles` as named.
     */
    const rawRestore = (state: string, over: { ids?: Uint32Array; count?: number; size?: number; piles?: number[] } = {}) => {
      const f = readState(JSON.parse(state), 2 ** 26);
      const ids = over.ids ?? f.ids, [undealt, returned, dealt] = over.piles ?? f.piles;
      const input = c.input(ids.length);
      if (input === null) throw coreError(c);
      input.set(ids);
      return failed(c.CoreDeck.restore({
        style: bytes(f.style), strategy: bytes(f.strategy), rng: bytes(f.rng), engine: bytes(f.engine ?? ''), entropy: new Uint8Array(0),
        decks: f.decks, jokers: f.jokers, size: over.size ?? f.size, flags: f.flags, undealt, returned, dealt, ids: over.count ?? ids.length,
        named: f.named, names: f.names, cut: f.cut, drawn: f.drawn,
      }));
    };
    const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
      ['binding: piles longer than the ids given', () => rawRestore(JSON.stringify(good), { piles: [52, 1, 0] }), TypeError, /state piles do not match the ids given/],
      ['binding: more ids claimed than the input buffer holds', () => rawRestore(JSON.stringify(good), { ids: new Uint32Array(1), count: 2, piles: [2, 0, 0] }), TypeError, /state piles do not match the ids given/],
      ['binding: size not a whole number', () => rawRestore(JSON.stringify(good), { size: 52.5 }), RangeError, /state\.size, decks or jokers out of range/],
      ['unknown field', () => Deck.fromJSON({ ...good, extra: 1 } as never), TypeError, /unknown field 'extra'/],
      ['wrong version', () => Deck.fromJSON({ ...good, version: 2 } as never), RangeError, /state\.version must be 1/],
      ['unknown engine', () => Deck.fromJSON({ ...good, rng: 'rc4' } as never), TypeError, /rng must be 'chacha20' or 'xoshiro256', got 'rc4'/],
      ['bad engine state', () => Deck.fromJSON({ ...good, engine: 'ab' }), TypeError, /state\.engine is not a valid chacha20 state/],
      ['size mismatch', () => Deck.fromJSON({ ...good, size: 53 }), RangeError, /state\.size is 53 but the style, decks and jokers make 52/],
      ['card twice', () => Deck.fromJSON({ ...good, dealt: [...good.dealt.slice(1), good.undealt[0]] }), RangeError, /holds card \d+ twice/],
      ['huge size, few cards', () => Deck.fromJSON({ ...good, style: 'generic', size: 2 ** 26, decks: 1, jokers: 0 }), RangeError, /piles hold 52 cards but the deck has 67108864/],
      ['dice out of bounds', () => Deck.fromJSON({ ...good, dice: [5, 5] }), RangeError, /die outside its bound/],
      ['binding: secure state without entropy', () => rawRestore(hidden), TypeError, /needs fresh entropy/],
      ['returning a card still in the deck', () => {
        const d = new Deck({ seed: 9 });
        try { d.returnCards([d.toJSON().undealt[0]]); } finally { d.dispose(); }
      }, RangeError, /cannot be returned: it is not dealt \(it is still in the deck: only dealt cards can be returned\)/],
      ['binding: unknown style', () => rawDeck('klingon', 1, 'eager', new Uint8Array(8)), TypeError, /style must be 'french' or 'german', got 'klingon'/],
      ['binding: unknown strategy', () => rawDeck('french', 1, 'sorted', new Uint8Array(8)), TypeError, /strategy must be 'eager', 'lazy' or 'bitmap', got 'sorted'/],
      ['binding: too many decks', () => rawDeck('french', 65, 'eager', new Uint8Array(8)), RangeError, /decks must be an integer from 1 to 64, got 65/],
      ['binding: bad seed bytes', () => rawWords('chacha20', new Uint8Array(3)), TypeError, /integer seed must be exactly 8 bytes/],
      ['binding: unknown engine', () => rawWords('rc4', new Uint8Array(8)), TypeError, /rng must be 'chacha20' or 'xoshiro256', got 'rc4'/],
      ['binding: unknown style for faces', () => {
        takeText(c, c.faces(bytes('klingon'), 0));
      }, TypeError, /style must be/],
    ];
    for (const [, call] of cases) expect(call).toThrow(); // warm-up: first-use allocations
    const used = heapUsed(), memory = c.HEAPU8.length;
    for (const [name, call, kind, message] of cases) {
      let error: unknown;
      try {
        call();
      } catch (e) {
        error = e;
      }
      expect(error, name).toBeInstanceOf(kind);
      expect(String(error), name).toMatch(message);
      expect(reference(), `the module works after: ${name}`).toEqual(expected);
      expect(heapUsed(), `nothing leaked by: ${name}`).toBe(used);
    }
    expect(c.HEAPU8.length, 'a 200-byte state did not make the memory grow').toBe(memory);
  });
});

describe('memory growth', () => {
  it('in either module does not disturb earlier results, open dealing windows or later results', () => {
    const seeded = { seed: 'growth' };
    // References computed before the memory grows.
    const eagerRef = new Deck({ ...seeded, decks: 6 }).deal(312).map((c) => c.id);
    const permRef = permutation(1000, seeded);
    const wordsRef = randomUint32(1000, seeded);
    const streamRef = new RandomStream(seeded);
    const firstWords = streamRef.nextUint32(100);
    const typedRef = shuffle(Uint32Array.from({ length: 5000 }, (_, i) => i), seeded);
    // A deck mid-deal with its dealing window open on the current heap view.
    const deck = new Deck({ ...seeded, decks: 6 });
    const dealt = deck.deal(100).map((c) => c.id);
    const memory = c.HEAPU8.length, shuffleMemory = s.HEAPU8.length;
    const big = new Uint32Array(s.HEAPU8.length / 4); // a bulk shuffle needing more than its module's heap has
    for (let i = 0; i < big.length; i++) big[i] = i;
    shuffle(big, { seed: 1 });
    expect(s.HEAPU8.length, 'the shuffle module grew').toBeGreaterThan(shuffleMemory);
    const block = raw(c)._malloc(memory);  // more than the deck module's heap has: it grows too
    expect(block).not.toBe(0);
    raw(c)._free(block);
    expect(c.HEAPU8.length, 'the deck module grew').toBeGreaterThan(memory);
    // Earlier results are copies, not views of the old heaps: intact.
    for (const r of [permRef, wordsRef, firstWords, typedRef]) expect(r.buffer === c.HEAPU8.buffer || r.buffer === s.HEAPU8.buffer).toBe(false);
    expect([...permRef].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(permutation(1000, seeded)).toEqual(permRef);
    expect(randomUint32(1000, seeded)).toEqual(wordsRef);
    expect(shuffle(Uint32Array.from({ length: 5000 }, (_, i) => i), seeded)).toEqual(typedRef);
    // The open window re-reads the grown heap and the deck continues exactly.
    for (let i = 0; i < 12; i++) dealt.push(deck.dealOne()!.id);
    dealt.push(...deck.deal(200).map((c) => c.id));
    expect(dealt).toEqual(eagerRef);
    expect(deck.remaining).toBe(0);
    // The stream continues where it stopped.
    const more = streamRef.nextUint32(50);
    expect([...firstWords, ...more]).toEqual([...randomUint32(150, seeded)]);
    // The big shuffle is a permutation and matches the same shuffle on the already grown heap.
    const sum = big.reduce((s, x) => s + x, 0);
    expect(sum).toBe((big.length * (big.length - 1)) / 2);
    const again = new Uint32Array(big.length);
    for (let i = 0; i < again.length; i++) again[i] = i;
    shuffle(again, { seed: 1 });
    let same = true;
    for (let i = 0; i < big.length && same; i++) same = again[i] === big[i];
    expect(same, 'the same seeded shuffle on the grown heap gives the same order').toBe(true);
    streamRef.dispose();
    deck.dispose();
  });
});
