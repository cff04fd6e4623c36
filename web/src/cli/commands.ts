/**
 * The `fairdeck` command (issue 40): help, deal, shuffle, the raw byte stream and (issue 60) verify. `run` takes the
 * arguments and the process's streams, so the tests drive it in-process and by spawning the built
 * bin (dist/cli/fairdeck.js). Exit codes: 0 done (help included), 2 a usage error; verify also
 * 1 for a round that did not verify.
 */
import { init } from '../sim.js';  // --exclude: the sim Deck's dead cards
import { Deck } from '../sim-deck.js';
import { parseSeed, type RngName, type Seed, type StrategyName } from '../options.js';
import { shuffle } from '../shuffle.js';
import { parseRaw, writeRaw } from './raw.js';
import { VerifyInputError, verifyCommand } from './verify.js';

export const HELP = `fairdeck — fair shuffles and deals from the command line

usage:
  fairdeck deal N [--seed S] [--rng chacha20|xoshiro256] [--exclude AS,AH] [--ids]
      deals N cards of a shuffled 52-card deck, one line of codes (or ids with --ids)
  fairdeck shuffle [--seed S]
      prints the lines of standard input in a uniformly random order
  fairdeck random [--rng R] [--seed N | --seed-text S | --seed-hex HEX] [--bytes N]
      the engine's raw output as bytes, for test batteries (refuses to write to a terminal:
      pipe it, e.g. fairdeck random --seed 42 | dieharder -g 200 -d 0, or redirect it)
  fairdeck verify ROUND.json [--json]
      checks provably fair rounds (verifyRound's input, one or an array, or a whole shoe:
      verifyShoe's input; - reads standard input) with fairdeck/verify: prints each verdict, who
      got which card and the deal order; exit status 0 all verified, 1 one did not, 2 malformed
  fairdeck --help
      this text

Without --seed every result comes from the platform's secure random source. --seed S reads S as
the pages read ?seed= (a decimal integer below 2^64 is an integer seed, anything else text), so
\`fairdeck deal 5 --seed 42\` deals what new Deck({ seed: 42 }).deal(5) deals.`;

export interface Io {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
}

class UsageError extends Error {}

/** Flags of deal and shuffle: --name value pairs, each allowed at most once. */
function flags(argv: string[], allowed: string[], command: string): { positional: string[]; values: Map<string, string>; switches: Set<string> } {
  const positional: string[] = [], values = new Map<string, string>(), switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    if (a === '--ids' && allowed.includes(a)) {
      switches.add(a);
      continue;
    }
    if (!allowed.includes(a)) throw new UsageError(`fairdeck ${command}: unknown option ${a}`);
    const value = argv[++i];
    if (value === undefined) throw new UsageError(`fairdeck ${command}: ${a} needs a value`);
    values.set(a, value);
  }
  return { positional, values, switches };
}

function seedOf(values: Map<string, string>): Seed | undefined {
  const text = values.get('--seed');
  return text === undefined ? undefined : parseSeed(text);
}

async function deal(argv: string[], io: Io): Promise<void> {
  const { positional, values, switches } = flags(argv, ['--seed', '--rng', '--strategy', '--exclude', '--ids'], 'deal');
  if (positional.length !== 1 || !/^\d+$/.test(positional[0])) throw new UsageError('fairdeck deal: give the number of cards, e.g. fairdeck deal 5');
  await init();
  const exclude = values.get('--exclude')?.split(',').filter((c) => c !== '');
  const deck = new Deck({
    seed: seedOf(values), rng: values.get('--rng') as RngName | undefined, strategy: values.get('--strategy') as StrategyName | undefined,
    ...(exclude ? { exclude } : {}),
  });
  try {
    const cards = deck.deal(Number(positional[0]));
    io.stdout.write(`${cards.map((c) => (switches.has('--ids') ? String(c.id) : c.code)).join(' ')}\n`);
  } finally {
    deck.dispose();
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function shuffleLines(argv: string[], io: Io): Promise<void> {
  const { positional, values } = flags(argv, ['--seed'], 'shuffle');
  if (positional.length) throw new UsageError(`fairdeck shuffle: unexpected argument ${positional[0]} (it reads the lines of standard input)`);
  const text = await readAll(io.stdin);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();  // the newline that ends the last line
  await init();
  const seed = seedOf(values);
  shuffle(lines, seed === undefined ? undefined : { seed });
  io.stdout.write(lines.length ? `${lines.join('\n')}\n` : '');
}

async function random(argv: string[], io: Io): Promise<void> {
  const usage = 'usage: fairdeck random [--rng chacha20|xoshiro256] [--seed N | --seed-text S | --seed-hex HEX] [--bytes N]';
  if (argv.includes('--help') || argv.includes('-h')) return void io.stdout.write(`${usage}\n`);
  let parsed;
  try {
    parsed = parseRaw(argv, usage);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (io.stdout.isTTY) {
    throw new UsageError('fairdeck random writes binary: refusing to write it to a terminal. Pipe it (fairdeck random | dieharder -g 200 -d 0) or redirect it (fairdeck random --bytes 1000000 > out.bin)');
  }
  await writeRaw(parsed.options, parsed.bytes, io.stdout);
}

/** Runs `fairdeck argv…`; resolves to the exit code. */
export async function run(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    if (command === 'deal') await deal(rest, io);
    else if (command === 'shuffle') await shuffleLines(rest, io);
    else if (command === 'random') await random(rest, io);
    else if (command === 'verify') return await verifyCommand(rest, { stdin: io.stdin, write: (text) => void io.stdout.write(text) });
    else throw new UsageError(`fairdeck: unknown command ${command}`);
    return 0;
  } catch (error) {
    if (error instanceof VerifyInputError) {
      io.stderr.write(`${error.message}\n`);
      return 2;
    }
    const usage = error instanceof UsageError;
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}${usage ? '\n(fairdeck --help shows the usage)' : ''}\n`);
    return 2;
  }
}
