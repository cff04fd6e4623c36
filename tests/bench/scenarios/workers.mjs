// Scenario: fairness runs split over worker_threads (`workers: N`, the public API): trials per
// second with 1 and 2 workers for positions at n = 52 and orders at n = 3, both engines. Each
// contender is one whole call (threads started, WASM loaded, chunks run, counts added), big
// enough that start-up is a small part; 1 and 2 workers alternate, medians of the rounds. The
// CPU time of the process (every thread) over the wall time shows how many cores it really got:
// near 2 for 2 workers on an idle 2-core machine, much less when other processes hold the cores.
// Before and after, each CPU is timed pinned (../cpus.mjs): when one runs slower than the other,
// no 2 threads can reach 2× of one, and the result says how far they could.
import { availableParallelism } from 'node:os';
import { init, countPermutations, positionMatrix } from 'fairdeck/fairness';
import { cpuSpeeds } from '../cpus.mjs';
import { centre, median, pairStats, report } from '../lib.mjs';

await init();
const cpusBefore = await cpuSpeeds();
// 7 rounds (issue 58, item 6): with 3 the ratios moved ±7–15% between runs (1.72–2.13×,
// 1.75–2.50× for the same code). Positions take half the trials they did (a 1-worker call about
// 1.3 s, of which starting the threads is about 3%); orders at n = 3 keep 2^27, since their calls
// are short enough already (halved, starting the threads took their ratio from 1.8× to 1.7×).
const ROUNDS = Number(process.env.WORKERS_ROUNDS ?? 7);
const cases = [
  ['positions n=52', positionMatrix, 52, 1 << 23],
  ['permutations n=3', countPermutations, 3, 1 << 27],
];
const rows = [];
for (const [tag, fn, n, trials] of cases) {
  for (const rng of ['xoshiro256', 'chacha20']) {
    const samples = { 1: [], 2: [] }, cores = { 1: [], 2: [] };
    let first;
    for (let r = 0; r < ROUNDS; r++) {
      for (const workers of r % 2 ? [2, 1] : [1, 2]) {
        const c0 = process.cpuUsage(), t0 = performance.now();
        const result = await fn({ algorithm: 'fisher-yates', n, trials, rng, seed: 1, workers });
        const wall = performance.now() - t0, c = process.cpuUsage(c0);
        samples[workers].push((wall * 1e6) / trials);
        cores[workers].push((c.user + c.system) / 1000 / wall);
        first ??= result.counts;
        if (result.counts.some((v, k) => v !== first[k])) throw new Error(`${tag} ${rng}: ${workers} workers gave other counts`);
      }
    }
    // 1 and 2 workers run back to back in each round: the guard reads the median of the rounds' ratios.
    const pairs = samples[2].map((two, r) => [two, samples[1][r]]);
    for (const workers of [1, 2]) {
      rows.push({
        name: `${tag} ${rng}: ${workers} worker${workers > 1 ? 's' : ''}`, group: `workers-${tag}-${rng}`, peer: false,
        note: `${(trials / 2 ** 20).toFixed(0)} Mi trials per call; cores used ${median(cores[workers]).toFixed(2)}`,
        ns: median(samples[workers]), spread: centre(samples[workers]).spread, rounds: ROUNDS, reps: 1, cores: median(cores[workers]),
        ...(workers === 2 && { paired: { [`${tag} ${rng}: 1 worker`]: pairStats(pairs) } }),
      });
    }
    process.stderr.write(`workers: ${tag} ${rng} done\n`);
  }
}
report('workers', rows, { parallelism: availableParallelism(), cpus: [cpusBefore, await cpuSpeeds()] });
