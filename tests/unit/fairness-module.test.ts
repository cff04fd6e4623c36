/**
 * The fairness experiments live in a module of their own (cpp/bindings/fairness.cpp, loaded by
 * web/src/fairness/load.ts): the deck module a deck-only user downloads has none of their
 * bindings, and `fairdeck/fairness` loads its module on first use, after the deck module.
 */
import { describe, expect, it } from 'vitest';
import { init } from 'fairdeck';
import { countPermutations } from 'fairdeck/fairness';
import { native } from '../../web/src/binding.js';
import { loadFairness } from '../../web/src/fairness/load.js';

describe('the fairness module', () => {
  it('is not part of the deck module, and loads itself on the first experiment', async () => {
    await init();
    const deckModule = native() as unknown as Record<string, unknown>;
    expect(typeof deckModule.CoreDeck).toBe('function');  // control: the lookup finds bindings
    expect(deckModule.CoreExperiment).toBeUndefined();
    const r = await countPermutations({ algorithm: 'fisher-yates', n: 3, trials: 6000, seed: 1 });
    expect(r.counts.reduce((s, c) => s + c, 0)).toBe(6000);
    expect(r.implementation).toBe('wasm');
    const lab = (await loadFairness()) as unknown as Record<string, unknown>;
    expect(lab).not.toBe(deckModule);
    expect(typeof lab.CoreExperiment).toBe('function');
    expect(lab.CoreDeck).toBeUndefined();
  });
});
