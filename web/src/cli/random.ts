/**
 * `fairdeck-random`: writes raw engine output to stdout, for statistical batteries (kept for
 * compatibility; `fairdeck random` is the same stream, and refuses to write to a terminal).
 *   npx fairdeck-random --rng chacha20 --seed 42 --bytes 1000000 > out.bin
 *   npx fairdeck-random --rng xoshiro256 --seed 42 | dieharder -g 200 -d 0
 * Without --bytes it writes until the reader closes the pipe. Without a seed the key comes from
 * the platform's secure source. --seed reads its text as every page reads `?seed=` (parseSeed: a
 * decimal integer below 2^64 without leading zeros is an integer seed, anything else text);
 * --seed-text always makes a text seed; --seed-hex takes bytes.
 */
import { Output, OutputClosed, OutputError, WRITE_FAILED } from './output.js';
import { parseRaw, writeRaw } from './raw.js';

const usage = 'usage: fairdeck-random [--rng chacha20|xoshiro256] [--seed N | --seed-text S | --seed-hex HEX] [--bytes N]';

async function main(): Promise<void> {
  const { options, bytes } = parseRaw(process.argv.slice(2), usage);
  await writeRaw(options, bytes, new Output(process.stdout));
}

// Exit status: 0 done (or the reader closed the pipe: quietly, as `seq | head` ends), 2 bad
// arguments, 3 the output could not be written (a full disk: the message says so).
main().catch((error: unknown) => {
  if (error instanceof OutputClosed) return;
  process.stderr.write(`fairdeck-random: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = error instanceof OutputError ? WRITE_FAILED : 2;
});
