/**
 * The `fairdeck` command (issue 40): help, deal, shuffle, the raw byte stream and (issue 60) verify. `run` takes the
 * arguments and the process's streams, so the tests drive it in-process and by spawning the built
 * bin (dist/cli/fairdeck.js). Exit codes: 0 done (help included, and a reader that closed the
 * pipe), 2 a usage error, 3 the output could not be written (output.ts); verify also 1 for a round
 * that did not verify.
 */
import { fstatSync, readSync } from 'node:fs';
import { init } from '../sim.js';  // --exclude: the sim Deck's dead cards
import { Deck } from '../sim-deck.js';
import { parseSeed, type RngName, type Seed, type StrategyName } from '../options.js';
import { permutation } from '../shuffle.js';
import { Output, OutputClosed, OutputError, WRITE_FAILED } from './output.js';
import { parseRaw, writeRaw } from './raw.js';
import { VerifyInputError, verifyCommand } from './verify.js';

export const HELP = `fairdeck — fair shuffles and deals from the command line

usage:
  fairdeck deal N [--seed S] [--rng chacha20|xoshiro256] [--exclude AS,AH] [--ids]
      deals N cards of a shuffled 52-card deck, one line of codes (or ids with --ids)
  fairdeck shuffle [--seed S]
      prints the lines of standard input in a uniformly random order, byte for byte (any
      encoding; a last line without a newline gets one, as shuf does)
  fairdeck random [--rng R] [--seed N | --seed-text S | --seed-hex HEX] [--bytes N]
      the engine's raw output as bytes, for test batteries (refuses to write to a terminal:
      pipe it, e.g. fairdeck random --seed 42 | dieharder -g 200 -d 0, or redirect it)
  fairdeck verify ROUND.json [--json]
      checks provably fair rounds (verifyRound's input, one or an array, or a whole shoe:
      verifyShoe's input; - reads standard input) with fairdeck/verify: prints each verdict, who
      got which card and the deal order; exit status 0 all verified, 1 one did not, 2 malformed
  fairdeck pages [--port N]
      serves the card table, the fairness visualiser, the card faces and the round verifier
      from this install on http://127.0.0.1:4173/ (N = 0 picks a free port), until Ctrl-C
  fairdeck --help
      this text

Without --seed every result comes from the platform's secure random source. --seed S reads S as
the pages read ?seed= (a decimal integer below 2^64 is an integer seed, anything else text), so
\`fairdeck deal 5 --seed 42\` deals what new Deck({ seed: 42 }).deal(5) deals. Each flag is given
at most once.

exit status: 0 done (also when the reader closes the pipe, as in | head: quietly), 1 a round did
not verify, 2 bad arguments or input, 3 the output could not be written (a full disk).`;

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
      if (switches.has(a)) throw new UsageError(`fairdeck ${command}: ${a} is given twice; give it once`);
      switches.add(a);
      continue;
    }
    if (!allowed.includes(a)) throw new UsageError(`fairdeck ${command}: unknown option ${a}`);
    const value = argv[++i];
    if (value === undefined) throw new UsageError(`fairdeck ${command}: ${a} needs a value`);
    if (values.has(a)) throw new UsageError(`fairdeck ${command}: ${a} is given twice (${values.get(a)} and ${value}); give it once`);
    values.set(a, value);
  }
  return { positional, values, switches };
}

function seedOf(values: Map<string, string>): Seed | undefined {
  const text = values.get('--seed');
  return text === undefined ? undefined : parseSeed(text);
}

async function deal(argv: string[], out: Output): Promise<void> {
  const { positional, values, switches } = flags(argv, ['--seed', '--rng', '--strategy', '--exclude', '--ids'], 'deal');
  if (positional.length !== 1 || !/^\d+$/.test(positional[0])) throw new UsageError('fairdeck deal: give the number of cards, e.g. fairdeck deal 5');
  await init();
  const exclude = values.get('--exclude')?.split(',').filter((c) => c !== '');
  const deck = new Deck({
    seed: seedOf(values), rng: values.get('--rng') as RngName | undefined, strategy: values.get('--strategy') as StrategyName | undefined,
    ...(exclude ? { exclude } : {}),
  });
  let line: string;
  try {
    const n = Number(positional[0]), has = deck.remaining;
    if (n > has) {
      const dead = deck.size - has;
      throw new UsageError(`fairdeck deal: the deck has ${has} cards${dead ? ` (${deck.size} less the ${dead} excluded)` : ''}; cannot deal ${positional[0]}`);
    }
    line = `${deck.deal(n).map((c) => (switches.has('--ids') ? String(c.id) : c.code)).join(' ')}\n`;
  } finally {
    deck.dispose();
  }
  await out.write(line);
}

/**
 * All of `stream`. A regular file on descriptor 0 (`fairdeck shuffle < file`) is read straight
 * into one buffer of its size, not as 64 KB chunks joined at the end (which holds the input twice
 * at the peak: 10^7 lines, 79 MB, took 490 MB of memory that way).
 */
async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  if (stream === process.stdin) {
    let size = -1;
    try {
      const st = fstatSync(0);
      if (st.isFile()) size = st.size;
    } catch {
      // not a file we can stat: read it as a stream
    }
    if (size >= 0 && size < 2 ** 31) {
      const data = Buffer.allocUnsafe(size);
      let at = 0;
      for (let n; at < size && (n = readSync(0, data, at, size - at, null)) > 0; ) at += n;
      const more = await readStream(stream);  // whatever follows (a file that grew while read)
      return more.length ? Buffer.concat([data.subarray(0, at), more]) : data.subarray(0, at);
    }
  }
  return readStream(stream);
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** Output is written in chunks of this many bytes. */
const CHUNK = 1 << 20;

