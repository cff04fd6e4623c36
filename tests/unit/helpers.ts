/** Shared by the unit suites: the golden vectors and small utilities. */
import { readFileSync } from 'node:fs';

/** A seed as the vector files write it. */
export interface VectorSeed {
  kind: 'integer' | 'text' | 'bytes';
  seed: string;
}

/** The seed value the public API takes for a vector's seed. */
export function seedOf(v: VectorSeed): number | bigint | string | Uint8Array {
  if (v.kind === 'integer') return BigInt(v.seed) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v.seed) : BigInt(v.seed);
  if (v.kind === 'text') return v.seed;
  return Uint8Array.from(v.seed.match(/../g) ?? [], (h) => parseInt(h, 16));
}

/** Reads tests/vectors/NAME. */
export function vectors<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../vectors/${name}`, import.meta.url), 'utf8')) as T;
}
