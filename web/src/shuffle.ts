/**
 * Bulk shuffles of any length: `shuffle(array)` in place and `permutation(n)`. The random work is
 * Fisher–Yates in WASM, run in bounded chunks — from 2^23 items the cache-aware bucket shuffle
 * (cpp/include/fairdeck/bulk_cache.hpp), which needs a scratch copy in the heap. Typed arrays are
 * measured through the intrinsic getters (input.ts) and shuffled inside the WASM heap. A JS Array
 * cannot live there: WASM makes the shuffle's choices and JS moves the items by them (see "JS
 * Arrays" below); an array that cannot be written (frozen, read-only or throwing elements) is
 * put back as it was before the TypeError.
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
  if (seed === undefined && rng === 'chacha20' && length <= (typed ? SMALL : SMALL_ARRAY)) return smallShuffle(array as Indexable as T, length);
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
  withBulk(c, n, rng, seed, (bulk) => (bulk.cacheAware() ? bucketPlace : swapPlace)(c, bulk, list, n));
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
// ---- JS Arrays (issue 63) -----------------------------------------------------------------------
// An Array cannot live in the WASM heap, and copying it in and out (or placing its items by a
// permutation) costs more than the shuffle. So WASM makes the choices — the same words and dice as
// the typed-array shuffle, hence the same order for a seed — and JavaScript makes the moves, in
// place: below 2^23 items the Fisher–Yates swaps themselves; from there the cache-aware shuffle's
// two stages (bulk_cache.hpp), its scatter by bucket label into the array (a write stream per
// bucket) and then each bucket's swaps while it is in cache. Choices are copied out of the heap
// before they are used: caller code run by an item's getter or setter may call fairdeck and grow
// (so detach) the heap.

/** The choices of one chunk, copied out of the heap (shared; a nested call takes fresh ones). */
const picks = new Uint32Array(CHUNK);
let nested = 0;

/** Fisher–Yates of an Array of n items by the core's choices; a failed read or write undoes every swap. */
function swapPlace(c: Core, bulk: CoreBulk, a: unknown[], n: number): void {
  if (n < 2) return;
  const what = `array of ${n} items`, steps = n - 1;
  data(c, bulk, steps * 4, what);  // room for every choice: they undo the swaps if one fails
  const js = nested++ === 0 ? picks : new Uint32Array(CHUNK);
  let made = 0, i = n - 1, j = 0, x: unknown, reading = -1;  // the item being read, or −1 while writing
  try {
    while (made < steps) {
      const k = bulk.choices(CHUNK);
      const heap = data(c, bulk, steps * 4, what);
      js.set(new Uint32Array(heap.buffer, heap.byteOffset + made * 4, k));
      for (let t = 0; t < k; t++, made++, i--) {
        j = js[t];
        reading = i;
        x = a[i];
        reading = j;
        const y = a[j];
        reading = -1;
        a[i] = y;  // throws: nothing changed
        a[j] = x;  // throws: a[i] is put back below
      }
    }
  } catch (cause) {
    if (reading < 0) {
      try {
        a[i] = x;
      } catch { /* it took y: a setter that now throws is caller code's doing */ }
    }
    const heap = data(c, bulk, steps * 4, what), done = new Uint32Array(heap.buffer, heap.byteOffset, made);
    for (let s = made - 1; s >= 0; s--) {  // the swaps made, undone last first
      const p = n - 1 - s, q = done[s];
      try {
        const t = a[p];
        a[p] = a[q], a[q] = t;
      } catch { /* these writes all succeeded once */ }
    }
    throw moveError(reading >= 0, reading, cause);
  } finally {
    nested--;
  }
}

/**
 * The cache-aware shuffle of an Array of n ≥ 2^23 items by the core's labels and bucket choices.
 * The items are read into a copy first (a failed read: nothing moved); a failed write puts every
 * item back from it.
 */
