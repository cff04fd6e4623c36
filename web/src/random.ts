/**
 * `fairdeck/random`: raw engine output for auditors and test labs — the same engines, keys and
 * seeds the decks use, before any shuffling. Words are the engine's 32-bit outputs in order;
 * bytes are those words in little-endian order.
 *
 * @module fairdeck/random
 */

import { checkInt, type RandomOptions } from './options.js';
import { streamOptions } from './stream-options.js';
import { MAX_WORDS_PER_CALL, WordStream } from './words.js';

export { init } from './deck-load.js';
export { initSync } from './deck-load-sync.js';
export { parseSeed } from './options.js';
export { streamSeed } from './stream-options.js';
export type { RandomOptions, RngName, Seed } from './options.js';

const MAX_WORDS = 2 ** 28;

/** The next `n` 32-bit outputs of the engine keyed by `seed` (or fresh platform entropy). */
export function randomUint32(n: number, options?: RandomOptions): Uint32Array {
  checkInt('n', n, 0, MAX_WORDS);
  const { rng, seed } = streamOptions(options);
  const stream = new WordStream(rng, seed);
  try {
    const out = new Uint32Array(n);
    for (let done = 0; done < n; ) {
      const k = Math.min(MAX_WORDS_PER_CALL, n - done);
      out.set(stream.next(k), done);
      done += k;
    }
    return out;
  } finally {
    stream.dispose();
  }
}

/** The first `n` bytes of the engine's output (its 32-bit words, little-endian). */
export function randomBytes(n: number, options?: RandomOptions): Uint8Array {
  checkInt('n', n, 0, MAX_WORDS * 4);
  const words = randomUint32(Math.ceil(n / 4), options);
  const bytes = new Uint8Array(words.buffer, 0, n);
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] === 1) return bytes;
  const le = new Uint8Array(n);  // a big-endian host: write the little-endian order explicitly
  for (let i = 0; i < n; i++) le[i] = (words[i >> 2] >>> (8 * (i & 3))) & 0xff;
  return le;
}

/** An open-ended stream of engine output, for piping into a test battery. Call dispose() when done. */
export class RandomStream {
  readonly #stream: WordStream;

  /** Opens a stream keyed by `seed` (or fresh platform entropy). */
  constructor(options?: RandomOptions) {
    const { rng, seed } = streamOptions(options);
    this.#stream = new WordStream(rng, seed);
  }

  /** The next `n` words (n ≤ 2^18), continuing where the last call stopped. */
  nextUint32(n: number): Uint32Array {
    checkInt('n', n, 0, MAX_WORDS_PER_CALL);
    return this.#stream.next(n);
  }

  /** Frees the stream's WASM memory. */
  dispose(): void {
    this.#stream.dispose();
  }
}
