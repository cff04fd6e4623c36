/**
 * Loading the WASM module once (memoised), in browsers, workers, bundlers, Node, Deno and Bun.
 *
 * By default the module comes from the copy embedded in the package (no asset for a bundler to
 * find, no URL to resolve); `init({ wasm })` takes a URL, a string, bytes or a compiled
 * WebAssembly.Module instead (wasm-source.ts). The package compiles the module itself and hands it
 * to the module's Emscripten glue (instantiate.ts), which runs the Embind registrations.
 */
import { ownOptions } from './input.js';
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
 * The keys of every entry's `init()` and `initSync()` options, in one place: the deck module's
 * source, and those of the modules loaded beside it (shuffle.wasm; fairness.wasm, which only
 * 'fairdeck/fairness' reads, accepted everywhere because its init() passes its options on).
 */
export const INIT_KEYS: readonly string[] = ['wasm', 'shuffleWasm', 'fairnessWasm'];

/** `init`/`initSync` options as a copy of their own data properties (input.ts, ownOptions); TypeError naming `what` otherwise. */
export function initOptions(options: unknown, what: string): InitOptions & InitSyncOptions & { fairnessWasm?: unknown } {
  return ownOptions(options, what, INIT_KEYS);
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
 * 'fairdeck/games' (games.ts), whose module is the same deck with them, or 'fairdeck/sim' (sim.ts),
 * whose module adds dead cards and sampleIds to the games module's (docs/size.md). They share
 * their glue (scripts/build-wasm.sh checks it), so only the embedded copy differs; each entry's
 * init() passes its own (initWith), so that a bundler emits only the one the app uses. `chosen`
 * is the largest build asked for (its level: 1 games, 2 sim), which serves every entry.
 */
let chosen: Embedded | undefined;
let chosenLevel = 0;
/** The chosen build's embedded copy (base64 of its gzip), for an initSync() of any entry. */
let chosenCopy = '';
/**
 * games.ts or sim.ts, when first evaluated or its init() called: every init() and initSync(),
 * whichever entry it comes from, loads that build from now on, unless a larger one was asked for
 * (issue 61: mixing entries needs no knowledge of modules). `copy` is its embedded copy, which
 * those entries import statically so that an initSync() of 'fairdeck' can load it too (init()
 * takes it from `chosen`). If a
 * smaller deck module is loaded already, the next init() loads this one instead; decks made
 * before keep theirs.
 */
export function useDeckModule(level: 1 | 2, copy: string): void {
  if (level <= chosenLevel) return;
  chosen = () => Promise.resolve({ default: copy });
  chosenLevel = level;
  chosenCopy = copy;
  loading = undefined;
}

/** The deck module's build init() loads now (0 fairdeck, 1 games, 2 sim): node-files.ts reads its file. */
export function deckLevel(): 0 | 1 | 2 {
  return chosenLevel as 0 | 1 | 2;
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
 * init() (deck-load.ts, games.ts, sim.ts) with the embedded copy `chunk` of the deck module: the
 * largest build asked for wins.
 */
export function initWith(chunk: Embedded, given?: InitOptions): Promise<void> {
  let options: InitOptions;
  try {
    options = initOptions(given, 'init options');
  } catch (error) {
    return Promise.reject(error);
  }
  if (!loading) {
    loading = load(options, chosen ?? chunk).then(
      // a smaller deck module that finishes loading after a larger one was asked for never replaces it
      (m) => (loaded = !loaded || levelOf(m) >= levelOf(loaded) ? m : loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  }
  // The other modules load beside the deck module, not after it (in Node their decoding runs while
  // the deck module compiles: docs/startup.md); the first failure is the one reported.
  return Promise.all([loading, ...extras.map((load) => load(options))]).then(() => {});
}

/**
 * initSync() (deck-load-sync.ts, games-load-sync.ts): loads the deck module at once from
 * `embeddedCopy` (the base64 text of its gzip) or `options.wasm`, then every registered module,
 * unless they are loaded already. `level`: the caller's build (0 fairdeck, 1 games, 2 sim).
 */
export function initSyncWith(embeddedCopy: string, level: 0 | 1 | 2, options: InitSyncOptions | undefined, compile: CompileSync): void {
  const o: InitSyncOptions = initOptions(options, 'initSync options');
  // The largest build the app's imports asked for (useDeckModule), whichever entry this is.
  const want = Math.max(level, chosenLevel);
  if (!loaded || levelOf(loaded) < want) {
    const compiled = compile(o.wasm, want > level ? chosenCopy : embeddedCopy, 'wasm');
    let m: EmbindModule;
    try {
      m = instantiateSync(glue, compiled);
    } catch (cause) {
      throw new Error(`fairdeck: could not load its WebAssembly module synchronously: ${String(cause)}`, { cause });
    }
    if (levelOf(m) < want) {  // only a module the caller passed can be too small
      const file = `${want > 1 ? 'sim' : 'games'}.wasm`;
      throw new Error(`fairdeck: this app imports 'fairdeck/${want > 1 ? 'sim' : 'games'}', whose decks need ${file}, but initSync options.wasm is a smaller deck module: pass ${file} (the package exports it as 'fairdeck/${file}'), or no wasm option`);
    }
    loaded = m;
    loading = Promise.resolve(m);
  }
  for (const load of syncExtras) load(o);
}

/** True if module `m` deals to named piles: the games or sim module (games.ts, sim.ts), not fairdeck.wasm. */
export function hasPiles(m: object): boolean {
  return typeof (m as unknown as { pileName?: unknown }).pileName === 'function';
}
/** True if module `m` has dead cards and sampleIds: the sim module (sim.ts). */
export function hasSim(m: object): boolean {
  return typeof (m as { CoreDeck?: { prototype?: { sample?: unknown } } }).CoreDeck?.prototype?.sample === 'function';
}
/** 0 fairdeck.wasm, 1 games.wasm, 2 sim.wasm. */
function levelOf(m: object): number {
  return hasSim(m) ? 2 : +hasPiles(m);
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
