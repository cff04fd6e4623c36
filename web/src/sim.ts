/**
 * fairdeck/sim — the whole of 'fairdeck/games', with the deck module built for simulations: dead
 * cards (`new Deck({ exclude })`, `deck.remove`, `deck.dead`), ids without Card objects
 * (`deck.dealIds`) and many samples in one call (`deck.sampleIds`) (docs/simulations.md).
 *
 * They live in a build of the deck module of their own (sim.wasm: games.wasm plus dead cards and
 * sampling, docs/size.md), so that an app that only deals cards or plays a game never ships them.
 * This entry's `init()` loads that build; sim.wasm is a superset of games.wasm, so an app that
 * imports 'fairdeck/games' too loads sim.wasm alone and both entries' decks use it.
 * `import { init, Deck } from 'fairdeck/sim'`.
 *
 * @module fairdeck/sim
 */

import { initWith, useDeckModule, type InitOptions } from './load.js';

// The embedded copy is imported statically, not as a chunk of its own: an initSync() of any entry
// in an app that imports this one loads it (useDeckModule), and so does init().
// Importing the entry is enough where nothing drops its side effects (as in games.ts).
useDeckModule(2, simCopy);

/**
 * Loads the sim build of fairdeck's WebAssembly module (sim.wasm: the deck with named piles, dead
 * cards and sampleIds), as 'fairdeck''s init() loads fairdeck.wasm; `options.wasm` is where
 * sim.wasm is, if not the copy embedded in the package.
 */
export function init(options?: InitOptions): Promise<void> {
  useDeckModule(2, simCopy);
  return initWith(() => Promise.resolve({ default: simCopy }), options);
}

// What 'fairdeck/games' exports, taken from its modules rather than from games.ts, whose embedded
// copy of games.wasm a bundler would otherwise emit too.
export * from './index.js';
export type { DealPattern } from './games-deck.js';
// The Deck with piles, dead cards, dealIds and sampleIds, in place of index.js's.
export { Deck } from './sim-deck.js';
// Its initSync loads sim.wasm, in place of index.js's.
export { initSync } from './sim-load-sync.js';
// Last of this file's imports, so that bundlers place the copy's 50–70 KB of base64 after the
// package's code rather than in the middle of it, where it would cut gzip's 32 KB window between
// the code before and after it (+2.3 KB gzip measured with Vite).
import simCopy from './wasm/sim-embedded.js';
