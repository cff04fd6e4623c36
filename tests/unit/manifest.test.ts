// The core's names and limits reach TypeScript once, through manifest(); what the package still
// exports as constants for 0.1 callers must agree with it.
import { beforeAll, describe, expect, it } from 'vitest';
import { init, manifest, type RngName, type StrategyName, type StyleName } from 'fairdeck';
import { ALGORITHMS, MAX_MATRIX_N, MAX_PERMUTATION_N } from 'fairdeck/fairness';

// Read while this file loads, before init(): the names and limits are fixed when the core is built
// (scripts/build-wasm.sh writes them from the core's fd_manifest).
const early = manifest();

beforeAll(() => init());

describe('manifest()', () => {
  it('is there before init(), and is the same object after', () => {
    expect(early.engines.length).toBeGreaterThan(0);
    expect(manifest()).toBe(early);
  });

  it('names the engines, strategies and styles the types name, defaults first', () => {
    const m = manifest();
    expect(m.engines).toEqual(['chacha20', 'xoshiro256'] satisfies RngName[]);
    expect(m.strategies).toEqual(['eager', 'lazy', 'bitmap'] satisfies StrategyName[]);
    expect(m.styles).toEqual(['french', 'german'] satisfies StyleName[]);
  });

  it('lists every algorithm the fairness lab runs in the core (sort-random alone runs in JS)', () => {
    expect([...manifest().algorithms].sort()).toEqual(ALGORITHMS.filter((a) => a !== 'sort-random').sort());
  });

  it('gives the limits the deprecated constants restate, and is frozen', () => {
    const { limits } = manifest();
    expect(limits.maxPermutationN).toBe(MAX_PERMUTATION_N);
    expect(limits.maxMatrixN).toBe(MAX_MATRIX_N);
    expect(limits.maxCards).toBe(2 ** 26);
    expect(limits.maxDecks).toBe(64);
    expect(limits.maxJokers).toBe(2);
    expect(Object.isFrozen(limits)).toBe(true);
    expect(() => ((limits as { maxDecks: number }).maxDecks = 1)).toThrow(TypeError);
  });
});
