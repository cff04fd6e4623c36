/**
 * A fairness run from the page: every selected algorithm and measure through fairdeck/fairness,
 * split over the page's workers by the package's chunk plan, coordinated from this thread (which
 * only passes messages and adds counts). An empty seed draws one master seed from
 * crypto.getRandomValues for the whole run, and the run records it.
 */
import {
  countPermutations, manifest, positionMatrix, type MatrixResult, type PermutationResult, type SeedRecord,
} from 'fairdeck/fairness';
import type { Settings } from './protocol.js';
import { seedOf } from './settings.js';

/** What the page hears while a run goes on. */
export interface RunHooks {
  progress(label: string, done: number, total: number, trialsPerSecond: number): void;
  permutations(result: PermutationResult): void;
  positions(result: MatrixResult): void;
}

/** What a finished (or stopped) run records besides its results. */
export interface RunRecord {
  /** The master seed every algorithm's chunks derive from: the page's seed, or the drawn one. */
  seed: SeedRecord | undefined;
  workers: number;
}

/** Runs `s` over `workers`; resolves when done, rejects with the reason when `signal` aborts. */
export async function runExperiments(s: Settings, workers: readonly Worker[], signal: AbortSignal, hooks: RunHooks, record: RunRecord): Promise<void> {
  const seed = seedOf(s.seed) ?? crypto.getRandomValues(new Uint8Array(32));
  const kinds = s.n <= manifest().limits.maxPermutationN ? (['permutations', 'positions'] as const) : (['positions'] as const);
  const total = s.algorithms.length * kinds.length * s.trials;
  record.workers = workers.length;
  let before = 0;
  for (const algorithm of s.algorithms) {
    for (const kind of kinds) {
      const options = {
        algorithm, n: s.n, trials: s.trials, rng: s.rng, seed, signal, workers,
        onProgress: (p: { done: number; trialsPerSecond: number }) => hooks.progress(`${algorithm} · ${kind}`, before + p.done, total, p.trialsPerSecond),
      };
      if (kind === 'permutations') {
        const result = await countPermutations(options);
        record.seed = result.parallel?.seed;
        hooks.permutations(result);
      } else {
        const result = await positionMatrix(options);
        record.seed = result.parallel?.seed;
        hooks.positions(result);
      }
      before += s.trials;
    }
  }
}
