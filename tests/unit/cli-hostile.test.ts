// Issue 59, class 4: the command-line tools as a hostile or careless shell uses them, spawned as
// the built bins (dist/cli: fairdeck, fairdeck-random, fairdeck-audit; helpers.ts builtBin).
//  - bytes in are bytes out: `fairdeck shuffle` passes any line through unchanged (non-UTF-8,
//    CR LF, NUL, empty lines; a last line without a newline gets one);
//  - a closed pipe (`| head`) ends every writer quietly with status 0, as shuf and seq end;
//  - any other write error (/dev/full: ENOSPC) is a message on stderr and status 3 — for every
//    writer: deal, shuffle, random, verify, help, fairdeck-random and fairdeck-audit;
//  - a flag given twice is an error (status 2) naming the flag, never "the last wins";
//  - `deal 53` says the deck has 52 cards (and counts the dead ones).
// Before this (0622be0), shuffle turned bytes that are not UTF-8 into U+FFFD, the writers exited 0
// on a full device, the last of two --seed flags won, and `deal 53` printed 52 cards.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { init, shuffle } from 'fairdeck';
import { builtBin } from './helpers.js';

let fairdeck = '', random = '', audit = '';
beforeAll(() => {
  fairdeck = builtBin('fairdeck');
  random = builtBin('random');
  audit = builtBin('audit');
}, 300_000);

const dir = mkdtempSync(join(tmpdir(), 'fairdeck-cli-hostile-'));

