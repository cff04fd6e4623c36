/**
 * The package's own WebAssembly runtime: everything a fairdeck module needs from JavaScript, in
 * place of Emscripten's generated glue (docs/size.md, docs/toolchain.md).
 *
 * The modules are built as standalone wasm (`-sSTANDALONE_WASM --no-entry`, C++ exceptions as
 * WebAssembly exception handling), so they ask the host for four functions only, and all four
 * are here: entropy for the core (`js_entropy`, and libc's `getentropy`), a note that memory grew
 * (the heap views are rebuilt), and `proc_exit`, which only an abort reaches. The module keeps its
 * own heap and stack; its exports are called directly (no eval, no generated code: a strict
 * Content-Security-Policy needs only 'wasm-unsafe-eval').
 */

/** An instantiated module: views of its memory (rebuilt when it grows) and its C ABI (`_fd_…`). */
export interface FairdeckModule {
  HEAPU8: Uint8Array;
  HEAPU32: Uint32Array;
  HEAPF64: Float64Array;
}

type Exports = Record<string, unknown> & { memory: WebAssembly.Memory; _initialize?: () => void };

/** Fills `n` bytes at `out` from crypto.getRandomValues (at most 65,536 bytes per call); false if it throws. */
function fill(m: FairdeckModule, out: number, n: number): boolean {
  try {
    out >>>= 0;
    n >>>= 0;
    for (let at = 0; at < n; at += 65536) crypto.getRandomValues(m.HEAPU8.subarray(out + at, out + Math.min(n, at + 65536)));
    return true;
  } catch {
    return false;
  }
}

/**
 * Instantiates a compiled fairdeck module and runs its static constructors. The result has the
 * heap views and every `fd_…` export as `_fd_…`.
 */
export async function instantiate(compiled: WebAssembly.Module): Promise<FairdeckModule> {
  // Every property is in place before the first export call, and the object is made by
  // Object.fromEntries (below): an object filled by ~30 computed-key stores drops to V8's
  // dictionary mode, where each `m._fd_…` read is a hash lookup (~5% of a 52-card shuffle + deal).
  let m: FairdeckModule & Record<string, unknown>;
  let memory: WebAssembly.Memory | undefined;
  const views = () => {
    const b = memory!.buffer;
    m.HEAPU8 = new Uint8Array(b);
    m.HEAPU32 = new Uint32Array(b);
    m.HEAPF64 = new Float64Array(b);
  };
  const imports = {
    env: {
      js_entropy: (out: number, n: number) => (fill(m, out, n) ? 1 : 0),
      getentropy: (out: number, n: number) => (fill(m, out, n) ? 0 : -1),
      emscripten_notify_memory_growth: () => views(),
    },
    wasi_snapshot_preview1: {
      proc_exit: (code: number) => {
        throw new WebAssembly.RuntimeError(`fairdeck: the WebAssembly core aborted (exit code ${code})`);
      },
    },
  };
  const instance = await WebAssembly.instantiate(compiled, imports);
  const exports = instance.exports as Exports;
  memory = exports.memory;
  m = Object.fromEntries([
    ['HEAPU8', undefined], ['HEAPU32', undefined], ['HEAPF64', undefined],
    ...Object.entries(exports).filter(([name]) => name.startsWith('fd_')).map(([name, value]) => [`_${name}`, value]),
  ]) as FairdeckModule & Record<string, unknown>;
  views();
  exports._initialize?.();
  return m;
}
