/**
 * The synchronous half of wasm-source.ts, for `initSync` only (deck-load-sync.ts and the other
 * sync loaders), so that apps that only ever `await init()` ship none of it: the embedded copy
 * gunzipped at once and compiled with `new WebAssembly.Module`.
 */
import { gunzipSync } from './vendor/gunzip.js';
import { cspMessage, isCspBlock } from './wasm-env.js';
import { builtin, fromBase64, type NodeZlib } from './bytes.js';
import { describe, resolveUrl, type WasmSource } from './wasm-source.js';

/**
 * Gunzips at once: Node's, Deno's and Bun's zlib where there is one, else the small inflate
 * bundled from fflate (vendor/gunzip.ts).
 */
function gunzipNow(bytes: Uint8Array<ArrayBuffer>): Uint8Array {
  const zlib = builtin<NodeZlib>('node:zlib');
  return zlib ? zlib.gunzipSync(bytes) : gunzipSync(bytes);
}

/** What `initSync({ wasm })` takes: the module's bytes or a compiled WebAssembly.Module (no URL: a download cannot be waited for). */
export type WasmBytes = ArrayBuffer | Uint8Array | WebAssembly.Module;

/**
 * The compiled module for `initSync`: `source` as bytes or a Module, or the embedded copy (the
 * base64 text of its gzip), compiled with `new WebAssembly.Module` — which browsers allow on the
 * main thread for modules up to 8 MB (fairdeck's are under 200 KB), and workers, Node, Deno and
 * Bun for any size.
 */
export function compileSourceSync(source: unknown, embeddedCopy: string, option: string): WebAssembly.Module {
  if (source instanceof WebAssembly.Module) return source;
  if (typeof source === 'string' || source instanceof URL) {
    throw new TypeError(
      `initSync({ ${option} }) takes the module's bytes or a WebAssembly.Module, not a URL (${resolveUrl(source).href}): ` +
        'a download cannot be waited for synchronously. Use await init({ ... }) for a URL, or pass the bytes.',
    );
  }
  if (source !== undefined && !(source instanceof ArrayBuffer || ArrayBuffer.isView(source))) {
    throw new TypeError(`initSync({ ${option} }): expected an ArrayBuffer, a Uint8Array or a WebAssembly.Module, got ${Object.prototype.toString.call(source)}`);
  }
  const bytes = source ?? gunzipNow(fromBase64(embeddedCopy));
  try {
    return new WebAssembly.Module(bytes as BufferSource);
  } catch (cause) {
    if (isCspBlock(cause)) throw new Error(cspMessage(cause), { cause });
    throw new Error(`fairdeck: could not compile its WebAssembly module from ${describe(source as WasmSource | undefined)}: ${String(cause)}`, { cause });
  }
}
