/**
 * fairdeck — a fair, fast playing-card deck: a C++ core in WebAssembly behind a small API.
 * This file only re-exports; see README.md for the guarantees and their limits.
 *
 * @module fairdeck
 */

export { init } from './deck-load.js';
export { initSync } from './deck-load-sync.js';
export { isReady, type InitOptions, type InitSyncOptions } from './load.js';
export type { WasmSource } from './wasm-source.js';
export { Deck, type DeckInfo, type DeckState, type ProvableState, type RoundRecord } from './deck.js';
export { Card, type CardComparator, type CardOptions, type CardOrderOptions, type FrenchCard, type GenericCard, type GermanCard } from './card.js';
export type { FrenchCode, FrenchRank, FrenchRankValue, FrenchSuit, GermanCode, GermanRank, GermanRankValue, GermanSuit, JokerCode } from './card-names.js';
export { shuffle, permutation, type AnyTypedArray } from './shuffle.js';
export { parseSeed } from './options.js';
export { streamSeed } from './stream-options.js';
export { manifest, type Manifest } from './manifest.js';
export type { DeckOptions, RandomOptions, RngName, Seed, StrategyName, StyleName } from './options.js';
