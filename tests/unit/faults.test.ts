/**
 * Fault paths: a platform without (or with a failing) secure random source, a WebAssembly module
 * that cannot be loaded, and concurrent init() calls. Each load test imports a fresh copy of the
 * package (vi.resetModules), because init() is memoised per module instance.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

const wasmUrl = new URL('../../web/src/wasm/fairdeck.wasm', import.meta.url);

/** A fresh, uninitialised instance of the package and its raw-output entry point. */
async function fresh() {
  vi.resetModules();
  const main = await import('fairdeck');
  const random = await import('fairdeck/random');
  return { ...main, ...random };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NO_SOURCE = /no secure random source \(crypto\.getRandomValues\)/;

describe('without a secure random source', () => {
  it('every unseeded use throws a clear Error, and nothing falls back to a weaker source', async () => {
    const f = await fresh();
    await f.init();
    const seededBefore = new f.Deck({ seed: 9 }).deal(52).map(String);
    const hidden = new f.Deck().toJSON(); // a secure deck's state without its key
    const mathRandom = vi.spyOn(Math, 'random');
    for (const missing of [undefined, {}, { getRandomValues: 'not a function' }]) {
      vi.stubGlobal('crypto', missing);
      expect(() => new f.Deck()).toThrow(NO_SOURCE);
      expect(() => new f.Deck({ strategy: 'bitmap', rng: 'xoshiro256' })).toThrow(NO_SOURCE);
      expect(() => f.shuffle([1, 2, 3])).toThrow(NO_SOURCE);
      expect(() => f.shuffle(new Uint8Array(4))).toThrow(NO_SOURCE);
      expect(() => f.permutation(5)).toThrow(NO_SOURCE);
      expect(() => f.randomUint32(4)).toThrow(NO_SOURCE);
      expect(() => f.randomBytes(4)).toThrow(NO_SOURCE);
      expect(() => new f.RandomStream()).toThrow(NO_SOURCE);
      expect(() => f.Deck.fromJSON(hidden)).toThrow(NO_SOURCE);
      // Seeded use needs no entropy and is unaffected.
      expect(new f.Deck({ seed: 9 }).deal(52).map(String)).toEqual(seededBefore);
      expect([...f.permutation(5, { seed: 1 })].sort()).toEqual([0, 1, 2, 3, 4]);
    }
    expect(mathRandom).not.toHaveBeenCalled();
  });

  it('a throwing crypto.getRandomValues gives a clear Error naming it, with the cause kept', async () => {
    const f = await fresh();
    await f.init();
    const cause = new Error('QuotaExceededError: entropy pool exhausted');
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(() => {
      throw cause;
    });
    for (const use of [() => new f.Deck(), () => f.permutation(3), () => f.randomBytes(1), () => new f.RandomStream()]) {
      let error: unknown;
      try {
        use();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(Error);
      expect(String(error)).toMatch(/crypto\.getRandomValues failed: Error: QuotaExceededError: entropy pool exhausted/);
      expect((error as Error).cause).toBe(cause);
    }
  });
});

describe('loading the WebAssembly module', () => {
  it('rejects with the URL in the message when the file does not exist, and can be retried', async () => {
    const f = await fresh();
    const missing = new URL('file:///nonexistent/dir/fairdeck.wasm');
    await expect(f.init({ wasm: missing })).rejects.toThrow(
      /could not load its WebAssembly module from file:\/\/\/nonexistent\/dir\/fairdeck\.wasm: .*ENOENT/,
    );
    await expect(f.init({ wasm: 'file:///nonexistent/other.wasm' })).rejects.toThrow(/file:\/\/\/nonexistent\/other\.wasm/);
    expect(f.isReady()).toBe(false);
    expect(() => new f.Deck({ seed: 1 })).toThrow(/not initialised/);
    await f.init(); // the default location works after failures
    expect(new f.Deck({ seed: 1 }).deal(52)).toHaveLength(52);
  });

  it('rejects with the URL when it cannot be fetched', async () => {
    const f = await fresh();
    const url = 'http://127.0.0.1:9/assets/fairdeck.wasm'; // port 9 (discard): nothing listens
    await expect(f.init({ wasm: url })).rejects.toThrow(/from http:\/\/127\.0\.0\.1:9\/assets\/fairdeck\.wasm: /);
  });

  it('rejects clearly when the URL or the bytes are not this module', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // Emscripten logs the abort too
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = await fresh();
    // Said once, in compileSource's words.
    await expect(f.init({ wasm: new Uint8Array([1, 2, 3, 4]) })).rejects.toThrow(
      /^fairdeck: could not load its WebAssembly module from the bytes given: CompileError/,
    );
    const notWasm = new URL('../../package.json', import.meta.url);
    await expect(f.init({ wasm: notWasm })).rejects.toThrow(new RegExp(`from ${notWasm.href.replace(/[.]/g, '\\.')}: .*CompileError`));
    const truncated = readFileSync(wasmUrl).subarray(0, 1000);
    await expect(f.init({ wasm: truncated })).rejects.toThrow(/the bytes given: .*CompileError/);
    await f.init();
    expect(f.isReady()).toBe(true);
  });

  it('rejects (instead of hanging) when given a compiled WebAssembly.Module that is not this one', async () => {
    const f = await fresh();
    // (module): instantiates (it needs no imports), but exports nothing, not even its memory.
    const other = new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    // (module (import "x" "y" (func))): does not even instantiate.
    const unlinkable = new WebAssembly.Module(
      new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 7, 1, 1, 120, 1, 121, 0, 0]),
    );
    for (const wasm of [other, unlinkable]) {
      const outcome = await Promise.race([
        f.init({ wasm }).then(() => 'resolved', (e: unknown) => String(e)),
        new Promise<string>((resolve) => setTimeout(() => resolve('still pending after 5 s'), 5000)),
      ]);
      expect(outcome).toMatch(/could not load its WebAssembly module from the WebAssembly\.Module given/);
    }
    await f.init({ wasm: new WebAssembly.Module(readFileSync(wasmUrl)) }); // the right one works
    expect(new f.Deck({ seed: 2 }).deal(3)).toHaveLength(3);
  });

  it('loads once when init() is called concurrently, and every caller gets the same module', async () => {
    const f = await fresh();
    const instantiate = vi.spyOn(WebAssembly, 'instantiate');
    const { core } = await import('../../web/src/load.js');
    const calls = await Promise.allSettled(Array.from({ length: 8 }, () => f.init()));
    expect(calls.every((c) => c.status === 'fulfilled')).toBe(true);
    // Two modules, once each: the deck module and the shuffle module (the package's index imports shuffle).
    expect(instantiate).toHaveBeenCalledTimes(2);
    const m = core();
    await f.init();
    expect(core()).toBe(m);
    expect(instantiate).toHaveBeenCalledTimes(2);
  });

  it('concurrent callers of a failing load all see the failure, and a later call loads afresh', async () => {
    const f = await fresh();
    const missing = 'file:///nonexistent/fairdeck.wasm';
    const results = await Promise.allSettled([f.init({ wasm: missing }), f.init(), f.init()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const r of results) expect(String((r as PromiseRejectedResult).reason)).toMatch(/nonexistent/);
    await f.init();
    expect(f.isReady()).toBe(true);
  });
});
