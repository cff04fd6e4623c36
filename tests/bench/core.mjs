// tests/bench/core.mjs — a second instance of a WASM module, loaded through its Emscripten glue and
// driven through its Embind classes directly (CoreDeck, CoreBulk, CoreWords, CoreExperiment:
// cpp/bindings/*.cpp), for scenarios that time the core itself (no TypeScript layer): the WASM
// twins of the native benchmarks, the 10^8 algorithm comparison and the fairness loops. Four
// modules: 'package' (dist/wasm/fairdeck, the deck module the package ships), 'shuffle'
// (dist/wasm/shuffle, the bulk shuffles' module), 'fairness' (dist/wasm/fairness, the
// experiments' module) and 'bench' (build/wasm-bench/shuffle, the shuffle module plus the
// bench-only CoreBulk.plain(); CMake preset wasm-bench). Each is instantiated as the package does
// it: the glue's MODULARIZE factory handed a compiled module (dist/instantiate.js).
import { readFileSync } from 'node:fs';

import { packSpec } from '../../dist/binding.js';
import { instantiate } from '../../dist/instantiate.js';
import manifest from '../../dist/wasm/manifest.js';

const FILES = {
  package: ['../../dist/wasm/fairdeck-glue.js', '../../dist/wasm/fairdeck.wasm'],
  shuffle: ['../../dist/wasm/shuffle-glue.js', '../../dist/wasm/shuffle.wasm'],
  fairness: ['../../dist/wasm/fairness-glue.js', '../../dist/wasm/fairness.wasm'],
  bench: ['../../build/wasm-bench/shuffle.js', '../../build/wasm-bench/shuffle.wasm'],
  // The deck module with every ChaCha20 block from libsodium (-DFAIRDECK_CHACHA20_LIBSODIUM=ON;
  // scripts/bench-chacha-blocks.sh builds it): tests/bench/chacha-blocks.mjs only.
  'sodium-blocks': ['../../build/wasm-sodium-blocks/fairdeck.js', '../../build/wasm-sodium-blocks/fairdeck.wasm'],
};

/** Units per identity() call when filling a bulk shuffle's array with 0…n−1. */
const FILL = 1 << 20;

/**
 * The instantiated module (`m`: its Embind classes and functions, HEAPU8/HEAPU32, _malloc/_free)
 * and a small toolkit over it. Every maker returns an Embind handle, freed by its delete(); a
 * null (the core refused, error recorded) throws the core's message.
 */
export async function loadCore(variant = 'package') {
  const [glue, wasm] = FILES[variant].map((f) => new URL(f, import.meta.url));
  const { default: factory } = await import(glue.href);
  const m = await instantiate(factory, await WebAssembly.compile(readFileSync(wasm)));
  const decoder = new TextDecoder();
  const error = () => new Error(decoder.decode(m.errorMessage()) || 'fairdeck core failed without a message');
  const check = (handle) => {
    if (handle === null) throw error();
    return handle;
  };
  /** A heap block of `bytes` bytes (kept for the process): its address. */
  const alloc = (bytes) => {
    const p = m._malloc(bytes) >>> 0;
    if (!p) throw new Error(`could not allocate ${bytes} bytes in the WASM heap`);
    return p;
  };
  /** An EngineSpec: `seed` is 8 little-endian bytes (seedBytes in lib.mjs), seed kind "integer". */
  // Option objects hold numbers and bytes: names as UTF-8 (web/src/binding.ts, cpp/bindings/common.hpp).
  const utf8 = (s) => new TextEncoder().encode(s);
  const engine = (rng, seed) => ({ rng: utf8(rng), seedKind: manifest.seedKinds.integer, seed });
  return {
    m, alloc, error,
    // Decks are made as Deck makes them: the options packed into the spec area (dist/binding.js).
    deck: (rng, seed, strategy = 'eager') => {
      packSpec(m, { style: utf8('french'), decks: 1, jokers: 0, size: 0, strategy: utf8(strategy), engine: engine(rng, seed), cut: 0, penetration: 0 });
      return check(m.CoreDeck.makePacked());
    },
    bulk: (n, rng, seed) => check(m.CoreBulk.make(n, engine(rng, seed))),
    words: (rng, seed) => check(m.CoreWords.make(engine(rng, seed))),
    experiment: (algorithm, measureKind, n, rng, seed) =>
      check(m.CoreExperiment.make({ algorithm: utf8(algorithm), measure: measureKind, n, rounds: 0, engine: engine(rng, seed) })),
    /**
     * Gives bulk shuffle `b` its heap array of n uint32 holding 0…n−1 (filled by the core, in
     * calls of 2^20); returns the array's byte address in the heap, which stays valid when the
     * heap grows (a view of it would not: read m.HEAPU32 afresh).
     */
    identity: (b, n) => {
      const at = check(b.data(n * 4)).byteOffset;
      for (let s = 0; s < n; s += FILL) b.identity(s, Math.min(FILL, n - s));
      return at;
    },
  };
}
