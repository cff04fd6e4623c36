/**
 * Internal helpers shared by bulk shuffles and raw random output: a core stream keyed from a seed
 * or from platform entropy, and a WASM heap allocation that is always freed.
 */
import { entropy } from './entropy.js';
import { coreError, embind } from './errors.js';
import { core } from './load.js';
import { SeedKind, type RngName, type SeedBytes } from './options.js';
import type { CoreStream, FairdeckModule } from './wasm/fairdeck.js';

/** Positions or words handled per call into WASM: bounded so V8 can tier up between calls. */
export const CHUNK = 1 << 18;

/** Runs `body` with a stream over `n` items; the stream is always freed. */
export function withStream<T>(n: number, rng: RngName, seed: SeedBytes | undefined, body: (s: CoreStream, m: FairdeckModule) => T): T {
  const m = core();
  const key = seed ?? { kind: SeedKind.Entropy, bytes: entropy() };
  const stream = embind(() => new m.CoreStream(n, rng, key.kind, key.bytes));
  try {
    if (!stream.ok()) throw coreError(m);
    return body(stream, m);
  } finally {
    stream.delete();
  }
}

/** Runs `body` with `bytes` of WASM heap; RangeError if the heap cannot grow that far. */
export function withHeap<T>(bytes: number, what: string, body: (ptr: number) => T): T {
  const m = core();
  const ptr = bytes > 0 ? m.allocate(bytes) : 0;
  if (bytes > 0 && ptr === 0) {
    throw new RangeError(`${what} is too large for the WASM heap (needs ${bytes} bytes; the heap can hold at most 4 GiB)`);
  }
  try {
    return body(ptr);
  } finally {
    if (ptr) m.release(ptr);
  }
}
