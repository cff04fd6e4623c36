// fairdeck-audit end to end, and assertFair under node:test: both need plain JavaScript, so this
// suite compiles the package (tsc, as scripts/build-package.sh does) into build/unit-audit and
// runs node on build/unit-audit/cli/audit.js, as `npx fairdeck-audit` runs dist/cli/audit.js.
//
// Statistical threshold: the default alpha 10⁻⁶ (Holm over the tests): a fair log fails with
// probability ≤ 10⁻⁶ for any seed; the Sattolo log has no fixed point in 20,000 orders, where
// chance expects 20,000 (p < 10⁻³⁰⁰), so its exit status 1 cannot flake either.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { LogError, parseItems, testLog } from 'fairdeck/fairness';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = `${root}build/unit-audit`;
const cli = `${out}/cli/audit.js`;
const gen = `${root}tests/unit/audit/gen-log.mjs`;

beforeAll(() => {
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json', '--outDir', out, '--declaration', 'false'], { cwd: root, stdio: 'pipe' });
  mkdirSync(`${out}/wasm`, { recursive: true });
  for (const f of readdirSync(`${root}web/src/wasm`)) if (/\.(js|wasm)$/.test(f)) cpSync(`${root}web/src/wasm/${f}`, `${out}/wasm/${f}`);
}, 180_000);

/** Runs the CLI on `input` (stdin) or a file, returns status, stdout and stderr. */
function audit(args: string[], input?: string) {
  const p = spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { status: p.status, stdout: p.stdout, stderr: p.stderr };
}
const log = (lines: number, n: number, mode: string, format: string, seed = 1) =>
  execFileSync(process.execPath, [gen, String(lines), String(n), mode, format, String(seed)], { encoding: 'utf8', maxBuffer: 1 << 28 });

