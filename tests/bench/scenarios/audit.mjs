// Scenario 9: the shuffle audit (issue 41). (a) testShuffle with d3-array's shuffle at n = 52
// against the bare loop it wraps (a fresh [0…51] by slice() and d3.shuffle, nothing counted), per
// trial, interleaved; the guard is the harness's cost: testShuffle ≥ 0.5× the bare loop's trials/s.
// (b) fairdeck-audit's log reader (dist/cli/audit-log.js, what the CLI runs) on a ~100 MB log of 52
// card codes per line read from a file, per byte: MB/s = 1000 / ns. The process's CPU time is
// recorded beside the wall clock, so a loaded machine shows as cores used below 1.
import { createReadStream, mkdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { shuffle as d3shuffle } from 'd3-array';
import { testShuffle } from 'fairdeck/fairness';
import { LogAudit, readLines } from '../../../dist/cli/audit-log.js';
import { measureAsync, report, consume } from '../lib.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const N = 52, TRIALS = 200_000;
const template = Array.from({ length: N }, (_, i) => i);
const rows = await measureAsync([
  {
    name: 'd3-array shuffle 52, bare loop (fresh array each)', group: 'audit-shuffle', peer: true, ops: TRIALS,
    fn: async () => { let s = 0; for (let t = 0; t < TRIALS; t++) { const a = template.slice(); d3shuffle(a); s += a[0]; } consume(s); },
  },
  {
    name: 'testShuffle(d3-array shuffle), n = 52', group: 'audit-shuffle', ops: TRIALS, note: 'every order checked and counted',
    fn: async () => consume((await testShuffle((a) => { d3shuffle(a); }, { n: N, trials: TRIALS })).trials),
  },
], { rounds: 9 });

const dir = `${root}build/bench-audit`;
mkdirSync(dir, { recursive: true });
const file = `${dir}/cards-650k.log`;
try {
  statSync(file);
} catch {
  execFileSync('sh', ['-c', `"${process.execPath}" tests/unit/audit/gen-log.mjs 650000 52 fair cards 3 > "${file}"`], { cwd: root });
}
const bytes = statSync(file).size;
const times = [], cpus = [];
for (let round = 0; round < 5; round++) {
  const cpu0 = process.cpuUsage(), t0 = performance.now();
  const audit = new LogAudit({});
  await readLines(createReadStream(file, { highWaterMark: 1 << 20 }), audit, () => {});
  const ms = performance.now() - t0, cpu = process.cpuUsage(cpu0);
  consume(audit.tally.trials);
  times.push(ms);
  cpus.push((cpu.user + cpu.system) / 1000 / ms);
}
const sorted = [...times].sort((a, b) => a - b), mid = sorted[2];
const spread = ((sorted[3] - sorted[1]) / 2 / mid) * 100;
const cores = [...cpus].sort((a, b) => a - b)[2];
rows.push({
  name: `fairdeck-audit log reader, ${(bytes / 1e6).toFixed(0)} MB of 52 card codes per line`, group: 'audit-log', peer: false,
  note: `per byte: ${(bytes / 1e6 / (mid / 1000)).toFixed(0)} MB/s wall, cores used ${cores.toFixed(2)}`, ns: (mid * 1e6) / bytes, spread, rounds: 5, reps: 1,
  mbps: bytes / 1e6 / (mid / 1000), cores,
});
report('audit', rows);
