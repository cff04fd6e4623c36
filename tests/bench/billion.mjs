// `node tests/bench/billion.mjs [workers] [trials]` after `npm run build`: one seeded position
// matrix of 10^9 shuffles at n = 52 (Fisher–Yates, xoshiro256) over worker_threads — the run that
// sees biases of about 10⁻⁴ — printing its wall time, trials per second, the cores the process
// really got (CPU time / wall time) and the verdict. Not part of npm test or npm run bench.
import { availableParallelism, loadavg } from 'node:os';
import { init, positionMatrix, pText, verdict } from 'fairdeck/fairness';

const workers = Number(process.argv[2] ?? availableParallelism());
const trials = Number(process.argv[3] ?? 1e9);
await init();
const load = loadavg()[0];
const c0 = process.cpuUsage(), t0 = performance.now();
let last = 0;
const r = await positionMatrix({
  algorithm: 'fisher-yates', n: 52, trials, rng: 'xoshiro256', seed: 1, workers,
  onProgress: (p) => {
    if (p.elapsedMs - last < 30_000) return;
    last = p.elapsedMs;
    process.stderr.write(`billion: ${(p.done / 1e6).toFixed(0)} M of ${(trials / 1e6).toFixed(0)} M, ${(p.trialsPerSecond / 1e6).toFixed(2)} M/s\n`);
  },
});
const wall = performance.now() - t0, c = process.cpuUsage(c0);
console.log(JSON.stringify({
  date: new Date().toISOString(), trials, n: 52, workers, wallSeconds: +(wall / 1000).toFixed(1),
  trialsPerSecond: Math.round(r.trialsPerSecond), coresUsed: +((c.user + c.system) / 1000 / wall).toFixed(2),
  perCoreTrialsPerSecond: Math.round(trials / ((c.user + c.system) / 1e6)), loadBefore: +load.toFixed(2), loadAfter: +loadavg()[0].toFixed(2),
  p: pText(r.pValue), verdict: verdict(r.pValue, r.expected).kind, largestDeviation: r.largestDeviation, chunks: r.parallel?.chunks,
}, null, 1));
