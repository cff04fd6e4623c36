// fairdeck-audit end to end, and assertFair under node:test: both need plain JavaScript, so this
// suite compiles the package (tsc, as scripts/build-package.sh does) into build/unit-audit and
// runs node on build/unit-audit/cli/audit.js, as `npx fairdeck-audit` runs dist/cli/audit.js.
//
// Statistical threshold: the default alpha 10⁻⁶ (Holm over the tests): a fair log fails with
// probability ≤ 10⁻⁶ for any seed; the Sattolo log has no fixed point in 20,000 orders, where
// chance expects 20,000 (p < 10⁻³⁰⁰), so its exit status 1 cannot flake either.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

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

  // Bounded memory: a ~105 MB log streamed through a pipe, generated on the fly, against one half
  // its size; the peak RSS (GNU time's %M) must not grow with the log. V8's heap settles at
  // about 90 MB from ~70 MB of input on (measured: 45,000 lines 65 MB, 450,000 92 MB, 900,000 92 MB
  // peak), so the two should be within noise; a reader that kept the log would need 50+ MB more
  // for the larger. 20 MB allowed for noise, and 160 MB in all.
  it.skipIf(!existsSync('/usr/bin/time'))('streams a ~105 MB log through a pipe in bounded memory', () => {
    const peak = (lines: number) => {
      const r = spawnSync('sh', ['-c', `"${process.execPath}" "${gen}" ${lines} 52 fair cards 7 | /usr/bin/time -f 'peak %M' "${process.execPath}" "${cli}" -`], { encoding: 'utf8', maxBuffer: 1 << 24 });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${lines.toLocaleString('en-US')} orders of 52 items`);
      return Number(/peak (\d+)/.exec(r.stderr)![1]) / 1024;
    };
    const half = peak(337_500), large = peak(675_000);  // 52 MB and 105 MB of card codes
    expect(large - half).toBeLessThan(20);
    expect(large).toBeLessThan(160);
  }, 300_000);
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
