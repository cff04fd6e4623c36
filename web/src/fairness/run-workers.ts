/**
 * An experiment run over workers: opens them (workers.ts), runs the chunk plan (parallel.ts) and
 * describes the run like an in-thread one, plus what it takes to replay it.
 */
import { implementationOf, type Measure } from './counter.js';
import { runSummary, type ParallelSummary, type RunSummary } from './measure.js';
import type { ResolvedExperiment } from './options.js';
import { runParallel } from './parallel.js';
import { seedRecord, type SeedRecord } from './plan.js';
import { openWorkers, type WorkersOption } from './workers.js';

export type { ParallelSummary } from './measure.js';

/** Runs `o` over `workers`; the counts and the run's summary. */
export async function runWithWorkers(o: ResolvedExperiment, measure: Measure, workers: WorkersOption): Promise<{ counts: Float64Array; run: RunSummary }> {
  o.signal?.throwIfAborted();
  const { ports, close } = await openWorkers(workers);
  try {
    const r = await runParallel(o, measure, ports);
    return {
      counts: r.counts,
      run: {
        ...runSummary(o, implementationOf(o.algorithm), r.elapsedMs),
        parallel: { workers: ports.length, chunkTrials: r.plan.chunkTrials, chunks: r.plan.chunks, seed: seedRecord(r.master) },
      },
    };
  } finally {
    await close();
  }
}