describe('fairdeck-audit', () => {
  it('--help prints the usage and exits 0; a bad option exits 2', () => {
    const help = audit(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: fairdeck-audit FILE\|-/);
    const bad = audit(['--frobnicate', '-']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('unknown option --frobnicate');
    expect(audit([]).stderr).toContain('no input');
    expect(audit(['--alpha', '2', '-']).stderr).toContain('--alpha must be a number above 0 and at most 0.5, got "2"');
  });

  it('exits 0 on a fair log, 1 on a Sattolo log (numbers, comma-separated, from a file)', () => {
    const dir = `${out}/logs`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/fair.log`, log(20_000, 8, 'fair', 'num'));
    writeFileSync(`${dir}/sattolo.log`, log(20_000, 8, 'sattolo', 'num'));
    const fair = audit([`${dir}/fair.log`]);
    expect(fair.status, fair.stdout + fair.stderr).toBe(0);
    expect(fair.stdout).toMatch(/^Shuffle audit — NO BIAS FOUND/);
    const sattolo = audit([`${dir}/sattolo.log`]);
    expect(sattolo.status).toBe(1);
    expect(sattolo.stdout).toContain("Sattolo's j < i");
    expect(audit([`${dir}/missing.log`]).stderr).toContain('cannot read');
  });

  it('detects JSON arrays of card codes on standard input, and prints --json', () => {
    const r = audit(['-', '--json'], log(5_000, 52, 'fair', 'json'));
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ fair: true, n: 52, k: 52, trials: 5_000 });
    expect(report.items).toContain('As');
    expect(report.tests.map((t: { name: string }) => t.name)).toContain('positions');
    expect(report.text).toMatch(/^Shuffle audit/);
    // Card codes separated by spaces, and hands of 5 (partial orders) with the items given.
    const hands = log(3_000, 52, 'fair', 'cards').split('\n').filter(Boolean).map((l) => l.split(' ').slice(0, 5).join(' ')).join('\n');
    const items = log(1, 52, 'fair', 'cards').trim().split(' ').sort().join(' ');
    const partial = audit(['-', '--items', items], hands);
    expect(partial.status, partial.stderr).toBe(0);
    expect(partial.stdout).toContain('hands of 5 of 52 items');
  });

  it.each([
    ['a repeated token', '0 1 2\n2 1 0\n1 1 0\n', 'line 3: token 1 appears twice'],
    ['an unknown token', 'a b c\nb c a\nb x a\n', 'line 3: unknown token "x" at position 1 (not one of the 3 items on the first line)'],
    ['a different length', '0,1,2\n# a comment\n\n2,1\n', 'line 4: has 2 items, the first order had 3'],
    ['too many tokens', '0 1 2\n0 1 2 2\n', 'line 2: has more than 3 items'],
    ['a broken JSON line', '[0,1,2]\n[0,1,2\n', 'line 2: a line that starts with [ must be a JSON array ending with ]'],
    ['a repeated first-line token', 'a b a\n', 'line 1: the first line sets the items, and "a" appears twice'],
    ['an empty input', '\n\n', 'no orders in the input'],
  ])('bad input — %s — exits 2 naming the line', (_name, input, message) => {
    const r = audit(['-'], input);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });

  // Bounded memory: a ~210 MB log streamed through a pipe, generated on the fly, against one half
  // its size; the peak RSS (GNU time's %M) must not grow with the log. V8's heap still grows a
  // little with the input before it settles (measured on the 2-core machine, idle: 337,500 lines
  // 86 MB, 675,000 101-103 MB, 1,350,000 110 MB peak), so the pair is taken where it has nearly
  // settled: 105 and 210 MB of log, 8 MB apart when idle. The pair 52/105 MB, used before, was
  // 15.5-17 MB apart when idle and 20.4 under the full suite's load: too near its 20 MB allowance.
  // A reader that kept the log would need 100+ MB more for the larger. 20 MB allowed for noise,
  // and 160 MB in all.
  it.skipIf(!existsSync('/usr/bin/time'))('streams a ~210 MB log through a pipe in bounded memory', () => {
    const peak = (lines: number) => {
      const r = spawnSync('sh', ['-c', `"${process.execPath}" "${gen}" ${lines} 52 fair cards 7 | /usr/bin/time -f 'peak %M' "${process.execPath}" "${cli}" -`], { encoding: 'utf8', maxBuffer: 1 << 24 });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${lines.toLocaleString('en-US')} orders of 52 items`);
      return Number(/peak (\d+)/.exec(r.stderr)![1]) / 1024;
    };
    const half = peak(675_000), large = peak(1_350_000);  // 105 MB and 210 MB of card codes
    expect(large - half).toBeLessThan(20);
    expect(large).toBeLessThan(160);
  }, 300_000);
});

