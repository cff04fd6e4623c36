/**
 * Hex text and bytes: apart from sha256.ts so that the deck path (a provable deck's seeds in
 * options.ts) does not pull in the SHA-256 tables, which bundlers keep as top-level code.
 */

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** Bytes of an even-length lowercase hex string (validated by the caller). */
export function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
