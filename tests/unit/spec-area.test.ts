/**
 * The spec area (cpp/bindings/cold.cpp, web/src/binding.ts packSpec): every deck's options reach
 * the core packed into one area of the heap, which the core reads in CoreDeck.makePacked(). The
 * core zeroes the seed once read and leaves the rest, and TypeScript then writes only the seed
 * for a deck made like the last one (issue 38: construction). What must hold: no key stays in
 * the area; a deck made after any other deals what it deals when made alone; a seed too long for
 * the static area goes through a heap block, freed again, with the same deals every time.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Deck, init } from 'fairdeck';
import { bytes, FRESH_KEY, native, packSpec, type DeckModule, type DeckSpec } from '../../web/src/binding.js';
import { manifest } from '../../web/src/manifest.js';

let m: DeckModule;
beforeAll(async () => {
  await init();
  m = native();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const MARK = 0xa5;
/** Where in the heap a run of 32 MARK bytes (a key drawn from the mocked source) starts in [from, from + n); −1 if nowhere. */
function findKey(from: number, n: number): number {
  const heap = m.HEAPU8;
  for (let i = from, run = 0; i < from + n; i++) {
    run = heap[i] === MARK ? run + 1 : 0;
    if (run === 32) return i - 31;
  }
  return -1;
}

describe('the spec area', () => {
  it('holds no byte of a secure deck\'s key once the deck is made (and the search finds one put there)', () => {
    // Every block of keys now comes from this mock: each key is 32 MARK bytes.
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(a: T): T => {
      const view = a as unknown as ArrayBufferView;
      new Uint8Array(view.buffer, view.byteOffset, view.byteLength).fill(MARK);
      return a;
    });
    const area = m.specArea(48), size = 1024;  // the static area (1,024 bytes: cold.cpp, kSpecBytes)
    const spec: DeckSpec = {
      style: bytes('french'), decks: 1, jokers: 0, size: 0, strategy: bytes('eager'),
      engine: { rng: bytes('chacha20'), seedKind: manifest().seedKinds.entropy, seed: FRESH_KEY }, cut: 0, penetration: 0,
    };
    // Negative control: packed, the key is in the area, where the search finds it.
    packSpec(m, spec);
    expect(findKey(area, size)).toBeGreaterThanOrEqual(area);
    const h = m.CoreDeck.makePacked()!;
    expect(findKey(area, size)).toBe(-1);
    h.delete();
    // The same through Deck, three times (the second and third write only the key: packSpec).
    // Every key is 32 MARK bytes here, so all three decks deal alike: a key written anywhere but
    // in its place would change the deals.
    const deals: string[] = [];
    for (let i = 0; i < 3; i++) {
      const d = new Deck();
      expect(findKey(area, size), `deck ${i}`).toBe(-1);
      deals.push(d.deal(52).map(String).join(' '));
      d.dispose();
    }
    expect(new Set(deals).size).toBe(1);
    // And a seeded spec packed twice (the second time only its seed is written).
    const seeded = { ...spec, engine: { ...spec.engine, seedKind: manifest().seedKinds.text, seed: bytes('again') } };
    const twice = [0, 1].map(() => {
      packSpec(m, seeded);
      const d = m.CoreDeck.makePacked()!;
      const ids = [...Array(52)].map(() => d.dealOne());
      d.delete();
      return ids.join(',');
    });
    expect(twice[1]).toBe(twice[0]);
    expect(new Deck({ seed: 'again' }).deal(52).map((c) => c.id).join(',')).toBe(twice[0]);
  });

  it('a deck made after others deals what it deals when made alone, whatever came before', () => {
    const kinds = [
      {}, { seed: 1 }, { seed: 2 }, { seed: 1, rng: 'xoshiro256' }, { seed: 'text' }, { seed: 'text!' }, { seed: 1, strategy: 'lazy' },
      { seed: 3, style: 'german' }, { seed: 3, decks: 2, penetration: 0.5 }, { seed: 4, size: 10 }, { seed: 1, jokers: 2 },
    ] as const;
    const deal = (o: object) => {
      const d = new Deck(o);
      const ids = d.deal(d.size).map((c) => c.id);
      d.dispose();
      return ids.join(',');
    };
    const alone = kinds.map((o) => (Object.keys(o).length === 0 ? '' : deal(o)));
    // Each kind after each other kind (and after itself): the area then holds the other's spec.
    for (const [i, a] of kinds.entries()) {
      for (const [j, b] of kinds.entries()) {
        deal(a);
        if (Object.keys(b).length === 0) {
          const d = new Deck();  // secure: a fresh key; a full deck of distinct cards
          expect(new Set(d.deal(52).map((c) => c.id)).size).toBe(52);
          d.dispose();
        } else expect(deal(b), `${i} then ${j}`).toBe(alone[j]);
      }
    }
  });

  it('after the core could not give an area (a full heap), the next deck asks for one again', () => {
    const deal = (o: object) => new Deck(o).deal(52).map((c) => c.id).join(',');
    const expected = [deal({ seed: 7 }), deal({ seed: 'eight' })];
    const real = m.specArea;
    try {
      m.specArea = () => 0;  // what the core returns, its error recorded, when the heap has no room
      expect(() => new Deck({ seed: 'y'.repeat(3000) })).toThrow();
    } finally {
      m.specArea = real;
    }
    // Were the failed area kept, these would be written at address 0 while the core reads its own.
    expect([deal({ seed: 7 }), deal({ seed: 'eight' })]).toEqual(expected);
  });

  it('takes a seed longer than the static area through a heap block, frees it, and deals the same each time', () => {
    const long = 'x'.repeat(5000);
    const deal = (seed: string) => {
      const d = new Deck({ seed });
      const ids = d.deal(52).map((c) => c.id).join(',');
      d.dispose();
      return ids;
    };
    const small = deal('small');
    const used = m.heapUsed();
    const first = deal(long);
    expect(deal('x'.repeat(4999))).not.toBe(first);
    for (let i = 0; i < 50; i++) {
      expect(deal(long)).toBe(first);
      expect(deal('small')).toBe(small);  // back to the static area: the block is freed
      expect(m.heapUsed()).toBe(used);
    }
  });
});
