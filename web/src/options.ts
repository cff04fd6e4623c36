/**
 * Validating options and turning seeds into the bytes the core derives keys from.
 * Everything is checked here, before any WASM call, so bad input changes nothing.
 */
import { show } from './errors.js';
import { provableOptions, type ProvableSeeds, type ResolvedProvable } from './provable/options.js';

/** A seed: a non-negative integer (number ≤ 2^53 − 1 or bigint < 2^64), a string, or bytes. */
export type Seed = number | bigint | string | Uint8Array;
/** Engine names. `chacha20` is secure and the default; `xoshiro256` is fast, for simulations. */
export type RngName = 'chacha20' | 'xoshiro256';
/** How a deck deals (all uniform): see README "Strategies". */
export type StrategyName = 'eager' | 'lazy' | 'bitmap';
/** Card styles. */
export type StyleName = 'french' | 'german';

/** Seed and engine, shared by decks, bulk shuffles and raw streams. */
export interface RandomOptions {
  /** Makes results reproducible. Without it, the key comes from crypto.getRandomValues. */
  seed?: Seed;
  /** Engine; default 'chacha20'. */
  rng?: RngName;
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
  /** A provably fair deck (docs/provably-fair.md); excludes seed, rng and strategy. */
  provable?: ProvableSeeds;
}

/** Seed kinds as the core numbers them (cpp/include/fairdeck/engine/seed.hpp). */
export const SeedKind = { Entropy: 0, Integer: 1, Text: 2, Bytes: 3 } as const;
/** One of the SeedKind values. */
export type SeedKind = (typeof SeedKind)[keyof typeof SeedKind];

const RNGS: readonly string[] = ['chacha20', 'xoshiro256'];
const STRATEGIES: readonly string[] = ['eager', 'lazy', 'bitmap'];
const STYLES: readonly string[] = ['french', 'german'];
const DECK_KEYS: readonly string[] = ['seed', 'rng', 'strategy', 'style', 'decks', 'jokers', 'size', 'provable'];

/** Throws TypeError unless `options` is undefined or a plain object with only `known` keys. */
export function checkKeys(options: unknown, known: readonly string[], what: string): Record<string, unknown> {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${what} must be an object, got ${show(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new TypeError(`unknown option '${key}' in ${what} (known: ${known.join(', ')})`);
  }
  return options as Record<string, unknown>;
}

/** Checks that `value` is an integer in [min, max]; TypeError for non-numbers, RangeError otherwise. */
export function checkInt(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be an integer, got ${show(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${show(value)}`);
  }
  return value;
}

function checkName(name: string, value: unknown, allowed: readonly string[]): string {
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw new TypeError(`${name} must be ${allowed.map((a) => `'${a}'`).join(' or ')}, got ${show(value)}`);
  }
  return value;
}

/** A seed as the core takes it: kind + material bytes. */
export interface SeedBytes {
  kind: SeedKind;
  bytes: Uint8Array;
}

/** Encodes a seed; undefined means "no seed" (the caller supplies entropy). */
export function seedBytes(seed: unknown): SeedBytes | undefined {
  if (seed === undefined) return undefined;
  let value: bigint;
  if (typeof seed === 'number') {
    if (!Number.isInteger(seed) || seed < 0 || seed > Number.MAX_SAFE_INTEGER) {
      throw new RangeError(
        `seed must be a non-negative safe integer (use a bigint up to 2^64 − 1 for larger values), got ${show(seed)}`,
      );
    }
    value = BigInt(seed);
  } else if (typeof seed === 'bigint') {
    if (seed < 0n || seed >= 1n << 64n) throw new RangeError(`seed must be a bigint from 0 to 2^64 − 1, got ${show(seed)}`);
    value = seed;
  } else if (typeof seed === 'string') {
    return { kind: SeedKind.Text, bytes: new TextEncoder().encode(seed) };
  } else if (seed instanceof Uint8Array) {
    return { kind: SeedKind.Bytes, bytes: seed.slice() };
  } else {
    throw new TypeError(`seed must be a number, bigint, string or Uint8Array, got ${show(seed)}`);
  }
  const bytes = new Uint8Array(8);
  for (let i = 0; i < 8; i++) bytes[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return { kind: SeedKind.Integer, bytes };
}

/** Validates `{ seed, rng }` (plus any extra known keys) and returns them normalised. */
export function randomOptions(options: unknown, extra: readonly string[] = [], what = 'options') {
  const o = checkKeys(options, ['seed', 'rng', ...extra], what);
  return {
    rng: (o.rng === undefined ? 'chacha20' : checkName('rng', o.rng, RNGS)) as RngName,
    seed: seedBytes(o.seed),
    raw: o,
  };
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
  /** Set for a provable deck (then rng is 'chacha20', strategy 'eager' and seed undefined). */
  provable?: ResolvedProvable;
}

/** Validates `new Deck(options)`; throws TypeError/RangeError naming the option. */
export function deckOptions(options: unknown): ResolvedDeckOptions {
  const o = checkKeys(options, DECK_KEYS, 'Deck options');
  const provable = o.provable === undefined ? undefined : provableOptions(o.provable, o);
  const { rng, seed } = randomOptions({ seed: o.seed, rng: o.rng });
  const strategy = (o.strategy === undefined ? 'eager' : checkName('strategy', o.strategy, STRATEGIES)) as StrategyName;
  if (o.size !== undefined) {
    for (const k of ['style', 'decks', 'jokers']) {
      if (o[k] !== undefined) throw new TypeError(`size makes a generic deck and cannot be combined with ${k}`);
    }
    const size = checkInt('size', o.size, 1, 2 ** 26);
    return { rng, seed, strategy, style: 'generic', decks: 1, jokers: 0, size, provable };
  }
  const style = (o.style === undefined ? 'french' : checkName('style', o.style, STYLES)) as StyleName;
  const decks = o.decks === undefined ? 1 : checkInt('decks', o.decks, 1, 64);
  const jokers = o.jokers === undefined ? 0 : checkInt('jokers', o.jokers, 0, 2);
  return { rng, seed, strategy, style, decks, jokers, size: 0, provable };
}
