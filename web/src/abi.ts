/**
 * The core's C ABI (cpp/bindings/fairdeck.cpp) as typed functions, plus the few helpers every
 * caller needs: heap views, byte strings in, text out, and the core's recorded errors.
 *
 * Exports are called directly (no Embind, no generated invokers, so no `eval`: a strict CSP
 * works): each is the wasm function itself, or for unsigned results a `>>> 0` wrapper of it.
 */
import { core } from './load.js';
import type { FairdeckModule } from './instantiate.js';

type Ptr = number;
/** The exports, by name without the `fd_` prefix (see cpp/bindings/fairdeck.cpp for each). */
export interface Abi {
  error_kind(): number;
  error_message(): Ptr;
  error_length(): number;
  text_length(): number;
  text_free(): void;
  alloc(bytes: number): Ptr;
  free(ptr: Ptr): void;
  heap_used(): number;
  deck_new(style: Ptr, styleLen: number, decks: number, jokers: number, size: number, strategy: Ptr, strategyLen: number,
    rng: Ptr, rngLen: number, seedKind: number, seed: Ptr, seedLen: number): Ptr;
  deck_new_provable(style: Ptr, styleLen: number, decks: number, jokers: number, size: number, server: Ptr, serverLen: number,
    client: Ptr, clientLen: number, nonce: number): Ptr;
  /** A deck from a state's fields (web/src/state.ts readState; cold.cpp says the layout). */
  deck_restore(
    style: Ptr, styleLen: number, strategy: Ptr, strategyLen: number, rng: Ptr, rngLen: number, engine: Ptr, engineLen: number,
    entropy: Ptr, entropyLen: number, ids: Ptr, idsLen: number, decks: number, jokers: number, size: number, flags: number,
    undealt: number, returned: number, dealt: number,
  ): Ptr;
  deck_free(deck: Ptr): void;
  deck_port(deck: Ptr): Ptr;
  deck_shuffle(deck: Ptr): number;
  deck_shuffle_remaining(deck: Ptr): number;
  deck_deal_one(deck: Ptr): number;
  deck_deal(deck: Ptr, n: number): number;
  deck_pile(deck: Ptr, which: number): number;
  deck_input(deck: Ptr, n: number): Ptr;
  deck_return(deck: Ptr, n: number): number;
  deck_buffer(deck: Ptr): Ptr;
  deck_size(deck: Ptr): number;
  deck_remaining(deck: Ptr): number;
  deck_returned(deck: Ptr): number;
  deck_info(deck: Ptr): Ptr;
  deck_save(deck: Ptr, includeSecret: number): Ptr;
  words_new(rng: Ptr, rngLen: number, seedKind: number, seed: Ptr, seedLen: number): Ptr;
  words_free(words: Ptr): void;
  words_fill(words: Ptr, out: Ptr, count: number): void;
  faces(style: Ptr, styleLen: number, jokers: number): Ptr;
}

/**
 * The deck module's own exports (the basic ones are bound for every module: bindExports), by the
 * kind of their result. WebAssembly returns i32 to JS as a signed number, so exports whose result
 * is unsigned (a pointer, a count or a size) are read with `>>> 0`: the heap reaches 4 GiB, and
 * counts use 0xffffffff for failure.
 */
const SIGNED: readonly (keyof Abi)[] = [
  'deck_free', 'deck_shuffle', 'deck_shuffle_remaining', 'deck_deal_one', 'deck_return', 'words_free', 'words_fill',
];
const UNSIGNED: readonly (keyof Abi)[] = [
  'deck_new', 'deck_new_provable', 'deck_restore', 'deck_port', 'deck_deal', 'deck_pile', 'deck_input',
  'deck_buffer', 'deck_size', 'deck_remaining', 'deck_returned', 'deck_info', 'deck_save', 'words_new', 'faces',
];

/** The loaded module and its exports. */
export interface Core {
  m: FairdeckModule;
  abi: Abi;
}

/** The exports every module has (cpp/bindings/basics.cpp): enough for the helpers below. */
export type BasicAbi = Pick<Abi, 'error_kind' | 'error_message' | 'error_length' | 'text_length' | 'text_free' | 'alloc' | 'free' | 'heap_used'>;
/** A loaded module with at least the basic exports (the deck module, or the fairness module). */
export interface BasicCore {
  m: FairdeckModule;
  abi: BasicAbi;
}

/** The exports every module has (basics.cpp), by the kind of their result. */
const BASIC_SIGNED = ['error_kind', 'free', 'heap_used', 'text_free'] as const;
const BASIC_UNSIGNED = ['error_message', 'error_length', 'text_length', 'alloc'] as const;

