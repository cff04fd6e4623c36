/**
 * Messages between the visualiser page and its first worker, for the single-worker jobs (time vs N,
 * WASM vs JS). Fairness runs go through fairdeck/fairness's own chunk messages to every worker.
 */
import type { AlgorithmName, RngName, TimeScalingResult } from 'fairdeck/fairness';

/** What to run: the settings a URL holds. */
export interface Settings {
  algorithms: AlgorithmName[];
  n: number;
  trials: number;
  rng: RngName;
  /** '' means a fresh master seed from crypto.getRandomValues for every run (and recorded). */
  seed: string;
  /** Web Workers a run is split over (the counts for a seed do not depend on it). */
  workers: number;
}

/** Page → worker. */
export type Request =
  | { type: 'scale'; id: number; algorithms: AlgorithmName[]; sizes: number[]; rng: RngName; seed: string }
  | { type: 'compare'; id: number; n: number; trials: number; seed: string }
  | { type: 'stop' }
  /**
   * Runs these settings briefly in this worker, so that the engine has compiled their hot code
   * before a run; a newer warm-up (a higher `round`) ends an older one.
   */
  | { type: 'warm'; round: number; algorithms: AlgorithmName[]; n: number; rng: RngName };

/** One row of the WASM-vs-plain-JS comparison. */
export interface CompareRow {
  label: string;
  trials: number;
  elapsedMs: number;
  trialsPerSecond: number;
  pValue: number;
}

/** Worker → page. */
export type Reply =
  | { type: 'ready' }
  /** The warm-up of that round is over (one ended by a newer round sends none). */
  | { type: 'warm'; round: number }
  | { type: 'progress'; id: number; label: string; done: number; total: number; trialsPerSecond: number }
  | { type: 'scale'; id: number; result: TimeScalingResult }
  | { type: 'compare'; id: number; rows: CompareRow[] }
  | { type: 'done'; id: number; stopped: boolean }
  | { type: 'error'; id: number; message: string };
