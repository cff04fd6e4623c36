/**
 * The shapes of a deck's saved state and of what a deck was made with. The state is written by the
 * C++ core (save_state in cpp/include/fairdeck/state.hpp). Restoring is split: `readState` below
 * takes what JSON.parse made of the text and checks each field's type, exactly as the core's
 * read_state does for native code (same checks, same messages); the core's restore_fields then
 * checks everything else (ranges, composition, names, every card once, dice, engine) and builds
 * the deck. So the WASM module carries no JSON reader (docs/size.md).
 */
import type { RngName, StrategyName } from './options.js';
import type { ProvableInfo } from './provable/round.js';

/** A deck's saved state: plain JSON, written and validated by the core (see README "State"). */
export interface DeckState {
  format: 'fairdeck-deck';
  /** 1 as fairdeck 0.1 wrote it; 2 when piles besides 'dealt' hold cards or the deck has a cut card. */
  version: 1 | 2;
  style: 'french' | 'german' | 'generic';
  decks: number;
  jokers: number;
  size: number;
  strategy: StrategyName;
  rng: RngName;
  seeded: boolean;
  order: 'exact' | 'hidden';
  undealt: number[];
  returned: number[];
  dealt: number[];
  engine: string | null;
  dice: number[];
  /** Version 2: every pile besides 'dealt' that holds cards, each in the order its cards arrived. */
  piles?: Record<string, number[]>;
  /** Version 2: cards dealt before the cut card comes out; null without one. */
  cut?: number | null;
  /** Version 2: cards drawn since the last shuffle (what the cut card counts). */
  drawn?: number;
  /** Version 2, issue 40: the cards out of play (deck.remove, options.exclude), by id; each is also in `dealt`. Only when there are some. */
  dead?: number[];
  /** Only from `toJSON({ key })`: HMAC-SHA256 of the other fields under the key, 64 hex digits (SECURITY.md, "Saved states"). */
  mac?: string;
}

/** What a deck was made with. */
export interface DeckInfo {
  readonly rng: RngName;
  readonly strategy: StrategyName;
  readonly style: 'french' | 'german' | 'generic';
  readonly decks: number;
  readonly jokers: number;
  /** Cards in the deck. */
  readonly size: number;
  /** True if the deck was seeded (reproducible); false if keyed from platform entropy (secure). */
  readonly seeded: boolean;
  /** A shoe with a cut card: the cards dealt before it comes out (⌈penetration · size⌉). */
  readonly cut?: number;
  /** Provable decks only: the commitment, client seed and current nonce (never the server seed). */
  readonly provable?: ProvableInfo;
}

/** A state's fields as the core takes them (CoreDeck.restore in cpp/bindings/cold.cpp; fd::StateFields in state.hpp). */
export interface StateFields {
  style: string;
  strategy: string;
  rng: string;
  engine: string | null;
  decks: number;
  jokers: number;
  size: number;
  /** 1 seeded, 2 order "hidden", 4 engine present (else null): StateSpec's `flags`. */
  flags: number;
  /** The undealt, returned and dealt piles, then each named pile's cards, then the dice, one after the other. */
  ids: Uint32Array;
  /** How many of `ids` each of the first three piles holds (the named piles' counts are in `named`; the dice are the rest). */
  piles: [number, number, number];
  /** Each named pile's name length in bytes and card count, as u32 pairs (bytes); `names` their UTF-8. */
  named: Uint8Array;
  names: Uint8Array;
  /** Version 2: the cut card (−1 for null) and the cards drawn; `drawn` is −1 for version 1. */
  cut: number;
  drawn: number;
  /** Version 2, issue 40: how many dead cards (deck.remove) follow the named piles in `ids`. */
  dead: number;
}

const known = ['format', 'version', 'style', 'decks', 'jokers', 'size', 'strategy', 'rng', 'seeded', 'order', 'undealt', 'returned', 'dealt', 'engine', 'dice', 'piles', 'cut', 'drawn', 'dead'];
const encoder = new TextEncoder();
/** What JSON integers the core's reader takes: non-negative, below 2^53. */
const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
/** Own fields only: a polluted Object.prototype must not fill in a missing one. */
const has = (v: object, key: string) => Object.prototype.hasOwnProperty.call(v, key);

