/**
 * `sort-random`: the shuffle found all over the web, `array.sort(() => random() − 0.5)`, with
 * JavaScript's own sort (in C++ a random comparator is undefined behaviour, so it lives here).
 * The comparator's numbers come from fairdeck's engine (a RandomStream), never the built-in generator, so
 * runs are seeded and reproducible like every other experiment; the bias is the sort's own.
 */
import { RandomStream } from '../random.js';
import { SeedKind, type Seed, type SeedBytes } from '../options.js';
import type { Counter, CounterSpec, Measure } from './counter.js';
import { factorial, permutationRank } from './ranks.js';

const BUFFER = 1 << 16;
const TWO_32 = 2 ** 32;

/** Uniform numbers in [0, 1) from an engine's 32-bit words (word / 2^32), read in buffers. */
export class UnitSource {
  #stream: RandomStream;
  #words: Uint32Array = new Uint32Array(0);
  #at = 0;

  /** Reads from `stream` (not disposed here). */
  constructor(stream: RandomStream) {
    this.#stream = stream;
  }

  /** The next number in [0, 1). */
  next(): number {
    if (this.#at === this.#words.length) {
      this.#words = this.#stream.nextUint32(BUFFER);
      this.#at = 0;
    }
    return this.#words[this.#at++] / TWO_32;
  }
}

/** Sorts `a` in place with the comparator `() => random() − 0.5`, as in the wild; returns it. */
export function sortRandom<T>(a: T[], source: UnitSource): T[] {
  return a.sort(() => source.next() - 0.5);
}

/** A counter running sort-random in JavaScript, measured like the core's counters. */
export function sortRandomCounter(spec: CounterSpec, measure: Measure): Counter {
  const { n } = spec;
  const stream = new RandomStream({ rng: spec.rng, seed: seedOf(spec.seed) });
  const source = new UnitSource(stream);
  const cells = measure === 0 ? factorial(n) : measure === 1 ? n * n : 0;
  const counts = new Float64Array(cells);
  const a: number[] = new Array<number>(n);
  return {
    implementation: 'js',
    run(trials) {
      for (let t = 0; t < trials; t++) {
        for (let i = 0; i < n; i++) a[i] = i;
        sortRandom(a, source);
        if (measure === 0) counts[permutationRank(a)]++;
        else if (measure === 1) for (let pos = 0; pos < n; pos++) counts[a[pos] * n + pos]++;
      }
    },
    counts: () => counts.slice(),
    dispose: () => stream.dispose(),
  };
}

/** The public seed a normalised seed came from (integers come back as bigints: the same seed). */
function seedOf(s: SeedBytes | undefined): Seed | undefined {
  if (!s || s.kind === SeedKind.Entropy) return undefined;
  if (s.kind === SeedKind.Integer) return new DataView(s.bytes.buffer, s.bytes.byteOffset, 8).getBigUint64(0, true);
  if (s.kind === SeedKind.Text) return new TextDecoder().decode(s.bytes);
  return s.bytes;
}
