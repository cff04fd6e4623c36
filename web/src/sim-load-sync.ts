/**
 * `initSync()` of 'fairdeck/sim': the embedded copy of sim.wasm (the deck module with the piles,
 * dead cards and sampleIds) compiled and instantiated at once. A module of its own for the reason
 * deck-load-sync.ts gives.
 */
import { initSyncWith, useDeckModule, type InitSyncOptions } from './load.js';
import simCopy from './wasm/sim-embedded.js';
import { compileSourceSync } from './wasm-source-sync.js';

/**
 * Loads the sim build of fairdeck's WebAssembly module (sim.wasm) synchronously, as 'fairdeck''s
 * initSync() loads fairdeck.wasm; `options.wasm` may give sim.wasm's bytes or a compiled
 * WebAssembly.Module.
 */
export function initSync(options?: InitSyncOptions): void {
  useDeckModule(2, simCopy);
  initSyncWith(simCopy, 2, options, compileSourceSync);
}
