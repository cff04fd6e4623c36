// `fairdeck verify ROUND.json` (issue 60; web/src/cli/verify.ts): in-process through commands.ts's
// run(), and once as the built bin. A round dealt by the games Deck verifies (exit 0) with its
// piles and order printed; a tampered hand is NOT VERIFIED with the card named (exit 1); an array
// of rounds is checked round by round; a malformed round, a file that is not JSON, a missing file
// and bad flags are exit 2 with a message naming the cause.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck/games';
import { commitRound } from 'fairdeck/provable';
import { verifyRound } from 'fairdeck/verify';
import { run } from '../../web/src/cli/commands.js';
import { builtBin } from './helpers.js';

async function cli(argv: string[], input = '') {
  const stdin = new PassThrough(), stdout = new PassThrough(), stderr = new PassThrough();
  const out: Buffer[] = [], err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  stdin.end(input);
  const code = await run(argv, { stdin, stdout, stderr });
  return { code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
}

/** A blackjack hand (one player and the dealer) dealt from fresh seeds: verifyRound's input. */
function blackjackRound(nonce: number) {
  const { serverSeed, commitment } = commitRound();
  const deck = new Deck({ provable: { serverSeed, clientSeed: 'cli', nonce }, decks: 6 });
  const [player, dealer] = deck.dealHands(2, 2);
  const piles = { 'hand:0': player.map(String), dealer: dealer.map(String) };
  deck.dispose();
  return { commitment, serverSeed, clientSeed: 'cli', nonce, deck: { decks: 6 }, dealt: [player[0], dealer[0], player[1], dealer[1]].map(String),
    deals: { game: 'blackjack', seats: 1 } as const, piles };
}

const dir = mkdtempSync(join(tmpdir(), 'fairdeck-verify-'));
const file = (name: string, value: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};

beforeAll(() => init());

describe('fairdeck verify', () => {
  it('control: an untampered round verifies (exit 0), printing its piles and order as verifyRound gives them', async () => {
    const round = blackjackRound(1);
    const v = await verifyRound(round);
    const r = await cli(['verify', file('ok.json', round)]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ok\.json: verified: the commitment matches the server seed, and the 8 checked cards/);
    expect(r.stdout).toContain(`  hand:0  ${round.piles['hand:0'].join(' ')}\n`);
    expect(r.stdout).toContain(`  dealer  ${round.piles.dealer.join(' ')}\n`);
    expect(r.stdout).toContain(`order (312 cards, the first 4 dealt): ${v.order.join(' ')}\n`);
    const json = await cli(['verify', '--json', file('ok.json', round)]);
    expect(JSON.parse(json.stdout)).toEqual(v);
  });

  it('a tampered hand is NOT VERIFIED, the card named, exit 1; in an array only that round fails', async () => {
    const good = blackjackRound(2), bad = blackjackRound(3);
    [bad.dealt[0], bad.dealt[2]] = [bad.dealt[2], bad.dealt[0]];
    [bad.piles['hand:0'][0], bad.piles['hand:0'][1]] = [bad.piles['hand:0'][1], bad.piles['hand:0'][0]];
    const one = await cli(['verify', file('bad.json', bad)]);
    expect(one.code).toBe(1);
    expect(one.stdout).toMatch(/bad\.json: NOT VERIFIED: card 1 dealt was/);
    const both = await cli(['verify', file('both.json', [good, bad])]);
    expect(both.code).toBe(1);
    expect(both.stdout).toMatch(/^round 0: verified: /m);
    expect(both.stdout).toMatch(/^round 1: NOT VERIFIED: card 1 dealt was/m);
    const stdin = await cli(['verify', '-'], JSON.stringify([good]));
    expect(stdin.code).toBe(0);
  });

  it.each([
    ['a malformed round, naming the field and the round', () => ['verify', file('m.json', [blackjackRound(4), { ...blackjackRound(5), nonce: -1 }])],
      /^fairdeck verify: .*m\.json round 1: nonce must be/],
    ['a file that is not JSON', () => ['verify', file('n.json', '{"commitment":')], /^fairdeck verify: .*n\.json is not JSON: /],
    ['a missing file', () => ['verify', join(dir, 'absent.json')], /^fairdeck verify: cannot read .*absent\.json: ENOENT/],
    ['an empty array', () => ['verify', file('e.json', [])], /holds an empty array: no round to verify/],
    ['no file', () => ['verify'], /give one file of rounds \(0 given\)/],
    ['two files', () => ['verify', 'a.json', 'b.json'], /give one file of rounds \(2 given\)/],
    ['an unknown option', () => ['verify', '--jsn', 'a.json'], /unknown option --jsn/],
    ['--json twice', () => ['verify', '--json', '--json', 'a.json'], /--json is given twice/],
  ])('%s is exit 2 with a message', async (_, argv, message) => {
    const r = await cli(argv());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('a shoe file (verifyShoe\'s input) is checked hand by hand: the vector verifies, a changed link is exit 1 naming the hand', async () => {
    const { vectors } = JSON.parse(readFileSync(new URL('../vectors/provable-shoes.json', import.meta.url), 'utf8')) as { vectors: { name: string; links: string[] }[] };
    const { name: _, ...shoe } = vectors[0];
    const ok = await cli(['verify', file('shoe.json', shoe)]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/shoe\.json: verified: 43 hands, contiguous, each dealt by these seeds, every link as published/);
    expect(ok.stdout).toContain(`  hand 43: verified (`);
    const links = [...shoe.links];
    links[9] = links[9].replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const bad = await cli(['verify', file('shoe-bad.json', { ...shoe, links })]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/NOT VERIFIED: hand 10's link does not match the one published/);
  });

  it('the built bin verifies a round file', () => {
    const bin = builtBin('fairdeck');   // npm test builds dist only after Vitest: helpers.ts builds it first
    const round = blackjackRound(6);
    const r = spawnSync(process.execPath, [bin, 'verify', file('bin.json', round)], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/bin\.json: verified: /);
  });
});
