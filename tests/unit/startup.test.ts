/**
 * How `await init()` gets its modules quickly (issue 39, item 6; docs/startup.md): the embedded
 * copy decoded by the engine's own base64 decoder, decompressed in a browser by a
 * DecompressionStream whose output is compiled as it streams, and the modules an app registered
 * (here the shuffle module) loaded beside the deck module rather than after it. Timings are the
 * bench's (tests/bench/startup.mjs); these tests check what each path does. This file's module
 * graph is its own (Vitest isolates files), so init() starts here unloaded.
 */
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deck, init, isReady, shuffle } from 'fairdeck';
import { fromBase64 } from '../../web/src/bytes.js';
import { compileSource } from '../../web/src/wasm-source.js';
import { instantiate } from '../../web/src/instantiate.js';
import glue from '../../web/src/wasm/fairdeck-glue.js';
import deckCopy from '../../web/src/wasm/fairdeck-embedded.js';

const wasm = readFileSync(new URL('../../web/src/wasm/fairdeck.wasm', import.meta.url));
const gzip = () => new Uint8Array(Buffer.from(deckCopy, 'base64'));

/** Runs `f` as a browser would see the platform: no Node zlib (process.getBuiltinModule hidden). */
async function withoutZlib<T>(f: () => Promise<T>): Promise<T> {
  const p = process as { getBuiltinModule?: unknown };
  const saved = p.getBuiltinModule;
  p.getBuiltinModule = undefined;
  try {
    return await f();
  } finally {
    p.getBuiltinModule = saved;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('base64 decoding of the embedded copy', () => {
  it('gives the same bytes by every path: Uint8Array.fromBase64, Node\'s Buffer, and atob', () => {
    const viaBuffer = fromBase64(deckCopy);
    expect(Buffer.isBuffer(viaBuffer)).toBe(true);
    expect(Uint8Array.from(viaBuffer)).toEqual(gzip());
    vi.stubGlobal('Buffer', undefined);
    const viaAtob = fromBase64(deckCopy);
    expect(Buffer.isBuffer(viaAtob)).toBe(false);
    expect(viaAtob).toEqual(gzip());
    // An engine with Uint8Array.fromBase64 (Chrome 140+, Firefox 133+, Safari 18.2+) uses it.
    const native = vi.fn((text: string) => new Uint8Array(Buffer.from(text, 'base64')));
    (Uint8Array as { fromBase64?: unknown }).fromBase64 = native;
    try {
      expect(fromBase64('AAEC/w==')).toEqual(new Uint8Array([0, 1, 2, 255]));
      expect(native).toHaveBeenCalledTimes(1);
    } finally {
      delete (Uint8Array as { fromBase64?: unknown }).fromBase64;
    }
  });
});

describe('the embedded copy without zlib (the browser path)', () => {
  it('is decompressed by a DecompressionStream and compiled as it streams: the same module as fairdeck.wasm', async () => {
    const streaming = vi.spyOn(WebAssembly, 'compileStreaming');
    const compile = vi.spyOn(WebAssembly, 'compile');
    const module = await withoutZlib(() => compileSource(undefined, () => import('../../web/src/wasm/fairdeck-embedded.js')));
    expect(streaming).toHaveBeenCalledTimes(1);
    // (Node's fetch compiles a small module of its own on first use: only the deck module counts.)
    expect(compile.mock.calls.filter(([bytes]) => (bytes as Uint8Array).byteLength === wasm.byteLength)).toEqual([]);
    const file = new WebAssembly.Module(wasm);
    expect(WebAssembly.Module.exports(module)).toEqual(WebAssembly.Module.exports(file));
    expect(WebAssembly.Module.imports(module)).toEqual(WebAssembly.Module.imports(file));
  });

  it('reads the whole output and compiles it where there is no compileStreaming', async () => {
    const saved = Object.getOwnPropertyDescriptor(WebAssembly, 'compileStreaming')!;
    Object.defineProperty(WebAssembly, 'compileStreaming', { value: undefined, configurable: true });
    const compile = vi.spyOn(WebAssembly, 'compile');
    try {
      const module = await withoutZlib(() => compileSource(undefined, () => import('../../web/src/wasm/fairdeck-embedded.js')));
      expect(compile.mock.calls.filter(([bytes]) => (bytes as ArrayBuffer).byteLength === wasm.byteLength)).toHaveLength(1);
      expect(WebAssembly.Module.exports(module).some((e) => e.kind === 'memory')).toBe(true);
    } finally {
      Object.defineProperty(WebAssembly, 'compileStreaming', saved);
    }
  });

  it('rejects a damaged copy with an error naming it, and no unhandled rejection besides', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const damaged = gzip();
      damaged.fill(7, 100, 200);
      const chunk = async () => ({ default: Buffer.from(damaged).toString('base64') });
      await expect(withoutZlib(() => compileSource(undefined, chunk))).rejects.toThrow(
        /^fairdeck: could not load its WebAssembly module from the copy embedded in the package: /,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('the glue, set up while the module is on its way', () => {
  it('is called at once, instantiates the module when it arrives, and rejects with the compile\'s own error', async () => {
    let arrive!: (m: WebAssembly.Module) => void;
    const factory = vi.fn(glue);
    const started = instantiate(factory, new Promise<WebAssembly.Module>((resolve) => (arrive = resolve)));
    expect(factory).toHaveBeenCalledTimes(1);  // before the module exists
    arrive(new WebAssembly.Module(wasm));
    const m = (await started) as unknown as { errorKind?: unknown; HEAPU8?: unknown };
    expect(typeof m.errorKind).toBe('function');
    expect(m.HEAPU8).toBeInstanceOf(Uint8Array);
    const failure = new Error('the compile failed');
    await expect(instantiate(glue, Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe('init() with the shuffle module registered (this file imports shuffle)', () => {
  it('compiles the shuffle module beside the deck module, before the deck module is instantiated', async () => {
    const events: string[] = [];
    const compile = WebAssembly.compile;
    const instantiate = WebAssembly.instantiate as (m: WebAssembly.Module, i: WebAssembly.Imports) => Promise<WebAssembly.Instance>;
    vi.spyOn(WebAssembly, 'compile').mockImplementation((bytes) => {
      events.push(`compile ${(bytes as Uint8Array).byteLength === wasm.byteLength ? 'deck' : 'other'}`);
      return compile(bytes);
    });
    vi.spyOn(WebAssembly, 'instantiate').mockImplementation(((m: WebAssembly.Module, i: WebAssembly.Imports) => {
      events.push('instantiate');
      return instantiate(m, i);
    }) as typeof WebAssembly.instantiate);
    await init();
    expect(isReady()).toBe(true);
    // Before issue 39 the shuffle module was compiled only after the deck module had started:
    // compile deck, instantiate, compile other, instantiate.
    expect(events).toEqual(['compile deck', 'compile other', 'instantiate', 'instantiate']);
    expect(shuffle([1, 2, 3], { seed: 1 }).sort()).toEqual([1, 2, 3]);
    expect(new Deck({ seed: 1 }).deal(52)).toHaveLength(52);
  });
});
