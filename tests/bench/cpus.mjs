// tests/bench/cpus.mjs — how fast each CPU of this machine is right now, for the figures that
// need two of them at once (2 workers against 1: scenarios/workers.mjs, the visualiser's e2e).
//
// The development machine's two vCPUs are not always alike: in spells, one of them runs the
// core's throughput-bound loops about 1.4–1.5× slower than the other (deck52/chacha20 in WASM:
// 159–167 ns on one, 235–243 on the other, while a latency-bound integer loop ran alike on
// both: most likely another tenant of the host on the sibling hyperthread). No two threads can then do more
// than 1 + fast/slow of what one thread on the faster CPU does (about 1.68×), and less when both
// run at once (the two slowed each other a further 2–9 %): under the 1.7× that issue 39 asks of
// 2 workers. `cpuSpeeds()` times each CPU with the same loop, pinned (taskset, util-linux), one
// at a time and all at once, so a run can print that ceiling beside its speed-up.
//
// Usage: `node tests/bench/cpus.mjs` prints the figures; `cpuSpeeds()` returns them.
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);

/** The probe: ns per 52-card ChaCha20 shuffle + deal(52) through the deck module (the twins' deck52), median of 15. */
async function probe() {
  const { loadCore } = await import('./core.mjs');
  const { seedBytes } = await import('./lib.mjs');
  const core = await loadCore('package');
  const deck = core.deck('chacha20', seedBytes(42));
  let sink = 0;
  const run = (n) => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) deck.shuffle(), (sink += deck.deal(52));
    return Number(process.hrtime.bigint() - t0) / n;
  };
  for (let r = 0; r < 5; r++) run(10000);
  const times = Array.from({ length: 15 }, () => run(10000)).sort((a, b) => a - b);
  process.stdout.write(`@@cpu ${JSON.stringify({ ns: times[7], sink: sink & 1 })}\n`);
}

/**
 * The CPUs this process may run on, by number (taskset -p: "… current affinity list: 0-3,6"),
 * or [] without taskset. Their numbers need not be 0 … n − 1 (a container's cpuset).
 */
export function allowedCpus() {
  let text;
  try {
    text = execFileSync('taskset', ['-pc', String(process.pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return [];
  }
  const list = text.slice(text.lastIndexOf(':') + 1).trim();
  return list.split(',').flatMap((part) => {
    const [a, b = a] = part.split('-').map(Number);
    return Number.isInteger(a) && Number.isInteger(b) ? Array.from({ length: b - a + 1 }, (_, i) => a + i) : [];
  });
}

/** Runs the probe pinned to `cpu`; resolves to its ns. */
export function probeOn(cpu) {
  return new Promise((resolve, reject) => {
    const p = spawn('taskset', ['-c', String(cpu), process.execPath, self, '--probe']);
    let out = '', err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('error', reject);
    p.on('close', (status) => {
      const line = out.split('\n').find((l) => l.startsWith('@@cpu '));
      if (status !== 0 || !line) reject(new Error(`cpu probe on CPU ${cpu} failed (exit ${status}):\n${err}`));
      else resolve(JSON.parse(line.slice('@@cpu '.length)).ns);
    });
  });
}

/**
 * Each CPU's probe time (ns per shuffle + deal, lower is faster), alone (one CPU at a time) and
 * together (all at once, as workers run), and the most that as many threads as CPUs could gain
 * over one thread on the fastest CPU alone: the sum of the CPUs' rates together over that rate.
 * Null without taskset.
 */
export async function cpuSpeeds() {
  const cpus = allowedCpus();
  if (!cpus.length) return null;
  try {
    const alone = [];
    for (const cpu of cpus) alone.push(await probeOn(cpu));
    const together = await Promise.all(cpus.map(probeOn));
    const ceiling = together.reduce((sum, ns) => sum + 1 / ns, 0) * Math.min(...alone);
    return { alone, together, ceiling };
  } catch {
    return null;  // a CPU this process may not use (its numbers need not be 0 … n − 1): no figures, no failure
  }
}

/** One line for a test's or a scenario's output. */
export function describeCpus(speeds) {
  if (!speeds) return 'CPU speeds not measured (no taskset, or a CPU it could not pin)';
  const list = (a) => a.map((n) => `${n.toFixed(0)}`).join(' / ');
  return `CPUs now, ns per 52-card shuffle + deal: ${list(speeds.alone)} one at a time, ${list(speeds.together)} all at once; ` +
    `so ${speeds.alone.length} threads can reach at most ${speeds.ceiling.toFixed(2)}× one thread on the fastest`;
}

if (process.argv[2] === '--probe') await probe();
else if (process.argv[1] === self) process.stdout.write(`${describeCpus(await cpuSpeeds())}\n`);
