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

/**
 * Emscripten's raw heap functions, which every module object has (the package never uses them):
 * tests take blocks with them to fill or grow a module's heap. `_malloc` is the wasm export
 * itself, so it returns 0 when nothing fits and a signed i32 (an address above 2 GiB reads as a
 * negative number, which `_free` takes back as it is).
 */
export interface RawHeap {
  _malloc(bytes: number): number;
  _free(ptr: number): void;
}

/** `m` with its raw heap functions typed (see RawHeap). */
export function raw<M extends object>(m: M): M & RawHeap {
  return m as M & RawHeap;
}
