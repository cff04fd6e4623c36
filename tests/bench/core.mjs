// tests/bench/core.mjs — a second instance of the WASM module with its raw C ABI (the `_fd_*`
// exports of cpp/bindings/fairdeck.cpp), for scenarios that time the core itself (no TypeScript
// layer): the WASM twins of the native benchmarks, the 10^8 algorithm comparison and the fairness
// loops. Four modules: 'package' (dist/wasm/fairdeck, the deck module the package ships),
// 'shuffle' (dist/wasm/shuffle, the bulk shuffles' module), 'fairness' (dist/wasm/fairness, the
// experiments' module) and 'bench' (build/wasm-bench/shuffle, the shuffle module plus the
// bench-only fd_bulk_plain export; CMake preset wasm-bench).
import { readFileSync } from 'node:fs';

import { instantiate } from '../../dist/instantiate.js';

const FILES = {
  package: '../../dist/wasm/fairdeck.wasm',
  shuffle: '../../dist/wasm/shuffle.wasm',
  fairness: '../../dist/wasm/fairness.wasm',
  bench: '../../build/wasm-bench/shuffle.wasm',
};

/**
 * The instantiated module and a small toolkit over its exports. Results that are pointers or
 * counts are signed i32 in JS: they are read here with `>>> 0`.
 */
export async function loadCore(variant = 'package') {
  const m = await instantiate(await WebAssembly.compile(readFileSync(new URL(FILES[variant], import.meta.url))));
  const enc = new TextEncoder();
  /** Copies strings / byte arrays into fresh heap blocks (kept for the process): [ptr, len, …]. */
  const put = (...values) => values.flatMap((v) => {
    const b = typeof v === 'string' ? enc.encode(v) : v;
    const p = alloc(Math.max(1, b.length));
    m.HEAPU8.set(b, p);
    return [p, b.length];
  });
  const alloc = (bytes) => {
    const p = m._fd_alloc(bytes) >>> 0;
    if (!p) throw new Error(`could not allocate ${bytes} bytes in the WASM heap`);
    return p;
  };
  const error = () => new TextDecoder().decode(m.HEAPU8.subarray(m._fd_error_message() >>> 0, (m._fd_error_message() >>> 0) + (m._fd_error_length() >>> 0)));
  const check = (ptr) => {
    if (!(ptr >>> 0)) throw new Error(error());
    return ptr >>> 0;
  };
  const INTEGER = 1;  // seed kind (fd_manifest().seedKinds.integer): 8 little-endian bytes
  return {
    m, alloc, error,
    deck: (rng, seed, strategy = 'eager') => check(m._fd_deck_new(...put('french'), 1, 0, 0, ...put(strategy, rng), INTEGER, ...put(seed))),
    bulk: (n, rng, seed) => check(m._fd_bulk_new(n, ...put(rng), INTEGER, ...put(seed))),
    words: (rng, seed) => check(m._fd_words_new(...put(rng), INTEGER, ...put(seed))),
    experiment: (algorithm, measureKind, n, rng, seed) =>
      check(m._fd_experiment_new(...put(algorithm), measureKind, n, 0, ...put(rng), INTEGER, ...put(seed))),
  };
}
