/**
 * What the environment must offer before fairdeck compiles its module, and the messages that say
 * what is missing: WebAssembly itself, SIMD128 and exception handling (each probed with a
 * 29-byte module, validate() only, nothing compiled), and a Content-Security-Policy that allows
 * compiling.
 */

/** (module (func (result v128) i32.const 0 i8x16.splat)): valid only where SIMD128 is supported. */
const simdProbe = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11,
]);

/** (module (func try nop catch_all end)): valid only where WebAssembly exception handling is supported. */
const ehProbe = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 9, 1, 7, 0, 6, 64, 1, 25, 11, 11]);

/** Throws an Error saying what is missing if `host.WebAssembly` (default: the global one) cannot run fairdeck. */
export function checkWebAssembly(host: { WebAssembly?: unknown } = globalThis): void {
  const api = host.WebAssembly as Partial<typeof WebAssembly> | undefined;
  if (typeof api !== 'object' || api === null || typeof api.compile !== 'function' || typeof api.validate !== 'function') {
    throw new Error(
      'fairdeck needs WebAssembly, and this environment has none (WebAssembly is ' +
        `${api === undefined ? 'undefined' : 'incomplete'}): it may be turned off, as in Node or Chromium run ` +
        "with --jitless, Safari's Lockdown Mode or some locked-down WebViews.",
    );
  }
  if (!api.validate(simdProbe)) {
    throw new Error(
      'fairdeck needs WebAssembly SIMD128 (Chrome and Edge 91+, Firefox 89+, Safari 16.4+, Node 16.4+), ' +
        'and this engine has WebAssembly without it.',
    );
  }
  if (!api.validate(ehProbe)) {
    throw new Error(
      'fairdeck needs WebAssembly exception handling (Chrome and Edge 95+, Firefox 100+, Safari 15.2+, Node 17+), ' +
        'and this engine has WebAssembly without it.',
    );
  }
}

/** True if `error` is a Content-Security-Policy refusal to compile or instantiate WebAssembly. */
export function isCspBlock(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // Chromium names the policy (tested); other engines word it differently: an EvalError, or "CSP".
  return /Content[ -]Security[ -]Policy|\bCSP\b|wasm-unsafe-eval|wasm-eval|EvalError/i.test(text);
}

/** The message for a CSP block: names the directive the page must add. */
export function cspMessage(cause: unknown): string {
  return (
    "fairdeck: the page's Content-Security-Policy does not allow compiling WebAssembly. Add 'wasm-unsafe-eval' " +
    "to script-src (for example script-src 'self' 'wasm-unsafe-eval'); fairdeck needs no 'unsafe-eval'. " +
    `(${String(cause)})`
  );
}
