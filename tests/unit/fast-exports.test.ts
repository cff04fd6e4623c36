// The objects every hot package call goes through must stay in V8's fast mode. An object filled
// by ~30 computed-key stores drops to dictionary mode, where each property read is a hash lookup:
// under the C ABI that cost ~5% of a 52-card shuffle + deal and about half of a trivial export call
// (BENCHMARKS.md, CHANGES). V8's own test intrinsic %HasFastProperties tells the two apart; Node
// lets a running process enable it.
//
// Under Embind a call per deal, shuffle, bulk step, word batch or experiment run is a method of a
// handle: it reads the method from the class prototype (CoreDeck, CoreWords, CoreBulk,
// CoreExperiment, filled by Embind's computed-key stores) and the handle's own record, and
// objects are made through the class functions (CoreDeck.makePacked, …). Those are the objects checked
// here, in all three modules and again after the heap grows. (The module objects themselves are
// Emscripten's, filled by the glue, and in dictionary mode; the package reads them only when it
// makes an object, reports an error or re-reads a heap view after growth, never per call.)
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { Deck, init, manifest, shuffle } from 'fairdeck';
import { RandomStream } from 'fairdeck/random';
import { countPermutations } from 'fairdeck/fairness';
import { loadFairness } from '../../web/src/fairness/load.js';
import { bytes, native, packSpec } from '../../web/src/binding.js';
import { shuffleCore } from '../../web/src/shuffle-load.js';
import { raw } from './helpers.js';

setFlagsFromString('--allow-natives-syntax');
// Compiled after the flag is set, so the intrinsic parses (no eval in the package: test code only).
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

describe('the objects hot calls go through stay in V8 fast mode', () => {
  it('tells a dictionary-mode object from a fast one (negative control)', () => {
    const keyed: Record<string, number> = {};
    for (let i = 0; i < 40; i++) keyed[`_fd_export_${i}`] = i;  // how the C ABI's tables used to be filled
    expect(hasFastProperties(keyed)).toBe(false);
    expect(hasFastProperties(Object.fromEntries(Object.entries(keyed)))).toBe(true);
  });

  it('holds for the classes, prototypes and handles of the deck, shuffle and fairness modules, after the heap grows too', async () => {
    await init();
    const engine = { rng: bytes('chacha20'), seedKind: manifest().seedKinds.integer, seed: new Uint8Array(8) };
    // Use every class as the package does, a few times over: V8 keeps an object that became a
    // prototype in dictionary mode while it is being set up, and makes it fast once calls use it.
    for (let i = 0; i < 20; i++) {
      const deck = new Deck({ seed: i });
      deck.shuffle().deal(5), deck.dealOne(), deck.dispose();
      shuffle(new Uint32Array(10), { seed: i });  // the shuffle module (seeded: a small unseeded shuffle stays in JS)
      const stream = new RandomStream({ seed: i });
      stream.nextUint32(4), stream.dispose();
      await countPermutations({ algorithm: 'fisher-yates', n: 3, trials: 10, seed: i });
    }
    const d = native(), s = shuffleCore(), f = await loadFairness();
    const classes = [d.CoreDeck, d.CoreWords, s.CoreBulk, f.CoreExperiment] as unknown as { prototype: object }[];
    const handles = [
      (packSpec(d, { style: bytes('french'), decks: 1, jokers: 0, size: 0, strategy: bytes('eager'), engine, cut: 0, penetration: 0 }), d.CoreDeck.makePacked()),
      d.CoreWords.make(engine),
      s.CoreBulk.make(10, engine),
      f.CoreExperiment.make({ algorithm: bytes('fisher-yates'), measure: manifest().measures.permutations, n: 3, rounds: 1, engine }),
    ];
    const check = (when: string) => {
      for (const [i, k] of classes.entries()) {
        const h = handles[i]!, base = Object.getPrototypeOf(k.prototype) as object;  // Embind's ClassHandle: delete()
        expect(hasFastProperties(k), `${when}: class ${i}`).toBe(true);
        expect(hasFastProperties(k.prototype), `${when}: prototype ${i}`).toBe(true);
        expect(hasFastProperties(base), `${when}: ClassHandle prototype ${i}`).toBe(true);
        expect(Object.getPrototypeOf(h)).toBe(k.prototype);
        expect(hasFastProperties(h), `${when}: handle ${i}`).toBe(true);
        for (const own of Object.getOwnPropertyNames(h)) {
          const record = (h as unknown as Record<string, unknown>)[own];
          if (typeof record === 'object' && record !== null) expect(hasFastProperties(record), `${when}: handle ${i}'s ${own}`).toBe(true);
        }
      }
    };
    // enough properties to fall out of fast mode (the deck's: fifteen methods)
    expect(Object.getOwnPropertyNames(classes[0].prototype).length).toBeGreaterThan(12);
    try {
      check('after use');
      // Memory growth rebuilds the heap views: the prototypes and handles stay fast.
      const m = raw(d), before = m.HEAPU8.buffer.byteLength;
      const p = m._malloc(before);
      expect(m.HEAPU8.buffer.byteLength).toBeGreaterThan(before);
      m._free(p);
      check('after the heap grew');
    } finally {
      for (const h of handles) h?.delete();
    }
  });
});