/**
 * A module's exports by name without the `fd_` prefix: the basic ones plus `signed` and
 * `unsigned`. Exports with an unsigned result are read with `>>> 0`; the others are the wasm
 * functions themselves, so a call costs one direct wasm call.
 */
export function bindExports<A>(m: FairdeckModule, signed: readonly string[], unsigned: readonly string[]): A {
  const exports = m as unknown as Record<string, (...args: number[]) => number>;
  const unsignedResult = (raw: (...args: number[]) => number) => (...a: number[]) => raw(...a) >>> 0;
  // Object.fromEntries, not computed-key stores: those would leave the object in V8's dictionary
  // mode, a hash lookup at every call (instantiate.ts).
  return Object.fromEntries([
    ...[...BASIC_SIGNED, ...signed].map((name) => [name, exports[`_fd_${name}`]]),
    ...[...BASIC_UNSIGNED, ...unsigned].map((name) => [name, unsignedResult(exports[`_fd_${name}`])]),
  ]) as A;
}

let bound: Core | undefined;

/** The exports of the loaded module; throws the "not initialised" Error before init(). */
export function native(): Core {
  const m = core();
  if (bound?.m === m) return bound;
  bound = { m, abi: bindExports<Abi>(m, SIGNED, UNSIGNED) };
  return bound;
}

/** The core's recorded error for its last failed call, as a TypeError, RangeError or Error. */
export function coreError({ m, abi }: BasicCore): Error {
  const message = decode(m, abi.error_message(), abi.error_length());
  switch (abi.error_kind()) {
    case 2:
      return new TypeError(message);
    case 3:
      return new RangeError(message);
    default:
      return new Error(message || 'fairdeck core failed without a message');
  }
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function decode(m: FairdeckModule, ptr: Ptr, length: number): string {
  return length === 0 ? '' : decoder.decode(m.HEAPU8.subarray(ptr, ptr + length));
}

/** Reads the text result at `ptr` (0: the core's error) and frees it, whatever happens. */
export function takeText(c: BasicCore, ptr: Ptr): string {
  try {
    if (ptr === 0) throw coreError(c);
    return decode(c.m, ptr, c.abi.text_length());
  } finally {
    c.abi.text_free();
  }
}

/** Encodings of the few names passed again and again (engines, strategies, styles). */
const names = new Map<string, Uint8Array>();
function encode(v: string | Uint8Array): Uint8Array {
  if (typeof v !== 'string') return v;
  let b = names.get(v);
  if (!b) {
    b = encoder.encode(v);
    if (v.length <= 32 && names.size < 64) names.set(v, b);
  }
  return b;
}

/** A small heap block per module for arguments (most calls pass a few names and a seed). */
const SCRATCH = 1024;
const scratch = new WeakMap<BasicCore, number>();

/**
 * Calls `body` with `values` (strings as UTF-8, byte arrays as they are) copied into the heap,
 * as [ptr0, len0, ptr1, len1, …]; `body` must only call the core (the block is reused).
 * RangeError if the heap cannot hold them.
 */
export function withBytes<T>(c: BasicCore, values: readonly (string | Uint8Array)[], body: (at: number[]) => T): T {
  const bytes = values.map(encode);
  const total = bytes.reduce((s, b) => s + b.length, 0);
  let block = 0, own = false;
  if (total > 0) {
    block = total <= SCRATCH ? (scratch.get(c) ?? 0) : 0;
    if (block === 0 && total <= SCRATCH && (block = c.abi.alloc(SCRATCH)) !== 0) scratch.set(c, block);
    else if (block === 0) own = (block = c.abi.alloc(total)) !== 0;
    if (block === 0) throw new RangeError(`not enough WASM memory for ${total} bytes of arguments`);
  }
  try {
    const at: number[] = [], heap = c.m.HEAPU8;
    let p = block;
    for (const b of bytes) {
      heap.set(b, p);
      at.push(b.length ? p : 0, b.length);
      p += b.length;
    }
    return body(at);
  } finally {
    if (own) c.abi.free(block);
  }
}

/** Runs `body` with `bytes` of heap, always freed; RangeError naming `what` if it cannot be had. */
export function withHeap<T>(c: BasicCore, bytes: number, what: string, body: (ptr: Ptr) => T): T {
  const ptr = bytes > 0 ? c.abi.alloc(bytes) : 0;
  if (bytes > 0 && ptr === 0) {
    throw new RangeError(`${what} is too large for the WASM heap (needs ${bytes} bytes; the heap can hold at most 4 GiB)`);
  }
  try {
    return body(ptr);
  } finally {
    if (ptr) c.abi.free(ptr);
  }
}
