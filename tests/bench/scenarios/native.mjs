// Scenario 5, WASM side: the twins of tests/bench/core_bench.cpp (same names, same work, same
// chunking), timed through the raw bindings so that only the core and one call per chunk count.
// run.mjs divides these by the native Google Benchmark times for the WASM/native ratio.
import { loadCore } from '../core.mjs';
import { consume, measure, report, seedBytes } from '../lib.mjs';

const m = await loadCore();
const contenders = [];
for (const rng of ['xoshiro256', 'chacha20']) {
  const deck = new m.CoreDeck('french', 1, 0, 0, 'eager', rng, 1, seedBytes(42));
  // The core's path natively: shuffle, then deal(52) copies the 52 ids into a buffer (two calls).
  contenders.push({ name: `deck52/${rng}`, fn: () => (deck.shuffle(0), consume(deck.deal(52))) });
  const n = 1e6, ptr = m.allocate(n * 4);
  m.fillIdentity(ptr, 0, n);
  contenders.push({
    name: `fisher-yates-1e6/${rng}`, ops: n,
    fn: () => {
      const s = new m.CoreStream(n, rng, 1, seedBytes(42));
      while (s.step(ptr, 4, 1 << 18) > 0);
      s.delete();
    },
  });
  const words = 1 << 16, out = m.allocate(words * 4), stream = new m.CoreStream(0, rng, 1, seedBytes(42));
  contenders.push({ name: `words/${rng}`, ops: words, fn: () => stream.words(out, words) });
}
for (const [measureKind, n] of [[0, 3], [1, 52]]) {
  const x = new m.CoreExperiment('fisher-yates', measureKind, n, 0, 'xoshiro256', 1, seedBytes(42));
  const trials = 1 << 14;
  contenders.push({ name: `${measureKind ? 'positions-n52' : 'permutations-n3'}/xoshiro256`, ops: trials, fn: () => x.run(trials) });
}
// Not a twin: the cost of one Embind method call (deck52 above makes two per shuffle).
const deck = new m.CoreDeck('french', 1, 0, 0, 'eager', 'xoshiro256', 1, seedBytes(1));
contenders.push({ name: 'embind-call', fn: () => consume(deck.size()) });
report('native-twin', measure(contenders, { rounds: 11, sampleMs: 30 }));
