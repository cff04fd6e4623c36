/**
 * Bulk shuffles of any length: `shuffle(array)` in place and `permutation(n)`. The random work is
 * Fisher–Yates in WASM, run in bounded chunks — from 2^23 items the cache-aware bucket shuffle
 * (cpp/include/fairdeck/bulk_cache.hpp), which needs a scratch copy in the heap. Typed arrays are
 * measured through the intrinsic getters (input.ts) and shuffled inside the WASM heap. A JS Array
 * cannot live there: WASM shuffles 0…n−1, and JS places the items by that permutation — after a
 * first pass that reads every item and writes it back unchanged, so an array that cannot be
 * written (frozen, read-only or throwing elements) fails before any item moves.
 */
import { bytes, construct, coreError } from './binding.js';
import { fill, seedOrEntropy } from './entropy.js';
import { show } from './errors.js';
import { typedBytes } from './input.js';
import { checkInt, type RandomOptions, type SeedBytes } from './options.js';
import { streamOptions } from './stream-options.js';
import { shuffleCore, type CoreBulk, type ShuffleCore as Core } from './shuffle-load.js';

/** Typed arrays `shuffle` accepts. */
export type AnyTypedArray =
  | Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array
  | Float32Array | Float64Array | BigInt64Array | BigUint64Array;

const MAX_N = 2 ** 32 - 1;
/** The options of a call that passes none (checked once: a call without options allocates nothing for them). */
let unset: ReturnType<typeof streamOptions> | undefined;
/** Positions handled per call into WASM: bounded so V8 can tier up between calls. */
const CHUNK = 1 << 18;

/**
 * Shuffles `array` in place (every order equally likely) and returns it. Works for JS Arrays and
 * typed arrays up to 2^32 − 1 items (memory permitting). Seeded calls are reproducible.
 */
export function shuffle<T extends unknown[] | AnyTypedArray>(array: T, options?: RandomOptions): T {
  const c = shuffleCore();
  let isArray: boolean;
  try {
    isArray = Array.isArray(array);
  } catch {
    throw new TypeError('array must be an Array or a typed array, got a revoked proxy');
  }
  const typed = isArray ? undefined : typedBytes(array, 'array');
  if (!isArray && !typed) throw new TypeError(`array must be an Array or a typed array, got ${show(array)}`);
  const { rng, seed } = options === undefined ? (unset ??= streamOptions(undefined)) : streamOptions(options);
  let length: number;
  try {
    length = typed ? typed.length : (array as unknown[]).length;
  } catch (cause) {  // a Proxy's get trap (an Array's own length is data)
    throw new TypeError("array could not be read: reading its length threw (a Proxy's get trap)", { cause });
  }
  if (seed === undefined && rng === 'chacha20' && length <= SMALL) return smallShuffle(array as Indexable as T, length);
  if (typed) {
    checkInt('array.length', typed.length, 0, MAX_N);
    const { bytes, width } = typed;
    withBulk(c, typed.length, rng, seed, (bulk) => {
      const heap = data(c, bulk, bytes.length, `array of ${typed.length} items`);
      heap.set(bytes);
      run(c, bulk, width);
      bytes.set(data(c, bulk, bytes.length, `array of ${typed.length} items`));  // a fresh view: the heap may have grown
    });
    return array;
  }
  const list = array as unknown[];
  const n = checkInt('array.length', list.length, 0, MAX_N);
  const p = withBulk(c, n, rng, seed, (bulk) => permute(c, bulk, n));
  place(list, p);
  return array;
}

/** A Uint32Array holding 0…n−1 in uniformly random order. */
export function permutation(n: number, options?: RandomOptions): Uint32Array {
  const c = shuffleCore();
  checkInt('n', n, 0, MAX_N);
  const { rng, seed } = streamOptions(options);
  return withBulk(c, n, rng, seed, (bulk) => permute(c, bulk, n));
}

