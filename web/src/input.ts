/**
 * Reading callers' values into plain values before anything changes (SECURITY.md, "Hostile
 * input"). Typed arrays are measured through the intrinsic %TypedArray% getters, never through
 * the object's own (possibly lying) properties; options must be plain objects and are copied;
 * iterables are copied up front, so caller code that runs while they are read cannot see or
 * change a half-done operation.
 */

const TypedArray = Object.getPrototypeOf(Uint8Array.prototype) as object;
const getter = (name: PropertyKey) => Object.getOwnPropertyDescriptor(TypedArray, name)!.get!;
const tagOf = getter(Symbol.toStringTag) as (this: unknown) => string | undefined;
const lengthOf = getter('length') as (this: unknown) => number;
const byteOffsetOf = getter('byteOffset') as (this: unknown) => number;
const bufferOf = getter('buffer') as (this: unknown) => ArrayBufferLike;

/** Bytes per element of each typed array kind (never read from the object itself). */
const WIDTH: Record<string, number> = {
  Int8Array: 1, Uint8Array: 1, Uint8ClampedArray: 1, Int16Array: 2, Uint16Array: 2, Int32Array: 4, Uint32Array: 4,
  Float32Array: 4, Float64Array: 8, BigInt64Array: 8, BigUint64Array: 8,
};

/** The typed array kind of `value` ('Uint8Array', …), or undefined if it is not a typed array. */
export function typedArrayName(value: unknown): string | undefined {
  return tagOf.call(value);
}

/** What a typed array really is: its bytes as a Uint8Array over the same memory, and its shape. */
export interface TypedBytes {
  kind: string;
  length: number;
  width: number;
  bytes: Uint8Array;
}

/**
 * Measures typed array `value` through the intrinsic getters; TypeError naming `name` if it is
 * not a typed array or its buffer is detached. Returns undefined for anything else.
 */
export function typedBytes(value: unknown, name: string): TypedBytes | undefined {
  const kind = tagOf.call(value);
  if (kind === undefined) return undefined;
  const length = lengthOf.call(value), width = WIDTH[kind];
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(bufferOf.call(value), byteOffsetOf.call(value), length * width);
  } catch {
    throw new TypeError(`${name} is a ${kind} whose buffer is detached (transferred or freed); it cannot be read`);
  }
  return { kind, length, width, bytes };
}

/**
 * Keys that no options object may carry, whatever its reader accepts: they name prototypes, not
 * options. `JSON.parse('{"__proto__": {…}}')` makes `__proto__` an own data property, which a copy
 * made by assignment would turn into the copy's prototype (every read then finds its fields).
 */
const FORBIDDEN: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/**
 * The copies ownOptions makes: objects whose prototype is a frozen object with no prototype, so a
 * read of an option the caller did not give finds nothing (not Object.prototype's, whatever was
 * added to it), while the copy stays an ordinary fast object for the engine (an object made by
 * Object.create(null) is kept as a dictionary, which made `new Deck({ seed })` about 100 ns
 * slower: issue 58's bench).
 */
const OptionsCopy = function OptionsCopy() {} as unknown as new () => object;
OptionsCopy.prototype = Object.freeze(Object.create(null));

/** What a value that threw while it was read as an object is: only a Proxy can throw there. */
function thrower(value: object, step: string): string {
  try {
    Array.isArray(value);  // runs no trap: throws only for a revoked proxy
  } catch {
    return 'a revoked proxy';
  }
  return `a Proxy whose ${step} trap threw`;
}

/**
 * The one reader of options objects (SECURITY.md, "Options objects"). `value` must be undefined
 * (no options: `{}`) or a plain object (prototype Object.prototype or null); its own enumerable
 * string keys must all be in `known` (when given) and never `__proto__`, `constructor` or
 * `prototype`; each must be a data property, whose value is copied. Returns a new object whose prototype is
 * OptionsCopy's (which has none), so no read of the copy can reach Object.prototype or a caller's prototype.
 *
 * No getter is ever called: an accessor property is a TypeError naming it. Of a Proxy's traps,
 * getPrototypeOf and ownKeys run once, getOwnPropertyDescriptor twice per key (Object.keys asks
 * it whether the key is enumerable; the value comes from our own call), and get never; if one
 * throws, the TypeError says which (the trap's error is its `cause`). Nothing is copied with
 * Object.assign, spread or `for … in`.
 */
