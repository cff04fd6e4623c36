/**
 * ChaCha20's keystream as 32-bit words (RFC 8439 §2.3 block function; the 64-bit block counter in
 * words 12–13 starts at 0 and words 14–15 are zero), written for the verifier alone: it shares
 * no code with the WASM core.
 */
const rotl = (v: number, n: number) => (v << n) | (v >>> (32 - n));

function quarter(x: Uint32Array, a: number, b: number, c: number, d: number): void {
  x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 16);
  x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 12);
  x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 8);
  x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 7);
}

/** One RFC 8439 block: 20 rounds over `input`, then `input` added back. */
export function chachaBlock(input: Uint32Array): Uint32Array {
  const x = input.slice();
  for (let i = 0; i < 10; i++) {
    quarter(x, 0, 4, 8, 12); quarter(x, 1, 5, 9, 13); quarter(x, 2, 6, 10, 14); quarter(x, 3, 7, 11, 15);
    quarter(x, 0, 5, 10, 15); quarter(x, 1, 6, 11, 12); quarter(x, 2, 7, 8, 13); quarter(x, 3, 4, 9, 14);
  }
  for (let i = 0; i < 16; i++) x[i] += input[i];
  return x;
}

/** The keystream of a 32-byte key, one little-endian 32-bit word at a time. */
export class KeyStream {
  readonly #state = new Uint32Array(16);
  #block: Uint32Array = new Uint32Array(16);
  #used = 16;
  #counter = 0;

  constructor(key: Uint8Array) {
    this.#state.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
    const view = new DataView(key.buffer, key.byteOffset, 32);
    for (let i = 0; i < 8; i++) this.#state[4 + i] = view.getUint32(4 * i, true);
  }

  /** The next word. */
  word(): number {
    if (this.#used === 16) {
      this.#state[12] = this.#counter >>> 0;
      this.#state[13] = Math.floor(this.#counter / 2 ** 32);
      this.#block = chachaBlock(this.#state);
      this.#counter += 1;
      this.#used = 0;
    }
    return this.#block[this.#used++];
  }
}
