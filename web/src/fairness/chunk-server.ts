/**
 * The worker side of a parallel experiment: `serveChunks(self)` in a Web Worker, or
 * `serveChunks(parentPort)` in a worker_threads worker. It runs the chunks it is sent, each from
 * its own derived seed (plan.ts), in bounded WASM calls with progress, adds their counts, and
 * returns the sum when the coordinator closes the job. A 'stop' aborts at the next call boundary.
 */
import { init } from '../deck-load.js';
import { Measure, openCounter } from './counter.js';
import { endpoint, type ChunkJob, type ChunkMessage, type WorkerLike } from './endpoint.js';
import { chunkSeed, chunkSize } from './plan.js';
import { factorial } from './ranks.js';
import { runChunks } from './runner.js';

interface Job {
  id: number;
  spec: ChunkJob;
  counts: Float64Array;
  done: number;
  queue: Promise<void>;
  controller: AbortController;
}

/** Serves chunk jobs arriving at `scope` until the returned function is called. */
export function serveChunks(scope: WorkerLike): () => void {
  const port = endpoint(scope, 'scope');
  const ready = init();
  let job: Job | undefined;
  const post = (message: ChunkMessage, transfer?: Transferable[]) => port.post(message, transfer);

  const fail = (j: Job, error: unknown) => {
    if (j.controller.signal.aborted) return;
    j.controller.abort();
    const e = error instanceof Error ? error : new Error(String(error));
    post({ fairdeckChunk: j.id, type: 'error', name: e.name, message: e.message });
  };

  async function runChunk(j: Job, index: number): Promise<void> {
    const { spec, controller } = j;
    if (controller.signal.aborted) return;
    const plan = { trials: spec.trials, chunkTrials: spec.chunkTrials, chunks: Math.ceil(spec.trials / spec.chunkTrials) };
    const size = chunkSize(plan, index);
    const counter = await openCounter({ ...spec, seed: chunkSeed(spec.master, index) }, spec.measure);
    try {
      const before = j.done;
      await runChunks(size, spec.call, (k) => counter.run(k), {
        signal: controller.signal,
        onProgress: (p) => post({ fairdeckChunk: j.id, type: 'progress', done: before + p.done }),
      });
      const c = counter.counts();
      for (let k = 0; k < c.length; k++) j.counts[k] += c[k];
      j.done += size;
      post({ fairdeckChunk: j.id, type: 'chunk-done', index, done: j.done });
    } finally {
      counter.dispose();
    }
  }

  const stop = port.listen((m) => {
    if (m.type === 'open') {
      job?.controller.abort();
      const { measure, n } = m.job;
      const cells = measure === 'permutations' ? factorial(n) : measure === 'positions' ? n * n : 0;
      job = { id: m.fairdeckChunk, spec: m.job, counts: new Float64Array(cells), done: 0, queue: ready, controller: new AbortController() };
      const j = job;
      j.queue = j.queue.catch((e: unknown) => fail(j, e));
      return;
    }
    const j = job;
    if (!j || j.id !== m.fairdeckChunk) return;  // a stopped job's late message
    if (m.type === 'chunk') j.queue = j.queue.then(() => runChunk(j, m.index)).catch((e: unknown) => fail(j, e));
    else if (m.type === 'close') {
      j.queue = j.queue.then(() => {
        if (j.controller.signal.aborted) return;
        post({ fairdeckChunk: j.id, type: 'counts', counts: j.counts, done: j.done }, [j.counts.buffer]);
        if (job === j) job = undefined;
      });
    } else if (m.type === 'stop') {
      j.controller.abort();
      job = undefined;
    }
  }, () => {});
  return () => {
    job?.controller.abort();
    stop();
  };
}
