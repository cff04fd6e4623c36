/**
 * Platform entropy for unseeded (secure) decks and streams: `crypto.getRandomValues`, one call
 * per 256-bit key. There is no fallback: without a secure source, unseeded use throws.
 */
import { manifest } from './manifest.js';
import type { SeedBytes } from './options.js';

/** 32 bytes from `crypto.getRandomValues`; throws a clear Error if the platform has none. */
export function entropy(): Uint8Array {
  return fill(new Uint8Array(32));
}

/**
 * Fills `out` (at most 65,536 bytes) from `crypto.getRandomValues`: the block of words the small
 * unseeded shuffle draws from (shuffle.ts). The same errors as entropy().
 */
export function fill<T extends Uint8Array | Uint32Array>(out: T): T {
  const crypto = (globalThis as { crypto?: { getRandomValues?: (a: T) => T } }).crypto;
  if (typeof crypto?.getRandomValues !== 'function') {
    throw new Error(
      'fairdeck: no secure random source (crypto.getRandomValues) on this platform; ' +
        'pass a seed for a reproducible deck, but never use one for real games',
    );
  }
  try {
    crypto.getRandomValues(out);
  } catch (cause) {
    throw new Error(`fairdeck: crypto.getRandomValues failed: ${String(cause)}`, { cause });
  }
  return out;
}

/** `seed`, or — for unseeded use — a key of fresh platform entropy. */
export function seedOrEntropy(seed: SeedBytes | undefined): SeedBytes {
  return seed ?? { kind: manifest().seedKinds.entropy, bytes: entropy() };
}
