/**
 * The chunk plan of a parallel experiment, and the seed each chunk draws from.
 *
 * A run of `trials` shuffles is cut into chunks of CHUNK_TRIALS (the last one shorter). Chunk i
 * always draws from the sub-stream keyed by `chunkSeed(master, i)`, whichever worker runs it and
 * however many workers there are; the counts are sums of whole numbers (exact in float64 far
 * beyond MAX_TRIALS), so the order in which chunks finish cannot change them either. Hence the
 * same seed gives the same counts with 1, 2 or 64 workers.
 *
 * The chunk seed is a byte seed with an unambiguous encoding, which the core then hashes with
 * SHA-256 under its own domain label (cpp/include/fairdeck/engine/seed.hpp):
 *
 *   u8 tag length · tag "fairdeck/fairness/chunk/v1" · u8 master kind (1 integer, 2 text, 3 bytes)
 *   · u32 LE master length · master bytes · u64 LE chunk index
 *
 * Every field is either fixed-size or length-prefixed, so two different (master, i) pairs never
 * give the same bytes. Changing any of this changes seeded parallel results: a breaking change.
 */
import { show } from '../errors.js';
import { entropy } from '../entropy.js';
import { manifest } from '../manifest.js';
import type { Seed, SeedBytes } from '../options.js';

/** Trials per chunk. Part of the reproducibility contract (see above): never depends on workers. */
export const CHUNK_TRIALS = 2 ** 20;

/** Domain tag of the chunk-seed encoding. */
export const CHUNK_SEED_TAG = 'fairdeck/fairness/chunk/v1';

/** How a run of `trials` is cut into chunks. */
export interface ChunkPlan {
  /** Trials asked for. */
  trials: number;
  /** Trials in every chunk but the last. */
  chunkTrials: number;
  /** Number of chunks: ceil(trials / chunkTrials). */
  chunks: number;
}

/** The plan for `trials` (an integer ≥ 1) with chunks of `chunkTrials` (default CHUNK_TRIALS). */
export function chunkPlan(trials: number, chunkTrials = CHUNK_TRIALS): ChunkPlan {
  if (!Number.isSafeInteger(trials) || trials < 1) throw new RangeError(`trials must be a positive safe integer, got ${show(trials)}`);
  if (!Number.isSafeInteger(chunkTrials) || chunkTrials < 1) {
    throw new RangeError(`chunkTrials must be a positive safe integer, got ${show(chunkTrials)}`);
  }
  return { trials, chunkTrials, chunks: Math.ceil(trials / chunkTrials) };
}

/** Trials in chunk `i` of `plan`. */
export function chunkSize(plan: ChunkPlan, i: number): number {
  if (!Number.isInteger(i) || i < 0 || i >= plan.chunks) throw new RangeError(`chunk must be an integer from 0 to ${plan.chunks - 1}, got ${show(i)}`);
  return Math.min(plan.chunkTrials, plan.trials - i * plan.chunkTrials);
}

const TAG = new TextEncoder().encode(CHUNK_SEED_TAG);

/** The seed of chunk `i` of a run keyed by `master` (an integer, text or bytes seed). */
export function chunkSeed(master: SeedBytes, i: number): SeedBytes {
  if (master.kind === manifest().seedKinds.entropy) throw new TypeError('a chunk seed needs a recorded master seed, not raw entropy');
  if (!Number.isSafeInteger(i) || i < 0) throw new RangeError(`chunk index must be a non-negative safe integer, got ${show(i)}`);
  const m = master.bytes;
  const out = new Uint8Array(1 + TAG.length + 1 + 4 + m.length + 8);
  const view = new DataView(out.buffer);
  let at = 0;
  out[at++] = TAG.length;
  out.set(TAG, at);
  at += TAG.length;
  out[at++] = master.kind;
  view.setUint32(at, m.length, true);
  at += 4;
  out.set(m, at);
  at += m.length;
  view.setBigUint64(at, BigInt(i), true);
  return { kind: manifest().seedKinds.bytes, bytes: out };
}

/** The master seed of a run: the user's seed, or 32 fresh bytes from crypto.getRandomValues. */
export function masterSeed(seed: SeedBytes | undefined): SeedBytes {
  return seed && seed.kind !== manifest().seedKinds.entropy ? seed : { kind: manifest().seedKinds.bytes, bytes: entropy() };
}

/** A master seed as results record it (plain JSON): its kind and its bytes in hex. */
export interface SeedRecord {
  kind: 'integer' | 'text' | 'bytes';
  hex: string;
}


/** The record of a master seed. */
export function seedRecord(master: SeedBytes): SeedRecord {
  const kinds = manifest().seedKinds;
  const kind = master.kind === kinds.integer ? 'integer' : master.kind === kinds.text ? 'text' : master.kind === kinds.bytes ? 'bytes' : undefined;
  if (!kind) throw new TypeError(`cannot record a seed of kind ${master.kind}`);
  return { kind, hex: Array.from(master.bytes, (b) => b.toString(16).padStart(2, '0')).join('') };
}

/** The seed to pass back as `seed` to replay a recorded run exactly (bigint, string or bytes). */
export function replaySeed(record: SeedRecord): Seed {
  const hex = record?.hex;
  if (typeof hex !== 'string' || !/^(?:[0-9a-f]{2})*$/.test(hex)) throw new TypeError(`record.hex must be lower-case hex bytes, got ${show(hex)}`);
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
  if (record.kind === 'bytes') return bytes;
  if (record.kind === 'text') return new TextDecoder().decode(bytes);
  if (record.kind === 'integer' && bytes.length === 8) return new DataView(bytes.buffer).getBigUint64(0, true);
  throw new TypeError(`record.kind must be 'integer' (8 bytes), 'text' or 'bytes', got ${show(record.kind)}`);
}
