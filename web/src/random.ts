/**
 * `fairdeck/random`: raw engine output for auditors and test labs — the same engines, keys and
 * seeds the decks use, before any shuffling. Words are the engine's 32-bit outputs in order;
 * bytes are those words in little-endian order.
 */
import { entropy } from './entropy.js';
import { coreError, embind } from './errors.js';
import { core } from './load.js';
import { checkInt, randomOptions, SeedKind, type RandomOptions } from './options.js';
import { CHUNK, withHeap, withStream } from './stream.js';
import type { CoreStream, FairdeckModule } from './wasm/fairdeck.js';

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

/** What a RandomStream owns in the WASM heap: the core stream and, once used, its output buffer. */
interface StreamMemory {
  m: FairdeckModule;
  stream: CoreStream;
  buffer: number;
}
function free(held: StreamMemory): void {
  held.stream.delete();
  if (held.buffer) held.m.release(held.buffer);
  held.buffer = 0;
}
// Frees both for a stream dropped without dispose() (the buffer is 1 MiB).
const streams = new FinalizationRegistry<StreamMemory>(free);

/** An open-ended stream of engine output, for piping into a test battery. Call dispose() when done. */
export class RandomStream {
  #held: StreamMemory | undefined;

  /** Opens a stream keyed by `seed` (or fresh platform entropy). */
  constructor(options?: RandomOptions) {
    const { rng, seed } = randomOptions(options);
    const m = core();
    const key = seed ?? { kind: SeedKind.Entropy, bytes: entropy() };
    const stream = embind(() => new m.CoreStream(0, rng, key.kind, key.bytes));
    if (!stream.ok()) {
      const error = coreError(m);
      stream.delete();
      throw error;
    }
    this.#held = { m, stream, buffer: 0 };
    streams.register(this, this.#held, this);
  }

  /** The next `n` words (n ≤ 2^18), continuing where the last call stopped. */
  nextUint32(n: number): Uint32Array {
    checkInt('n', n, 0, CHUNK);
    const held = this.#held;
    if (!held) throw new Error('this RandomStream has been disposed');
    const m = held.m;
    if (!held.buffer) held.buffer = m.allocate(CHUNK * 4);
    if (!held.buffer) throw new RangeError('no WASM memory left for a stream buffer');
    held.stream.words(held.buffer, n);
    return m.HEAPU32.slice(held.buffer >>> 2, (held.buffer >>> 2) + n);
  }

  /** Frees the stream's WASM memory. */
  dispose(): void {
    if (!this.#held) return;
    streams.unregister(this);
    free(this.#held);
    this.#held = undefined;
  }
}
