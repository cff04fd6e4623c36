// The objects every package call goes through (a module's exports `m._fd_…` and its bound ABI
// `abi.…`) must stay in V8's fast mode. An object filled by ~30 computed-key stores drops to
// dictionary mode, where each property read is a hash lookup: that cost ~5% of a 52-card shuffle
// + deal and about half of a trivial export call (BENCHMARKS.md, CHANGES). V8's own test
// intrinsic %HasFastProperties tells the two apart; Node lets a running process enable it.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { init, shuffle } from 'fairdeck';
import { loadFairness } from '../../web/src/fairness/load.js';
import { native } from '../../web/src/abi.js';
import { shuffleCore } from '../../web/src/shuffle-load.js';

setFlagsFromString('--allow-natives-syntax');
// Compiled after the flag is set, so the intrinsic parses (no eval in the package: test code only).
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

describe('export tables stay in V8 fast mode', () => {
  it('tells a dictionary-mode object from a fast one (negative control)', () => {
    const keyed: Record<string, number> = {};
    for (let i = 0; i < 40; i++) keyed[`_fd_export_${i}`] = i;  // how the tables used to be filled
    expect(hasFastProperties(keyed)).toBe(false);
    expect(hasFastProperties(Object.fromEntries(Object.entries(keyed)))).toBe(true);
  });

  it('holds for the deck, shuffle and fairness modules, after the heap grows too', async () => {
    await init();
    shuffle(new Uint32Array(10));  // brings in the shuffle module
    const tables = [native(), shuffleCore(), await loadFairness()];
    for (const { m, abi } of tables) {
      expect(Object.keys(m).length).toBeGreaterThan(12);  // enough properties to fall out of fast mode
      expect(hasFastProperties(m)).toBe(true);
      expect(hasFastProperties(abi)).toBe(true);
    }
    // Memory growth rebuilds the heap views (stores to existing properties): still fast.
    const { m, abi } = native();
    const before = m.HEAPU8.buffer.byteLength;
    const p = abi.alloc(before);
    expect(m.HEAPU8.buffer.byteLength).toBeGreaterThan(before);
    abi.free(p);
    expect(hasFastProperties(m)).toBe(true);
  });
});