/** Runs `body` with a core bulk shuffle of n items keyed by `seed` (or fresh entropy); always freed. */
function withBulk<T>(c: Core, n: number, rng: string, seed: SeedBytes | undefined, body: (bulk: CoreBulk) => T): T {
  const key = seedOrEntropy(seed);
  const bulk = construct(() => c.CoreBulk.make(n, { rng: bytes(rng), seedKind: key.kind, seed: key.bytes }));
  if (bulk === null) throw coreError(c);
  try {
    return body(bulk);
  } finally {
    bulk.delete();
  }
}

/** The bulk shuffle's heap array of `bytes` bytes, as a view; RangeError naming `what` if it cannot be had. */
function data(c: Core, bulk: CoreBulk, bytes: number, what: string): Uint8Array {
  const view = bulk.data(bytes);
  if (view === null) {
    throw new RangeError(`${what} is too large for the WASM heap (needs ${bytes} bytes; the heap can hold at most 4 GiB)`, { cause: coreError(c) });
  }
  return view;
}

/** Runs the bulk shuffle's steps over its array; RangeError if the scratch did not fit. */
function run(c: Core, bulk: CoreBulk, width: number): void {
  while (bulk.step(width, CHUNK) > 0);
  if (!bulk.ok()) throw coreError(c);
}

/** 0…n−1 shuffled by the bulk shuffle. */
function permute(c: Core, bulk: CoreBulk, n: number): Uint32Array {
  data(c, bulk, n * 4, `permutation(${n})`);
  for (let start = 0; start < n; start += CHUNK) bulk.identity(start, Math.min(CHUNK, n - start));
  run(c, bulk, 4);
  const out = data(c, bulk, n * 4, `permutation(${n})`);
  return new Uint32Array(out.buffer, out.byteOffset, n).slice();
}
/**
 * Puts item p[k] at k for every k: the order a typed array gets from the same stream. Reads every
 * item once and writes it back unchanged first, so a frozen array, a read-only element or a
 * throwing setter fails before anything moves; if a write still fails later (caller code changed
 * the array meanwhile), the items already placed are put back before the error is thrown.
 */
function place(array: unknown[], p: Uint32Array): void {
  const n = p.length, items = new Array<unknown>(n);
  let k = 0;
  let read = true;  // which step threw, to name it: a getter or a Proxy's get trap, or a write
  try {
    for (; k < n; k++) {
      read = true;
      const item = array[k];
      read = false;
      array[k] = items[k] = item;
    }
  } catch (cause) {
    throw new TypeError(read ? `array cannot be shuffled: item ${k} could not be read (${why(cause, 'its getter, or a Proxy\'s get trap, threw')}); nothing was moved`
      : `array cannot be shuffled: item ${k} cannot be written (${why(cause, 'a setter threw')})`, { cause });
  }
  try {
    for (k = 0; k < n; k++) array[k] = items[p[k]];
  } catch (cause) {
    for (let j = 0; j < k; j++) array[j] = items[j];
    throw new TypeError(`array cannot be shuffled: item ${k} could not be written (${why(cause, 'a setter threw')})`, { cause });
  }
}

/** What a caller's error says, for a message: an Error's own message (read as data: no getter runs), else `otherwise`. */
function why(cause: unknown, otherwise: string): string {
  try {
    const d = cause instanceof Error ? Object.getOwnPropertyDescriptor(cause, 'message') : undefined;
    return d && typeof d.value === 'string' ? d.value : otherwise;
  } catch {
    return otherwise;  // a Proxy as the error: its traps threw
  }
}