export function ownOptions(value: unknown, what: string, known?: readonly string[]): Record<string, unknown> {
  const copy = new OptionsCopy() as Record<string, unknown>;
  if (value === undefined) return copy;
  let proto: unknown;
  try {
    proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  } catch (cause) {
    const it = thrower(value as object, 'getPrototypeOf');
    throw new TypeError(`${what} must be a plain object, got ${it}`, it === 'a revoked proxy' ? undefined : { cause });
  }
  // proto is undefined for null and non-objects; a copy made here may be read again (init passes its options on)
  if (proto !== Object.prototype && proto !== null && proto !== OptionsCopy.prototype) {
    const got = value === null || typeof value !== 'object' ? String(typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : typeof value)
      : Array.isArray(value) ? 'an array' : 'an object of another class';
    throw new TypeError(`${what} must be a plain object ({ … }), got ${got}`);
  }
  const o = value as object;
  let keys: string[];
  try {
    keys = Object.keys(o);  // own enumerable string keys: the options (Reflect.ownKeys costs 3× more)
  } catch (cause) {
    throw new TypeError(`${what} could not be read: it is ${thrower(o, 'ownKeys or getOwnPropertyDescriptor')}`, { cause });
  }
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    let d: PropertyDescriptor | undefined;
    try {
      d = Object.getOwnPropertyDescriptor(o, key);  // a new plain object: reading it runs no caller code
    } catch (cause) {
      throw new TypeError(`${what} could not be read: it is ${thrower(o, 'getOwnPropertyDescriptor')}`, { cause });
    }
    if (d === undefined || !d.enumerable) continue;  // not an option (or a Proxy that listed a key it does not have)
    if (known ? !known.includes(key) : FORBIDDEN.includes(key)) {
      throw new TypeError(`unknown option '${key}' in ${what}${known ? ` (known: ${known.join(', ')})` : ''}`);
    }
    if (!('value' in d)) {
      throw new TypeError(`option '${key}' in ${what} is a getter (an accessor property): options are read as plain values, and fairdeck calls no getter`);
    }
    copy[key] = d.value;
  }
  return copy;
}

/** The own data properties of a plain object (or undefined → {}), any keys but `__proto__`, `constructor`, `prototype`: ownOptions. */
export function plainObject(value: unknown, what: string): Record<string, unknown> {
  return ownOptions(value, what);
}

/**
 * The most ids (4-byte words) one call may allocate for its result unless the caller raises it
 * (`sampleIds`'s `maxIds`): 2^26 ids, 256 MiB (2^28 bytes) — a whole deck of the core's largest
 * size (manifest().limits.maxCards), and far more than any deal needs (docs/limits.md, "What one
 * call may allocate"). The one place this default is written.
 */
export const MAX_IDS = 2 ** 26;

/**
 * A copy of iterable `value` (not a string); TypeError naming `what` if it is not iterable.
 * Of any other iterable at most `max` items are read, plus one to know there are more: then a
 * RangeError naming `what` and the limit (`why` says where it comes from), the iterator closed and
 * nothing changed, so an endless generator is refused rather than read until memory runs out.
 */
export function copyIterable(value: unknown, what: string, expected: string, max: number, why: string): unknown[] {
  let iterable = false;
  if (typeof value === 'object' && value !== null || typeof value === 'function') {
    try {
      iterable = typeof (value as Iterable<unknown>)[Symbol.iterator] === 'function';
    } catch (cause) {
      const it = thrower(value, 'get');
      throw new TypeError(it === 'a revoked proxy' ? `${what} must be an array (or iterable) of ${expected}, got a revoked proxy`
        : `${what} could not be read: reading its Symbol.iterator threw (a getter, or a Proxy's get trap)`, { cause });
    }
  }
  if (!iterable) throw new TypeError(`${what} must be an array (or iterable) of ${expected}`);
  typedBytes(value, what);  // a detached typed array: a TypeError naming `what`, not the engine's
  const out: unknown[] = [];
  let over = false;
  // An Array or a typed array is already whole in memory (the caller paid for it): copied whole,
  // so its items are checked as before (a null in a too-long list is the TypeError naming it).
  // Only an iterator, which may never end, is read to the bound.
  if (Array.isArray(value) || ArrayBuffer.isView(value)) max = Infinity;
  try {
    // for … of: leaving the loop by a throw calls the iterator's return(), as Array.from does
    for (const item of value as Iterable<unknown>) {
      if (out.length === max) {
        over = true;
        break;
      }
      out.push(item);
    }
  } catch (cause) {
    // The caller's own code (its iterator, an index getter, a Proxy trap) threw: nothing has changed.
    throw new TypeError(`${what} could not be read: its iterator threw (the error is this one's cause); nothing was changed`, { cause });
  }
  if (over) throw new RangeError(`${what} holds more than ${max} items (${why}); reading stopped at item ${max + 1} and nothing was changed`);
  return out;
}

/** True if `s` holds a UTF-16 surrogate that is not part of a pair (it has no UTF-8 encoding). */
export function hasLoneSurrogate(s: string): boolean {
  return /[\uD800-\uDFFF]/u.test(s);
}