/** Runs `bin args` with `input` on stdin; stdout as bytes. */
function run(bin: string, args: string[], input: string | Buffer = '') {
  const r = spawnSync(process.execPath, [bin, ...args], { input, maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

/** Runs a shell pipeline; `$N` in it is node; returns the first command's status and its stderr. */
function sh(script: string) {
  const r = spawnSync('bash', ['-c', `set -o pipefail; ${script.replaceAll('$N', JSON.stringify(process.execPath))}`], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

/** The lines of `bytes` (split at 0x0A; a final newline ends the last line). */
function lines(bytes: Buffer): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) out.push(bytes.subarray(from, i).toString('hex')), (from = i + 1);
  if (from < bytes.length) out.push(bytes.subarray(from).toString('hex'));
  return out;
}

describe('fairdeck shuffle: bytes in, bytes out', () => {
  it('passes lines that are not UTF-8 through unchanged, with CR LF, NUL and empty lines', () => {
    const input = Buffer.concat([
      Buffer.from('caf\xe9\n', 'latin1'),            // Latin-1 é: not UTF-8
      Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x0a]),    // a UTF-16 BOM, a NUL
      Buffer.from('windows\r\n\n\nend\xc3', 'latin1'), // CR LF, two empty lines, a cut UTF-8 sequence, no final newline
    ]);
    for (const args of [[], ['--seed', '7']]) {
      const r = run(fairdeck, ['shuffle', ...args], input);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout.length).toBe(input.length + 1);  // every byte, and the newline the last line lacked
      expect(r.stdout[r.stdout.length - 1]).toBe(10);
      expect(lines(r.stdout).sort()).toEqual(lines(input).sort());
      expect(r.stdout.includes(Buffer.from('\ufffd'))).toBe(false);
    }
  });

  it('with a seed, prints what shuffle() of the lines as an Array gives (valid UTF-8)', async () => {
    await init();
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i} ♠`);
    const r = run(fairdeck, ['shuffle', '--seed', '42'], `${text.join('\n')}\n`);
    expect(r.status).toBe(0);
    expect(r.stdout.toString()).toBe(`${shuffle([...text], { seed: 42 }).join('\n')}\n`);
  });

  it('handles no input, one line, and a line longer than the output chunk (1 MiB)', () => {
    expect(run(fairdeck, ['shuffle'], '').stdout.length).toBe(0);
    expect(run(fairdeck, ['shuffle'], 'x').stdout.toString()).toBe('x\n');
    const long = Buffer.alloc(3 << 20, 0x80);
    const r = run(fairdeck, ['shuffle', '--seed', '1'], Buffer.concat([long, Buffer.from('\nshort\n')]));
    expect(lines(r.stdout).sort()).toEqual([long.toString('hex'), Buffer.from('short').toString('hex')].sort());
  });
});

describe('a reader that closes the pipe ends the tool quietly, status 0', () => {
  const big = join(dir, 'lines.txt');
  beforeAll(() => writeFileSync(big, Array.from({ length: 300_000 }, (_, i) => `${i}\n`).join('')));
  it.each([
    ['fairdeck random (endless)', () => `$N ${fairdeck} random --seed 1 | head -c 10 > /dev/null`],
    ['fairdeck-random (endless)', () => `$N ${random} --seed 1 | head -c 10 > /dev/null`],
    ['fairdeck shuffle', () => `$N ${fairdeck} shuffle < ${big} | head -n 1 > /dev/null`],
  ])('%s', (_, script) => {
    const r = sh(script());
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('a full disk is a message and status 3, for every writer', () => {
  const round = join(dir, 'round.json');
  const log = join(dir, 'orders.log');
  beforeAll(() => {
    const { vectors } = JSON.parse(readFileSync(new URL('../vectors/provable-shoes.json', import.meta.url), 'utf8')) as { vectors: { name: string }[] };
    const { name: _, ...shoe } = vectors[0];
    writeFileSync(round, JSON.stringify(shoe));
    const orders = ['a b c', 'a c b', 'b a c', 'b c a', 'c a b', 'c b a'];
    writeFileSync(log, Array.from({ length: 600 }, (_, i) => orders[(i * 5) % 6]).join('\n') + '\n');
  });
  it('/dev/full is there to write to', () => expect(existsSync('/dev/full')).toBe(true));
  it.each([
    ['fairdeck deal', () => `$N ${fairdeck} deal 5`, /^fairdeck deal: cannot write to standard output: no space left on the device \(ENOSPC\)\n$/],
    ['fairdeck shuffle', () => `printf 'a\\nb\\n' | $N ${fairdeck} shuffle`, /^fairdeck shuffle: cannot write .*ENOSPC/],
    ['fairdeck random', () => `$N ${fairdeck} random --bytes 100`, /^fairdeck random: cannot write .*ENOSPC/],
    ['fairdeck --help', () => `$N ${fairdeck} --help`, /^fairdeck --help: cannot write .*ENOSPC/],
    ['fairdeck-random', () => `$N ${random} --bytes 100`, /^fairdeck-random: cannot write .*ENOSPC/],
    ['fairdeck-audit', () => `$N ${audit} ${log}`, /^fairdeck-audit: cannot write .*ENOSPC/],
  ])('%s', (_, script, message) => {
    const r = sh(`${script()} > /dev/full`);
    expect(r.stderr).toMatch(message);
    expect(r.status).toBe(3);
  });
  it('fairdeck verify (a shoe from tests/vectors: its verdicts are the output)', () => {
    const r = sh(`$N ${fairdeck} verify ${round} > /dev/full`);
    expect(r.stderr).toMatch(/cannot write to standard output: no space left on the device/);
    expect(r.status).toBe(3);
  });
});

describe('a flag given twice is refused, never "the last wins"', () => {
  it.each([
    ['fairdeck', () => fairdeck, ['deal', '5', '--seed', '1', '--seed', '2'], /^fairdeck deal: --seed is given twice \(1 and 2\); give it once/],
    ['fairdeck', () => fairdeck, ['deal', '5', '--ids', '--ids'], /--ids is given twice/],
    ['fairdeck', () => fairdeck, ['deal', '5', '--rng', 'chacha20', '--rng', 'xoshiro256'], /--rng is given twice/],
    ['fairdeck', () => fairdeck, ['deal', '5', '--exclude', 'AS', '--exclude', 'AH'], /--exclude is given twice/],
    ['fairdeck', () => fairdeck, ['shuffle', '--seed', '1', '--seed', '1'], /--seed is given twice/],
    ['fairdeck', () => fairdeck, ['random', '--bytes', '1', '--bytes', '2'], /--bytes is given twice/],
    ['fairdeck', () => fairdeck, ['random', '--bytes', '1', '--seed', '1', '--seed-hex', '00'], /--seed and --seed-hex both give the seed/],
    ['fairdeck', () => fairdeck, ['verify', 'a.json', '--json', '--json'], /--json is given twice/],
    ['fairdeck-random', () => random, ['--bytes', '1', '--bytes', '2'], /^fairdeck-random: --bytes is given twice/],
    ['fairdeck-random', () => random, ['--bytes', '1', '--seed-text', 'a', '--seed-text', 'b'], /--seed-text is given twice/],
    ['fairdeck-random', () => random, ['--bytes', '1', '--rng', 'chacha20', '--rng', 'xoshiro256'], /--rng is given twice/],
    ['fairdeck-audit', () => audit, ['-', '--alpha', '0.1', '--alpha', '0.2'], /^fairdeck-audit: --alpha is given twice/],
    ['fairdeck-audit', () => audit, ['-', '--json', '--json'], /--json is given twice/],
    ['fairdeck-audit', () => audit, ['-', '--n', '3', '--n', '4'], /--n is given twice/],
  ])('%s %o', (_, bin, args, message) => {
    const r = run(bin(), args);
    expect(r.stderr).toMatch(message);
    expect(r.status).toBe(2);
    expect(r.stdout.length).toBe(0);
  });
});

describe('deal more cards than the deck has', () => {
  it('deal 53 says the deck has 52 cards, and prints nothing', () => {
    const r = run(fairdeck, ['deal', '53']);
    expect(r.stderr).toMatch(/^fairdeck deal: the deck has 52 cards; cannot deal 53/);
    expect(r.status).toBe(2);
    expect(r.stdout.length).toBe(0);
  });
  it('with dead cards, it counts them', () => {
    const r = run(fairdeck, ['deal', '51', '--exclude', 'AS,AH']);
    expect(r.stderr).toMatch(/50/);
    expect(r.status).toBe(2);
    expect(run(fairdeck, ['deal', '50', '--exclude', 'AS,AH']).status).toBe(0);
  });
});
