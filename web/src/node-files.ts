/**
 * init() in Node and Bun (the entries' "node" condition in package.json: node.ts, games-node.ts,
 * sim-node.ts): the deck and shuffle modules read from the package's own .wasm files beside this
 * one, instead of its embedded copies, which Node would decode, gunzip (loading its zlib first) and
 * compile. `await init()` took 15.6 ms this way against 19.9 ms (docs/startup.md). Where the files
 * are not there (a bundle made for Node, an unusual install), init() takes the embedded copies as
 * everywhere else; one that is there but cannot be read fails init() with an error naming it, as
 * `init({ wasm: url })` does. What the caller passes always wins. Browser bundles never meet this
 * file: their bundlers do not take the "node" condition.
 */
import { builtin } from './bytes.js';
import { deckLevel, initOptions, type InitOptions } from './load.js';

interface NodeFs {
  existsSync(path: URL): boolean;
}

/** The deck module's file for each build (load.ts, deckLevel: 0 fairdeck, 1 games, 2 sim). */
const deckFiles = ['fairdeck.wasm', 'games.wasm', 'sim.wasm'] as const;

/**
 * This module's URL, read once and not in `new URL('…', import.meta.url)`, which bundlers take for
 * an asset to copy: a bundle for Node keeps its embedded copies and finds no file here.
 */
const here: string = import.meta.url;

/**
 * A module's file in dist/wasm/ as a `file:` URL, which the loader reads only when it loads that
 * module (wasm-source.ts, as for `init({ wasm: url })`), so an `init()` after the first reads
 * nothing; undefined where there is no such file, no fs, or in Deno, which would ask the user for
 * read access.
 */
function file(name: string): URL | undefined {
  if ((globalThis as { Deno?: unknown }).Deno !== undefined) return undefined;
  try {
    const url = new URL(`wasm/${name}`, here);
    return builtin<NodeFs>('node:fs')?.existsSync(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Calls an entry's `init` with the files for whatever `options` leaves to the embedded copies. */
export function withFiles(init: (options?: InitOptions) => Promise<void>, options?: InitOptions): Promise<void> {
  let o: InitOptions;
  try {
    o = initOptions(options, 'init options');  // own data properties only, each read once
  } catch (error) {
    return Promise.reject(error);
  }
  o.wasm ??= file(deckFiles[deckLevel()]);
  o.shuffleWasm ??= file('shuffle.wasm');
  return init(o);
}
