/**
 * Loading the fairness module (cpp/bindings/fairness.cpp): the experiments live in a WebAssembly
 * module of their own, so that `fairdeck` alone never downloads them (docs/size.md). It is loaded
 * once, on the first experiment or by `init()` from `fairdeck/fairness`, after the deck module.
 *
 * It is delivered exactly as the deck module is (../wasm-source.ts, docs/delivery.md): by default
 * the copy embedded in the package, compiled here and handed to its glue (../instantiate.ts);
 * `init({ fairnessWasm })` takes a URL, bytes or a compiled module instead.
 */
import type { BasicModule, EngineSpec } from '../binding.js';
import { init as initDeck } from '../deck-load.js';
import { core, initOptions, type InitOptions } from '../load.js';
import type { WasmSource } from '../wasm-source.js';
import { instantiate, type Handle } from '../instantiate.js';
import glue from '../wasm/fairness-glue.js';
import { compileSource, describe } from '../wasm-source.js';

/** What an experiment runs (ExperimentSpec in cpp/bindings/fairness.cpp). */
export interface ExperimentSpec {
  algorithm: Uint8Array;
  measure: number;
  n: number;
  rounds: number;
  engine: EngineSpec;
}
/** Embind's class "CoreExperiment". */
export interface CoreExperiment extends Handle {
  run(trials: number): void;
  /** The counts so far, as a view (copy it at once), or null on a recorded error. */
  counts(): Float64Array | null;
}
/** The fairness module. */
export interface FairnessCore extends BasicModule {
  CoreExperiment: { make(spec: ExperimentSpec): CoreExperiment | null };
}


let loading: Promise<FairnessCore> | undefined;
let loaded: FairnessCore | undefined;

/** Takes a fairness module loaded synchronously (load-sync.ts) as the loaded one. */
export function setFairness(m: FairnessCore): void {
  loaded = m;
  loading = Promise.resolve(m);
}
/** The fairness module, if loaded. */
export function loadedFairness(): FairnessCore | undefined {
  return loaded;
}

/** Loads the fairness module once (a failed load can be retried). */
export function loadFairness(source?: WasmSource): Promise<FairnessCore> {
  loading ??= compileSource(source, () => import('../wasm/fairness-embedded.js'))
    .then((compiled) => instantiate<FairnessCore>(glue, compiled))
    .then((m) => (loaded = m))
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
export async function init(options?: FairnessInitOptions): Promise<void> {
  const o = initOptions(options, 'init options') as FairnessInitOptions;  // own data properties, read once
  await initDeck(o);
  await loadFairness(o.fairnessWasm);
}

/** The fairness module for an experiment: needs the deck module (init()), loads itself if need be. */
export async function fairness(): Promise<FairnessCore> {
  core();  // the "not initialised" Error before init()
  return loaded ?? loadFairness();
}
