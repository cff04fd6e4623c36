/**
 * `fairdeck verify ROUND.json` (issue 60): checks provably fair rounds in the terminal with
 * fairdeck/verify — the same verifier as the verify page and `<fairdeck-verify>`, no WASM. The file
 * (or `-` for standard input) holds one round, verifyRound's input exactly, or an array of them.
 * Prints each verdict, the piles (who got which card) and the deal order; `--json` prints the
 * verdicts as JSON instead. Exit codes: 0 every round verified, 1 a round did not verify (the
 * verdict says why), 2 a usage error or a malformed round (the message names the field).
 */
import { readFile } from 'node:fs/promises';
import { verifyRound, verifyShoe, type Round, type Shoe, type Verdict } from '../verify/index.js';

export const VERIFY_USAGE = 'usage: fairdeck verify ROUND.json [--json]   (ROUND.json: one round, verifyRound\'s input, an array of rounds, or a shoe, verifyShoe\'s input; - reads standard input)';

/** What the command needs of its process. */
export interface VerifyIo {
  stdin: NodeJS.ReadableStream;
  write(text: string): void | Promise<void>;
}

/** A usage error or a malformed round: exit status 2, the message as it is. */
export class VerifyInputError extends Error {}

async function readStdin(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The verdict for people: one line, then the piles and the order. */
function describe(label: string, v: Verdict, dealt: number, offset: number): string {
  const lines: string[] = [];
  const notes = v.warnings?.length ? ` (note: ${v.warnings.join('; ')})` : '';
  lines.push(v.ok
    ? `${label}: verified: the commitment matches the server seed, and the ${v.checked} checked cards are the ones these seeds deal${notes}`
    : `${label}: NOT VERIFIED: ${v.reason}`);
  if (v.piles) {
    const width = Math.max(...Object.keys(v.piles).map((p) => p.length), 4);
    for (const [pile, cards] of Object.entries(v.piles)) lines.push(`  ${pile.padEnd(width)}  ${cards.join(' ')}`);
  }
  const which = offset ? `cards ${offset + 1}–${offset + dealt} dealt in this hand` : `the first ${dealt} dealt`;
  lines.push(`  order (${v.order.length} cards, ${which}): ${v.order.join(' ')}`);
  return `${lines.join('\n')}\n`;
}

/** Runs `fairdeck verify argv…`; resolves to the exit status (0, 1) or throws VerifyInputError (2). */
export async function verifyCommand(argv: string[], io: VerifyIo): Promise<0 | 1> {
  const files: string[] = [];
  let json = false;
  for (const a of argv) {
    if (a === '--json') {
      if (json) throw new VerifyInputError('fairdeck verify: --json is given twice');
      json = true;
    } else if (a.startsWith('--')) throw new VerifyInputError(`fairdeck verify: unknown option ${a}\n${VERIFY_USAGE}`);
    else files.push(a);
  }
  if (files.length !== 1) throw new VerifyInputError(`fairdeck verify: give one file of rounds (${files.length} given)\n${VERIFY_USAGE}`);
  const file = files[0];
  let text: string;
  try {
    text = file === '-' ? await readStdin(io.stdin) : await readFile(file, 'utf8');
  } catch (e) {
    throw new VerifyInputError(`fairdeck verify: cannot read ${file}: ${(e as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new VerifyInputError(`fairdeck verify: ${file} is not JSON: ${(e as Error).message}`);
  }
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && 'hands' in parsed) return shoeCommand(file, parsed as Shoe, json, io);
  const many = Array.isArray(parsed);
  const rounds = (many ? parsed : [parsed]) as unknown[];
  if (rounds.length === 0) throw new VerifyInputError(`fairdeck verify: ${file} holds an empty array: no round to verify`);
  const verdicts: Verdict[] = [];
  for (let i = 0; i < rounds.length; i++) {
    try {
      verdicts.push(await verifyRound(rounds[i] as Round));
    } catch (e) {
      throw new VerifyInputError(`fairdeck verify: ${file}${many ? ` round ${i}` : ''}: ${(e as Error).message}`);
    }
  }
  if (json) await io.write(`${JSON.stringify(many ? verdicts : verdicts[0])}\n`);
  else {
    for (let i = 0; i < verdicts.length; i++) {
      const r = rounds[i] as { dealt?: unknown[]; offset?: number };
      await io.write(describe(many ? `round ${i}` : file, verdicts[i], Array.isArray(r.dealt) ? r.dealt.length : 0, r.offset ?? 0));
    }
  }
  return verdicts.every((v) => v.ok) ? 0 : 1;
}

/** A whole shoe (verifyShoe's input: its seeds, hands and links): one line per hand, then the shoe's verdict. */
async function shoeCommand(file: string, shoe: Shoe, json: boolean, io: VerifyIo): Promise<0 | 1> {
  let v;
  try {
    v = await verifyShoe(shoe);
  } catch (e) {
    throw new VerifyInputError(`fairdeck verify: ${file}: ${(e as Error).message}`);
  }
  if (json) await io.write(`${JSON.stringify(v)}\n`);
  else {
    const lines = v.hands.map((h, i) => `  hand ${i + 1}: ${h.ok ? 'verified' : `NOT VERIFIED: ${h.reason}`} (${h.checked} cards checked; link ${v.links[i]})`);
    const head = v.ok
      ? `${file}: verified: ${v.hands.length} hands, contiguous, each dealt by these seeds${shoe.links ? ', every link as published' : ''} (${v.checked} cards checked)`
      : `${file}: NOT VERIFIED: ${v.reason}`;
    await io.write(`${head}\n${lines.join('\n')}\n`);
  }
  return v.ok ? 0 : 1;
}
