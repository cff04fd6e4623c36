/** initSync() of 'fairdeck/games' and of 'fairdeck/fairness' (issue 37): piles and experiments with no await. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Deck, initSync } from 'fairdeck/games';
import { countPermutations, initSync as initFairnessSync } from 'fairdeck/fairness';

describe('initSync of fairdeck/games', () => {
  it('loads games.wasm at once: a deck deals hands with no await', () => {
    initSync({ wasm: new WebAssembly.Module(readFileSync(new URL('../../web/src/wasm/games.wasm', import.meta.url))) });
    const deck = new Deck({ seed: 7 });
    const hands = deck.dealHands(6, 2);
    deck.burn(), deck.dealTo('board', 3);
    expect(hands.flat()).toHaveLength(12);
    expect(deck.pile('board')).toHaveLength(3);
    initSync();  // loaded already: nothing more
    deck.dispose();
  });

  it("fairdeck/fairness's initSync loads its module too", async () => {
    initFairnessSync();
    const r = await countPermutations({ algorithm: 'fisher-yates', n: 3, trials: 6000, seed: 1 });
    expect(r.counts).toHaveLength(6);
  });
});
