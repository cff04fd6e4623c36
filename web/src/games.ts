/**
 * fairdeck/games — the whole package, with the deck module that deals to named piles: hands,
 * burns, a board, patterns, moves and a shoe's piles held by the core (docs/games.md).
 *
 * The piles live in a build of the deck module of their own (games.wasm, docs/size.md), so that an
 * app that only deals cards never ships them. This entry's `init()` loads that build instead of
 * fairdeck.wasm; everything else is what 'fairdeck' exports, so an app takes all it uses from here:
 * `import { init, Deck } from 'fairdeck/games'`.
 *
 * @module fairdeck/games
 */

import { internals } from './deck.js';
import { initWith, useDeckModule, type InitOptions } from './load.js';
import * as record from './provable/record.js';

// The embedded copy is imported statically, not as a chunk of its own: an initSync() of any entry
// in an app that imports this one loads it (useDeckModule), and so does init().
// Importing the entry is enough where nothing drops its side effects (Node, Deno, Bun, and
// bundlers, which package.json's sideEffects tells to keep them); init() below makes sure.
useDeckModule(1, gamesCopy);
// A provable deck's round record and saved state (deck.round(), toJSON, fromJSON) come with this
// entry: the record replays piles, and an app that deals from 'fairdeck' alone never ships it.
internals.record = record;

/**
 * Loads the games build of fairdeck's WebAssembly module (games.wasm: the deck with named piles),
 * as 'fairdeck''s init() loads fairdeck.wasm; `options.wasm` is where games.wasm is, if not the
 * copy embedded in the package.
 */
export function init(options?: InitOptions): Promise<void> {
  useDeckModule(1, gamesCopy);
  return initWith(() => Promise.resolve({ default: gamesCopy }), options);
}

export * from './index.js';
// The Deck with the pile operations, in place of index.js's (an explicit export wins over export *).
export { Deck, type DealPattern } from './games-deck.js';
// Its initSync loads games.wasm, in place of index.js's.
export { initSync } from './games-load-sync.js';
// Last of this file's imports, so that bundlers place the copy's 50–70 KB of base64 after the
// package's code rather than in the middle of it, where it would cut gzip's 32 KB window between
// the code before and after it (+2.3 KB gzip measured with Vite).
import gamesCopy from './wasm/games-embedded.js';
