/**
 * A stream of an engine's raw 32-bit words from the core (internal): what `fairdeck/random` hands
 * to auditors and what the `sort-random` experiment draws its comparator's numbers from.
 */
import { bytes, construct, coreError, native, type CoreWords, type DeckModule } from './binding.js';
import { seedOrEntropy } from './entropy.js';
import type { SeedBytes } from './options.js';

/** Most words one `next` call returns. */
export const MAX_WORDS_PER_CALL = 1 << 18;

// Frees the core stream (and its buffer) for a stream dropped without dispose().
const registry = new FinalizationRegistry<CoreWords>((words) => words.delete());

/** Engine output keyed by `seed` (or fresh platform entropy). Call dispose() when done. */
export class WordStream {
  readonly #m: DeckModule;
  #words: CoreWords | undefined;

  /** `rng` and `seed` are already validated (options.ts). */
  constructor(rng: string, seed: SeedBytes | undefined) {
    const m = (this.#m = native());
    const key = seedOrEntropy(seed);
    const words = construct(() => m.CoreWords.make({ rng: bytes(rng), seedKind: key.kind, seed: key.bytes }));
    if (words === null) throw coreError(m);
    this.#words = words;
    registry.register(this, words, this);
  }

  /** The next `n` words (n ≤ MAX_WORDS_PER_CALL, checked by the caller), continuing the stream. */
  next(n: number): Uint32Array {
    const words = this.#words;
    if (!words) throw new Error('this RandomStream has been disposed');
    const view = words.next(n);
    if (view === null) throw new RangeError('no WASM memory left for a stream buffer', { cause: coreError(this.#m) });
    return view.slice();
  }

  /** Frees the stream's WASM memory. Safe to call twice. */
  dispose(): void {
    if (!this.#words) return;
    registry.unregister(this);
    this.#words.delete();
    this.#words = undefined;
  }
}