/**
 * The longest text a state of a `size`-card deck can be (docs/limits.md, "Saved states"): its
 * ids — the cards, the dead cards (each also dealt) and at most 9 dice, so 2 · size + 16 — at 64
 * characters each (8 digits, a comma and room for any indentation JSON.stringify makes), plus
 * 1 MiB for everything else (the engine's hex, pile names, the fields and their spacing).
 */
export const stateTextLimit = (size: number) => 2 ** 20 + 64 * (2 * size + 16);

/**
 * Refuses, before it is parsed, a state text longer than the state of the deck it names can be
 * (RangeError): a state of a 52-card deck with 30 million ids costs no JSON.parse. The size is the
 * largest `"size": n` in the text (a state can name any size it likes, so a more careful search
 * would bound nothing more); a text with none may be at most 1 MiB.
 */
export function checkStateText(text: string): void {
  if (text.length <= 2 ** 20) return;
  let size = -1;
  for (const m of text.matchAll(/"size"\s*:\s*(\d{1,16})/g)) size = Math.max(size, +m[1]);
  const limit = stateTextLimit(Math.max(size, 0));
  if (text.length > limit) {
    throw new RangeError(size < 0
      ? `state is ${text.length} characters long and names no size: a state without a numeric "size" may be at most ${limit} characters; refused before it was read`
      : `state is ${text.length} characters long, more than a state of a ${size}-card deck can be (at most ${limit} characters, whatever its spacing); refused before it was read`);
  }
}

/**
 * Refuses, before it is turned into text, a state object whose id lists hold more ids than a deck
 * of its own `size` can (RangeError): own data properties only, no getter called.
 */
export function checkStateObject(state: object): void {
  const own = (o: object, key: string) => {
    try {
      const d = Object.getOwnPropertyDescriptor(o, key);
      return d && 'value' in d ? d.value as unknown : undefined;
    } catch {
      return undefined;  // a revoked Proxy or a throwing trap: JSON.stringify, next, names it as the state's
    }
  };
  const size = own(state, 'size');
  if (!isCount(size)) return;  // the reader says what is wrong with it
  let ids = 0;
  for (const key of ['undealt', 'returned', 'dealt', 'dead', 'dice']) {
    const list = own(state, key);
    if (Array.isArray(list)) ids += list.length;
  }
  const named = own(state, 'piles');
  if (named !== null && typeof named === 'object') {
    let keys: string[] = [];
    try {
      keys = Object.keys(named);
    } catch {
      // as in own(): JSON.stringify names it
    }
    for (const key of keys) {
      const list = own(named, key);
      if (Array.isArray(list)) ids += list.length;
    }
  }
  const most = 2 * size + 9;  // its cards, its dead cards (each also dealt) and at most 9 dice
  if (ids > most) throw new RangeError(`state holds ${ids} ids, more than a state of a ${size}-card deck can (at most ${most}); refused before it was read`);
  // A provable deck's state (provable/record.ts): its packets, events and their codes, each at least
  // 5 characters of JSON, so no more than a text the reader takes (stateTextLimit) can hold.
  let entries = 0;
  for (const key of ['deals', 'history']) {
    const list = own(state, key);
    if (Array.isArray(list)) {
      entries += list.length;
      if (key === 'history') for (const e of list) for (const k of ['returnCards', 'moveCards']) {
        const c = e !== null && typeof e === 'object' ? own(e, k) : undefined;
        if (Array.isArray(c)) entries += c.length;
      }
    }
  }
  const room = Math.floor(stateTextLimit(size) / 5);
  if (entries > room) throw new RangeError(`state holds ${entries} packets, events and codes, more than a state of a ${size}-card deck can (at most ${room}); refused before it was read`);
}

