// Scenario 13: `fairdeck shuffle` of 10^7 lines against GNU `shuf` (issue 59, class 4: within 2×
// its time and its memory). The input is `seq 1 10000000` (79 MB) in a file, given on standard
// input, the output thrown away (/dev/null). Each round runs both tools once, back to back, in an
// order that alternates from round to round; each run is a child of a small Python process that
// reads the child's wall time and peak RSS (getrusage(RUSAGE_CHILDREN): ru_maxrss, and the CPU
// time it used). The guard reads the median of the rounds' ratios (pairStats) for each.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { centre, pairStats, report } from '../lib.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ROUNDS = Number(process.env.CLI_ROUNDS ?? 5), LINES = 1e7;
const input = `${root}build/bench/seq-${LINES}.txt`;
mkdirSync(`${root}build/bench`, { recursive: true });
if (!existsSync(input)) execFileSync('bash', ['-c', `seq 1 ${LINES} > '${input}'`]);
const bin = `${root}dist/cli/fairdeck.js`;
if (!existsSync(bin)) throw new Error('cli scenario: dist/cli/fairdeck.js is missing (bash scripts/build-package.sh)');

const PROBE = `
import resource, subprocess, sys, time
with open(sys.argv[1], 'rb') as i, open('/dev/null', 'wb') as o:
    t = time.monotonic()
    r = subprocess.run(sys.argv[2:], stdin=i, stdout=o)
    wall = time.monotonic() - t
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(r.returncode, wall, u.ru_maxrss * 1024, u.ru_utime + u.ru_stime)
`;
/** One run of `argv` on the input: { ns (wall), rss (bytes), cpu (ns) }. */
function measure(argv) {
  const r = spawnSync('python3', ['-c', PROBE, input, ...argv], { encoding: 'utf8' });
  const [code, wall, rss, cpu] = r.stdout.trim().split(' ').map(Number);
  if (r.status !== 0 || code !== 0) throw new Error(`cli scenario: ${argv.join(' ')} failed (${code}): ${r.stderr}`);
  return { ns: wall * 1e9, rss, cpu: cpu * 1e9 };
}
const SHUF = 'GNU shuf (coreutils)', FAIRDECK = 'fairdeck shuffle (npx fairdeck, secure)';
const tools = { [SHUF]: ['shuf'], [FAIRDECK]: [process.execPath, bin, 'shuffle'] };
measure(tools[SHUF]), measure(tools[FAIRDECK]);  // warm-up: the file in the page cache, the bin compiled
const runs = { [SHUF]: [], [FAIRDECK]: [] }, time = [], memory = [];
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 ? [FAIRDECK, SHUF] : [SHUF, FAIRDECK];
  const got = {};
  for (const name of order) runs[name].push((got[name] = measure(tools[name])));
  time.push([got[FAIRDECK].ns, got[SHUF].ns]), memory.push([got[FAIRDECK].rss, got[SHUF].rss]);
}
const mb = (b) => `${(b / 2 ** 20).toFixed(0)} MB`;
const row = (name, extra) => {
  const t = centre(runs[name].map((x) => x.ns)), rss = centre(runs[name].map((x) => x.rss)).m, cpu = centre(runs[name].map((x) => x.cpu)).m;
  return { name, group: 'cli-shuffle', ns: t.m, spread: t.spread, rounds: ROUNDS, reps: 1, ops: 1, rss, cpu, note: `peak RSS ${mb(rss)}, CPU ${(cpu / 1e9).toFixed(2)} s`, ...extra };
};
report('cli', [
  row(SHUF, { peer: true }),
  row(FAIRDECK, { peer: false, paired: { [SHUF]: pairStats(time) }, pairedRss: { [SHUF]: pairStats(memory) } }),
], { lines: LINES, bytes: statSync(input).size });
