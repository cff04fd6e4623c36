import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Deck, init, isReady, permutation } from 'fairdeck';

// Vitest isolates each test file, so this file starts with the module not yet loaded.
describe('init', () => {
  it('is required before using a deck, with a clear error', () => {
    expect(isReady()).toBe(false);
    expect(() => new Deck()).toThrow(/not initialised: call initSync\(\) or await init\(\)/);
    expect(() => permutation(3)).toThrow(/not initialised/);
  });

  it('loads once, however often and however concurrently it is called', async () => {
    const wasm = readFileSync(new URL('../../web/src/wasm/fairdeck.wasm', import.meta.url));
    await Promise.all([init({ wasm }), init(), init()]);
    expect(isReady()).toBe(true);
    await init();
    const deck = new Deck({ seed: 1 });
    expect(deck.deal(52)).toHaveLength(52);
    deck.dispose();
  });
});