// The visualiser's log panel reads a log with testLog, the CLI's own reader (fairness/audit-log.ts):
// the same malformed log must give the same line and words in both, blank lines, comments, CRLF
// and a missing last newline included. Exact, not statistical. The page's old reader numbered
// orders, not lines ("order 2" for the CLI's "line 4").
describe('testLog (the page\'s log panel) and fairdeck-audit number a log\'s lines alike', () => {
  const malformed: [string, string, string[]][] = [
    ['a repeated token', '0 1 2\n2 1 0\n1 1 0\n', []],
    ['an unknown token after a comment and blank lines', '# shuffles of a b c\n\na b c\n\n# more\nb c a\nb x a\n', []],
    ['a different length', '0,1,2\n# a comment\n\n2,1\n', []],
    ['too many tokens, CRLF line ends', '0 1 2\r\n\r\n0 1 2 2\r\n', []],
    ['a broken JSON line without a last newline', '[0,1,2]\n  \n[0,1,2', []],
    ['a JSON string with an escape', '["a","b"]\n["a\\"","b"]\n', []],
    ['a repeated first-line token', '\n\n# x\na b a\n', []],
    ['an item not in --items', '0 1 2\n2 1 3\n', ['--items', '0 1 2']],
    ['a hand longer than n', '# hands\n0 1\n1 0 2 3\n', ['--n', '3']],
    ['no orders', '\n# only comments\n\n', []],
    ['too few orders', '0 1 2\n2 1 0\n', []],
  ];
  it.each(malformed)('%s', async (_name, input, args) => {
    const cliRun = audit(['-', ...args], input);
    expect(cliRun.status).toBe(2);
    const printed = cliRun.stderr.trim().replace(/^fairdeck-audit: /, '');
    const options = args[0] === '--items' ? { items: args[1] } : args[0] === '--n' ? { n: Number(args[1]) } : {};
    const page = await testLog(new Blob([input]), options).then(() => 'no error', (e: Error) => e);
    expect(page).toBeInstanceOf(Error);
    const message = (page as Error).message.replace(/^log: /, '');
    expect(message).toBe(printed);
    if (/^line \d+/.test(printed)) expect(page).toBeInstanceOf(LogError);
  });

  it('takes the items as --items does, with the same refusals', async () => {
    const letters = Array.from({ length: 600 }, (_, i) => ['c a d b', 'a c b d', 'd b a c', 'b d c a'][i % 4]).join('\n');
    const given = await testLog(letters, { items: 'c, a d  b' });
    const cliRun = audit(['-', '--items', 'c, a d  b'], letters);
    expect(given.itemOrder).toBe('given');
    expect(given.items).toEqual(['c', 'a', 'd', 'b']);
    // The report's text but its timing (the second line's "; 0.1 s, …/s").
    const untimed = (text: string) => text.replace(/; [\d.]+ s, [\d,]+\/s/, '');
    expect(untimed(given.toString())).toBe(untimed(cliRun.stdout.trim()));
    expect((await testLog(letters)).itemOrder).toBe('assumed');
    for (const [items, cli] of [['a', '--items must list 2 to 1024 items, got 1'], ['a b a', '--items lists "a" twice; items must be distinct']]) {
      expect(audit(['-', '--items', items], letters).stderr).toContain(cli);
      expect(() => parseItems(items)).toThrow(cli.slice(2));
      await expect(testLog(letters, { items })).rejects.toThrow(RangeError);
    }
  });
});

