// tests/bench/core.mjs — a second instance of the packaged WASM module with its raw bindings, for
// scenarios that time the core itself (no TypeScript layer): the WASM twins of the native
// benchmarks, the 10^8 algorithm comparison and the fairness loops.
import { readFileSync } from 'node:fs';
import createFairdeckModule from '../../dist/wasm/fairdeck.js';

/** The instantiated module from dist/wasm (the files the package ships). */
export async function loadCore() {
  return createFairdeckModule({ wasmBinary: readFileSync(new URL('../../dist/wasm/fairdeck.wasm', import.meta.url)) });
}
