/**
 * `sort-random`: the shuffle found all over the web, `array.sort(() => random() − 0.5)`, with
 * JavaScript's own sort (in C++ a random comparator is undefined behaviour, so it lives here).
 * The comparator's numbers come from fairdeck's engine (a core word stream), never the built-in generator, so
 * runs are seeded and reproducible like every other experiment; the bias is the sort's own.
 */
import { WordStream } from '../words.js';
import type { Counter, CounterSpec, Measure } from './measure.js';
import { factorial, permutationRank } from './ranks.js';

const BUFFER = 1 << 16;

/** Where UnitSource reads 32-bit words: a RandomStream from fairdeck/random, for instance. */
export interface WordSource {
  /** The source's next n 32-bit words. */
  nextUint32(n: number): Uint32Array;
}
const TWO_32 = 2 ** 32;

/** Uniform numbers in [0, 1) from an engine's 32-bit words (word / 2^32), read in buffers. */
export class UnitSource {
  #stream: WordSource;
  #words: Uint32Array = new Uint32Array(0);
  #at = 0;

  /** Reads from `stream` (not disposed here). */
  constructor(stream: WordSource) {
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
  const stream = new WordStream(spec.rng, spec.seed);
  const source = new UnitSource({ nextUint32: (k) => stream.next(k) });
  const cells = measure === 'permutations' ? factorial(n) : measure === 'positions' ? n * n : 0;
  const counts = new Float64Array(cells);
  // Packed, as user code builds [0, 1, …] (V8 sorts a holey array, new Array(n), by another path).
  const a: number[] = Array.from({ length: n }, (_, i) => i);
  return {
    implementation: 'js',
    run(trials) {
      for (let t = 0; t < trials; t++) {
        for (let i = 0; i < n; i++) a[i] = i;
        sortRandom(a, source);
        if (measure === 'permutations') counts[permutationRank(a)]++;
        else if (measure === 'positions') for (let pos = 0; pos < n; pos++) counts[a[pos] * n + pos]++;
      }
    },
    counts: () => counts.slice(),
    dispose: () => stream.dispose(),
  };
}
