/**
 * `initSync()` of 'fairdeck' and the entries that share its deck module: the embedded copy of
 * fairdeck.wasm compiled and instantiated at once, so a script can `new Deck()` with no `await`.
 * A module of its own, imported only where initSync is used, because it takes the embedded copy
 * with a static import (init() takes it with a dynamic one, so apps that host the .wasm themselves
 * do not ship it).
 */
import { initSyncWith, type InitSyncOptions } from './load.js';
import deckCopy from './wasm/fairdeck-embedded.js';
import { compileSourceSync } from './wasm-source-sync.js';

/**
 * Loads fairdeck's WebAssembly module synchronously, from the copy embedded in the package (or
 * `options.wasm`: its bytes or a compiled WebAssembly.Module). Works in Node, Deno, Bun and
 * workers, and on a browser's main thread (fairdeck's modules are far below the 8 MB that browsers
 * compile synchronously there); `await init()` is the better choice in a page, where it compiles
 * off the main thread. Later calls, and `init()` after it, do nothing more.
 */
export function initSync(options?: InitSyncOptions): void {
  initSyncWith(deckCopy, 0, options, compileSourceSync);
}
