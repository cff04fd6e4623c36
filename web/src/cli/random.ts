/**
 * `fairdeck-random`: writes raw engine output to stdout, for statistical batteries.
 *   npx fairdeck-random --rng chacha20 --seed 42 --bytes 1000000 > out.bin
 *   npx fairdeck-random --rng xoshiro256 --seed 42 | dieharder -g 200 -d 0
 * Without --bytes it writes until the reader closes the pipe. Without a seed the key comes from
 * the platform's secure source. --seed reads its text as every page reads `?seed=` (parseSeed: a
 * decimal integer below 2^64 without leading zeros is an integer seed, anything else text);
 * --seed-text always makes a text seed; --seed-hex takes bytes.
 */
import { init } from '../deck-load.js';
import { RandomStream } from '../random.js';
import { parseSeed, type RandomOptions, type RngName } from '../options.js';

const usage = 'usage: fairdeck-random [--rng chacha20|xoshiro256] [--seed N | --seed-text S | --seed-hex HEX] [--bytes N]';

function parse(argv: string[]): { options: RandomOptions; bytes: number } {
  const options: RandomOptions = {};
  let bytes = Infinity;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--help' || flag === '-h') throw new Error(usage);
    if (value === undefined) throw new Error(`${flag} needs a value\n${usage}`);
    i++;
    if (flag === '--rng') options.rng = value as RngName;
    else if (flag === '--seed') options.seed = parseSeed(value);  // as every page reads ?seed=
    else if (flag === '--seed-text') options.seed = value;
    else if (flag === '--seed-hex') {
      if (!/^([0-9a-fA-F]{2})*$/.test(value)) throw new Error(`--seed-hex must be hex digits in pairs, got ${value}`);
      options.seed = Uint8Array.from(value.match(/../g) ?? [], (h) => parseInt(h, 16));
    } else if (flag === '--bytes') {
      if (!/^\d+$/.test(value)) throw new Error(`--bytes must be a non-negative integer, got ${value}`);
      bytes = Number(value);
    } else throw new Error(`unknown option ${flag}\n${usage}`);
  }
  return { options, bytes };
}

function drained(out: NodeJS.WriteStream): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('error', done);
  });
}

async function main(): Promise<void> {
  const { options, bytes } = parse(process.argv.slice(2));
  await init();
  const stream = new RandomStream(options);
  const out = process.stdout;
  let closed = false;
  out.on('error', () => (closed = true)); // EPIPE: the reader has had enough
  let left = bytes;
  while (left > 0 && !closed) {
    const words = stream.nextUint32(Math.min(1 << 16, Math.ceil(left / 4)));
    const chunk = Buffer.from(words.buffer, 0, Math.min(left, words.byteLength));
    left -= chunk.length;
    if (!out.write(chunk)) await drained(out);
  }
  stream.dispose();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
