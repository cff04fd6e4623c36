/**
 * The scheme of docs/provably-fair.md, step by step: the round key (WebCrypto HMAC-SHA256 over
 * length-prefixed fields; version 2 adds the composition), the ChaCha20 stream, "mask and reject"
 * draws, sort + Fisher–Yates. Cards are sort keys (face index · decks + copy), so copies of a face
 * are interchangeable.
 */
import { KeyStream } from './chacha20.js';

const encoder = new TextEncoder();
const TAGS = { 1: encoder.encode('fairdeck/provable/v1'), 2: encoder.encode('fairdeck/provable/v2') } as const;

/** The composition as version 2 hashes it: 'french:decks=1:jokers=0', 'generic:size=52'. */
export function compositionText(deck: { style: 'french' | 'german' | 'generic'; decks: number; jokers: number; size: number }): string {
  return deck.style === 'generic' ? `generic:size=${deck.size}` : `${deck.style}:decks=${deck.decks}:jokers=${deck.jokers}`;
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('verifyRound needs WebCrypto (crypto.subtle): Node 20+, or a page served over https or from localhost');
  return s;
}

/**
 * The HMAC message: u32be(len) ‖ bytes for the tag and the client seed, the nonce as 8 big-endian
 * bytes, then (version 2) u32be(len) ‖ the composition text.
 */
export function roundMessage(version: 1 | 2, clientSeed: string, nonce: number, composition: string): Uint8Array<ArrayBuffer> {
  const fields = [TAGS[version], encoder.encode(clientSeed)];
  const tail = version === 1 ? [] : [encoder.encode(composition)];
  const size = [...fields, ...tail].reduce((n, f) => n + 4 + f.length, 8);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  const put = (f: Uint8Array) => {
    view.setUint32(at, f.length);
    out.set(f, at + 4);
    at += 4 + f.length;
  };
  fields.forEach(put);
  view.setUint32(at, Math.floor(nonce / 2 ** 32));
  view.setUint32(at + 4, nonce >>> 0);
  at += 8;
  tail.forEach(put);
  return out;
}

/** The round's ChaCha20 key: HMAC-SHA256(serverSeed bytes, roundMessage). */
export async function roundKey(serverSeed: Uint8Array, message: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const key = await subtle().importKey('raw', new Uint8Array(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', key, message));
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
