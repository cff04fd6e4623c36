/**
 * ChaCha20's keystream as 32-bit words, for the verifier: @noble/ciphers' `chacha20orig` (audited,
 * a runtime dependency; the original variant: 64-bit block counter in words 12–13, 64-bit nonce in
 * words 14–15, here zero), so that the verifier shares no ChaCha20 code with the WASM core, whose
 * stream is libsodium's (docs/cryptography.md).
 */
import { chacha20orig } from '@noble/ciphers/chacha.js';

/** Blocks computed per call: 16 blocks of 64 bytes. A round of a few decks draws a few hundred words. */
const CHUNK_BLOCKS = 16;
const NONCE = new Uint8Array(8);
const ZEROS = new Uint8Array(64 * CHUNK_BLOCKS);

/** The keystream of a 32-byte key, one little-endian 32-bit word at a time, from block 0. */
export class KeyStream {
  readonly #key: Uint8Array;
  readonly #bytes = new Uint8Array(64 * CHUNK_BLOCKS);
  readonly #view = new DataView(this.#bytes.buffer);
  #used = 16 * CHUNK_BLOCKS;
  #counter = 0;

  constructor(key: Uint8Array) {
    if (key.length !== 32) throw new RangeError(`KeyStream: key must be 32 bytes, got ${key.length}`);
    this.#key = Uint8Array.from(key);
  }

  /** The next word. */
  word(): number {
    if (this.#used === 16 * CHUNK_BLOCKS) {
      chacha20orig(this.#key, NONCE, ZEROS, this.#bytes, this.#counter);
      this.#counter += CHUNK_BLOCKS;
      this.#used = 0;
    }
    return this.#view.getUint32(4 * this.#used++, true);
  }
}
