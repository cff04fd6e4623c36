/**
 * Turns the `wasm` option of `init()` into a compiled WebAssembly.Module, with errors that name
 * the real cause (docs/delivery.md):
 * - nothing given: the copy embedded in the package (fairdeck-embedded.js, gzip + base64, loaded
 *   with a dynamic import so that people who host the file themselves do not ship it);
 * - a URL or string: fetched (a relative string resolves against the page, not the package), or
 *   read from disk in Node for file: URLs and paths;
 * - bytes or a WebAssembly.Module: used as they are.
 * No `import.meta`, no Node-only import: every bundler takes this file as it is.
 */
import { builtin, fromBase64, type NodeZlib } from './bytes.js';
import { cspMessage, isCspBlock } from './wasm-env.js';

/**
 * Where a WebAssembly module comes from: a URL (a relative string resolves against the page), its
 * bytes, or a compiled WebAssembly.Module. `initSync` takes only bytes or a Module.
 */
export type WasmSource = string | URL | ArrayBuffer | Uint8Array | WebAssembly.Module;

const howTo =
  "Serve fairdeck.wasm (the package exports it as 'fairdeck/fairdeck.wasm') at that URL, pass the bytes or a " +
  'WebAssembly.Module yourself with init({ wasm }), or call init() without it to use the copy embedded in the package.';

/**
 * The embedded copy's bytes (gzip) as the module's: at once with Node's zlib (Deno and Bun have it
 * too); elsewhere a DecompressionStream's output, as a Response that compile() compiles as it
 * arrives. Node's DecompressionStream took 139 ms here, its zlib 4.5 ms (docs/delivery.md); in
 * Chromium, reading the output whole from a Blob's stream first had tails of 100 ms and more
 * (docs/startup.md).
 */
function gunzip(bytes: Uint8Array<ArrayBuffer>): Uint8Array | Response {
  const zlib = builtin<NodeZlib>('node:zlib');
  if (zlib) return zlib.gunzipSync(bytes);
  if (typeof DecompressionStream !== 'function') {
    throw new Error(
      'fairdeck: this environment has no DecompressionStream, which the embedded copy of the module needs ' +
        "(Chrome 80+, Firefox 113+, Safari 16.4+, Node 18+). Pass the module yourself: init({ wasm: url or bytes }) with 'fairdeck/fairdeck.wasm'.",
    );
  }
  // Every engine with DecompressionStream has WebAssembly.compileStreaming (Chrome 61, Firefox 58, Safari 15).
  const stream = new Response(bytes).body!.pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream, { headers: { 'content-type': 'application/wasm' } });
}

/**
 * The package's own copy of a module, from a dynamic import its loader passes in (so a bundler
 * emits the fairness module's chunk only for apps that import fairdeck/fairness).
 */
export type Embedded = () => Promise<{ default: string }>;

async function embedded(chunk: Embedded): Promise<Uint8Array | Response> {
  const { default: base64 } = await chunk();
  return gunzip(fromBase64(base64));
}

interface NodeFs {
  readFileSync(path: string | URL): Uint8Array;
}


/** Where a relative string points: the page (document.baseURI, or the worker's location); in Node, the working directory. */
export function resolveUrl(source: string | URL): URL {
  if (source instanceof URL) return source;
  const g = globalThis as { document?: { baseURI?: string }; location?: { href?: string }; process?: { cwd?: () => string } };
  const base = g.document?.baseURI ?? g.location?.href;
  if (base) return new URL(source, base);
  try {
    return new URL(source); // absolute already
  } catch {
    const cwd = g.process?.cwd?.();
    if (cwd) return new URL(source, `file://${cwd.replace(/\\/g, '/').replace(/^(?!\/)/, '/')}/`);
    throw new TypeError(`init({ wasm }): ${JSON.stringify(source)} is a relative URL and there is no page to resolve it against; pass an absolute URL`);
  }
}

async function download(url: URL): Promise<ArrayBuffer | Uint8Array> {
  const fs = url.protocol === 'file:' ? builtin<NodeFs>('node:fs') : undefined;
  if (fs) {
    try {
      return fs.readFileSync(url);
    } catch (cause) {
      throw new Error(`fairdeck: could not load its WebAssembly module from ${url.href}: ${String(cause)}. ${howTo}`, { cause });
    }
  }
  let response: Response;
  try {
    response = await fetch(url);
  } catch (cause) {
    throw new Error(
      `fairdeck: could not load its WebAssembly module from ${url.href}: the request failed (${String(cause)}; ` +
        `a Content-Security-Policy must allow the URL in connect-src). ${howTo}`,
      { cause },
    );
  }
  if (!response.ok) {
    throw new Error(
      `fairdeck: could not load its WebAssembly module from ${url.href}: HTTP ${response.status}` +
        `${response.statusText ? ` ${response.statusText}` : ''}. ${howTo}`,
    );
  }
  return response.arrayBuffer();
}

/**
 * Compiles (a Response: as it arrives), telling a CSP refusal and a file that is not this module
 * apart. Not `instanceof Response`: in Node, the first use of that global loads its fetch (40 ms).
 */
async function compile(source: ArrayBuffer | Uint8Array | Response, where: string): Promise<WebAssembly.Module> {
  try {
    return await ('headers' in source ? WebAssembly.compileStreaming(source) : WebAssembly.compile(source as BufferSource));
  } catch (cause) {
    if (isCspBlock(cause)) throw new Error(cspMessage(cause), { cause });
    throw new Error(`fairdeck: could not load its WebAssembly module from ${where}: ${String(cause)}`, { cause });
  }
}

/** Describes the source for messages. */
export function describe(source: WasmSource | undefined): string {
  if (source === undefined) return 'the copy embedded in the package';
  if (typeof source === 'string' || source instanceof URL) return resolveUrl(source).href;
  return source instanceof WebAssembly.Module ? 'the WebAssembly.Module given' : 'the bytes given';
}

/** The compiled module for `source` (see the file comment); `chunk` is the embedded copy's import. */
export async function compileSource(source: WasmSource | undefined, chunk: Embedded): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (source === undefined) return compile(await embedded(chunk), describe(source));
  if (typeof source === 'string' || source instanceof URL) {
    const url = resolveUrl(source);
    return compile(await download(url), url.href);
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return compile(source, describe(source));
  throw new TypeError(
    `init({ wasm }): expected a URL, a string, an ArrayBuffer, a Uint8Array or a WebAssembly.Module, got ${Object.prototype.toString.call(source)}`,
  );
}

