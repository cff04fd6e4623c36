/**
 * `fairdeck/fairness` — fairness experiments: count the outcomes of fair and well-known biased
 * shuffles in WASM, in bounded chunks, and test them against the uniform law. This file only
 * re-exports.
 *
 * @module fairdeck/fairness
 */

export { init, type FairnessInitOptions } from './load.js';
export { initSync, type FairnessInitSyncOptions } from './load-sync.js';
export { ALGORITHMS, ALGORITHM_INFO, BIASED_ALGORITHMS, FAIR_ALGORITHMS, type AlgorithmInfo, type AlgorithmName } from './algorithms.js';
export { countPermutations, MAX_PERMUTATION_N, type Arrangement, type PermutationResult } from './permutations.js';
export { positionMatrix, MAX_MATRIX_N, type CellDeviation, type MatrixResult } from './matrix.js';
export {
  timeScaling, scalingExponent, DEFAULT_SIZES, type TimeScalingOptions, type TimeScalingResult, type TimingPoint,
  type TimingProgress,
} from './time-scaling.js';
export {
  ALPHA, MIN_EXPECTED, chiSquarePValue, chiSquareUniform, formatP, pText, largestDeviation, matrixChiSquare, verdict,
  type Deviation, type Verdict, type VerdictKind,
} from './statistics.js';
export { permutationAt, permutationRank, factorial } from './ranks.js';
export { sortRandom, UnitSource } from './sort-random.js';
export { MAX_TRIALS, MAX_CHUNK, MAX_ROUNDS, type ExperimentOptions } from './options.js';
export type { Progress, RunControl } from './runner.js';
export { serveChunks } from './chunk-server.js';
export { CHUNK_TRIALS, CHUNK_SEED_TAG, chunkPlan, chunkSeed, chunkSize, replaySeed, type ChunkPlan, type SeedRecord } from './plan.js';
export { MAX_WORKERS, type WorkersOption } from './workers.js';
export type { WorkerLike } from './endpoint.js';
export type { WordSource } from './sort-random.js';
export type { SeedBytes } from '../options.js';
export type { WasmSource } from '../wasm-source.js';
export type { ParallelSummary } from './run-workers.js';
export type { RunSummary } from './experiment.js';
export type { Implementation } from './counter.js';
export type { RandomOptions, RngName, Seed } from '../options.js';
export { parseSeed } from '../options.js';
export { manifest, type Manifest } from '../manifest.js';
export {
  testShuffle, testOrders, testLog, assertFair, defaultTrials, DEFAULT_AUDIT_TRIALS, MAX_AUDIT_N, MAX_ORDERS_N,
  type AuditOptions, type TestShuffleOptions, type TestOrdersOptions, type TestLogOptions, type LogSource, type ShuffleFunction, type Order,
} from './audit.js';
export { LogError, parseItems } from './log-items.js';
export type { ShuffleReport, AuditTest, AuditCell, AuditOrder, Detectable, Token } from './audit-types.js';
