// Scenario 4: fairness-experiment throughput (ns per trial = per shuffle counted): countPermutations
// with n = 3 and positionMatrix with n = 52, Fisher–Yates. The core through its Embind class,
// driven directly (CoreExperiment: bounded run(trials) calls; core.mjs), the public
// fairdeck/fairness API when present, and the same loops in plain JS (jsloops.mjs).
import { init } from 'fairdeck';
import { loadCore } from '../core.mjs';
import { makeLoop } from '../jsloops.mjs';
import { consume, measure, measureAsync, report, seedBytes } from '../lib.mjs';

await init();
const core = await loadCore('fairness');
let fairness;
try {
  fairness = await import('fairdeck/fairness');
} catch {
  fairness = undefined;  // not built yet: the core's class and the JS loops still run
}

const rows = [];
for (const [measureKind, n, chunk] of [[0, 3, 1 << 16], [1, 52, 1 << 12]]) {
  const tag = measureKind === 0 ? 'permutations n=3' : 'positions n=52';
  const cells = measureKind === 0 ? 6 : n * n;
  const contenders = [];
  for (const rng of ['xoshiro256', 'chacha20']) {
    const x = core.experiment('fisher-yates', measureKind, n, rng, seedBytes(1));
    contenders.push({ name: `${tag}: core ${rng}`, group: `core-${rng}-${n}`, ops: chunk, vs: `${tag}: plain JS (sfc32)`, fn: () => x.run(chunk) });  // paired: lib.mjs
  }
  for (const kind of ['sfc32', 'Math.random']) {
    const loop = makeLoop(kind, n, measureKind), counts = new Float64Array(cells);
    contenders.push({ name: `${tag}: plain JS (${kind})`, group: `js-${kind}-${n}`, note: 'same loops', ops: chunk, fn: () => loop(chunk, counts) });
  }
  rows.push(...measure(contenders, { rounds: 11, sampleMs: 40, warmupMs: 400 }));
  if (fairness) {
    const trials = chunk * 64;
    const api = measureKind === 0 ? fairness.countPermutations : fairness.positionMatrix;
    const calls = ['xoshiro256', 'chacha20'].map((rng) => ({
      name: `${tag}: fairdeck/fairness ${rng}`, group: `api-${rng}-${n}`, ops: trials,
      fn: async () => consume((await api({ algorithm: 'fisher-yates', n, trials, rng, seed: 1 })).trials),
    }));
    rows.push(...(await measureAsync(calls, { rounds: 7 })));
  }
}
report('fairness', rows);
