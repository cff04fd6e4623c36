/**
 * The core's names and limits. They are written in one place, the C++ core; the build reads them
 * from it (Embind's manifest() in cpp/bindings/manifest.cpp, a build-time module that is never shipped)
 * into wasm/manifest.js, and TypeScript, the pages and the tests read them from here instead of
 * restating them.
 */
import data, * as field from './wasm/manifest.js';
import type { RngName, StrategyName, StyleName } from './names.js';

/** What this build of the core offers. */
export interface Manifest {
  /** Engine names; the first is the default. */
  readonly engines: readonly RngName[];
  /** Dealing strategies; the first is the default. */
  readonly strategies: readonly StrategyName[];
  /** Card styles; the first is the default. */
  readonly styles: readonly StyleName[];
  /** Algorithms `fairdeck/fairness` can run in the core. */
  readonly algorithms: readonly string[];
  /** Pile numbers as the core takes them. */
  readonly piles: { readonly undealt: number; readonly returned: number; readonly dealt: number; readonly dead: number };
  /** Pile names: the default pile (dealOne, deal), the burn pile, and what a seat's hand pile starts with. */
  readonly pileNames: { readonly default: string; readonly burn: string; readonly hand: string };
  /** What a fairness experiment counts, as the core numbers it. */
  readonly measures: { readonly permutations: number; readonly positions: number; readonly time: number };
  /** Seed kinds, as the core numbers them. */
  readonly seedKinds: { readonly entropy: number; readonly integer: number; readonly text: number; readonly bytes: number };
  /** Error kinds the core records. */
  readonly errorKinds: { readonly none: number; readonly error: number; readonly type: number; readonly range: number };
  /** Limits. */
  readonly limits: {
    /** Most cards in a deck or shoe. */
    readonly maxCards: number;
    /** Most standard decks in a shoe. */
    readonly maxDecks: number;
    /** Most jokers per deck. */
    readonly maxJokers: number;
    /** Largest n for permutation counts (n! cells). */
    readonly maxPermutationN: number;
    /** Largest n for position matrices (n² cells). */
    readonly maxMatrixN: number;
    /** Largest n for timing runs. */
    readonly maxTimingN: number;
    /** Engine words a secure deck produces between fresh keys. */
    readonly reseedWords: number;
    /** Most piles besides the default one that can hold cards at once. */
    readonly maxPiles: number;
    /** Most seats dealHands deals to. */
    readonly maxSeats: number;
    /** Longest pile name, in bytes. */
    readonly maxPileName: number;
    /** Pile numbers below this are never forgotten: a deck's pile log may hold them (cpp/bindings/decks.hpp). */
    readonly pinnedPiles: number;
    /** Bytes of the static area a deck's options are packed into (binding.ts, packSpec); a larger spec gets a heap block. */
    readonly specBytes: number;
    /** Bytes of platform entropy in a key. */
    readonly entropyBytes: number;
    /** What count-returning exports give when they fail. */
    readonly failed: number;
  };
}

let frozen: Manifest | undefined;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The core's names and limits (available before `init()`: they are fixed when the core is built). */
export function manifest(): Manifest {
  return (frozen ??= deepFreeze(data as Manifest));
}

/**
 * The fields the deck path reads, one by one (the same objects manifest() returns, frozen once it
 * is called): a module that imports these, not manifest(), lets a bundler leave out the fields no
 * code of the app reads, such as the fairness algorithms in the README example (docs/size.md).
 */
export const engines = field.engines as Manifest['engines'];
export const strategies = field.strategies as Manifest['strategies'];
export const styles = field.styles as Manifest['styles'];
export const piles = field.piles as Manifest['piles'];
export const pileNames = field.pileNames as Manifest['pileNames'];
export const seedKinds = field.seedKinds as Manifest['seedKinds'];
export const errorKinds = field.errorKinds as Manifest['errorKinds'];
export const limits = field.limits as Manifest['limits'];
