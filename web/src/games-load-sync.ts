/**
 * `initSync()` of 'fairdeck/games': the embedded copy of games.wasm (the deck module with the
 * piles) compiled and instantiated at once. A module of its own for the reason deck-load-sync.ts
 * gives.
 */
import { initSyncWith, useDeckModule, type InitSyncOptions } from './load.js';
import gamesCopy from './wasm/games-embedded.js';
import { compileSourceSync } from './wasm-source-sync.js';

/**
 * Loads the games build of fairdeck's WebAssembly module (games.wasm) synchronously, as
 * 'fairdeck''s initSync() loads fairdeck.wasm; `options.wasm` may give games.wasm's bytes or a
 * compiled WebAssembly.Module.
 */
export function initSync(options?: InitSyncOptions): void {
  useDeckModule(1, gamesCopy);
  initSyncWith(gamesCopy, 1, options, compileSourceSync);
}
