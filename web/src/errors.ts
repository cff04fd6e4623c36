/**
 * Turning the core's recorded failures into real JavaScript errors.
 * The core never throws across the WASM boundary; it records the kind and message of its error
 * and reports failure by return value (see cpp/bindings/fairdeck.cpp).
 */
import type { FairdeckModule } from './wasm/fairdeck.js';

/** The error the core recorded for its last failed call, as a TypeError, RangeError or Error. */
export function coreError(core: FairdeckModule): Error {
  const message = core.lastErrorMessage();
  switch (core.lastErrorKind()) {
    case 2:
      return new TypeError(message);
    case 3:
      return new RangeError(message);
    default:
      return new Error(message || 'fairdeck core failed without a message');
  }
}

/**
 * Runs an Embind call that allocates before the core's own error handling runs (the C++ object
 * itself, copies of its string arguments). On a full heap Emscripten 3.1.6 throws that
 * std::bad_alloc into JS as a bare number; this turns it into the RangeError the core gives.
 */
export function embind<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (typeof error === 'number') throw new RangeError('not enough WASM memory for this request (the heap holds at most 4 GiB)');
    throw error;
  }
}

/** Quotes a user's value for an error message, without throwing on odd values. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (value instanceof Uint8Array) return `Uint8Array(${value.length})`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `a ${Object.prototype.toString.call(value).slice(8, -1)}`;
}
