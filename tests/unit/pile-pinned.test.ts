// Pinned pile numbers (issue 39's pile log, cpp/bindings/decks.hpp): the first
// manifest().limits.pinnedPiles names a module numbers keep their numbers in both tables when the
// name table starts again, so that a deck's pile log, which holds numbers between calls, always
// names its piles; and the table still starts again exactly when full. In a file of its own: the
// names numbered first in this module are this file's (each test file has its own module).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Deck, init } from 'fairdeck/games';
import { native } from '../../web/src/binding.js';
import { manifest } from '../../web/src/manifest.js';

beforeAll(() => init());
afterEach(() => void vi.restoreAllMocks());

describe('pinned pile numbers', () => {
  it('starts the name table again at its 4,096th name, keeping the pinned numbers in both tables', () => {
    const m = native(), forget = vi.spyOn(m, 'forgetPileNames'), pileName = vi.spyOn(m, 'pileName');
    const deck = new Deck({ seed: 7 });
    deck.dealTo('pinned-early', 0);  // the module's first pile name: number 0
    expect(pileName).toHaveBeenCalledTimes(1);
    let i = 0;
    while (forget.mock.calls.length === 0) deck.pile(`fill-${i++}`);  // until the tables start again
    expect(i).toBe(4096);  // 'pinned-early' and 4,095 others filled the table
    // Now the table holds the pinned names and the name that started it again: 4,096 − 65 more
    // fit, and the next one starts it again.
    const pinned = manifest().limits.pinnedPiles;
    for (let j = 0; j < 4096 - pinned - 1; j++) deck.pile(`fill-${i++}`);
    expect(forget).toHaveBeenCalledTimes(1);
    deck.pile(`fill-${i++}`);
    expect(forget).toHaveBeenCalledTimes(2);
    // A pinned name is never numbered again (a pile log may hold its number); a later one is.
    const named = pileName.mock.calls.length;
    expect(deck.dealTo('pinned-early', 2)).toHaveLength(2);
    expect(pileName).toHaveBeenCalledTimes(named);
    deck.pile('fill-100');
    expect(pileName).toHaveBeenCalledTimes(named + 1);
    expect(deck.pile('pinned-early')).toHaveLength(2);
    deck.dispose();
  });
});
