/**
 * Validating `new Deck({ provable: { serverSeed, clientSeed, nonce, version } })`. Everything is
 * checked before any WASM call, so bad input changes nothing; each error names the field.
 */
import { show } from '../errors.js';
import { fromHex } from './hex.js';

/** The seeds of a provable round, as an application passes them. */
export interface ProvableSeeds {
  /** The server's secret: 64 lowercase hex characters (32 bytes), e.g. from `commitRound()`. */
  serverSeed: string;
  /** The player's seed: any well-formed string, '' included. */
  clientSeed: string;
  /** The round: an integer from 0 to 2^53 − 1 (Number.MAX_SAFE_INTEGER). */
  nonce: number;
  /**
   * The scheme (docs/provably-fair.md): 2, the default, binds the deck's composition into the
   * round key; 1 is the first scheme, kept so that its rounds can still be dealt and checked.
   */
  version?: 1 | 2;
}

/** Validated seeds (the version filled in) plus the bytes the core takes. */
export interface ResolvedProvable extends ProvableSeeds {
  version: 1 | 2;
  serverBytes: Uint8Array;
  clientBytes: Uint8Array;
}

const HEX64 = /^[0-9a-f]{64}$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FIELDS = ['serverSeed', 'clientSeed', 'nonce', 'version'];

/** Throws TypeError unless `value` is 64 lowercase hex characters; `name` is the field's path. */
export function checkHex64(name: string, value: unknown): string {
  if (typeof value !== 'string' || !HEX64.test(value)) {
    throw new TypeError(`${name} must be 64 lowercase hex characters (32 bytes), got ${show(value)}`);
  }
  return value;
}

/** Throws TypeError unless `value` is a string without lone surrogates (it is hashed as UTF-8). */
export function checkClientSeed(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${show(value)}`);
  const bad = LONE_SURROGATE.exec(value);
  if (bad) throw new TypeError(`${name} must be well-formed Unicode, but has a lone surrogate at index ${bad.index}`);
  return value;
}

/** TypeError for a non-number, RangeError unless an integer from 0 to 2^53 − 1. */
export function checkNonce(name: string, value: unknown): number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be an integer, got ${show(value)}`);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be an integer from 0 to 2^53 − 1, got ${show(value)}`);
  }
  return value;
}

/** The scheme's version: 2 when undefined; TypeError for a non-number, RangeError unless 1 or 2. */
export function checkVersion(name: string, value: unknown): 1 | 2 {
  if (value === undefined) return 2;
  if (typeof value !== 'number') throw new TypeError(`${name} must be 1 or 2, got ${show(value)}`);
  if (value !== 1 && value !== 2) throw new RangeError(`${name} must be 1 or 2, got ${show(value)}`);
  return value;
}

/**
 * Validates the `provable` option of `new Deck(options)`; `options` are the deck's other options,
 * which must not choose the randomness (`seed`, `rng`). `strategy` is accepted and changes nothing:
 * a provable deck deals by its scheme (a whole Fisher–Yates per round, docs/provably-fair.md §7),
 * which is as fair as every strategy and fixes the order, so a recipe written for a lazy shoe runs
 * unchanged when made provable; `info.strategy` says what runs ('eager').
 */
export function provableOptions(value: unknown, options: Record<string, unknown>): ResolvedProvable {
  for (const k of ['seed', 'rng']) {
    if (options[k] !== undefined) {
      throw new TypeError(`provable cannot be combined with ${k}: a provable deck's randomness and dealing are fixed by its seeds`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`provable must be an object { serverSeed, clientSeed, nonce, version? }, got ${show(value)}`);
  }
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!FIELDS.includes(key)) throw new TypeError(`unknown option '${key}' in provable (known: ${FIELDS.join(', ')})`);
  }
  const serverSeed = checkHex64('provable.serverSeed', o.serverSeed);
  const clientSeed = checkClientSeed('provable.clientSeed', o.clientSeed);
  const nonce = checkNonce('provable.nonce', o.nonce);
  const version = checkVersion('provable.version', o.version);
  return { serverSeed, clientSeed, nonce, version, serverBytes: fromHex(serverSeed), clientBytes: new TextEncoder().encode(clientSeed) };
}
