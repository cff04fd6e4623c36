/**
 * Instantiating a fairdeck module: its Emscripten glue (the Embind runtime, built with each module
 * by scripts/build-wasm.sh into wasm/<module>-glue.js) with a WebAssembly.Module the package has
 * already compiled (wasm-source.ts). The glue is handed the module through `instantiateWasm`, so
 * it never locates, fetches or reads a .wasm itself: it holds no `import.meta`, `new URL` or
 * `require`, and every bundler takes it as it is (docs/delivery.md). It evaluates no strings
 * (no `eval`, no `new Function`: cpp/bindings/invokers.js), so a strict Content-Security-Policy
 * needs only 'wasm-unsafe-eval'.
 */

/** What Embind puts on every class instance it hands to JS: freed by delete(). */
export interface Handle {
  delete(): void;
  isDeleted(): boolean;
}

/** A loaded module: heap views (Emscripten replaces them when memory grows) and its bindings. */
export interface EmbindModule {
  HEAPU8: Uint8Array;
  HEAPU32: Uint32Array;
  HEAPF64: Float64Array;
}

/** A module's glue: Emscripten's MODULARIZE factory (wasm/<module>-glue.js). */
export type Factory = (settings: object) => Promise<unknown>;

/**
 * Instantiates `compiled` with its glue's imports and runs its static constructors (which
 * register the Embind classes). Rejects with the instantiation's own error if it fails.
 */
export function instantiate<M extends EmbindModule>(factory: Factory, compiled: WebAssembly.Module): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const settings = {
      instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
        // A module that is not this one fails in instantiate() or in the glue's receive (no memory
        // export, a missing binding): either way the promise rejects, never hangs.
        WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled)).catch(reject);
        return {};
      },
    };
    factory(settings).then((m) => resolve(m as M), reject);
  });
}

/**
 * The same, synchronously (initSync): the glue is handed an instance made on the spot, so it runs
 * its static constructors before the factory returns, on the settings object it was given (an
 * Emscripten MODULARIZE factory fills in the object passed to it). Throws the instantiation's own
 * error, which the glue would otherwise only log.
 */
export function instantiateSync<M extends EmbindModule>(factory: Factory, compiled: WebAssembly.Module): M {
  let failure: { error: unknown } | undefined;
  const settings = {
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      try {
        receive(new WebAssembly.Instance(compiled, imports), compiled);
      } catch (error) {
        failure = { error };
      }
      return {};
    },
  };
  factory(settings).catch((error: unknown) => (failure ??= { error }));
  if (failure) throw failure.error;
  const m = settings as unknown as M & { errorKind?: unknown };
  // basics.cpp binds errorKind in every module: without it the glue did not run its constructors.
  if (typeof m.errorKind !== 'function' || !(m.HEAPU8 instanceof Uint8Array)) {
    throw new Error('the module did not start synchronously (its glue waits for something)');
  }
  return m;
}
