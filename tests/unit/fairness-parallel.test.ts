// Parallel fairness runs: the chunk plan, the chunk-seed derivation, and the promise that a seed
// gives the same counts whatever the number of workers. Here the "workers" are chunk servers on
// MessageChannels in this thread (the same code a Web Worker or worker_threads worker runs); the
// real worker_threads path is tested in fairness-threads.test.ts.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CHUNK_TRIALS, chunkPlan, chunkSeed, chunkSize, countPermutations, init, positionMatrix, replaySeed, serveChunks,
} from 'fairdeck/fairness';
import { seedBytes } from '../../web/src/options.js';
import { manifest } from '../../web/src/manifest.js';

beforeAll(() => init());

const open: (() => void)[] = [];
afterEach(() => open.splice(0).forEach((f) => f()));

/** `count` in-thread chunk servers, each behind its own MessageChannel. */
function ports(count: number): MessagePort[] {
  return Array.from({ length: count }, () => {
    const { port1, port2 } = new MessageChannel();
    const stop = serveChunks(port2);
    open.push(() => (stop(), port1.close(), port2.close()));
    return port1;
  });
}

describe('chunk plan', () => {
  it('cuts a run into chunks of CHUNK_TRIALS, the last one shorter, independent of any worker count', () => {
    const p = chunkPlan(2 * CHUNK_TRIALS + 5);
    expect(p).toEqual({ trials: 2 * CHUNK_TRIALS + 5, chunkTrials: CHUNK_TRIALS, chunks: 3 });
    expect([0, 1, 2].map((i) => chunkSize(p, i))).toEqual([CHUNK_TRIALS, CHUNK_TRIALS, 5]);
    expect(chunkPlan(1)).toEqual({ trials: 1, chunkTrials: CHUNK_TRIALS, chunks: 1 });
    expect(() => chunkSize(p, 3)).toThrow(RangeError);
    expect(() => chunkPlan(0)).toThrow(/trials must be a positive safe integer, got 0/);
  });

  it('derives an unambiguous byte seed from (master kind, length-prefixed master, 64-bit index)', () => {
    const s = chunkSeed(seedBytes(7)!, 1);
    expect(s.kind).toBe(manifest().seedKinds.bytes);
    const tag = 'fairdeck/fairness/chunk/v1';
    expect(s.bytes[0]).toBe(tag.length);
    expect(new TextDecoder().decode(s.bytes.subarray(1, 1 + tag.length))).toBe(tag);
    expect(Array.from(s.bytes.subarray(1 + tag.length))).toEqual([1, 8, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    const hex = (x: { bytes: Uint8Array }) => Array.from(x.bytes).join(',');
    // Different kinds, lengths or indices never collide: the text "7", the integer 7 and the byte 7.
    const all = [seedBytes(7), seedBytes('7'), seedBytes(Uint8Array.of(7)), seedBytes('')].flatMap((m) => [0, 1, 2 ** 40].map((i) => hex(chunkSeed(m!, i))));
    expect(new Set(all).size).toBe(all.length);
    expect(() => chunkSeed({ kind: manifest().seedKinds.entropy, bytes: new Uint8Array(32) }, 0)).toThrow(TypeError);
  });
});

describe('workers', () => {
  // Three chunks of which the last is short, so workers get unequal shares.
  const trials = 2 * CHUNK_TRIALS + 1000;

  it('gives identical counts with 1, 2 and 3 workers for the same seed', async () => {
    const run = (w: number) => countPermutations({ algorithm: 'naive-swap', n: 4, trials, seed: 11, rng: 'xoshiro256', workers: ports(w) });
    const [one, two, three] = [await run(1), await run(2), await run(3)];
    expect(one.counts.reduce((a, b) => a + b)).toBe(trials);
    expect(Array.from(two.counts)).toEqual(Array.from(one.counts));
    expect(Array.from(three.counts)).toEqual(Array.from(one.counts));
    expect([one, two, three].map((r) => r.parallel?.workers)).toEqual([1, 2, 3]);
    expect(two.parallel).toMatchObject({ chunkTrials: CHUNK_TRIALS, chunks: 3, seed: { kind: 'integer', hex: '0b00000000000000' } });
  });

  it('control: splitting by worker instead of by chunk would make the counts depend on the worker count', async () => {
    const planned = await positionMatrix({ algorithm: 'fisher-yates', n: 5, trials, seed: 3, workers: ports(2) });
    // By hand, chunk by chunk, from the derived seeds: exactly the planned counts.
    const sizes = [CHUNK_TRIALS, CHUNK_TRIALS, 1000];
    const sum = async (parts: { trials: number; index: number }[]) => {
      const total = new Float64Array(25);
      for (const { trials: t, index } of parts) {
        const r = await positionMatrix({ algorithm: 'fisher-yates', n: 5, trials: t, seed: chunkSeed(seedBytes(3)!, index).bytes });
        r.counts.forEach((c, k) => (total[k] += c));
      }
      expect(total.reduce((a, b) => a + b)).toBe(trials * 5);  // every trial puts 5 cards somewhere
      return Array.from(total);
    };
    expect(await sum(sizes.map((t, index) => ({ trials: t, index })))).toEqual(Array.from(planned.counts));
    // The naive alternative, one sub-stream per worker (worker w keyed by (seed, w), an equal
    // share each): 1 and 2 workers give different counts, which is what the plan prevents.
    const oneWorker = await sum([{ trials, index: 0 }]);
    const twoWorkers = await sum([{ trials: trials / 2, index: 0 }, { trials: trials / 2, index: 1 }]);
    expect(twoWorkers).not.toEqual(oneWorker);
  });

  it('records a crypto master seed for an unseeded run, which replays it exactly', async () => {
    const first = await countPermutations({ algorithm: 'sort-random', n: 3, trials: 3000, workers: ports(2) });
    expect(first.seeded).toBe(false);
    expect(first.parallel!.seed.kind).toBe('bytes');
    expect(first.parallel!.seed.hex).toMatch(/^[0-9a-f]{64}$/);
    const again = await countPermutations({ algorithm: 'sort-random', n: 3, trials: 3000, seed: replaySeed(first.parallel!.seed), workers: ports(1) });
    expect(Array.from(again.counts)).toEqual(Array.from(first.counts));
    expect(replaySeed({ kind: 'integer', hex: '0b00000000000000' })).toBe(11n);
    expect(replaySeed({ kind: 'text', hex: '6869' })).toBe('hi');
  });

  it('reports progress, and stops on abort with the signal reason', async () => {
    const seen: number[] = [];
    await positionMatrix({ algorithm: 'lazy', n: 8, trials: 3 * CHUNK_TRIALS, seed: 1, workers: ports(2), onProgress: (p) => seen.push(p.done) });
    expect(seen.at(-1)).toBe(3 * CHUNK_TRIALS);
    const controller = new AbortController();
    const run = positionMatrix({
      algorithm: 'fisher-yates', n: 52, trials: 1e9, seed: 1, workers: ports(2), signal: controller.signal,
      onProgress: (p) => p.done > 0 && controller.abort(new Error('stopped here')),
    });
    await expect(run).rejects.toThrow('stopped here');
  });

  it('rejects a bad workers option by name, before any work', async () => {
    await expect(countPermutations({ algorithm: 'lazy', n: 3, trials: 10, workers: 0 })).rejects.toThrow(/workers must be an integer from 1 to 256.*got 0/);
    await expect(countPermutations({ algorithm: 'lazy', n: 3, trials: 10, workers: [] })).rejects.toThrow(RangeError);
    await expect(countPermutations({ algorithm: 'lazy', n: 3, trials: 10, workers: '2' as never })).rejects.toThrow(TypeError);
    await expect(countPermutations({ algorithm: 'lazy', n: 3, trials: 10, workers: [{}] as never })).rejects.toThrow(/workers\[0\] must be a Worker/);
  });
});
