/**
 * `initSync()` of 'fairdeck/fairness': the deck module and the fairness module compiled and
 * instantiated at once, from the copies embedded in the package (or the bytes given). A module of
 * its own, imported only where initSync is used, because it takes the embedded copies with static
 * imports.
 */
import { initSync as initDeckSync } from '../deck-load-sync.js';
import { instantiateSync } from '../instantiate.js';
import { initOptions, type InitSyncOptions } from '../load.js';
import glue from '../wasm/fairness-glue.js';
import fairnessCopy from '../wasm/fairness-embedded.js';
import { compileSourceSync } from '../wasm-source-sync.js';
import { loadedFairness, setFairness, type FairnessCore } from './load.js';

/** Options of `initSync()` from `fairdeck/fairness`: the deck module's, plus the fairness module's bytes. */
export interface FairnessInitSyncOptions extends InitSyncOptions {
  /** fairness.wasm's bytes or a compiled WebAssembly.Module. */
  fairnessWasm?: ArrayBuffer | Uint8Array | WebAssembly.Module;
}

/** Loads the deck module and the fairness module synchronously (see `initSync` of 'fairdeck'). */
export function initSync(options?: FairnessInitSyncOptions): void {
  const o = initOptions(options, 'initSync options') as FairnessInitSyncOptions;  // own data properties, read once
  initDeckSync(o);
  if (loadedFairness()) return;
  const compiled = compileSourceSync(o.fairnessWasm, fairnessCopy, 'fairnessWasm');
  try {
    setFairness(instantiateSync<FairnessCore>(glue, compiled));
  } catch (cause) {
    throw new Error(`fairdeck: could not load its fairness module synchronously: ${String(cause)}`, { cause });
  }
}
