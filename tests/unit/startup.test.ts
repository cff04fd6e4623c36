/**
 * How `await init()` gets its modules quickly (issue 39, item 6; docs/startup.md): the embedded
 * copy decompressed in a browser by a DecompressionStream whose output is compiled as it streams,
 * and the modules an app registered (here the shuffle module) loaded beside the deck module
 * rather than after it. Timings are the bench's (tests/bench/startup.mjs); these tests check what
 * each path does. This file's module graph is its own (Vitest isolates files), so init() starts
 * here unloaded.
 */
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deck, init, isReady, shuffle } from 'fairdeck';
import { fromBase64 } from '../../web/src/bytes.js';
import { compileSource } from '../../web/src/wasm-source.js';
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

describe('the embedded copy with zlib (Node)', () => {
  it('never touches the global Response, whose first use in Node loads its fetch (about 40 ms)', async () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'Response')!;
    let touched = 0;
    Object.defineProperty(globalThis, 'Response', { configurable: true, get: () => (touched++, saved.value ?? saved.get?.call(globalThis)) });
    try {
      const module = await compileSource(undefined, () => import('../../web/src/wasm/fairdeck-embedded.js'));
      expect(WebAssembly.Module.exports(module).some((e) => e.kind === 'memory')).toBe(true);
      expect(touched).toBe(0);
    } finally {
      Object.defineProperty(globalThis, 'Response', saved);
    }
  });
});

describe("the embedded copy's base64, decoded by the platform where it can", () => {
  // Every path must give the gzip bytes Node's own decoder gives, and the loop must stay for
  // platforms with neither decoder (Deno; Chrome before 140, Firefox before 133, Safari before 18.2).
  const expected = gzip();
  const text = Buffer.from(expected).toString('base64');
  const typed = Uint8Array as { fromBase64?: unknown };

  it("uses Uint8Array.fromBase64 first (browsers that have it): no atob", () => {
    const atob = vi.fn(globalThis.atob);
    vi.stubGlobal('atob', atob);
    const calls: string[] = [];
    const saved = Object.getOwnPropertyDescriptor(Uint8Array, 'fromBase64');
    Object.defineProperty(Uint8Array, 'fromBase64', { configurable: true, writable: true, value: (t: string) => (calls.push(t), new Uint8Array(Buffer.from(t, 'base64'))) });
    try {
      expect(fromBase64(text)).toEqual(expected);
      expect(calls).toEqual([text]);
      expect(atob).not.toHaveBeenCalled();
    } finally {
      if (saved) Object.defineProperty(Uint8Array, 'fromBase64', saved);
      else delete typed.fromBase64;
    }
  });

  it("uses Node's Buffer where there is no Uint8Array.fromBase64 (Node 20): no atob", () => {
    const atob = vi.fn(globalThis.atob);
    vi.stubGlobal('atob', atob);
    const from = vi.spyOn(Buffer, 'from');
    const saved = Object.getOwnPropertyDescriptor(Uint8Array, 'fromBase64');
    delete typed.fromBase64;  // as in Node 20 (a newer Node has it, and takes the path above)
    try {
      const bytes = fromBase64(text);
      expect(bytes).toBeInstanceOf(Uint8Array);  // a Buffer is one
      expect(new Uint8Array(bytes)).toEqual(expected);
      expect(from).toHaveBeenCalledWith(text, 'base64');
      expect(atob).not.toHaveBeenCalled();
    } finally {
      if (saved) Object.defineProperty(Uint8Array, 'fromBase64', saved);
    }
  });

  it('falls back to atob and a loop where there is neither (Deno, older browsers): the same bytes', () => {
    const atob = vi.fn(globalThis.atob);
    vi.stubGlobal('atob', atob);
    vi.stubGlobal('Buffer', undefined);
    const saved = Object.getOwnPropertyDescriptor(Uint8Array, 'fromBase64');
    delete typed.fromBase64;
    try {
      const bytes = fromBase64(text);
      expect(atob).toHaveBeenCalledTimes(1);
      expect(bytes).toEqual(expected);
      expect(bytes.byteOffset).toBe(0);
      expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    } finally {
      if (saved) Object.defineProperty(Uint8Array, 'fromBase64', saved);
    }
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
