// Scenario 3: 10^8 items (400 MB of uint32: far beyond any cache). The core's cache-aware shuffle
// against plain Fisher–Yates, both in WASM on the same heap array (raw C ABI: the algorithm
// alone; the bench-only build, whose fd_bulk_plain turns the cache-aware step off), plus the public permutation() and d3-array's shuffle (a peer: Math.random) for context.
import { shuffle as d3Shuffle } from 'd3-array';
import { init, permutation } from 'fairdeck';
import { loadCore } from '../core.mjs';
import { consume, measure, report, seedBytes } from '../lib.mjs';

const N = 1e8;
await init();
const core = await loadCore('bench');
const { m } = core;
const ptr = core.alloc(N * 4);
for (let s = 0; s < N; s += 1 << 20) m._fd_fill_identity(ptr + s * 4, s, Math.min(1 << 20, N - s));
const CHUNK = 1 << 18;
let seed = 1;

function timed(rng, plain) {
  return () => {
    const s = core.bulk(N, rng, seedBytes(seed++));
    if (plain) m._fd_bulk_plain(s);
    while (m._fd_bulk_step(s, ptr, 4, CHUNK) >>> 0);
    if (!m._fd_bulk_ok(s)) throw new Error(core.error());
    m._fd_bulk_free(s);
    consume(m.HEAPU32[(ptr >>> 2) + 7]);
  };
}
const contenders = [];
for (const rng of ['xoshiro256', 'chacha20']) {
  contenders.push({ name: `core cache-aware ${rng}`, group: `cache-${rng}`, fn: timed(rng, false) });
  contenders.push({ name: `core Fisher–Yates ${rng}`, group: `fy-${rng}`, fn: timed(rng, true) });
}
contenders.push({ name: 'fairdeck permutation(10^8) xoshiro256', group: 'public', fn: () => consume(permutation(N, { rng: 'xoshiro256' })[7]) });
const big = new Uint32Array(N);
for (let i = 0; i < N; i++) big[i] = i;
contenders.push({ name: 'd3-array shuffle', note: 'Math.random', peer: true, fn: () => consume(d3Shuffle(big)[7]) });
report('large', measure(contenders, { rounds: 3, reps: 1, warmupMs: 0, warmupCalls: 1 }));
