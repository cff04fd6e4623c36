/**
 * Bulk shuffles of any length: `shuffle(array)` in place and `permutation(n)`. The random work is
 * Fisher–Yates in WASM, run in bounded chunks — from 2^23 items the cache-aware bucket shuffle
 * (cpp/include/fairdeck/bulk_cache.hpp), which needs a scratch copy in the heap. Typed arrays are
 * shuffled inside the WASM heap; a JS Array cannot live there, so WASM draws the swap partners and
 * JS applies the swaps (or, for the cache-aware shuffle, JS gathers the items by a permutation).
 */
import { coreError, show } from './errors.js';
import { core } from './load.js';
import { checkInt, randomOptions, type RandomOptions } from './options.js';
import { CHUNK, withHeap, withStream } from './stream.js';
import type { CoreStream } from './wasm/fairdeck.js';

/** Typed arrays `shuffle` accepts. */
export type AnyTypedArray =
  | Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array
  | Float32Array | Float64Array | BigInt64Array | BigUint64Array;

const MAX_N = 2 ** 32 - 1;

/**
 * Shuffles `array` in place (every order equally likely) and returns it. Works for JS Arrays and
 * typed arrays up to 2^32 − 1 items (memory permitting). Seeded calls are reproducible.
 */
export function shuffle<T extends unknown[] | AnyTypedArray>(array: T, options?: RandomOptions): T {
  const { rng, seed } = randomOptions(options);
  if (Array.isArray(array)) {
    checkInt('array.length', array.length, 0, MAX_N);
    return withStream(array.length, rng, seed, (stream, m) =>
      stream.cacheAware() ? gather(array, permute(stream, array.length)) : withHeap(Math.min(array.length, CHUNK) * 4, 'array', (ptr) => {
        let i = array.length - 1;
        for (let k; (k = stream.targets(ptr, CHUNK)) > 0; ) {
          const heap = m.HEAPU32;
          for (let t = 0, at = ptr >>> 2; t < k; t++, i--) {
            const j = heap[at + t];
            const x = array[i];
            array[i] = array[j];
            array[j] = x;
          }
        }
        return array;
      }),
    );
  }
  if (!ArrayBuffer.isView(array) || array instanceof DataView) {
    throw new TypeError(`array must be an Array or a typed array, got ${show(array)}`);
  }
  const typed = array as AnyTypedArray;
  checkInt('array.length', typed.length, 0, MAX_N);
  const width = typed.BYTES_PER_ELEMENT;
  const bytes = new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength);
  return withStream(typed.length, rng, seed, (stream, m) =>
    withHeap(typed.byteLength, `array of ${typed.length} items`, (ptr) => {
      m.HEAPU8.set(bytes, ptr);
      run(stream, ptr, width);
      bytes.set(m.HEAPU8.subarray(ptr, ptr + typed.byteLength));
      return array;
    }),
  );
}

/** A Uint32Array holding 0…n−1 in uniformly random order. */
export function permutation(n: number, options?: RandomOptions): Uint32Array {
  checkInt('n', n, 0, MAX_N);
  const { rng, seed } = randomOptions(options);
  return withStream(n, rng, seed, (stream) => permute(stream, n));
}

/** Runs the stream's steps over the heap array at ptr; RangeError if the scratch did not fit. */
function run(stream: CoreStream, ptr: number, width: number): void {
  while (stream.step(ptr, width, CHUNK) > 0);
  if (!stream.ok()) throw coreError(core());
}

/** 0…n−1 shuffled by the stream. */
function permute(stream: CoreStream, n: number): Uint32Array {
  const m = core();
  return withHeap(n * 4, `permutation(${n})`, (ptr) => {
    for (let start = 0; start < n; start += CHUNK) m.fillIdentity(ptr + start * 4, start, Math.min(CHUNK, n - start));
    run(stream, ptr, 4);
    return m.HEAPU32.slice(ptr >>> 2, (ptr >>> 2) + n);
  });
}

/** Puts array[p[k]] at k for every k: the same order a typed array gets from the same stream. */
function gather<T extends unknown[]>(array: T, p: Uint32Array): T {
  const items = array.slice();
  for (let k = 0; k < p.length; k++) array[k] = items[p[k]];
  return array;
}
