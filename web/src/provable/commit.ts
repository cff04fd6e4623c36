/**
 * The server's side of a provably fair round: a fresh secret seed and its commitment.
 * Synchronous (a pure-TypeScript SHA-256 over 32 bytes), usable before `init()`.
 */
import { checkHex64 } from './options.js';
import { fromHex, toHex } from './hex.js';
import { sha256 } from './sha256.js';

/** A new server seed and the commitment to publish before play. */
export interface Commitment {
  /** 32 bytes from crypto.getRandomValues as 64 lowercase hex characters. Keep it secret until you rotate it. */
  serverSeed: string;
  /** SHA-256 of the seed's 32 bytes (not of its hex text), 64 lowercase hex characters. Publish it. */
  commitment: string;
}

/** Makes a server seed and its commitment. Throws if the platform has no crypto.getRandomValues. */
export function commitRound(): Commitment {
  const c = globalThis.crypto;
  if (!c || typeof c.getRandomValues !== 'function') {
    throw new Error('commitRound needs crypto.getRandomValues, which this platform lacks; there is no weaker fallback');
  }
  const seed = c.getRandomValues(new Uint8Array(32));
  return { serverSeed: toHex(seed), commitment: toHex(sha256(seed)) };
}

/** The commitment of a server seed (64 lowercase hex characters): SHA-256 of its 32 bytes. */
export function commitmentOf(serverSeed: string): string {
  return toHex(sha256(fromHex(checkHex64('serverSeed', serverSeed))));
}
