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
  version: 1;
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
  /** The undealt, returned and dealt piles, then the dice, one after the other. */
  ids: Uint32Array;
  /** How many of `ids` each pile holds (the dice are the rest). */
  piles: [number, number, number];
}

const known = ['format', 'version', 'style', 'decks', 'jokers', 'size', 'strategy', 'rng', 'seeded', 'order', 'undealt', 'returned', 'dealt', 'engine', 'dice'];
/** What JSON integers the core's reader takes: non-negative, below 2^53. */
const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
/** Own fields only: a polluted Object.prototype must not fill in a missing one. */
const has = (v: object, key: string) => Object.prototype.hasOwnProperty.call(v, key);

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
  if (field<number>('version', isCount, '1') !== 1) throw new RangeError('state.version must be 1');
  const size = count('size'), decks = count('decks'), jokers = count('jokers');
  const style = text('style', 'a style name'), strategy = text('strategy', 'a strategy name'), rng = text('rng', 'an engine name');
  const seeded = field<boolean>('seeded', (x) => typeof x === 'boolean', 'true or false');
  const order = text('order', '"exact" or "hidden"');
  if (order !== 'exact' && order !== 'hidden') throw new TypeError('state.order must be "exact" or "hidden"');
  const lists = ['undealt', 'returned', 'dealt', 'dice'].map((key) => {
    const list = field<unknown[]>(key, Array.isArray, 'an array of card ids');
    for (const x of list) if (!isCount(x) || x >= maxCards) throw new TypeError(`state.${key} must hold only card ids (integers)`);
    return list as number[];
  });
  if (!has(v, 'engine')) throw new TypeError('state.engine is missing');
  const engine = v.engine;
  if (engine !== null && typeof engine !== 'string') {
    throw new TypeError('state.engine must be a hex string (null only for a secure deck saved with order "hidden")');
  }
  const ids = new Uint32Array(lists.reduce((n, l) => n + l.length, 0));
  let at = 0;
  for (const l of lists) ids.set(l, at), (at += l.length);
  const flags = (seeded ? 1 : 0) | (order === 'hidden' ? 2 : 0) | (engine === null ? 0 : 4);
  return { style, strategy, rng, engine, decks, jokers, size, flags, ids, piles: [lists[0].length, lists[1].length, lists[2].length] };
}
