/**
 * Loading the WASM module once (memoised), in browsers, workers, bundlers, Node, Deno and Bun.
 *
 * By default the module comes from the copy embedded in the package (no asset for a bundler to
 * find, no URL to resolve); `init({ wasm })` takes a URL, a string, bytes or a compiled
 * WebAssembly.Module instead (wasm-source.ts). The package compiles the module itself and hands it
 * to the module's Emscripten glue (instantiate.ts), which runs the Embind registrations.
 */
import { instantiate, type EmbindModule } from './instantiate.js';
import glue from './wasm/fairdeck-glue.js';
import { checkWebAssembly } from './wasm-env.js';
import { compileSource, describe, type WasmSource } from './wasm-source.js';

/** Where to load the WASM from, for hosts that serve it elsewhere or embed it. */
export interface InitOptions {
  /**
   * URL of fairdeck.wasm (a relative string resolves against the page), or its bytes, or a
   * compiled WebAssembly.Module. Default: the copy embedded in the package.
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
export function registerModule(load: (options: InitOptions) => Promise<unknown>): void {
  extras.push(load);
}

let loading: Promise<EmbindModule> | undefined;
let loaded: EmbindModule | undefined;

async function load(options: InitOptions): Promise<EmbindModule> {
  checkWebAssembly();
  const compiled = await compileSource(options.wasm);
  try {
    return await instantiate(glue, compiled);
  } catch (cause) {
    throw new Error(`fairdeck: could not load its WebAssembly module from ${describe(options.wasm)}: ${String(cause)}`, { cause });
  }
}

/**
 * Loads fairdeck's WebAssembly module. Call (and await) once before creating decks; later and
 * concurrent calls share the same load. A failed load can be retried.
 */
export function init(options: InitOptions = {}): Promise<void> {
  if (!loading) {
    loading = load(options).then(
      (m) => (loaded = m),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  }
  return loading.then(() => Promise.all(extras.map((load) => load(options)))).then(() => undefined);
}

/** True once `init()` has finished. */
export function isReady(): boolean {
  return loaded !== undefined;
}

/** The loaded module; throws a clear Error before `init()` has resolved. */
export function core(): EmbindModule {
  if (!loaded) throw new Error('fairdeck is not initialised: await init() before creating a Deck or shuffling');
  return loaded;
}