// ---- Small unseeded shuffles (issue 40) ---------------------------------------------------------
// An unseeded shuffle of a few items is dominated by its fixed costs — a key from the platform, a
// keyed engine in WASM, the call — not by its steps (15 µs for 48 items, where the steps cost
// 0.1 µs). Up to SMALL items it runs here instead: Fisher–Yates over the array itself, its
// bounded draws made from words of `crypto.getRandomValues` drawn 64 KB at a time into a pool,
// each word used once and zeroed as it leaves (the index only moves forward). The
// draws are the core's (uniform.hpp): as many bounds per 32-bit word as fit under 2^26, the word
// taken whole or rejected by Lemire's test on the batch's product — exact in doubles here, since
// every product is a 32-bit number times a bound ≤ SMALL (< 2^41). Never `% n` or floor(x · n).
// Seeded calls, other engines and larger arrays take the WASM path, so vectors are unchanged.

/** Largest array shuffled in JavaScript when unseeded (bounds ≤ 256: 3 or 4 per word). */
const SMALL = 256;
const POOL_WORDS = 16384;
const TWO32 = 4294967296;
let pool = new Uint32Array(0), poolAt = 0;
type Indexable = { [i: number]: unknown; length: number };
const steps = new Uint16Array(SMALL);
let depth = 0;

/** The next unused pool word (refilled from the platform 64 KB at a time: a call costs 2–3 times less per byte than at 8 KB). */
function poolWord(): number {
  if (poolAt === pool.length) {
    if (pool.length === 0) pool = new Uint32Array(POOL_WORDS);
    fill(pool);  // throws before any item moved if the platform has no secure source
    poolAt = 0;
  }
  const word = pool[poolAt];
  pool[poolAt++] = 0;  // handed out once and zeroed: the pool holds only words not yet used (SECURITY.md)
  return word;
}

/**
 * Fisher–Yates of the first `n` items of `a` in place with pool words; returns `a`. All the dice
 * are drawn first (the platform's Error, if any, comes before any item moves), then the swaps are
 * made; a write that throws (a frozen or read-only element) undoes the swaps made, by the same
 * dice in reverse, then throws a TypeError.
 */
function smallShuffle<T>(a: T, n: number): T {
  const x = a as unknown as Indexable;
  // The dice, step s's at [s] (step s swaps item n − 1 − s): shared between calls, or fresh ones
  // if caller code run by a getter or setter shuffles meanwhile.
  const dice = depth++ === 0 ? steps : new Uint16Array(SMALL);
  let s = 0;
  try {
    for (let b = n; b > 1;) {
      let prod = b, k = 1;  // the batch: bounds b, b − 1, … while the product stays ≤ 2^26
      while (k < 8 && b - k >= 2 && prod * (b - k) <= 67108864) prod *= b - k, k++;
      const threshold = TWO32 % prod;
      let low: number;
      do {
        low = poolWord();
        for (let q = 0; q < k; q++) {
          const m = low * (b - q), j = Math.floor(m / TWO32);
          dice[s + q] = j;
          low = m - j * TWO32;
        }
      } while (low < threshold);
      s += k, b -= k;
    }
    let made = 0, read = false;
    try {
      for (let i = n - 1; made < s; made++, i--) {
        const j = dice[made];
        if (i !== j) {
          read = true;
          const t = x[i], u = x[j];
          read = false;
          x[i] = u;  // throws: nothing changed
          try {
            x[j] = t;
          } catch (error) {
            x[i] = t;
            throw error;
          }
        }
      }
    } catch (cause) {
      for (let p = made - 1; p >= 0; p--) {  // the swaps made, undone last first
        const i = n - 1 - p, j = dice[p];
        try {
          const t = x[i];
          x[i] = x[j], x[j] = t;
        } catch { /* these writes all succeeded once: a setter that now throws is caller code's doing */ }
      }
      throw new TypeError(read ? `array cannot be shuffled: an item could not be read (${why(cause, 'its getter, or a Proxy\'s get trap, threw')})`
        : `array cannot be shuffled: an item cannot be written (${why(cause, 'a setter threw')})`, { cause });
    }
  } finally {
    depth--;
  }
  return a;
}
