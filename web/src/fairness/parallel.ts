/**
 * The coordinator of a parallel experiment: hands out the chunks of the plan (plan.ts) to the
 * chunk servers (chunk-server.ts) as they finish — at most two outstanding per worker, so none
 * waits for a round trip — sums their progress, and adds up their counts at the end. Which worker
 * runs which chunk depends on timing; the counts do not (see plan.ts).
 */
import type { SeedBytes } from '../options.js';
import type { Measure } from './counter.js';
import type { Endpoint, ChunkMessage } from './endpoint.js';
import type { ResolvedExperiment } from './options.js';
import { chunkPlan, masterSeed, type ChunkPlan } from './plan.js';
import { now, YIELD_EVERY_MS } from './runner.js';

/** What a parallel run adds to its result. */
export interface ParallelRun {
  counts: Float64Array;
  elapsedMs: number;
  master: SeedBytes;
  plan: ChunkPlan;
}

const OUTSTANDING = 2;
let jobs = 0;

/** Runs experiment `o` over `ports` (one per worker, each served by serveChunks). */
export function runParallel(o: ResolvedExperiment, measure: Measure, ports: readonly Endpoint[]): Promise<ParallelRun> {
  const { signal, onProgress } = o;
  signal?.throwIfAborted();
  const master = masterSeed(o.seed);
  const plan = chunkPlan(o.trials);
  const id = ++jobs;
  const start = now();
  return new Promise<ParallelRun>((resolve, reject) => {
    const progress = new Float64Array(ports.length);
    const outstanding = new Array<number>(ports.length).fill(0);
    const parts: Float64Array[] = [];
    const unlisten: (() => void)[] = [];
    let next = 0, finished = 0, lastReport = start, settled = false;

    const end = (error?: unknown, result?: ParallelRun) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      unlisten.forEach((f) => f());
      if (error !== undefined) {
        ports.forEach((p) => p.post({ fairdeckChunk: id, type: 'stop' }));
        reject(error);
      } else resolve(result!);
    };
    const abort = () => end(signal!.reason);
    const report = (force: boolean) => {
      const t = now();
      if (!onProgress || (!force && t - lastReport < YIELD_EVERY_MS)) return;
      lastReport = t;
      const done = progress.reduce((a, b) => a + b, 0), elapsedMs = t - start;
      onProgress({ done, total: o.trials, elapsedMs, trialsPerSecond: elapsedMs > 0 ? (done * 1000) / elapsedMs : 0 });
    };
    const feed = (w: number) => {
      while (outstanding[w] < OUTSTANDING && next < plan.chunks) {
        outstanding[w]++;
        ports[w].post({ fairdeckChunk: id, type: 'chunk', index: next++ });
      }
      if (outstanding[w] === 0 && next >= plan.chunks) ports[w].post({ fairdeckChunk: id, type: 'close' });
    };
    const handle = (w: number, m: ChunkMessage) => {
      if (settled || m.fairdeckChunk !== id) return;
      if (m.type === 'progress') progress[w] = m.done, report(false);
      else if (m.type === 'chunk-done') {
        progress[w] = m.done;
        outstanding[w]--;
        report(false);
        feed(w);
      } else if (m.type === 'counts') {
        parts.push(m.counts);
        progress[w] = m.done;
        if (++finished < ports.length) return;
        const counts = parts[0].slice();
        for (const p of parts.slice(1)) for (let k = 0; k < p.length; k++) counts[k] += p[k];
        const done = progress.reduce((a, b) => a + b, 0);
        if (done !== o.trials) return end(new Error(`fairdeck: the workers ran ${done} trials instead of ${o.trials}`));
        report(true);
        end(undefined, { counts, elapsedMs: now() - start, master, plan });
      } else if (m.type === 'error') {
        const E = m.name === 'RangeError' ? RangeError : m.name === 'TypeError' ? TypeError : Error;
        end(new E(m.message));
      }
    };
    signal?.addEventListener('abort', abort);
    ports.forEach((p, w) => unlisten.push(p.listen((m) => handle(w, m), (e) => end(e))));
    const job = {
      algorithm: o.algorithm, n: o.n, rounds: o.rounds, rng: o.rng, measure, master,
      trials: plan.trials, chunkTrials: plan.chunkTrials, call: o.chunk,
    };
    ports.forEach((p) => p.post({ fairdeckChunk: id, type: 'open', job }));
    ports.forEach((_, w) => feed(w));
  });
}
