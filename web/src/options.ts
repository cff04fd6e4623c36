/**
 * Validating options and turning seeds into the bytes the core derives keys from. Every input is
 * read into plain values here, before any WASM call, so bad input changes nothing. Names and
 * limits come from the core (manifest.ts); the core validates names again itself.
 */
import { show } from './errors.js';
import { NO_SIM } from './binding.js';
import { hasLoneSurrogate, ownOptions, plainObject, typedBytes } from './input.js';
import { engines, limits, seedKinds, strategies, styles } from './manifest.js';
import { provableOptions, type ProvableSeeds, type ResolvedProvable } from './provable/options.js';
import type { SeedBytes } from './entropy.js';

/** A seed: a non-negative integer (number ≤ 2^53 − 1 or bigint < 2^64), a string, or bytes. */
export type Seed = number | bigint | string | Uint8Array;
import type { RngName, StrategyName, StyleName } from './names.js';

export type { RngName, StrategyName, StyleName } from './names.js';

/** Seed and engine, shared by decks, bulk shuffles and raw streams. */
export interface RandomOptions {
  /** Makes results reproducible. Without it, the key comes from crypto.getRandomValues. */
  seed?: Seed;
  /** Engine; default 'chacha20'. */
  rng?: RngName;
  /**
   * A seeded source a loop draws from (issue 40): a `RandomStream` of fairdeck/random. Each call
   * keys itself with the stream's next 256 bits, so a seeded simulation neither repeats nor
   * re-seeds per call. Not with `seed`. For `shuffle`, `permutation`, the functions of
   * fairdeck/random and the Deck of 'fairdeck/sim' (the other Decks throw an Error naming it).
   */
  stream?: {
    /** The stream's next n 32-bit words. */
    nextUint32(n: number): Uint32Array;
  };
}

/** Options of `new Deck(options)`. */
export interface DeckOptions extends RandomOptions {
  /** Dealing strategy; default 'eager'. */
  strategy?: StrategyName;
  /** Card style; default 'french'. */
  style?: StyleName;
  /** Standard decks in a shoe, 1–64; default 1. */
  decks?: number;
  /** Jokers per deck, 0–2; default 0. */
  jokers?: number;
  /** A generic deck of `size` items (ids 0…size−1, no faces), 1 to 2^26; excludes style/decks/jokers. */
  size?: number;
  /** A provably fair deck (docs/provably-fair.md); excludes seed and rng; a strategy is accepted and changes nothing (it deals by the scheme). */
  provable?: ProvableSeeds;
  /**
   * A shoe's cut card: the share of the deck dealt before it comes out, 0 < p ≤ 1 (say 0.75).
   * `deck.cutCardOut` turns true once ⌈p · size⌉ cards have been dealt; dealing goes on, and
   * `shuffle()` puts the cut card back.
   */
  penetration?: number;
  /**
   * Deck of 'fairdeck/sim' only (the other Decks throw an Error naming it).
   * Dead cards (issue 40): cards out of play from the start — codes ('AS'), ids or Card objects —
   * as if `deck.remove(exclude)` were called on the new deck. They stay out through shuffle()
   * until `returnCards` puts them back. Not for provable decks or decks with a cut card.
   */
  exclude?: Iterable<unknown>;
}

export const DECK_KEYS: readonly string[] = ['seed', 'rng', 'stream', 'strategy', 'style', 'decks', 'jokers', 'size', 'provable', 'penetration', 'exclude'];

/**
 * A copy of `options` (a plain object or undefined) with only `known` keys, own data properties
 * only; TypeError naming `what` and the key otherwise (input.ts, ownOptions: the one reader).
 */
export function checkKeys(options: unknown, known: readonly string[], what: string): Record<string, unknown> {
  return ownOptions(options, what, known);
}

