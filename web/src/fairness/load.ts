/**
 * Loading the fairness module (cpp/bindings/fairness.cpp): the experiments live in a WebAssembly
 * module of their own, so that `fairdeck` alone never downloads them (docs/size.md). It is loaded
 * once, on the first experiment or by `init()` from `fairdeck/fairness`, after the deck module.
 *
 * It is delivered exactly as the deck module is (../wasm-source.ts, docs/delivery.md): by default
 * the copy embedded in the package, compiled and instantiated here (../instantiate.ts);
 * `init({ fairnessWasm })` takes a URL, bytes or a compiled module instead.
 */
import { bindExports, type BasicAbi, type BasicCore } from '../abi.js';
import { core, init as initDeck, type InitOptions } from '../load.js';
import { instantiate, type FairdeckModule } from '../instantiate.js';
import { compileSource, describe } from '../wasm-source.js';

type Ptr = number;
/** The fairness module's exports, by name without the `fd_` prefix (see cpp/bindings/fairness.cpp). */
export interface FairnessAbi extends BasicAbi {
  experiment_new(algorithm: Ptr, algorithmLen: number, measure: number, n: number, rounds: number, rng: Ptr, rngLen: number,
    seedKind: number, seed: Ptr, seedLen: number): Ptr;
  experiment_free(experiment: Ptr): void;
  experiment_run(experiment: Ptr, trials: number): void;
  experiment_counts(experiment: Ptr): Ptr;
  experiment_cells(experiment: Ptr): number;
}
export interface FairnessCore extends BasicCore {
  abi: FairnessAbi;
}

const SIGNED = ['experiment_free', 'experiment_run'];
const UNSIGNED = ['experiment_new', 'experiment_counts', 'experiment_cells'];

/** Where to load the fairness module from (as `InitOptions.wasm` for the deck module). */
export type WasmSource = NonNullable<InitOptions['wasm']>;

let loading: Promise<FairnessCore> | undefined;
let loaded: FairnessCore | undefined;

function bind(m: FairdeckModule): FairnessCore {
  return { m, abi: bindExports<FairnessAbi>(m, SIGNED, UNSIGNED) };
}

/** Loads the fairness module once (a failed load can be retried). */
export function loadFairness(source?: WasmSource): Promise<FairnessCore> {
  loading ??= compileSource(source, () => import('../wasm/fairness-embedded.js'))
    .then(instantiate)
    .then((m) => (loaded = bind(m)))
    .catch((cause: unknown) => {
      loading = undefined;
      throw new Error(`fairdeck: could not load its fairness module from ${describe(source)}: ${String(cause)}`, { cause });
    });
  return loading;
}

/** Options of `init()` from `fairdeck/fairness`: the deck module's, plus the fairness module's source. */
export interface FairnessInitOptions extends InitOptions {
  /** URL of fairness.wasm, or its bytes, or a compiled WebAssembly.Module. */
  fairnessWasm?: WasmSource;
}

/** Loads the deck module and the fairness module. Call (and await) once before experiments. */
export async function init(options: FairnessInitOptions = {}): Promise<void> {
  await initDeck(options);
  await loadFairness(options.fairnessWasm);
}

/** The fairness module for an experiment: needs the deck module (init()), loads itself if need be. */
export async function fairness(): Promise<FairnessCore> {
  core();  // the "not initialised" Error before init()
  return loaded ?? loadFairness();
}
