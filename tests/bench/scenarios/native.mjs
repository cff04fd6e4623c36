// Scenario 5, WASM side: the twins of tests/bench/core_bench.cpp (same names, same work, same
// chunking), timed through the raw C ABI of the shipped module so that only the core and one
// call per chunk count. run.mjs divides these by the native Google Benchmark times for the
// WASM/native ratio.
import { loadCore } from '../core.mjs';
import { consume, measure, report, seedBytes } from '../lib.mjs';

const core = await loadCore('package');
const bulk = await loadCore('shuffle');  // shuffle() and permutation() have a module of their own
const { m } = core;
const contenders = [];
for (const rng of ['xoshiro256', 'chacha20']) {
  const deck = core.deck(rng, seedBytes(42));
  // The core's path natively: shuffle, then deal(52) copies the 52 ids into a buffer (two calls).
  contenders.push({ name: `deck52/${rng}`, fn: () => (m._fd_deck_shuffle(deck), consume(m._fd_deck_deal(deck, 52))) });
  const n = 1e6, ptr = bulk.alloc(n * 4);
  bulk.m._fd_fill_identity(ptr, 0, n);
  contenders.push({
    name: `fisher-yates-1e6/${rng}`, ops: n,
    fn: () => {
      const s = bulk.bulk(n, rng, seedBytes(42));
      while (bulk.m._fd_bulk_step(s, ptr, 4, 1 << 18) >>> 0);
      bulk.m._fd_bulk_free(s);
    },
  });
  const words = 1 << 16, out = core.alloc(words * 4), stream = core.words(rng, seedBytes(42));
  contenders.push({ name: `words/${rng}`, ops: words, fn: () => m._fd_words_fill(stream, out, words) });
}
const lab = await loadCore('fairness');
for (const [measureKind, n] of [[0, 3], [1, 52]]) {
  const x = lab.experiment('fisher-yates', measureKind, n, 'xoshiro256', seedBytes(42));
  const trials = 1 << 14;
  contenders.push({ name: `${measureKind ? 'positions-n52' : 'permutations-n3'}/xoshiro256`, ops: trials, fn: () => lab.m._fd_experiment_run(x, trials) });
}
// Not a twin: the cost of one direct export call (deck52 above makes two per shuffle).
const deck = core.deck('xoshiro256', seedBytes(1));
contenders.push({ name: 'abi-call', fn: () => consume(m._fd_deck_size(deck)) });
// The 10^8 cache-aware twin, run as core_bench.cpp runs it: the shuffle alone, back to back, on one
// heap array, in steps of 2^18 units. (Scenario 3 times the same shuffle interleaved with
// Fisher–Yates, permutation() and d3 passes over other 400 MB arrays: a different condition.)
const N = 1e8, big = bulk.alloc(N * 4);
for (let s = 0; s < N; s += 1 << 20) bulk.m._fd_fill_identity(big + s * 4, s, Math.min(1 << 20, N - s));
let bigSeed = 1;
const cacheAware = {
  name: 'cache-aware-1e8/xoshiro256', ops: N,
  fn: () => {
    const s = bulk.bulk(N, 'xoshiro256', seedBytes(bigSeed++));
    while (bulk.m._fd_bulk_step(s, big, 4, 1 << 18) >>> 0);
    bulk.m._fd_bulk_free(s);
  },
};
report('native-twin', [
  ...measure(contenders, { rounds: 11, sampleMs: 30 }),
  ...measure([cacheAware], { rounds: 5, reps: 1, warmupMs: 0, warmupCalls: 2 }),  // the first call grows the heap
]);
