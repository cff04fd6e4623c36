/**
 * Loading the WASM module once (memoised), in browsers, workers, Vite and plain Node ESM.
 *
 * Emscripten 3.1.6's Node path needs `require`, so the module is built for web/worker only and,
 * in Node, the .wasm bytes are read here and handed to the factory (docs/toolchain.md, pitfall 3).
 * The file is located with `new URL('./wasm/fairdeck.wasm', import.meta.url)`, which Vite turns
 * into a hashed asset in dev and build.
 */
import createFairdeckModule, { type FairdeckModule } from './wasm/fairdeck.js';

/** Where to load the WASM from, for hosts that serve it elsewhere or embed it. */
export interface InitOptions {
  /** URL of fairdeck.wasm, or its bytes, or a compiled WebAssembly.Module. */
  wasm?: string | URL | ArrayBuffer | Uint8Array | WebAssembly.Module;
}

let loading: Promise<FairdeckModule> | undefined;
let loaded: FairdeckModule | undefined;

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

async function readFileUrl(url: URL): Promise<Uint8Array> {
  const fsName = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
  return fs.readFile(url);
}

async function wasmBytes(source: string | URL): Promise<Uint8Array | undefined> {
  const url = new URL(String(source), import.meta.url);
  if (url.protocol === 'file:' && isNode()) return readFileUrl(url);
  return undefined;
}

async function load(options: InitOptions): Promise<FairdeckModule> {
  const source = options.wasm ?? new URL('./wasm/fairdeck.wasm', import.meta.url);
  const where =
    source instanceof URL || typeof source === 'string'
      ? String(source)
      : source instanceof WebAssembly.Module ? 'the WebAssembly.Module given' : 'the bytes given';
  try {
    if (typeof source === 'string' || source instanceof URL) {
      const bytes = await wasmBytes(source);
      if (bytes) return await createFairdeckModule({ wasmBinary: bytes });
      const href = new URL(String(source), import.meta.url).href;
      return await createFairdeckModule({ locateFile: () => href });
    }
    if (source instanceof WebAssembly.Module) {
      // The factory's promise never settles if instantiation (or `done`) fails here: race it.
      const compiled = source;
      let fail: (reason: unknown) => void = () => {};
      const failed = new Promise<never>((_, reject) => (fail = reject));
      return await Promise.race([
        createFairdeckModule({
          instantiateWasm: (imports, done) => {
            WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled)).catch(fail);
            return {};
          },
        }),
        failed,
      ]);
    }
    return await createFairdeckModule({ wasmBinary: source as ArrayBuffer | Uint8Array });
  } catch (cause) {
    throw new Error(`fairdeck: could not load its WebAssembly module from ${where}: ${String(cause)}`, { cause });
  }
}

/**
 * Loads fairdeck's WebAssembly module. Call (and await) once before creating decks; later and
 * concurrent calls share the same load. A failed load can be retried.
 */
export function init(options: InitOptions = {}): Promise<void> {
  if (!loading) {
    loading = load(options).then(
      (m) => (loaded = m),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  }
  return loading.then(() => undefined);
}

/** True once `init()` has finished. */
export function isReady(): boolean {
  return loaded !== undefined;
}

/** The loaded module; throws a clear Error before `init()` has resolved. */
export function core(): FairdeckModule {
  if (!loaded) throw new Error('fairdeck is not initialised: await init() before creating a Deck or shuffling');
  return loaded;
}