/** `parts` one after the other in a typed array like `empty`. */
function concat<T extends Uint8Array | Uint32Array>(empty: T, parts: ArrayLike<number>[]): T {
  const out = new (empty.constructor as new (n: number) => T)(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
}

/**
 * Checks the type of each field of a parsed state (TypeError naming the field; RangeError for a
 * version other than 1). `maxCards` bounds card ids, as in the core.
 */
export function readState(parsed: unknown, maxCards: number): StateFields {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new TypeError('state must be an object');
  const v = parsed as Record<string, unknown>;
  for (const key of Object.keys(v)) if (!known.includes(key)) throw new TypeError(`state has an unknown field '${key}'`);
  const field = <T>(key: string, ok: (x: unknown) => boolean, what: string): T => {
    if (!has(v, key) || !ok(v[key])) throw new TypeError(`state.${key} must be ${what}`);
    return v[key] as T;
  };
  const text = (key: string, what: string) => field<string>(key, (x) => typeof x === 'string', what);
  const count = (key: string) => field<number>(key, isCount, 'an integer');
  if (text('format', '"fairdeck-deck"') !== 'fairdeck-deck') throw new TypeError('state.format must be "fairdeck-deck"');
  // Version 2 adds piles, cut and drawn; a state with none of them is version 1 (as 0.1 wrote it).
  const v2 = has(v, 'piles') || has(v, 'cut') || has(v, 'drawn') || has(v, 'dead'), version = v2 ? 2 : 1;
  const given = field<number>('version', isCount, String(version));
  if (given !== version) {  // the core's version_error (state.hpp), word for word
    throw new RangeError(
      given > 2 ? `state.version ${given} is newer than this fairdeck reads (1 and 2): restore it with the fairdeck that wrote it, or a newer one`
        : v2 ? 'state.version must be 2: the state has fields that version 2 adds (piles, cut, drawn)'
          : 'state.version must be 1: the state has none of the fields that version 2 adds (piles, cut, drawn)',
    );
  }
  const size = count('size'), decks = count('decks'), jokers = count('jokers');
  const style = text('style', 'a style name'), strategy = text('strategy', 'a strategy name'), rng = text('rng', 'an engine name');
  const seeded = field<boolean>('seeded', (x) => typeof x === 'boolean', 'true or false');
  const order = text('order', '"exact" or "hidden"');
  if (order !== 'exact' && order !== 'hidden') throw new TypeError('state.order must be "exact" or "hidden"');
  const idList = (key: string) => {
    const list = field<unknown[]>(key, Array.isArray, 'an array of card ids');
    // Before reading its ids: no list of a state can hold more than the deck's cards (the dice at most 9).
    if (list.length > Math.max(size, 9)) throw new RangeError(`state.${key} holds ${list.length} ids but the deck has ${size} cards`);
    for (const x of list) if (!isCount(x) || x >= maxCards) throw new TypeError(`state.${key} must hold only card ids (integers)`);
    return list as number[];
  };
  const lists = ['undealt', 'returned', 'dealt', 'dice'].map(idList);
  if (!has(v, 'engine')) throw new TypeError('state.engine is missing');
  const engine = v.engine;
  if (engine !== null && typeof engine !== 'string') {
    throw new TypeError('state.engine must be a hex string (null only for a secure deck saved with order "hidden")');
  }
  const named: number[] = [], nameBytes: Uint8Array[] = [], pileLists: number[][] = [];
  let cut = -1, drawn = -1, dead: number[] = [];
  if (v2) {
    const what = 'an object of pile names and card-id arrays';
    const piles = field<Record<string, unknown>>('piles', (x) => x !== null && typeof x === 'object' && !Array.isArray(x), what);
    // JSON.parse keeps an object's keys in document order, except keys that are array indices ("7"), which come first.
    for (const name of Object.keys(piles)) {
      const list = piles[name];
      if (!Array.isArray(list)) throw new TypeError(`state.piles must be ${what}`);
      for (const x of list) if (!isCount(x) || x >= maxCards) throw new TypeError('state.piles must hold only card ids (integers)');
      const b = encoder.encode(name);
      named.push(b.length, list.length), nameBytes.push(b), pileLists.push(list as number[]);
    }
    if (!has(v, 'cut') || !(v.cut === null || isCount(v.cut))) throw new TypeError('state.cut must be an integer or null');
    cut = v.cut === null ? -1 : (v.cut as number);
    drawn = count('drawn');
    if (has(v, 'dead')) dead = idList('dead');
  }
  const ids = concat(new Uint32Array(0), [...lists.slice(0, 3), ...pileLists, dead, lists[3]]);
  const flags = (seeded ? 1 : 0) | (order === 'hidden' ? 2 : 0) | (engine === null ? 0 : 4);
  return {
    style, strategy, rng, engine, decks, jokers, size, flags, ids, piles: [lists[0].length, lists[1].length, lists[2].length],
    named: new Uint8Array(Uint32Array.from(named).buffer), names: concat(new Uint8Array(0), nameBytes), cut, drawn, dead: dead.length,
  };
}
