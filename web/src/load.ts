/**
 * Loading the WASM module once (memoised), in browsers, workers, bundlers, Node, Deno and Bun.
 *
 * By default the module comes from the copy embedded in the package (no asset for a bundler to
 * find, no URL to resolve); `init({ wasm })` takes a URL, a string, bytes or a compiled
 * WebAssembly.Module instead (wasm-source.ts). The package compiles the module itself and hands it
 * to the module's Emscripten glue (instantiate.ts), which runs the Embind registrations.
 */
import { instantiate, instantiateSync, type EmbindModule } from './instantiate.js';
import glue from './wasm/fairdeck-glue.js';
import { checkWebAssembly } from './wasm-env.js';
import { compileSource, describe, type Embedded, type WasmSource } from './wasm-source.js';

/** Where to load the WASM from, for hosts that serve it elsewhere or embed it. */
export interface InitOptions {
  /**
   * URL of the deck module (a relative string resolves against the page), or its bytes, or a
   * compiled WebAssembly.Module: fairdeck.wasm, or games.wasm in an app that imports
   * 'fairdeck/games'. Default: the copy embedded in the package.
   */
  wasm?: WasmSource;
  /**
   * Where to load shuffle.wasm from (the module of `shuffle` and `permutation`; the package
   * exports it as 'fairdeck/shuffle.wasm'), as for `wasm`. Used only by apps that import them.
   */
  shuffleWasm?: WasmSource;
}

/**
 * Modules that `init()` loads after the deck module: each registers itself when the part of the
 * package that needs it is first evaluated (shuffle-load.ts), so an app that never imports
 * `shuffle` never ships nor loads its module. A module registered after `init()` resolved is
 * loaded by the next `init()` call.
 */
const extras: ((options: InitOptions) => Promise<unknown>)[] = [];
const syncExtras: ((options: InitSyncOptions) => unknown)[] = [];
export function registerModule(load: (options: InitOptions) => Promise<unknown>, loadSync: (options: InitSyncOptions) => unknown): void {
  extras.push(load);
  syncExtras.push(loadSync);
}

/** Where `initSync()` takes a module from, if not the copy embedded in the package: its bytes or a compiled WebAssembly.Module. */
export interface InitSyncOptions {
  /** The deck module (fairdeck.wasm; games.wasm for 'fairdeck/games'): its bytes or a compiled WebAssembly.Module. */
  wasm?: ArrayBuffer | Uint8Array | WebAssembly.Module;
  /** The module of `shuffle` and `permutation` (shuffle.wasm), likewise. */
  shuffleWasm?: ArrayBuffer | Uint8Array | WebAssembly.Module;
}

let loading: Promise<EmbindModule> | undefined;
let loaded: EmbindModule | undefined;

/**
 * The deck module's build: fairdeck.wasm, without named piles, unless the app uses the entry
 * 'fairdeck/games' (games.ts), whose module is the same deck with them (docs/size.md). The two
 * share their glue (scripts/build-wasm.sh checks it), so only the embedded copy differs; each
 * entry's init() passes its own (initWith), so that a bundler emits only the one the app uses.
 */
let games: Embedded | undefined;
/**
 * games.ts, when first evaluated or its init() called: every init() loads the games module from
 * now on. If a deck module is loaded already, the next init() loads the games module instead;
 * decks made before keep theirs.
 */
export function useGamesModule(chunk: Embedded): void {
  if (games) return;
  games = chunk;
  loading = undefined;
}

async function load(options: InitOptions, chunk: Embedded): Promise<EmbindModule> {
  checkWebAssembly();
  const compiled = await compileSource(options.wasm, chunk);
  try {
    return await instantiate(glue, compiled);
  } catch (cause) {
    throw new Error(`fairdeck: could not load its WebAssembly module from ${describe(options.wasm)}: ${String(cause)}`, { cause });
  }
}

/**
 * init() (deck-load.ts, games.ts) with the embedded copy `chunk` of the deck module: the games
 * module's, once asked for, wins.
 */
export function initWith(chunk: Embedded, options: InitOptions = {}): Promise<void> {
  if (!loading) {
    const piles = games !== undefined;
    loading = load(options, games ?? chunk).then(
      // a deck module that finishes loading after the games module was asked for never replaces it
      (m) => (loaded = !loaded || piles ? m : loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  }
  return loading.then(() => Promise.all(extras.map((load) => load(options)))).then(() => undefined);
}

/**
 * initSync() (deck-load-sync.ts, games-load-sync.ts): loads the deck module at once from
 * `embeddedCopy` (the base64 text of its gzip) or `options.wasm`, then every registered module,
 * unless they are loaded already. `piles`: the caller is the games entry's initSync.
 */
export function initSyncWith(embeddedCopy: string, piles: boolean, options: InitSyncOptions | undefined, compile: CompileSync): void {
  const o = (options ?? {}) as InitSyncOptions;
  if (typeof o !== 'object' || o === null) throw new TypeError(`initSync options must be an object, got ${typeof options}`);
  if (!loaded || (piles && !hasPiles(loaded))) {
    if (games && !piles) {
      throw new Error("fairdeck: this app imports 'fairdeck/games', whose deck module has the piles: call initSync() from 'fairdeck/games'");
    }
    const compiled = compile(o.wasm, embeddedCopy, 'wasm');
    let m: EmbindModule;
    try {
      m = instantiateSync(glue, compiled);
    } catch (cause) {
      throw new Error(`fairdeck: could not load its WebAssembly module synchronously: ${String(cause)}`, { cause });
    }
    loaded = m;
    loading = Promise.resolve(m);
  }
  for (const load of syncExtras) load(o);
}

/** True if module `m` deals to named piles: the games module (games.ts), not fairdeck.wasm. */
export function hasPiles(m: object): boolean {
  return typeof (m as unknown as { pileName?: unknown }).pileName === 'function';
}

/** compileSourceSync (wasm-source-sync.ts), passed in so that only the sync entry points import it. */
export type CompileSync = (source: unknown, embeddedCopy: string, option: string) => WebAssembly.Module;

/** True once `init()` (or `initSync()`) has finished. */
export function isReady(): boolean {
  return loaded !== undefined;
}

/** The loaded module; throws a clear Error before `init()` has resolved. */
export function core(): EmbindModule {
  if (!loaded) throw new Error('fairdeck is not initialised: call initSync() or await init() first (from the entry you import)');
  return loaded;
}
