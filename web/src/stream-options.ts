/**
 * Streams that move on (issue 40): the `stream` option of `shuffle`, `permutation`, the functions
 * of fairdeck/random and the Deck of 'fairdeck/sim', and `streamSeed`. A module of its own, so that
 * an app whose only randomness is `new Deck()` does not ship it (docs/size.md, "Issue 40").
 */
import { show } from './errors.js';
import { seedKinds } from './manifest.js';
import { checkInt, randomOptions, seedBytes, type Seed, type SeedBytes } from './options.js';

/**
 * Validates `{ seed, rng, stream }` (plus any extra known keys) and returns them normalised. A
 * `stream` (a seeded RandomStream of fairdeck/random, or any object whose `nextUint32(8)` gives 8
 * words) keys this call with its next 256 bits, as a bytes seed: a loop that passes the same
 * stream gets a fresh, reproducible key each call, where `{ seed }` in a loop would repeat one
 * shuffle.
 */
export function streamOptions(options: unknown, extra: readonly string[] = [], what = 'options') {
  const r = randomOptions(options, ['stream', ...extra], what), stream = r.raw.stream;
  if (stream === undefined) return r;
  if (r.raw.seed !== undefined) throw new TypeError('seed and stream cannot be combined: a stream gives each call its own key');
  return { rng: r.rng, seed: { kind: seedKinds.bytes, bytes: streamKey(stream) } as SeedBytes, raw: r.raw };
}

/** The next 8 words of `stream` as 32 key bytes (TypeError naming `stream` if it gives none). */
export function streamKey(stream: unknown): Uint8Array {
  const next = typeof stream === 'object' && stream !== null ? (stream as { nextUint32?: unknown }).nextUint32 : undefined;
  if (typeof next !== 'function') throw new TypeError(`stream must be a RandomStream of fairdeck/random, got ${show(stream)}`);
  const words: unknown = next.call(stream, 8);
  if (!(words instanceof Uint32Array) || words.length !== 8) throw new TypeError('stream.nextUint32(8) must give a Uint32Array of 8 words');
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = (words[i >> 2] >>> (8 * (i & 3))) & 0xff;  // little-endian, as randomBytes
  return bytes;
}

/**
 * Stream `index` of seed `seed` (issue 40): a seed of its own for worker or job `index` — bytes
 * that name the domain, the seed's kind and material, and the index — so that `new Deck({ seed:
 * streamSeed(s, i) })` or `new RandomStream({ seed: streamSeed(s, i) })` in worker i never shares
 * output with another index. The core hashes a bytes seed with SHA-256 into the engine's key
 * (engine/seed.hpp): ChaCha20 streams are then as independent as keys that SHA-256 makes from
 * different inputs (computationally: no test can tell them from independent streams); xoshiro256
 * streams start at unrelated points of its 2^256 − 1 cycle (two streams of 2^64 words overlap with
 * probability below 2^-127; they are statistically, not cryptographically, independent).
 */
export function streamSeed(seed: Seed, index: number): Uint8Array {
  const s = seedBytes(seed);
  if (s === undefined) throw new TypeError('seed must be given: streams of an unseeded source are just fresh unseeded sources');
  checkInt('index', index, 0, Number.MAX_SAFE_INTEGER);
  const tag = new TextEncoder().encode('fairdeck-stream'), out = new Uint8Array(tag.length + 1 + 8 + s.bytes.length);
  out.set(tag), (out[tag.length] = s.kind);
  new DataView(out.buffer).setBigUint64(tag.length + 1, BigInt(index), true);
  out.set(s.bytes, tag.length + 9);
  return out;
}
