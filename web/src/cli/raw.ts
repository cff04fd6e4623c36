/**
 * The raw byte stream of the CLIs (`fairdeck random`, and `fairdeck-random` for compatibility):
 * an engine's output as bytes (its 32-bit words, little-endian), for statistical batteries.
 */
import { init } from '../deck-load.js';
import { RandomStream } from '../random.js';
import { parseSeed, type RandomOptions, type RngName } from '../options.js';
import type { Output } from './output.js';

/** Parses [--rng R] [--seed N | --seed-text S | --seed-hex HEX] [--bytes N]; throws an Error with `usage` on --help. */
export function parseRaw(argv: string[], usage: string): { options: RandomOptions; bytes: number } {
  const options: RandomOptions = {};
  let bytes = Infinity, seedFlag: string | undefined;
  const seen = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--help' || flag === '-h') throw new Error(usage);
    if (value === undefined) throw new Error(`${flag} needs a value\n${usage}`);
    i++;
    if (seen.has(flag)) throw new Error(`${flag} is given twice (${seen.get(flag)} and ${value}); give it once\n${usage}`);
    seen.set(flag, value);
    if (flag === '--seed' || flag === '--seed-text' || flag === '--seed-hex') {
      if (seedFlag) throw new Error(`${seedFlag} and ${flag} both give the seed; give one of --seed, --seed-text and --seed-hex\n${usage}`);
      seedFlag = flag;
    }
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

/**
 * Writes `bytes` bytes (Infinity: until the reader closes the pipe, which rejects with
 * OutputClosed) of the engine's output to `out`, each chunk awaited.
 */
export async function writeRaw(options: RandomOptions, bytes: number, out: Output): Promise<void> {
  await init();
  const stream = new RandomStream(options);
  try {
    let left = bytes;
    while (left > 0) {
      const words = stream.nextUint32(Math.min(1 << 16, Math.ceil(left / 4)));
      const chunk = new Uint8Array(words.buffer, 0, Math.min(left, words.byteLength));
      left -= chunk.length;
      await out.write(chunk);
    }
  } finally {
    stream.dispose();
  }
}