/** Output positions per block of the scatter in shuffleLines (32 K lines: a block's bytes stay in cache). */
const BLOCK_BITS = 15;

/**
 * `fairdeck shuffle`: the lines of standard input as bytes, in a uniformly random order. A line is
 * what lies between two newline bytes (0x0A), written back byte for byte — any encoding, a
 * carriage return, a NUL — and each followed by a newline, so a last line without one gets one,
 * as `shuf` does. The order is `permutation(lines)`, which for a seed is the order `shuffle()`
 * gives an Array of the lines (tests/unit/bulk.test.ts), so a seeded run prints what it printed
 * when lines were strings shuffled as an Array (valid UTF-8 input).
 *
 * Copying the lines in output order reads the input at random, a cache miss per line (10^7 lines:
 * 1.7 s of a 2.2 s run). So the lines are moved in two cache-friendly passes instead: read in
 * input order, each is appended to the block of 32 K output positions it belongs to (a few hundred
 * sequential streams), then each block, which fits in cache, is written in output order
 * (1.7 s → 0.75 s). Memory: the input twice, 8 bytes per line, one output chunk.
 */
async function shuffleLines(argv: string[], io: Io, out: Output): Promise<void> {
  const { positional, values } = flags(argv, ['--seed'], 'shuffle');
  if (positional.length) throw new UsageError(`fairdeck shuffle: unexpected argument ${positional[0]} (it reads the lines of standard input)`);
  const seed = seedOf(values);  // a bad seed is refused before the input is read
  let data = await readAll(io.stdin);
  if (data.length > 0 && data[data.length - 1] !== 10) data = Buffer.concat([data, NEWLINE]);  // a last line without its newline
  const length = data.length;
  let lines = 0;
  for (let i = 0; i < length; i++) if (data[i] === 10) lines++;
  await init();
  const order = permutation(lines, seed === undefined ? undefined : { seed });  // output k is input line order[k]
  const pos = new Uint32Array(lines);  // input line l goes to output pos[l]
  for (let k = 0; k < lines; k++) pos[order[k]] = k;
  // Where each block's lines start in `stage`: the bytes of the lines that go to it, summed.
  const blocks = Math.ceil(lines / 2 ** BLOCK_BITS), fill = new Float64Array(blocks + 1);
  for (let i = 0, l = 0, from = 0; i < length; i++) {
    if (data[i] === 10) fill[(pos[l++] >>> BLOCK_BITS) + 1] += i + 1 - from, from = i + 1;
  }
  for (let b = 0; b < blocks; b++) fill[b + 1] += fill[b];
  // Pass 1, input order: each line (with its newline) to the end of its block; where[k] is where output k's line is.
  const stage = Buffer.allocUnsafe(length);
  const where = length <= 2 ** 32 ? order : new Float64Array(lines);  // order's memory is free again
  for (let i = 0, l = 0; l < lines; l++) {
    const k = pos[l], b = k >>> BLOCK_BITS;
    let o = fill[b], c;
    where[k] = o;
    do stage[o++] = c = data[i++]; while (c !== 10);
    fill[b] = o;
  }
  data = NEWLINE;  // the input is no longer needed
  // Pass 2, output order: block by block, each line copied from the block it was put in.
  let chunk = Buffer.allocUnsafe(CHUNK), at = 0;
  for (let k = 0; k < lines; k++) {
    let f = where[k], c;
    do {
      if (at === CHUNK) {  // a chunk is never reused: a stream may keep the written buffer after its callback (a PassThrough does)
        await out.write(chunk);
        chunk = Buffer.allocUnsafe(CHUNK), at = 0;
      }
      chunk[at++] = c = stage[f++];
    } while (c !== 10);
  }
  if (at) await out.write(chunk.subarray(0, at));
}

const NEWLINE = Buffer.from([10]);

async function random(argv: string[], io: Io, out: Output): Promise<void> {
  const usage = 'usage: fairdeck random [--rng chacha20|xoshiro256] [--seed N | --seed-text S | --seed-hex HEX] [--bytes N]';
  if (argv.includes('--help') || argv.includes('-h')) return out.write(`${usage}\n`);
  let parsed;
  try {
    parsed = parseRaw(argv, usage);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (io.stdout.isTTY) {
    throw new UsageError('fairdeck random writes binary: refusing to write it to a terminal. Pipe it (fairdeck random | dieharder -g 200 -d 0) or redirect it (fairdeck random --bytes 1000000 > out.bin)');
  }
  await writeRaw(parsed.options, parsed.bytes, out);
}

/** Runs `fairdeck argv…`; resolves to the exit code. */
export async function run(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  const out = new Output(io.stdout);
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      await out.write(`${HELP}\n`);
      return 0;
    }
    if (command === 'deal') await deal(rest, out);
    else if (command === 'shuffle') await shuffleLines(rest, io, out);
    else if (command === 'random') await random(rest, io, out);
    else if (command === 'verify') return await verifyCommand(rest, { stdin: io.stdin, write: (text) => out.write(text) });
    // Loaded only for this command, so that deal and shuffle start as fast as before.
    else if (command === 'pages') return await (await import('./pages.js')).pagesCommand(rest, io);
    else throw new UsageError(`fairdeck: unknown command ${command}`);
    return 0;
  } catch (error) {
    if (error instanceof OutputClosed) return 0;  // `| head`: the reader has what it wanted
    if (error instanceof OutputError) {
      io.stderr.write(`fairdeck${command ? ` ${command}` : ''}: ${error.message}\n`);
      return WRITE_FAILED;
    }
    if (error instanceof VerifyInputError) {
      io.stderr.write(`${error.message}\n`);
      return 2;
    }
    const usage = error instanceof UsageError;
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}${usage ? '\n(fairdeck --help shows the usage)' : ''}\n`);
    return 2;
  }
}
