/**
 * The deck module without named piles (fairdeck.wasm) and the init() that loads it: the init of
 * 'fairdeck' and of every entry but 'fairdeck/games' (games.ts), whose init loads the same deck
 * with piles (docs/size.md). A module of its own, so that a games app's bundler never meets this
 * module's embedded copy and emits no chunk for it.
 */
import { initWith, type InitOptions } from './load.js';
import type { Embedded } from './wasm-source.js';

/** The deck module's embedded copy. */
export const deckModule: Embedded = () => import('./wasm/fairdeck-embedded.js');

/**
 * Loads fairdeck's WebAssembly module. Call (and await) once before creating decks; later and
 * concurrent calls share the same load. A failed load can be retried.
 */
export function init(options?: InitOptions): Promise<void> {
  return initWith(deckModule, options);
}
