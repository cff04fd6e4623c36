/**
 * initSync() of 'fairdeck' (issue 37): a script deals with no await. This file's module graph is
 * its own (Vitest isolates files), so nothing here has called init() before.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Deck, init, initSync, isReady, permutation, shuffle } from 'fairdeck';

describe('initSync', () => {
  it('refuses a URL (a download cannot be waited for) and leaves the module unloaded', () => {
    expect(() => initSync({ wasm: 'https://example.com/fairdeck.wasm' as never })).toThrow(
      /initSync\(\{ wasm \}\) takes the module's bytes or a WebAssembly.Module, not a URL \(https:\/\/example.com\/fairdeck.wasm\)/,
    );
    expect(() => initSync({ wasm: 5 as never })).toThrow(/initSync\(\{ wasm \}\): expected an ArrayBuffer, a Uint8Array or a WebAssembly.Module, got \[object Number\]/);
    expect(() => initSync({ wasm: new Uint8Array([0, 97, 115, 109]) })).toThrow(/could not compile its WebAssembly module from the bytes given/);
    expect(isReady()).toBe(false);
    expect(() => new Deck()).toThrow(/fairdeck is not initialised/);
  });

  it('loads the embedded module at once, the shuffle module too, without zlib (the browser path)', () => {
    // Browsers have no zlib: hide Node's, so the bundled inflate (vendor/gunzip.ts) does the work.
    const p = process as { getBuiltinModule?: unknown };
    const saved = p.getBuiltinModule;
    p.getBuiltinModule = undefined;
    try {
      initSync();
    } finally {
      p.getBuiltinModule = saved;
    }
    expect(isReady()).toBe(true);
    const deck = new Deck({ seed: 1 });
    expect(deck.deal(52)).toHaveLength(52);
    expect(shuffle([1, 2, 3, 4], { seed: 5 }).slice().sort()).toEqual([1, 2, 3, 4]);
    expect(permutation(10)).toHaveLength(10);
    deck.dispose();
  });

  it('deals exactly what init() deals, and init() after it resolves at once; a second initSync does nothing', async () => {
    const a = new Deck({ seed: 42 }).deal(52).map(String);
    await init();
    initSync({ wasm: readFileSync(new URL('../../web/src/wasm/fairdeck.wasm', import.meta.url)) });
    expect(new Deck({ seed: 42 }).deal(52).map(String)).toEqual(a);
  });
});