// --workers N (cli/audit-parallel.ts): the log split into byte ranges at line boundaries, one
// worker_threads worker per range, counts merged. Exact, not statistical: the merged counts and
// report must equal the single-threaded ones bit for bit, and a bad line must give the same Error.
describe('fairdeck-audit --workers: a log file read by several threads', () => {
  type Parallel = typeof import('../../web/src/cli/audit-parallel.js');
  type Report = typeof import('../../web/src/fairness/audit-report.js');
  let parallel: Parallel, reports: Report, InputError: typeof import('../../web/src/cli/audit-log.js').InputError;
  let REPEAT_SAMPLE: number;
  const dir = `${root}build/unit-audit-workers`;
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    parallel = await import(/* @vite-ignore */ pathToFileURL(`${out}/cli/audit-parallel.js`).href);
    reports = await import(/* @vite-ignore */ pathToFileURL(`${out}/fairness/audit-report.js`).href);
    ({ InputError } = await import(/* @vite-ignore */ pathToFileURL(`${out}/cli/audit-log.js`).href));
    ({ REPEAT_SAMPLE } = await import(/* @vite-ignore */ pathToFileURL(`${out}/fairness/audit-tally.js`).href));
  });
  const write = (name: string, text: string) => {
    writeFileSync(`${dir}/${name}`, text);
    return `${dir}/${name}`;
  };
  const read = async (file: string, workers: number, options = {}) => {
    let bytes = 0;
    const r = await parallel.readLogFile(file, options, workers, (b) => { bytes += b; });
    return { ...r, bytesSeen: bytes };
  };
  /** Everything a report is made of, for toEqual: the counts, the line count and the report (elapsed time 0). */
  const facts = (r: Awaited<ReturnType<typeof read>>) => {
    const t = r.tally!;
    const report = reports.buildReport(t, 1e-6, r.items!, 0);
    return {
      line: r.line, trials: t.trials, k: t.k, risingSum: t.risingSum,
      positions: Array.from(t.positions), orders: t.orders && Array.from(t.orders), successions: Array.from(t.successions),
      hashes: t.hashes && Array.from(t.hashes.subarray(0, Math.min(t.trials, REPEAT_SAMPLE))),
      json: JSON.stringify(reports.reportJSON(report)), text: report.toString(),
    };
  };
  /** The error a read rejects with (its class and message). */
  const failure = async (file: string, workers: number, options = {}) => {
    const e = await read(file, workers, options).then(() => undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  };

  it('gives the single-threaded counts and report bit for bit, with 2, 3 and 7 workers', async () => {
    // n = 52 card codes (hashes for the repeat test, which keeps the first orders of the file),
    // n = 8 numbers (every order counted), hands of 5 with --items; blank and comment lines mixed in.
    const cards = log(30_000, 52, 'fair', 'cards', 5).replace(/\n(?=.*\n.*\n.*\n$)/, '\n\n# a comment\n');
    const items = log(1, 52, 'fair', 'cards').trim().split(' ').sort();
    const hands = cards.split('\n').map((l) => (l.startsWith('#') || !l ? l : l.split(' ').slice(0, 5).join(' '))).join('\n');
    for (const [file, options] of [
      [write('cards.log', cards), {}],
      [write('sattolo8.log', log(40_000, 8, 'sattolo', 'num', 6)), {}],
      [write('hands.log', hands), { items }],
    ] as const) {
      const one = facts(await read(file, 1, options));
      expect(one.trials).toBeGreaterThan(29_000);
      for (const workers of [2, 3, 7]) expect(facts(await read(file, workers, options)), `${file}, ${workers} workers`).toEqual(one);
    }
    // The CLI prints the same report (but its time) with any --workers.
    const untimed = (s: string) => s.replace(/; [\d.]+ s, [\d,]+\/s/, '');
    const a = audit([`${dir}/cards.log`, '--workers', '1']), b = audit([`${dir}/cards.log`, '--workers', '3']);
    expect(b.status).toBe(a.status);
    expect(untimed(b.stdout)).toBe(untimed(a.stdout));
    expect(a.stdout).toContain('30,000 orders of 52 items');
  }, 120_000);

  it('cuts ranges right after a newline: a line straddling a cut goes whole to one range', () => {
    // 10 lines of 10 bytes: size / 3 = 33 falls inside line 4 (bytes 30…39), so the cut is at 40;
    // 2 · 100 / 3 = 66 inside line 7, cut at 70. size / 2 = 50 is a line start: the cut stays at 50.
    const text = Array.from({ length: 10 }, (_, i) => `${i} a b c d`.padEnd(9, ' ')).join('\n') + '\n';
    expect(text.length).toBe(100);
    const file = write('tens.log', text);
    expect(parallel.cutRanges(file, 100, 3)).toEqual([0, 40, 70, 100]);
    expect(parallel.cutRanges(file, 100, 2)).toEqual([0, 50, 100]);
    // Every cut of any split is a line start, and the ranges cover the file once.
    for (let parts = 1; parts <= 12; parts++) {
      const cuts = parallel.cutRanges(file, 100, parts);
      expect(cuts.length).toBe(parts + 1);
      for (let i = 1; i < parts; i++) {
        expect(cuts[i]).toBeGreaterThanOrEqual(cuts[i - 1]);
        expect(cuts[i] === 100 || text[cuts[i] - 1] === '\n', `parts ${parts} cut ${cuts[i]}`).toBe(true);
      }
    }
  });

  it('leaves a range empty when no line starts in it, and still counts every line once', async () => {
    // One long line in the middle holds the cuts of 4 of the 8 ranges: those ranges are empty.
    const short = log(40, 52, 'fair', 'cards', 8).split('\n').filter(Boolean);
    const long = `${short[0]}${' '.repeat(6_000)}`;
    const file = write('long.log', [...short.slice(0, 10), long, ...short.slice(10)].join('\n') + '\n');
    const cuts = parallel.cutRanges(file, statSync(file).size, 8);
    const empty = cuts.slice(0, -1).filter((c, i) => c === cuts[i + 1]).length;
    expect(empty).toBeGreaterThanOrEqual(2);
    expect(facts(await read(file, 8))).toEqual(facts(await read(file, 1)));
    // More workers than lines: most ranges are empty.
    const tiny = write('tiny.log', '0 1 2\n2 1 0\n1 0 2\n');
    expect(facts(await read(tiny, 16))).toEqual(facts(await read(tiny, 1)));
    expect((await read(tiny, 16)).tally!.trials).toBe(3);
  });

  it('reports a bad line in a later range with its line number in the whole file, as one thread does', async () => {
    const lines = log(30_000, 52, 'fair', 'cards', 9).split('\n');
    lines.splice(1000, 0, '', '# blank and comment lines count too');
    const at = 21_000;  // in the third of 3 ranges, the second of 2
    lines[at - 1] = lines[at - 1].replace(/^(\S+) (\S+)/, '$1 $1');
    const file = write('bad-late.log', lines.join('\n'));
    const expected = `line ${at}: token "${lines[at - 1].split(' ')[0]}" appears twice`;
    expect(await failure(file, 1)).toBe(expected);
    for (const workers of [2, 3, 5]) expect(await failure(file, workers)).toBe(expected);
    const cli = audit([file, '--workers', '3']);
    expect(cli.status).toBe(2);
    expect(cli.stderr).toBe(audit([file, '--workers', '1']).stderr);
    expect(cli.stderr).toBe(`fairdeck-audit: ${expected}\n`);
  }, 120_000);

  it('stops at the first bad line of the file: a later worker\'s bad line waits for the earlier ranges, an earlier one stops the rest', async () => {
    const lines = log(60_000, 52, 'fair', 'cards', 10).split('\n');
    const unknown = (i: number) => { lines[i - 1] = lines[i - 1].replace(/^\S+/, 'Zz'); };
    unknown(35_000);  // range 2 of 3
    unknown(50_000);  // range 3 of 3, finishes first when range 2 is slower
    const two = write('bad-two.log', lines.join('\n'));
    const expected = 'line 35000: unknown token "Zz" at position 0 (not one of the 52 items on the first line)';
    expect(await failure(two, 1)).toBe(expected);
    expect(await failure(two, 3)).toBe(expected);
    unknown(2_000);  // now range 1 holds the first bad line: the others are stopped, not read to the end
    const early = write('bad-early.log', lines.join('\n'));
    expect(await failure(early, 1)).toBe(expected.replace('35000', '2000'));
    let seen = 0;
    const e = await parallel.readLogFile(early, {}, 3, (b) => { seen += b; }).catch((x: Error) => x);
    expect((e as Error).message).toBe(expected.replace('35000', '2000'));
    expect(seen).toBeLessThan(statSync(early).size);
    // Stopped, not left running: no byte is read after the rejection.
    const atRejection = seen;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen).toBe(atRejection);
  }, 120_000);

  it('checks --workers, documents it, and reads standard input with one thread', () => {
    expect(audit(['--help']).stdout).toContain('--workers N');
    expect(audit(['-', '--workers', '0']).stderr).toContain('--workers must be an integer from 1 to 256, got "0"');
    expect(audit(['-', '--workers', '1.5']).status).toBe(2);
    // 100 orders: the fewest the audit tests for 3 items (3 lines are refused, issue 59).
    const r = audit(['-', '--workers', '4'], log(100, 3, 'fair', 'num'));
    expect(r.status, r.stderr).toBe(0);
    expect(parallel.defaultWorkers(1 << 20)).toBe(1);  // a small log: no thread is worth starting
  });
});

describe('assertFair under node:test', () => {
  const run = (expectFailure: boolean) => spawnSync(process.execPath, ['--test', `${root}tests/unit/audit/assert-fair.node-test.mjs`], {
    encoding: 'utf8',
    env: { ...process.env, FAIRDECK_FAIRNESS: pathToFileURL(`${out}/fairness/index.js`).href, AUDIT_EXPECT_FAILURE: expectFailure ? '1' : '0' },
  });
  it('passes a fair shuffle and rejects a Sattolo shuffle with the report', () => {
    const r = run(false);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/# pass 2/);
  });
  it('fails the node:test run with the report as the message when a biased shuffle is not caught', () => {
    const r = run(true);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('# fail 1');
    expect(r.stdout).toContain("Sattolo's j < i");
  });
});
