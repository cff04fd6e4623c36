/**
 * Platform entropy for unseeded (secure) decks and streams: `crypto.getRandomValues`, drawn in
 * blocks of 2,048 keys (64 KiB). A call costs about 4.5 µs in Node 20 whatever its size up to 4 KiB, which
 * made it the largest part of `new Deck()`; from a block a key costs a copy. Every byte is handed
 * out once and zeroed in the block as it leaves, so no two keys share a byte and a block holds
 * only keys not yet given (SECURITY.md, "Entropy in blocks"). There is no fallback: without a
 * secure source, unseeded use throws.
 */
import { seedKinds } from './manifest.js';

/**
 * A seed as the core takes it: kind (manifest().seedKinds) + material bytes (options.ts encodes
 * seeds; the type is here, a leaf module, because binding.ts imports this one).
 */
export interface SeedBytes {
  kind: number;
  bytes: Uint8Array;
}

/** Keys per crypto.getRandomValues call: 64 KiB, the call's limit (a call costs 4.9 µs for 32 bytes, 5.3 µs for 4 KiB and 13.7 µs for 64 KiB in Node 20: 7 ns a key). */
const KEYS = 2048;
/** The block, and where its next unused key starts (block.length: none left). */
let block = new Uint8Array(0);
let next = 0;

/** 32 bytes from `crypto.getRandomValues`, never given before; throws a clear Error if the platform has none. */
export function entropy(): Uint8Array {
  const key = new Uint8Array(32);
  entropyInto(key, 0);
  return key;
}

/**
 * entropy() written into `out` at `at` (32 bytes) rather than into an array of its own: `new Deck()`
 * puts its key straight into the core's spec area (binding.ts, packSpec), which the core zeroes
 * once read. A new 32-byte array cost about 0.1 µs, a fifteenth of making a deck.
 */
export function entropyInto(out: Uint8Array, at: number): void {
  const crypto = source();
  if (next + 32 > block.length) refill(crypto);
  for (let i = 0; i < 32; i++) out[at + i] = block[next + i], block[next + i] = 0;
  next += 32;
}

type Source = { getRandomValues(a: Uint8Array): Uint8Array };
/**
 * The platform's source, checked at every key (a typeof test), not only at a refill: a platform
 * without one never gets a key, even one left in a block.
 */
function source(): Source {
  const crypto = (globalThis as { crypto?: { getRandomValues?: unknown } }).crypto;
  if (typeof crypto?.getRandomValues !== 'function') {
    throw new Error(
      'fairdeck: no secure random source (crypto.getRandomValues) on this platform; ' +
        'pass a seed for a reproducible deck, but never use one for real games',
    );
  }
  return crypto as Source;
}

function refill(crypto: Source): void {
  block = draw(crypto, new Uint8Array(32 * KEYS));  // only once filled: a failed call leaves no block, and the next call tries again
  next = 0;
}

/** `out` filled by `crypto.getRandomValues`, or an Error that names the call. */
function draw<T extends Uint8Array | Uint32Array>(crypto: Source, out: T): T {
  try {
    crypto.getRandomValues(out as unknown as Uint8Array);
  } catch (cause) {
    throw new Error(`fairdeck: crypto.getRandomValues failed: ${String(cause)}`, { cause });
  }
  return out;
}

/**
 * Fills `out` (at most 65,536 bytes) straight from `crypto.getRandomValues`: the block of words the
 * small unseeded shuffle draws from (shuffle.ts). The same errors as entropy().
 */
export function fill<T extends Uint8Array | Uint32Array>(out: T): T {
  return draw(source(), out);
}

/** `seed`, or — for unseeded use — a key of fresh platform entropy. */
export function seedOrEntropy(seed: SeedBytes | undefined): SeedBytes {
  return seed ?? { kind: seedKinds.entropy, bytes: entropy() };
}
