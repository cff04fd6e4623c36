/**
 * The bulk-shuffle module (cpp/bindings/shuffle.cpp): `shuffle` and `permutation` run in a
 * WebAssembly module of their own, so that an app that only deals cards never ships it
 * (docs/size.md). This file registers the module with `init()` when it is first evaluated, which
 * happens only in apps that import `shuffle` or `permutation`; `init()` then loads it after the
 * deck module, from the copy embedded in the package or from `init({ shuffleWasm })`.
 */
import { bindExports, type BasicAbi, type BasicCore } from './abi.js';
import { instantiate } from './instantiate.js';
import { core, registerModule, type InitOptions } from './load.js';
import { compileSource, describe } from './wasm-source.js';

type Ptr = number;
/** The shuffle module's exports, by name without the `fd_` prefix (see cpp/bindings/shuffle.cpp). */
export interface ShuffleAbi extends BasicAbi {
  bulk_new(n: number, rng: Ptr, rngLen: number, seedKind: number, seed: Ptr, seedLen: number): Ptr;
  bulk_free(bulk: Ptr): void;
  bulk_step(bulk: Ptr, array: Ptr, width: number, count: number): number;
  bulk_ok(bulk: Ptr): number;
  fill_identity(out: Ptr, start: number, count: number): void;
}
export interface ShuffleCore extends BasicCore {
  abi: ShuffleAbi;
}

const SIGNED = ['bulk_free', 'bulk_ok', 'fill_identity'];
const UNSIGNED = ['bulk_new', 'bulk_step'];

let loading: Promise<ShuffleCore> | undefined;
let loaded: ShuffleCore | undefined;

/** Loads the shuffle module once (a failed load can be retried by calling init() again). */
function loadShuffle(options: InitOptions): Promise<ShuffleCore> {
  const source = options.shuffleWasm;
  loading ??= compileSource(source, () => import('./wasm/shuffle-embedded.js'))
    .then(instantiate)
    .then((m) => (loaded = { m, abi: bindExports<ShuffleAbi>(m, SIGNED, UNSIGNED) }))
    .catch((cause: unknown) => {
      loading = undefined;
      throw new Error(`fairdeck: could not load its shuffle module from ${describe(source)}: ${String(cause)}`, { cause });
    });
  return loading;
}
registerModule(loadShuffle);

/** The loaded shuffle module; a clear Error before init() has loaded it. */
export function shuffleCore(): ShuffleCore {
  if (loaded) return loaded;
  core();  // the "not initialised" Error before init()
  throw new Error('fairdeck: the module of shuffle() and permutation() is not loaded yet: await init() again before calling them');
}
