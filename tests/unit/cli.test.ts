// The `fairdeck` command (issue 40): run in-process through commands.ts's run(), and spawned as the
// built bin (dist/cli/fairdeck.js). npm test builds the package after Vitest, so on a fresh clone
// there is no dist yet: the spawned checks build it first (helpers.ts builtBin, which runs
// scripts/build-package.sh once under a lock and needs the WASM build npm test has already made).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck';
import { randomBytes } from 'fairdeck/random';
import { HELP, run } from '../../web/src/cli/commands.js';
import { builtBin } from './helpers.js';

async function cli(argv: string[], input = '', tty = false) {
  const stdin = new PassThrough(), stdout = new PassThrough(), stderr = new PassThrough();
  (stdout as PassThrough & { isTTY?: boolean }).isTTY = tty;
  const out: Buffer[] = [], err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  stdin.end(input);
  const code = await run(argv, { stdin, stdout, stderr });
  return { code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString() };
}

describe('fairdeck (in-process)', () => {
  it('shows the help with no arguments and with --help, exiting 0', async () => {
    for (const argv of [[], ['--help'], ['-h'], ['help']]) {
      const r = await cli(argv);
      expect(r.code).toBe(0);
      expect(r.stdout.toString()).toBe(`${HELP}\n`);
    }
  });

  it('deal 5 --seed 42 deals what new Deck({ seed: 42 }).deal(5) deals; --ids, --exclude', async () => {
    await init();
    const deck = new Deck({ seed: 42 });
    const r = await cli(['deal', '5', '--seed', '42']);
    expect(r.code).toBe(0);
    expect(r.stdout.toString()).toBe(`${deck.deal(5).map((c) => c.code).join(' ')}\n`);
    const ids = (await cli(['deal', '50', '--seed', '7', '--ids', '--exclude', 'AS,AH'])).stdout.toString().trim().split(' ').map(Number);
    expect(ids.length).toBe(50);
    expect(new Set(ids).size).toBe(50);
    deck.dispose();
  });

  it('shuffle prints every line of standard input once, reproducibly with --seed', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const a = (await cli(['shuffle', '--seed', '3'], `${lines.join('\n')}\n`)).stdout.toString();
    const b = (await cli(['shuffle', '--seed', '3'], `${lines.join('\n')}\n`)).stdout.toString();
    expect(a).toBe(b);
    expect(a.trimEnd().split('\n').sort()).toEqual([...lines].sort());
    expect(a).not.toBe(`${lines.join('\n')}\n`);
    expect((await cli(['shuffle'], '')).stdout.toString()).toBe('');
  });

  it('random writes the engine bytes to a pipe and refuses a terminal', async () => {
    const r = await cli(['random', '--seed', '42', '--bytes', '16']);
    expect(r.code).toBe(0);
    expect([...r.stdout]).toEqual([...randomBytes(16, { seed: 42 })]);
    const t = await cli(['random', '--seed', '42'], '', true);
    expect(t.code).toBe(2);
    expect(t.stdout.length).toBe(0);
    expect(t.stderr).toMatch(/refusing to write it to a terminal/);
  });

  it('exits 2 with a message for unknown commands and bad arguments', async () => {
    for (const argv of [['deal'], ['deal', 'x'], ['deal', '5', '--nope', '1'], ['frobnicate'], ['shuffle', 'file.txt'], ['random', '--bytes', '-1']]) {
      const r = await cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.length).toBeGreaterThan(0);
    }
  });
});

describe('fairdeck (the built bin, spawned)', () => {
  const bin = 'dist/cli/fairdeck.js';
  beforeAll(() => void builtBin('fairdeck'), 300_000);
  it('is built (bash scripts/build-package.sh)', () => expect(existsSync(bin)).toBe(true));
  const spawn = (args: string[], input?: string) => spawnSync(process.execPath, [bin, ...args], { input });

  it('--help and no arguments exit 0 with the help; deal, shuffle and random work', () => {
    for (const args of [[], ['--help']]) {
      const r = spawn(args);
      expect(r.status).toBe(0);
      expect(r.stdout.toString()).toBe(`${HELP}\n`);
    }
    expect(spawn(['deal', '5', '--seed', '42']).stdout.toString()).toMatch(/^(\S\S ){4}\S\S\n$/);
    expect(spawn(['shuffle', '--seed', '1'], 'a\nb\nc\n').stdout.toString().split('\n').sort()).toEqual(['', 'a', 'b', 'c']);
    expect(spawn(['random', '--seed', '42', '--bytes', '8']).stdout.toString('hex')).toBe('54902decd7669f09');
    const bad = spawn(['nope']);
    expect(bad.status).toBe(2);
  });
});
