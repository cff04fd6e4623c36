/**
 * The group of docs/trustless.md, ristretto255 (RFC 9496), as @noble/curves gives it, and the few
 * operations the transcript verifier needs: decoding points and scalars from the transcript's hex,
 * scalar arithmetic mod ℓ (the curve's Fn field), multi-scalar products (noble's Pippenger), hashing
 * to the group and to scalars with @noble/hashes' SHA-512. Nothing here is arithmetic of our own:
 * every operation is one of the libraries' calls.
 */
import { pippenger } from '@noble/curves/abstract/curve.js';
import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { bytesToHex, bytesToNumberLE, hexToBytes } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';

/** A ristretto255 element. */
export type Point = InstanceType<typeof ristretto255.Point>;

/** The group: points, the base point G, the identity. */
export const Group: typeof ristretto255.Point = ristretto255.Point;

/** Scalars mod ℓ = 2^252 + 27742317777372353535851937790883648493 (noble's Fn: add, sub, mul, neg…). */
export const Fn = ristretto255.Point.Fn;

/** The input is not what docs/trustless.md says a field holds (a bad encoding, length or shape). */
export class EncodingError extends Error {}

const HEX = /^[0-9a-f]*$/;

/** Bytes of a lowercase hex string of `length` bytes. */
export function bytesOf(hex: unknown, length: number, what: string): Uint8Array {
  if (typeof hex !== 'string' || hex.length !== 2 * length || !HEX.test(hex))
    throw new EncodingError(`${what}: expected ${length} bytes as ${2 * length} lowercase hex digits`);
  return hexToBytes(hex);
}

/**
 * A point from its 32-byte canonical encoding (RFC 9496 §4.3.1 decode, which rejects non-canonical
 * and non-ristretto strings).
 */
export function pointOf(hex: unknown, what: string): Point {
  const bytes = bytesOf(hex, 32, what);
  try {
    return Group.fromBytes(bytes);
  } catch {
    throw new EncodingError(`${what}: not the canonical encoding of a ristretto255 element`);
  }
}

/** A scalar from its 32-byte little-endian canonical encoding (< ℓ; noble's Fn.fromBytes rejects the rest). */
export function scalarOf(hex: unknown, what: string): bigint {
  const bytes = bytesOf(hex, 32, what);
  try {
    return Fn.fromBytes(bytes);
  } catch {
    throw new EncodingError(`${what}: not a canonical scalar (32 little-endian bytes, less than the group order)`);
  }
}

// Optional in noble's hasher type; ristretto255's always has it.
const deriveToCurve = (bytes64: Uint8Array): Point => ristretto255_hasher.deriveToCurve!(bytes64);

/** The 32-byte canonical encoding of a point. */
export function pointBytes(p: Point): Uint8Array {
  return p.toBytes();
}

/** The 32-byte little-endian encoding of a scalar. */
export function scalarBytes(s: bigint): Uint8Array {
  return Fn.toBytes(s);
}

/** Lowercase hex of bytes. */
export const hex = (b: Uint8Array): string => bytesToHex(b);

/** SHA-512 of the bytes. */
export const sha512Of = (b: Uint8Array): Uint8Array => sha512(b);

/**
 * A scalar from 64 bytes, reduced mod ℓ as a little-endian integer: libsodium's
 * `crypto_core_ristretto255_scalar_reduce`.
 */
export function scalarFromWide(bytes64: Uint8Array): bigint {
  if (bytes64.length !== 64) throw new Error('scalarFromWide takes 64 bytes');
  return Fn.create(bytesToNumberLE(bytes64));
}

/**
 * A point from 64 uniform bytes by RFC 9496's element derivation (§4.3.4, two one-way maps added):
 * libsodium's `crypto_core_ristretto255_from_hash`; noble's `ristretto255_hasher.deriveToCurve`.
 */
export function pointFromWide(bytes64: Uint8Array): Point {
  return deriveToCurve(bytes64);
}

/** Σ sᵢ·Pᵢ (noble's Pippenger; the empty sum is the identity). */
export function msm(points: Point[], scalars: bigint[]): Point {
  return pippenger(Group, points, scalars);
}

/** s·P for any scalar 0 ≤ s < ℓ, P public (noble's variable-time multiply; 0 gives the identity). */
export function mul(p: Point, s: bigint): Point {
  return p.multiplyUnsafe(s);
}

/** s·G. */
export function mulBase(s: bigint): Point {
  return Group.BASE.multiplyUnsafe(s);
}
