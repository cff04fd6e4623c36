/**
 * Limits the C++ core enforces, seen through the public API (issue 17, defects 4 and 5): a deck
 * too large to save gives a RangeError naming its size and the largest savable size, before any
 * text is built, so no WASM memory leaks; and a secure deck's public state with chosen dice is
 * rejected instead of dealing the chosen cards.
 */
import { describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck';
import { native } from '../../web/src/binding.js';

const MAX_SAVABLE = 2 ** 24;

describe('toJSON of a deck above the savable maximum', () => {
  it('is a RangeError naming the size and the maximum, and leaves the heap as it was', async () => {
    await init();
    const m = native();
    for (const size of [MAX_SAVABLE + 1, 2 ** 26]) {
      const deck = new Deck({ size, strategy: 'bitmap', seed: 1 });
      deck.deal(3);
      const attempt = (includeSecret: boolean): unknown => {
        try {
          deck.toJSON({ includeSecret });
        } catch (e) {
          return e;
        }
        return undefined;
      };
      attempt(false); // the first failure may grow the core's recorded-message string: measure after it
      const before = m.heapUsed();
      for (const includeSecret of [false, true, false, true]) {
        const error = attempt(includeSecret);
        expect(error).toBeInstanceOf(RangeError);
        expect(String(error)).toContain(String(size));
        expect(String(error)).toContain(String(MAX_SAVABLE));
        expect(m.heapUsed()).toBe(before); // before the fix: about 520 MiB more per failure
      }
      expect(deck.remaining).toBe(size - 3); // the deck still works
      deck.dispose();
    }
  });
});

describe('a secure deck restored from its public state', () => {
  it('rejects chosen dice: 200 restores deal no chosen hand', async () => {
    await init();
    const deck = new Deck({ strategy: 'lazy' });
    const state = { ...deck.toJSON(), dice: [52, 0, 0, 0, 0, 0, 0, 0, 0] };
    expect(state.engine).toBeNull();
    let restored = 0;
    for (let i = 0; i < 200; i++) {
      try {
        Deck.fromJSON(state).dispose();
        restored++;
      } catch (e) {
        expect(e).toBeInstanceOf(TypeError);
        expect(String(e)).toMatch(/state\.dice must be \[\] when state\.engine is null/);
      }
    }
    expect(restored).toBe(0);
    const plain = Deck.fromJSON(deck.toJSON()); // what the core writes (dice []) still restores
    expect(plain.deal(52)).toHaveLength(52);
  });
});
