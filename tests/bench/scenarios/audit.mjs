// Scenario 9: the shuffle audit (issue 41).
// (a) testShuffle with d3-array's shuffle at n = 52 against the bare loop it wraps (a fresh [0…51]
// by slice() and d3.shuffle, nothing counted), per trial. Each round times one call of each, back to
// back, in an order that alternates from round to round, on the process's CPU clock (lib.mjs: the
// wall clock also counts waiting for a core); the guard reads the median of the rounds' ratios
// (pairStats), so load that lasts longer than a pair slows both halves alike. testShuffle yields to
// the event loop every 25 ms, which costs no CPU time. Guard: testShuffle ≥ 0.5× the bare loop's trials/s.
// (b) fairdeck-audit's log reader (dist/cli/audit-parallel.js, what the CLI runs) on a ~100 MB log
// of 52 card codes per line read from a file, per byte: MB/s = 1000 / ns. First in this process with
// one thread (the guard: MB per CPU-second); then the whole CLI, a fresh process each time, with
// --workers 1 and --workers 2 back to back in alternating order in each round: the speed-up of 2 over
// 1 is the median of the rounds' ratios of wall times. CPU time (every thread) over the wall clock
// is "cores used": below 1 (or 2) when other processes hold the cores.
import { mkdirSync, statSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { shuffle as d3shuffle } from 'd3-array';
import { testShuffle } from 'fairdeck/fairness';
import { readLogFile } from '../../../dist/cli/audit-parallel.js';
import { centre, consume, now, pairStats, report } from '../lib.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const N = 52, TRIALS = 200_000, ROUNDS = Number(process.env.AUDIT_ROUNDS ?? 11);
const template = Array.from({ length: N }, (_, i) => i);
const BARE = 'd3-array shuffle 52, bare loop (fresh array each)', HARNESS = 'testShuffle(d3-array shuffle), n = 52';
const bare = async () => { let s = 0; for (let t = 0; t < TRIALS; t++) { const a = template.slice(); d3shuffle(a); s += a[0]; } consume(s); };
const harness = async () => consume((await testShuffle((a) => { d3shuffle(a); }, { n: N, trials: TRIALS })).trials);
/** ns per trial of one call, on lib.mjs's clock (CPU time of the process by default). */
const time = async (fn) => { const t0 = now(); await fn(); return ((now() - t0) * 1e6) / TRIALS; };
/** (a): testShuffle against the bare loop (pinned by run.mjs to the quiet CPU: the 'audit-shuffle' scenario). */
async function shuffleRows() {
  for (let i = 0; i < 2; i++) await bare(), await harness();  // warm-up: both tiered up
  const samples = { bare: [], harness: [] }, pairs = [];
  for (let r = 0; r < ROUNDS; r++) {
    let b, h;
    if (r % 2 === 0) b = await time(bare), h = await time(harness);
    else h = await time(harness), b = await time(bare);
    samples.bare.push(b), samples.harness.push(h), pairs.push([h, b]);
  }
  const shuffleRow = (name, xs, extra) => ({ name, group: 'audit-shuffle', ns: centre(xs).m, spread: centre(xs).spread, rounds: ROUNDS, reps: 1, ops: TRIALS, ...extra });
  return [
    shuffleRow(BARE, samples.bare, { peer: true, note: '' }),
    shuffleRow(HARNESS, samples.harness, { peer: false, note: 'every order checked and counted', paired: { [BARE]: pairStats(pairs) } }),
  ];
}

/** (b): the log reader and the CLI (both CPUs: the 'audit' scenario, not pinned). */
async function logRows() {
  const out = [];
  const dir = `${root}build/bench-audit`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/cards-650k.log`;
  try {
    statSync(file);
  } catch {
    execFileSync('sh', ['-c', `"${process.execPath}" tests/unit/audit/gen-log.mjs 650000 52 fair cards 3 > "${file}"`], { cwd: root });
  }
  const bytes = statSync(file).size;
  const LOG_ROUNDS = Number(process.env.AUDIT_LOG_ROUNDS ?? 5);  // odd: a median of the rounds, not a mean of two
  const mid = (xs) => centre(xs).m;

  // The reader in this process (warm after the first round), one thread: the guard's row.
  const times = [], cpus = [];
  for (let round = 0; round < LOG_ROUNDS; round++) {
    const cpu0 = process.cpuUsage(), t0 = performance.now();
    const result = await readLogFile(file, {}, 1, () => {});
    const ms = performance.now() - t0, cpu = process.cpuUsage(cpu0);
    consume(result.tally.trials);
    times.push(ms);
    cpus.push((cpu.user + cpu.system) / 1000 / ms);
  }
  {
    const ms = mid(times), mbps = bytes / 1e6 / (ms / 1000), cores = mid(cpus);
    out.push({
      name: `fairdeck-audit log reader, ${(bytes / 1e6).toFixed(0)} MB of 52 card codes per line`, group: 'audit-log', peer: false,
      note: `per byte: ${mbps.toFixed(0)} MB/s wall, cores used ${cores.toFixed(2)}`, ns: (ms * 1e6) / bytes, spread: centre(times).spread, rounds: LOG_ROUNDS, reps: 1,
      mbps, cores,
    });
  }

  // The CLI as a user runs it, a fresh process each time (so both start cold: a worker thread always
  // does), with --workers 1 and --workers 2 back to back in alternating order; each process reports
  // its own CPU time (every thread) as it exits. The speed-up is the median of the rounds' wall ratios.
  const cli = `${root}dist/cli/audit.js`;
  const hook = 'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write(`@@cpu ${u.user+u.system}\\n`)})';
  const runCli = (workers) => {
    const t0 = performance.now();
    const p = spawnSync(process.execPath, ['--import', hook, cli, file, '--workers', String(workers), '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const ms = performance.now() - t0;
    if (p.status !== 0) throw new Error(`audit: fairdeck-audit --workers ${workers} exited ${p.status}: ${p.stderr}`);
    const report = JSON.parse(p.stdout);
    delete report.elapsedMs, delete report.trialsPerSecond, delete report.text;
    return { ms, cpuMs: Number(/@@cpu (\d+)/.exec(p.stderr)[1]) / 1000, report: JSON.stringify(report) };
  };
  const wall = { 1: [], 2: [] }, cores = { 1: [], 2: [] };
  let firstReport;
  for (let round = 0; round < LOG_ROUNDS; round++) {
    for (const workers of round % 2 ? [2, 1] : [1, 2]) {
      const { ms, cpuMs, report: r } = runCli(workers);
      firstReport ??= r;
      if (r !== firstReport) throw new Error(`audit: fairdeck-audit --workers ${workers} printed another report`);
      wall[workers].push(ms);
      cores[workers].push(cpuMs / ms);
    }
  }
  const paired = pairStats(wall[2].map((two, r) => [two, wall[1][r]]));  // wall(2) / wall(1), median of the rounds (odd: its inverse is the speed-up's median)
  const cliName = (workers) => `fairdeck-audit ${(bytes / 1e6).toFixed(0)} MB log, whole CLI run, --workers ${workers}`;
  for (const workers of [1, 2]) {
    const ms = mid(wall[workers]), mbps = bytes / 1e6 / (ms / 1000), used = mid(cores[workers]);
    out.push({
      name: cliName(workers), group: 'audit-log', peer: false, ns: (ms * 1e6) / bytes, spread: centre(wall[workers]).spread, rounds: LOG_ROUNDS, reps: 1,
      note: `per byte: ${mbps.toFixed(0)} MB/s wall, ${(mbps / used).toFixed(0)} MB per CPU-second, cores used ${used.toFixed(2)}` +
        (workers > 1 ? `; ${(1 / paired.ratio).toFixed(2)}× the MB/s of --workers 1 ±${paired.spread.toFixed(0)}% (paired)` : ''),
      mbps, cores: used, workers,
      ...(workers > 1 && { paired: { [cliName(1)]: paired }, speedUp: 1 / paired.ratio }),
    });
  }
  return out;
}

// run.mjs runs (a) as 'audit-shuffle', pinned, and (b) as 'audit'; with no argument, both.
const part = process.argv[2];
report(part === 'shuffle' ? 'audit-shuffle' : 'audit', [...(part !== 'log' ? await shuffleRows() : []), ...(part !== 'shuffle' ? await logRows() : [])]);
