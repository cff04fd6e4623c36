/**
 * `fairdeck/random`: raw engine output for auditors and test labs — the same engines, keys and
 * seeds the decks use, before any shuffling. Words are the engine's 32-bit outputs in order;
 * bytes are those words in little-endian order.
 */
import { checkInt, randomOptions, type RandomOptions } from './options.js';
import { CHUNK, withHeap, withStream } from './stream.js';

export { init } from './load.js';
export type { RandomOptions, RngName, Seed } from './options.js';

const MAX_WORDS = 2 ** 28;

/** The next `n` 32-bit outputs of the engine keyed by `seed` (or fresh platform entropy). */
export function randomUint32(n: number, options?: RandomOptions): Uint32Array {
  checkInt('n', n, 0, MAX_WORDS);
  const { rng, seed } = randomOptions(options);
  const out = new Uint32Array(n);
  withStream(0, rng, seed, (stream, m) =>
    withHeap(Math.min(n, CHUNK) * 4, 'n', (ptr) => {
      for (let done = 0; done < n; ) {
        const k = Math.min(CHUNK, n - done);
        stream.words(ptr, k);
        out.set(m.HEAPU32.subarray(ptr >>> 2, (ptr >>> 2) + k), done);
        done += k;
      }
    }),
  );
  return out;
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
