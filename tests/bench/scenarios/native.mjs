// Scenario 5: the twins of tests/bench/core_bench.cpp (same names, same work, same chunking),
// timed through the Embind classes of the shipped modules, driven directly (core.mjs), so that only
// the core and one Embind call per chunk count, each paired with its native twin. Usage: node native.mjs [path to fairdeck_bench].
// With the native binary, every round of a twin takes one WASM sample here and one native run of
// the same benchmark (a child process, `--benchmark_filter` on its name), back to back in
// alternating order; the WASM/native ratio is the median of the per-round ratios (lib.mjs,
// measurePaired). Without it, only the WASM side is timed.
import { spawnSync } from 'node:child_process';
import { loadCore } from '../core.mjs';
import { clock, consume, measure, measurePaired, report, seedBytes, timeMs } from '../lib.mjs';

const binary = process.argv[2];
const unit = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };
/**
 * One run of one native benchmark: ns per item (Google Benchmark's CPU time over its items counter,
 * or its real time when the WASM side is timed by the wall clock: lib.mjs, `clock`).
 */
function native({ name }) {
  // Google Benchmark takes a regex and names runs with their arguments, "<name>/<arg>…" (the 1e6, 1e8 and experiment rows).
  const filter = `^${name.replace(/[^\w/-]/g, '\\$&')}(/.*)?$`;
  const p = spawnSync(binary, [`--benchmark_filter=${filter}`, '--benchmark_format=json', '--benchmark_min_time=0.1'],
    { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (p.status !== 0 || !p.stdout) throw new Error(`native benchmark ${name} failed (${p.error ?? `exit ${p.status}`}):\n${p.stderr}`);
  const [b] = JSON.parse(p.stdout).benchmarks;
  if (!b || b.run_name.split('/').slice(0, 2).join('/') !== name) throw new Error(`native benchmark ${name}: no such benchmark in ${binary}`);
  return ((clock === 'cpu' ? b.cpu_time : b.real_time) * unit[b.time_unit]) / (b.items ?? 1);
}
const timed = (twins, opts) => (binary ? measurePaired(twins, native, opts) : measure(twins, opts));

const core = await loadCore('package');
const bulk = await loadCore('shuffle');  // shuffle() and permutation() have a module of their own
const contenders = [];
const PER = 16;  // operations per harness call for the per-shuffle and per-call rows
for (const rng of ['xoshiro256', 'chacha20']) {
  const deck = core.deck(rng, seedBytes(42));
  // The core's path natively: shuffle, then deal(52) copies the 52 ids into the deck's id buffer
  // (two Embind method calls). PER of them in each call of fn, as Google Benchmark's loop runs
  // many in one timing: a ~4 ns closure call per shuffle is the harness's cost, not WASM's.
  contenders.push({
    name: `deck52/${rng}`, ops: PER,
    fn: () => {
      for (let i = 0; i < PER; i++) deck.shuffle(), consume(deck.deal(52));
    },
  });
  // Natively the array is made once and each iteration shuffles it with a fresh BulkShuffle. A
  // CoreBulk owns its array, so each call's CoreBulk is made and its array filled before the call
  // (lib.mjs, `setup`): making it is timed, as natively, the filling is not; then the call times
  // the steps and the handle's delete().
  const n = 1e6;
  let b;
  contenders.push({
    name: `fisher-yates-1e6/${rng}`, ops: n,
    setup: () => {
      const ms = timeMs(() => (b = bulk.bulk(n, rng, seedBytes(42))));
      bulk.identity(b, n);
      return ms;
    },
    fn: () => {
      while (b.step(4, 1 << 18) > 0);
      b.delete();
    },
  });
  // next(count) fills the stream's own buffer in the heap and returns a view of it.
  const words = 1 << 16, stream = core.words(rng, seedBytes(42));
  contenders.push({ name: `words/${rng}`, ops: words, fn: () => stream.next(words) });
}
const lab = await loadCore('fairness');
for (const [measureKind, n] of [[0, 3], [1, 52]]) {
  const x = lab.experiment('fisher-yates', measureKind, n, 'xoshiro256', seedBytes(42));
  const trials = 1 << 14;
  contenders.push({ name: `${measureKind ? 'positions-n52' : 'permutations-n3'}/xoshiro256`, ops: trials, fn: () => x.run(trials) });
}
// Not a twin: the cost of one trivial Embind method call, CoreDeck.size() (deck52 above makes two
// per shuffle): the speed of the invokers (cpp/bindings/invokers.js). Was 'abi-call', one raw
// export call, while the binding was a C ABI.
const deck = core.deck('xoshiro256', seedBytes(1));
const call = {
  name: 'embind-call', ops: PER, note: 'one Embind method call, CoreDeck.size()',
  fn: () => {
    for (let i = 0; i < PER; i++) consume(deck.size());
  },
};
// The 10^8 cache-aware twin, run as core_bench.cpp runs it: the shuffle alone, back to back, in
// steps of 2^18 units, its CoreBulk made (timed) and its array filled (untimed) before each call,
// as for 10^6 above.
// (Scenario 3 times the same shuffle interleaved with Fisher–Yates, permutation() and d3 passes
// over other 400 MB arrays: a different condition.)
const N = 1e8;
let bigSeed = 1, big;
const cacheAware = {
  name: 'cache-aware-1e8/xoshiro256', ops: N,
  setup: () => {
    const ms = timeMs(() => (big = bulk.bulk(N, 'xoshiro256', seedBytes(bigSeed++))));
    bulk.identity(big, N);
    return ms;
  },
  fn: () => {
    while (big.step(4, 1 << 18) > 0);
    if (!big.ok()) throw bulk.error();
    big.delete();
  },
};
report('native-twin', [
  ...timed(contenders, { rounds: 21, sampleMs: 100 }),  // with 9, deck52/xoshiro256 read 1.41–1.73× over four runs
  ...measure([call], { rounds: 11, sampleMs: 30 }),
  ...timed([cacheAware], { rounds: 5, reps: 1, warmupMs: 0, warmupCalls: 2 }),  // the first call grows the heap
]);
