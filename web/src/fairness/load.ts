/**
 * Loading the fairness module (cpp/bindings/fairness.cpp): the experiments live in a WebAssembly
 * module of their own, so that `fairdeck` alone never downloads them (docs/size.md). It is loaded
 * once, on the first experiment or by `init()` from `fairdeck/fairness`, after the deck module.
 *
 * The hook for the package's loader: `loadFairness(source)` takes the same kinds of source as
 * `init({ wasm })` and hands them to the same Emscripten factory options as web/src/load.ts does
 * (bytes in Node, a URL in browsers, or a compiled module). Whatever way the deck module is
 * delivered, the fairness module can be delivered the same way by changing `defaultSource` alone.
 */
import type { BasicAbi, BasicCore } from '../abi.js';
import { core, init as initDeck, type InitOptions } from '../load.js';
import createFairnessModule from '../wasm/fairness.js';
import type { FairdeckModule } from '../wasm/fairdeck.js';

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

const SIGNED = ['error_kind', 'free', 'heap_used', 'text_free', 'experiment_free', 'experiment_run'] as const;
const UNSIGNED = ['error_message', 'error_length', 'text_length', 'alloc', 'experiment_new', 'experiment_counts', 'experiment_cells'] as const;

/** Where to load the fairness module from (as `InitOptions.wasm` for the deck module). */
export type WasmSource = NonNullable<InitOptions['wasm']>;

/** The fairness module's own file, next to the deck module's. */
const defaultSource = (): WasmSource => new URL('../wasm/fairness.wasm', import.meta.url);

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

async function factoryOptions(source: WasmSource): Promise<Parameters<typeof createFairnessModule>[0]> {
  if (source instanceof WebAssembly.Module) {
    return { instantiateWasm: (imports, done) => (WebAssembly.instantiate(source, imports).then((i) => done(i, source)), {}) };
  }
  if (typeof source !== 'string' && !(source instanceof URL)) return { wasmBinary: source };
  const url = new URL(String(source), import.meta.url);
  if (url.protocol === 'file:' && isNode()) {
    const fsName = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
    return { wasmBinary: await fs.readFile(url) };
  }
  return { locateFile: () => url.href };
}

let loading: Promise<FairnessCore> | undefined;
let loaded: FairnessCore | undefined;

function bind(m: FairdeckModule): FairnessCore {
  const exports = m as unknown as Record<string, (...args: number[]) => number>;
  const abi = {} as Record<string, (...args: number[]) => number>;
  for (const name of SIGNED) abi[name] = (...a) => exports[`_fd_${name}`](...a);
  for (const name of UNSIGNED) abi[name] = (...a) => exports[`_fd_${name}`](...a) >>> 0;
  return { m, abi: abi as unknown as FairnessAbi };
}

/** Loads the fairness module once (a failed load can be retried). */
export function loadFairness(source: WasmSource = defaultSource()): Promise<FairnessCore> {
  loading ??= factoryOptions(source)
    .then((options) => createFairnessModule(options))
    .then((m) => (loaded = bind(m)))
    .catch((cause: unknown) => {
      loading = undefined;
      throw new Error(`fairdeck: could not load its fairness module from ${String(source instanceof WebAssembly.Module ? 'the WebAssembly.Module given' : source)}: ${String(cause)}`, { cause });
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