/** Checks that `value` is an integer in [min, max]; TypeError for non-numbers, RangeError otherwise. */
export function checkInt(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be an integer, got ${show(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${show(value)}`);
  }
  return value;
}

/** `value` if it is one of `allowed` (the first when undefined); TypeError naming `name` otherwise. */
export function checkName<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (value === undefined) return allowed[0];
  if (!(allowed as readonly unknown[]).includes(value)) {  // allowed holds text only: any other type fails here
    throw new TypeError(`${name} must be ${allowed.map((a) => `'${a}'`).join(' or ')}, got ${show(value)}`);
  }
  return value as T;
}

/** A seed as the core takes it (defined in entropy.ts, a leaf module that binding.ts imports). */
export type { SeedBytes } from './entropy.js';

/**
 * Encodes a seed; undefined means "no seed" (the caller supplies entropy). Strings must be
 * well-formed UTF-16: a lone surrogate has no UTF-8 encoding, and replacing it would make
 * different strings the same seed, so it is a RangeError.
 */
export function seedBytes(seed: unknown): SeedBytes | undefined {
  if (seed === undefined) return undefined;
  let value: number | bigint;
  if (typeof seed === 'number') {
    if (!Number.isInteger(seed) || seed < 0 || seed > Number.MAX_SAFE_INTEGER) {
      throw new RangeError(
        `seed must be a non-negative safe integer (use a bigint up to 2^64 − 1 for larger values), got ${show(seed)}`,
      );
    }
    value = seed;
  } else if (typeof seed === 'bigint') {
    if (seed < 0n || seed >= 1n << 64n) throw new RangeError(`seed must be a bigint from 0 to 2^64 − 1, got ${show(seed)}`);
    value = seed;
  } else if (typeof seed === 'string') {
    if (hasLoneSurrogate(seed)) {
      throw new RangeError('seed must be well-formed text: it contains a lone surrogate (half of a UTF-16 pair), which has no UTF-8 encoding');
    }
    return { kind: seedKinds.text, bytes: new TextEncoder().encode(seed) };
  } else {
    const typed = typedBytes(seed, 'seed');
    if (typed?.kind !== 'Uint8Array') throw new TypeError(`seed must be a number, bigint, string or Uint8Array, got ${show(seed)}`);
    return { kind: seedKinds.bytes, bytes: typed.bytes.slice() };
  }
  // Little-endian, byte by byte: a DataView over a new array's buffer cost 1.1 µs (V8 moves the
  // array's bytes off the heap to make the buffer), most of `new Deck({ seed })` (issue 38).
  const lo = typeof value === 'number' ? value % 2 ** 32 : Number(value & 0xffffffffn);
  const hi = typeof value === 'number' ? Math.floor(value / 2 ** 32) : Number(value >> 32n);
  const bytes = new Uint8Array(8);
  for (let i = 0; i < 4; i++) bytes[i] = lo >>> (8 * i), bytes[i + 4] = hi >>> (8 * i);
  return { kind: seedKinds.integer, bytes };
}

/**
 * The seed a piece of text stands for, as every page, link and the CLI read it: '' is no seed;
 * a decimal integer without leading zeros below 2^64 is an integer seed (a number up to 2^53 − 1,
 * else a bigint); anything else is a text seed. So `?seed=42` deals like `new Deck({ seed: 42 })`.
 */
export function parseSeed(text: string): Seed | undefined {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${show(text)}`);
  if (text === '') return undefined;
  if (/^(0|[1-9]\d{0,19})$/.test(text)) {
    const n = BigInt(text);
    if (n <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(n);
    if (n < 1n << 64n) return n;
  }
  return text;
}

/** Validates `{ seed, rng }` (plus any extra known keys) and returns them normalised (a `stream`: stream-options.ts). */
// Stryker disable next-line ArrayDeclaration,StringLiteral: callers that leave extra or what out pass only { seed, rng } (fairdeck/fairness), so no key is unknown and neither default reaches a caller
export function randomOptions(options: unknown, extra: readonly string[] = [], what = 'options') {
  const o = checkKeys(options, ['seed', 'rng', ...extra], what);
  return { rng: checkName('rng', o.rng, engines), seed: seedBytes(o.seed), raw: o };
}

/** Deck options after validation, with defaults filled in. */
export interface ResolvedDeckOptions {
  rng: RngName;
  strategy: StrategyName;
  style: StyleName | 'generic';
  decks: number;
  jokers: number;
  size: number;
  seed: SeedBytes | undefined;
  /** A provable deck's seeds (docs/provably-fair.md); undefined for other decks. */
  provable: ResolvedProvable | undefined;
  /** The cut card's penetration (its range is checked by the core); undefined: no cut card. */
  penetration: number | undefined;
}

let defaults: ResolvedDeckOptions | undefined;

/** Validates `new Deck(options)`; throws TypeError/RangeError naming the option. */
export function deckOptions(options: unknown): ResolvedDeckOptions {
  // `new Deck()`: the defaults, resolved once (frozen; callers only read them).
  // Stryker disable next-line ConditionalExpression: equivalent: without it the defaults are resolved again, to equal fields; the cache only saves their checks (construction speed, issue 38)
  if (options === undefined) return (defaults ??= Object.freeze(deckOptions({})));
  const o = checkKeys(options, DECK_KEYS, 'Deck options');
  // The provable seeds are read through the same reader (own data properties only); their keys
  // are checked by provableOptions, whose list they are.
  const p = o.provable;
  const provable = p === undefined ? undefined : provableOptions(typeof p === 'object' && p !== null ? plainObject(p, 'provable') : p, o);
  const rng = checkName('rng', o.rng, engines), seed = seedBytes(o.seed);
  const strategy = checkName('strategy', o.strategy, strategies);
  const penetration = o.penetration;
  // `exclude` and `stream` reach here only on the Decks of 'fairdeck' and 'fairdeck/games': the
  // sim Deck takes them out first (sim-deck.ts).
  if (o.exclude !== undefined || o.stream !== undefined) throw new Error(NO_SIM);
  if (penetration !== undefined && typeof penetration !== 'number') {
    throw new TypeError(`penetration must be a number greater than 0 and at most 1, got ${show(penetration)}`);
  }
  if (o.size !== undefined) {
    for (const k of ['style', 'decks', 'jokers']) {
      if (o[k] !== undefined) throw new TypeError(`size makes a generic deck and cannot be combined with ${k}`);
    }
    const size = checkInt('size', o.size, 1, limits.maxCards);
    return { rng, seed, strategy, style: 'generic', decks: 1, jokers: 0, size, provable, penetration };
  }
  const style = checkName('style', o.style, styles);
  const decks = o.decks === undefined ? 1 : checkInt('decks', o.decks, 1, limits.maxDecks);
  const jokers = o.jokers === undefined ? 0 : checkInt('jokers', o.jokers, 0, limits.maxJokers);
  return { rng, seed, strategy, style, decks, jokers, size: 0, provable, penetration };
}
