// Scenario 3: 10^8 items (400 MB of uint32: far beyond any cache). The core's cache-aware shuffle
// against plain Fisher–Yates, both in WASM on a heap array (Embind's CoreBulk, driven directly:
// the algorithm alone; the bench-only build, whose CoreBulk.plain() turns the cache-aware step
// off), plus the public permutation() and d3-array's shuffle (a peer: Math.random) for context.
// A CoreBulk owns its array: each shuffle's is made and filled with 0…n−1 before it, untimed
// (lib.mjs, `setup`); what is timed, as before, is making the CoreBulk (and plain()), the
// shuffle's steps and the handle's delete().
import { shuffle as d3Shuffle } from 'd3-array';
import { init, permutation } from 'fairdeck';
import { loadCore } from '../core.mjs';
import { consume, measure, report, seedBytes, timeMs } from '../lib.mjs';

const N = 1e8;
await init();
const core = await loadCore('bench');
const { m } = core;
const CHUNK = 1 << 18;
let seed = 1;

function timed(rng, plain) {
  let b, at;
  return {
    setup: () => {
      const ms = timeMs(() => {
        b = core.bulk(N, rng, seedBytes(seed++));
        if (plain) b.plain();
      });
      at = core.identity(b, N);
      return ms;
    },
    fn: () => {
      while (b.step(4, CHUNK) > 0);
      if (!b.ok()) throw core.error();
      consume(m.HEAPU32[(at >>> 2) + 7]);  // m.HEAPU32: the scratch array may have grown the heap
      b.delete();
    },
  };
}
const contenders = [];
for (const rng of ['xoshiro256', 'chacha20']) {
  // The guard's pair (xoshiro256) timed back to back (lib.mjs, measure()'s `vs`).
  contenders.push({ name: `core cache-aware ${rng}`, group: `cache-${rng}`, ...(rng === 'xoshiro256' && { vs: `core Fisher–Yates ${rng}` }), ...timed(rng, false) });
  contenders.push({ name: `core Fisher–Yates ${rng}`, group: `fy-${rng}`, ...timed(rng, true) });
}
contenders.push({ name: 'fairdeck permutation(10^8) xoshiro256', group: 'public', fn: () => consume(permutation(N, { rng: 'xoshiro256' })[7]) });
const big = new Uint32Array(N);
for (let i = 0; i < N; i++) big[i] = i;
contenders.push({ name: 'd3-array shuffle', note: 'Math.random', peer: true, fn: () => consume(d3Shuffle(big)[7]) });
report('large', measure(contenders, { rounds: 3, reps: 1, warmupMs: 0, warmupCalls: 1 }));