function bucketPlace(c: Core, bulk: CoreBulk, a: unknown[], n: number): void {
  const what = `array of ${n} items`, copy = new Array<unknown>(n);
  let k = 0;
  try {
    for (; k < n; k++) copy[k] = a[k];
  } catch (cause) {
    throw moveError(true, k, cause);
  }
  data(c, bulk, n * 2, what);
  for (let done = 0; done < n;) {
    const got = bulk.labels(CHUNK);
    if (got === 0) throw coreError(c);
    done += got;
  }
  const heap = data(c, bulk, n * 2, what), labels = new Uint16Array(heap.buffer, heap.byteOffset, n).slice();
  const sizes = bulk.bucketSizes()?.slice();
  if (!sizes) throw coreError(c);
  const at = new Uint32Array(sizes.length), start = new Uint32Array(sizes.length);
  for (let b = 0, s = 0; b < sizes.length; s += sizes[b++]) at[b] = start[b] = s;
  data(c, bulk, CHUNK * 4, what);
  const js = nested++ === 0 ? picks : new Uint32Array(CHUNK);
  let reading = -1;
  try {
    for (k = 0; k < n; k++) a[at[labels[k]]++] = copy[k];  // stage 0: each bucket in the items' order
    let b = 0, bound = sizes[0], base = 0;  // stage 1: bucket b, from `base`, next bound
    for (let got; (got = bulk.bucketChoices(CHUNK)) > 0;) {
      const view = data(c, bulk, CHUNK * 4, what);
      js.set(new Uint32Array(view.buffer, view.byteOffset, got));
      for (let t = 0; t < got; t++, bound--) {
        while (bound < 2) bound = sizes[++b], base = start[b];
        const i = base + bound - 1, j = base + js[t];
        reading = i;
        const x = a[i];
        reading = j;
        const y = a[j];
        reading = -1;
        a[i] = y, a[j] = x;
      }
    }
  } catch (cause) {
    for (let p = 0; p < n; p++) {
      try {
        a[p] = copy[p];
      } catch { /* put back as far as caller code lets us */ }
    }
    throw moveError(reading >= 0, reading, cause);
  } finally {
    nested--;
  }
}

/** The TypeError for an item that could not be read or written (everything has been put back). */
function moveError(read: boolean, k: number, cause: unknown): TypeError {
  return new TypeError(read ? `array cannot be shuffled: item ${k} could not be read (${why(cause, 'its getter, or a Proxy\'s get trap, threw')}); nothing was moved`
    : `array cannot be shuffled: an item cannot be written (${why(cause, 'a setter threw')}); nothing was moved`, { cause });
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
/** Largest Array shuffled in JavaScript when unseeded: below it the WASM path's fixed cost (a key, a keyed engine, the calls: about 3 µs) is more than the steps (about 5 ns each here). */
const SMALL_ARRAY = 2048;
const POOL_WORDS = 16384;
const TWO32 = 4294967296, TWO_M32 = 1 / TWO32;
let pool = new Uint32Array(0), poolAt = 0;
type Indexable = { [i: number]: unknown; length: number };
let steps = new Uint32Array(SMALL);
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
  if (steps.length < n) steps = new Uint32Array(Math.max(n, steps.length * 2));
  const dice = depth++ === 0 ? steps : new Uint32Array(n);
  let s = 0;
  try {
    for (let b = n; b > 1;) {
      let prod = b, k = 1;  // the batch: bounds b, b − 1, … while the product stays ≤ 2^26
      while (k < 8 && b - k >= 2 && prod * (b - k) <= 67108864) prod *= b - k, k++;
      let threshold = TWO32 - prod * Math.floor(TWO32 / prod);  // 2^32 mod prod, exactly (a double's % calls fmod)
      if (threshold < 0) threshold += prod;  // the quotient rounded up to the next integer
      let low: number;
      do {
        low = poolWord();
        for (let q = 0; q < k; q++) {
          const m = low * (b - q), j = Math.floor(m * TWO_M32);  // exact: 2^-32 is a power of two
          dice[s + q] = j;
          low = m - j * TWO32;
        }
      } while (low < threshold);
      s += k, b -= k;
    }
    let made = 0, reading = -1;  // the item being read, or −1
    try {
      for (let i = n - 1; made < s; made++, i--) {
        const j = dice[made];
        if (i !== j) {
          reading = i;
          const t = x[i];
          reading = j;
          const u = x[j];
          reading = -1;
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
      throw moveError(reading >= 0, reading, cause);
    }
  } finally {
    depth--;
  }
  return a;
}
