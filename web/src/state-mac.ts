/**
 * Authenticated saved states (issue 59; SECURITY.md, "Saved states"). `deck.toJSON({ key })` adds
 * `mac`: HMAC-SHA256 — libsodium's, computed in the deck's WASM module (cold.cpp, state_mac) —
 * under the caller's key of at least 32 bytes, over a canonical encoding of every other field:
 * the text 'fairdeck-deck-mac/1\n', then the state as JSON with each object's keys sorted (UTF-16
 * order), no spaces, arrays in order. Canonical, so a state that went through another JSON
 * writer (keys reordered, spaces added) still verifies; any change to a value does not.
 * `Deck.fromJSON(state, { key })` restores a state only if its `mac` matches; a state with a
 * `mac` given no key, and a state without one given a key, are refused: an attacker could
 * otherwise strip the MAC, or the caller would not know the state was not checked.
 */
import { coreError, type DeckModule } from './binding.js';
import { typedBytes } from './input.js';

const encoder = new TextEncoder();

/** The caller's key, as bytes: a typed array of at least 32 bytes (TypeError / RangeError naming `key`). */
export function macKey(value: unknown): Uint8Array {
  const t = typedBytes(value, 'key');
  if (t === undefined) throw new TypeError('key must be a Uint8Array of 32 or more random bytes');
  if (t.bytes.length < 32) throw new RangeError(`key must be at least 32 bytes, got ${t.bytes.length}`);
  return t.bytes.slice();
}

const mismatch = () => new Error("state's mac does not match: the state was changed after it was saved, or the key is not the one it was saved with");

/**
 * The canonical text of a parsed state (see above); a state nests 4 deep at most (state → piles →
 * a pile's ids; a provable deck's state → history → an event → its codes).
 */
function canonical(v: unknown, depth: number): string {
  if (depth > 4) throw mismatch();  // not a state fairdeck wrote
  if (Array.isArray(v)) return `[${v.map((x) => canonical(x, depth + 1)).join(',')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  // Read through descriptors: an own "__proto__" key (JSON.parse makes one) is a field, not the prototype.
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(Object.getOwnPropertyDescriptor(v, k)!.value, depth + 1)}`).join(',')}}`;
}

/** The MAC of `fields` (a parsed state, `mac` left out) under `key`, as 64 hex digits. */
export function stateMac(c: DeckModule, key: Uint8Array, fields: object): string {
  const message = encoder.encode(`fairdeck-deck-mac/1\n${canonical(fields, 0)}`);
  const view = c.input(Math.ceil((key.length + message.length) / 4));
  if (view === null) throw coreError(c);
  const b = new Uint8Array(view.buffer, view.byteOffset, view.length * 4);
  b.set(key), b.set(message, key.length);
  c.stateMac(key.length, message.length);  // allocates nothing: `b` stays a view of the buffer
  let hex = '';
  for (let i = 0; i < 32; i++) hex += (b[i] + 256).toString(16).slice(1);
  c.input(0);
  return hex;
}

/**
 * A parsed state checked against `key`: the state without its `mac` if it matches (Error if not);
 * refused if one of the two is missing; the state itself when neither is given.
 */
export function checkMac(c: DeckModule, parsed: unknown, key: unknown): unknown {
  const o = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, unknown> : undefined;
  const d = o && Object.getOwnPropertyDescriptor(o, 'mac');
  if (key === undefined) {
    if (d) throw new Error('state has a mac: pass the key it was saved with, Deck.fromJSON(state, { key })');
    return parsed;
  }
  const k = macKey(key);
  if (!d) throw new Error('state has no mac to check against key: save it with deck.toJSON({ key })');
  const rest: Record<string, unknown> = {};
  for (const name of Object.keys(o!)) if (name !== 'mac') Object.defineProperty(rest, name, { value: Object.getOwnPropertyDescriptor(o, name)!.value, enumerable: true });
  const want = stateMac(c, k, rest), got = String(d.value);
  let diff = want.length ^ got.length;
  for (let i = 0; i < want.length; i++) diff |= want.charCodeAt(i) ^ got.charCodeAt(i);  // every digit compared: no early exit
  if (diff !== 0) throw mismatch();
  return rest;
}
