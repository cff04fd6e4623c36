/**
 * SHA-256 for `commitRound()` and `commitmentOf()`: @noble/hashes' (audited; a runtime dependency,
 * so that an advisory reaches users through `npm audit` and a fix through `npm update`).
 * Synchronous, where WebCrypto's digest is async only. Only `fairdeck/provable` imports it: an
 * app that does not import that entry ships none of @noble/hashes.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

/** The SHA-256 digest of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}
