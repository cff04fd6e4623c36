/**
 * The bulk-shuffle module (cpp/bindings/shuffle.cpp): `shuffle` and `permutation` run in a
 * WebAssembly module of their own, so that an app that only deals cards never ships it
 * (docs/size.md). This file registers the module with `init()` when it is first evaluated, which
 * happens only in apps that import `shuffle` or `permutation`; `init()` then loads it after the
 * deck module, from the copy embedded in the package or from `init({ shuffleWasm })`; `initSync()`
 * loads it at once.
 */
import type { BasicModule, EngineSpec } from './binding.js';
import { instantiate, instantiateSync, type Handle } from './instantiate.js';
import glue from './wasm/shuffle-glue.js';
// Static, for initSync(): an app that imports shuffle ships this copy in its main chunk (init()
// downloads it at once anyway); one that hosts shuffle.wasm itself passes init({ shuffleWasm }).
import shuffleCopy from './wasm/shuffle-embedded.js';
import { core, registerModule, type InitOptions, type InitSyncOptions } from './load.js';
import { compileSource, describe } from './wasm-source.js';
import { compileSourceSync } from './wasm-source-sync.js';

/** Embind's class "CoreBulk" (cpp/bindings/shuffle.cpp): a bulk shuffle and its heap array. */
export interface CoreBulk extends Handle {
  /** The array as a view of `bytes` bytes (copy the items in), or null on a recorded error. */
  data(bytes: number): Uint8Array | null;
  /** Shuffles the next `count` positions of the array (items of `width` bytes); 0 when done or failed. */
  step(width: number, count: number): number;
  ok(): boolean;
  /** Writes start, start + 1, … (count values) as u32 from slot `start`. */
  identity(start: number, count: number): void;
  /** True if the shuffle is cache-aware (labels, then bucket choices), else plain Fisher–Yates (choices). */
  cacheAware(): boolean;
  /** Fisher–Yates: appends the next (at most `count`) swap choices to the u32 array; how many, 0 when done. */
  choices(count: number): number;
  /** Cache-aware: appends the next items' bucket labels to the u16 array (n of them in all); 0 when done. */
  labels(count: number): number;
  /** Cache-aware, after the labels: the bucket sizes (a view of the heap), else null. */
  bucketSizes(): Uint32Array | null;
  /** Cache-aware: the next bucket swap choices, from the u32 array's start; how many, 0 when done. */
  bucketChoices(count: number): number;
}
/** The shuffle module. */
export interface ShuffleCore extends BasicModule {
  CoreBulk: { make(n: number, engine: EngineSpec): CoreBulk | null };
}

let loading: Promise<ShuffleCore> | undefined;
let loaded: ShuffleCore | undefined;

/** Loads the shuffle module once (a failed load can be retried by calling init() again). */
function loadShuffle(options: InitOptions): Promise<ShuffleCore> {
  const source = options.shuffleWasm;
  loading ??= compileSource(source, () => import('./wasm/shuffle-embedded.js'))
    .then((compiled) => instantiate<ShuffleCore>(glue, compiled))
    .then((m) => (loaded = m))
    .catch((cause: unknown) => {
      loading = undefined;
      throw new Error(`fairdeck: could not load its shuffle module from ${describe(source)}: ${String(cause)}`, { cause });
    });
  return loading;
}
/** The same at once, for initSync(); the embedded copy comes from the static import above. */
function loadShuffleSync(options: InitSyncOptions): void {
  if (loaded) return;
  const compiled = compileSourceSync(options.shuffleWasm, shuffleCopy, 'shuffleWasm');
  try {
    loaded = instantiateSync<ShuffleCore>(glue, compiled);
  } catch (cause) {
    throw new Error(`fairdeck: could not load its shuffle module synchronously: ${String(cause)}`, { cause });
  }
  loading = Promise.resolve(loaded);
}
registerModule(loadShuffle, loadShuffleSync);

/** The loaded shuffle module; a clear Error before init() has loaded it. */
export function shuffleCore(): ShuffleCore {
  if (loaded) return loaded;
  core();  // the "not initialised" Error before init()
  throw new Error('fairdeck: the module of shuffle() and permutation() is not loaded yet: await init() again before calling them');
}
