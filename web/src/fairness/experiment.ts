/**
 * The part `countPermutations` and `positionMatrix` share: run a counter in bounded chunks and
 * describe the run (what ran, where, how long, how fast).
 */
import type { RngName } from '../options.js';
import type { AlgorithmName } from './algorithms.js';
import { openCounter } from './counter.js';
import { runSummary, type Measure, type RunSummary } from './measure.js';
import type { ResolvedExperiment } from './options.js';
import { runChunks } from './runner.js';
import { runWithWorkers } from './run-workers.js';

export type { RunSummary } from './measure.js';


/** Runs experiment `o` measuring `measure`; returns the counts and the run's summary. */
export async function runExperiment(o: ResolvedExperiment, measure: Measure): Promise<{ counts: Float64Array; run: RunSummary }> {
  if (o.workers !== undefined) return runWithWorkers(o, measure, o.workers);
  const counter = await openCounter(o, measure);
  try {
    const elapsedMs = await runChunks(o.trials, o.chunk, (k) => counter.run(k), o);
    return {
      counts: counter.counts(),
      run: runSummary(o, counter.implementation, elapsedMs),
    };
  } finally {
    counter.dispose();
  }
}
