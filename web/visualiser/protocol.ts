/**
 * Messages between the visualiser page and its worker. The worker runs every experiment (the page
 * only draws), so a 10^7-trial run never blocks the UI; results come back as plain objects.
 */
import type { AlgorithmName, MatrixResult, PermutationResult, RngName, TimeScalingResult } from 'fairdeck/fairness';

/** What to run: the settings a URL holds. */
export interface Settings {
  algorithms: AlgorithmName[];
  n: number;
  trials: number;
  rng: RngName;
  /** '' means fresh platform entropy for every run. */
  seed: string;
}

/** Page → worker. */
export type Request =
  | { type: 'run'; id: number; settings: Settings }
  | { type: 'scale'; id: number; algorithms: AlgorithmName[]; sizes: number[]; rng: RngName; seed: string }
  | { type: 'compare'; id: number; n: number; trials: number; seed: string }
  | { type: 'stop' };

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
  | { type: 'progress'; id: number; label: string; done: number; total: number; trialsPerSecond: number }
  | { type: 'permutations'; id: number; result: PermutationResult }
  | { type: 'positions'; id: number; result: MatrixResult }
  | { type: 'scale'; id: number; result: TimeScalingResult }
  | { type: 'compare'; id: number; rows: CompareRow[] }
  | { type: 'done'; id: number; stopped: boolean }
  | { type: 'error'; id: number; message: string };
