/**
 * A stream of an engine's raw 32-bit words from the core (internal): what `fairdeck/random` hands
 * to auditors and what the `sort-random` experiment draws its comparator's numbers from.
 */
import { coreError, native, withBytes, type Core } from './abi.js';
import { seedOrEntropy } from './entropy.js';
import type { SeedBytes } from './options.js';

/** Most words one `next` call returns. */
export const MAX_WORDS_PER_CALL = 1 << 18;

interface Held {
  c: Core;
  words: number;
  buffer: number;
}
function free(held: Held): void {
  held.c.abi.words_free(held.words);
  if (held.buffer) held.c.abi.free(held.buffer);
  held.buffer = 0;
}
// Frees the core stream and its 1 MiB buffer for a stream dropped without dispose().
const registry = new FinalizationRegistry<Held>(free);

/** Engine output keyed by `seed` (or fresh platform entropy). Call dispose() when done. */
export class WordStream {
  #held: Held | undefined;

  /** `rng` and `seed` are already validated (options.ts). */
  constructor(rng: string, seed: SeedBytes | undefined) {
    const c = native();
    const key = seedOrEntropy(seed);
    const words = withBytes(c, [rng, key.bytes], (at) => c.abi.words_new(at[0], at[1], key.kind, at[2], at[3]));
    if (words === 0) throw coreError(c);
    this.#held = { c, words, buffer: 0 };
    registry.register(this, this.#held, this);
  }

  /** The next `n` words (n ≤ MAX_WORDS_PER_CALL, checked by the caller), continuing the stream. */
  next(n: number): Uint32Array {
    const held = this.#held;
    if (!held) throw new Error('this RandomStream has been disposed');
    const { m, abi } = held.c;
    if (!held.buffer) held.buffer = abi.alloc(MAX_WORDS_PER_CALL * 4);
    if (!held.buffer) throw new RangeError('no WASM memory left for a stream buffer');
    abi.words_fill(held.words, held.buffer, n);
    return m.HEAPU32.slice(held.buffer >>> 2, (held.buffer >>> 2) + n);
  }

  /** Frees the stream's WASM memory. Safe to call twice. */
  dispose(): void {
    if (!this.#held) return;
    registry.unregister(this);
    free(this.#held);
    this.#held = undefined;
  }
}
