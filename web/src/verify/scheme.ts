/**
 * The scheme of docs/provably-fair.md, step by step: the round key (WebCrypto HMAC-SHA256 over
 * length-prefixed fields), the ChaCha20 stream, "mask and reject" draws, sort + Fisher–Yates.
 * Cards are sort keys (face index · decks + copy), so copies of a face are interchangeable.
 */
import { KeyStream } from './chacha20.js';

const TAG = new TextEncoder().encode('fairdeck/provable/v1');

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('verifyRound needs WebCrypto (crypto.subtle): Node 20+, or a page served over https or from localhost');
  return s;
}

/** u32be(len) ‖ bytes for each field, then the nonce as 8 big-endian bytes. */
export function roundMessage(clientSeed: string, nonce: number): Uint8Array<ArrayBuffer> {
  const client = new TextEncoder().encode(clientSeed);
  const out = new Uint8Array(4 + TAG.length + 4 + client.length + 8);
  const view = new DataView(out.buffer);
  view.setUint32(0, TAG.length);
  out.set(TAG, 4);
  view.setUint32(4 + TAG.length, client.length);
  out.set(client, 8 + TAG.length);
  view.setUint32(out.length - 8, Math.floor(nonce / 2 ** 32));
  view.setUint32(out.length - 4, nonce >>> 0);
  return out;
}

/** The round's ChaCha20 key: HMAC-SHA256(serverSeed bytes, roundMessage). */
export async function roundKey(serverSeed: Uint8Array, clientSeed: string, nonce: number): Promise<Uint8Array> {
  const key = await subtle().importKey('raw', new Uint8Array(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', key, roundMessage(clientSeed, nonce)));
}

/** SHA-256 of the seed bytes, lowercase hex. */
export async function commitmentOf(serverSeed: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', new Uint8Array(serverSeed)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A round's stream of draws and shuffles. */
export class RoundStream {
  readonly #words: KeyStream;

  constructor(key: Uint8Array) {
    this.#words = new KeyStream(key);
  }

  /** Uniform in [0, bound), 2 ≤ bound ≤ 2^31: next word AND (2^⌈log2 bound⌉ − 1), rejected while ≥ bound. */
  draw(bound: number): number {
    let mask = 1;
    while (mask < bound) mask *= 2;
    for (;;) {
      const x = (this.#words.word() & (mask - 1)) >>> 0;
      if (x < bound) return x;
    }
  }

  /** Sorts, Fisher–Yates from the top, and returns the cards in deal order (last position first). */
  shuffle(keys: number[]): number[] {
    const a = [...keys].sort((x, y) => x - y);
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.draw(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a.reverse();
  }
}
