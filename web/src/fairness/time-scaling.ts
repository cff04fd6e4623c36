/**
 * `timeScaling`: time per shuffle as N doubles, to tell O(N) from O(N²) on a log–log chart.
 * Each point is many short calls (about TARGET_CALL_MS each, so V8 tiers the WASM up between
 * them) and reports the median time per shuffle; an algorithm whose next size would need a
 * single shuffle longer than `maxShuffleMs` skips its remaining sizes rather than make one long call.
 */
import { manifest } from '../manifest.js';
import { show } from '../errors.js';
import { checkInt, checkKeys, randomOptions, type RandomOptions, type RngName } from '../options.js';
import { checkAlgorithm, type AlgorithmName } from './algorithms.js';
import { openCounter, type Implementation } from './counter.js';
import { checkControl, MAX_CHUNK } from './options.js';
import { now, yieldToEventLoop, YIELD_EVERY_MS } from './runner.js';

/** Options of `timeScaling`. */
export interface TimeScalingOptions extends RandomOptions {
  /** Algorithms to time (distinct names). */
  algorithms: AlgorithmName[];
  /** Array sizes N, each 2 to 2^20 (at most 32 sizes); doubling sizes make the slope readable. */
  sizes: number[];
  /** Measuring time per point in ms, 1–10,000; default 60. */
  budgetMs?: number;
  /** Longest single shuffle allowed, in ms (1–10,000, default 250): larger sizes are skipped. */
  maxShuffleMs?: number;
  /** Aborts: the promise rejects with `signal.reason` between calls. */
  signal?: AbortSignal;
  /** Called after each point. */
  onProgress?: (progress: TimingProgress) => void;
}

/** One measured point. */
export interface TimingPoint {
  algorithm: AlgorithmName;
  /** Array size. */
  n: number;
  /** Median time of one shuffle over the calls, in nanoseconds. */
  nsPerShuffle: number;
  /** Shuffles timed, and the calls they were spread over. */
  shuffles: number;
  calls: number;
  implementation: Implementation;
}

/** Progress of `timeScaling`: points done of the total. */
export interface TimingProgress {
  done: number;
  total: number;
  elapsedMs: number;
  point: TimingPoint;
}

/** The result of `timeScaling`. */
export interface TimeScalingResult {
  rng: RngName;
  points: TimingPoint[];
  /** Sizes not measured because one shuffle would have exceeded maxShuffleMs. */
  skipped: { algorithm: AlgorithmName; n: number }[];
  /** Fitted exponent k of time ∝ N^k per algorithm (about 1 for O(N), 2 for O(N²)). */
  exponents: Partial<Record<AlgorithmName, number>>;
  elapsedMs: number;
}

/** Sizes the visualiser uses by default: 16 to 16,384, doubling. */
export const DEFAULT_SIZES: readonly number[] = /* @__PURE__ */ Object.freeze(Array.from({ length: 11 }, (_, i) => 2 ** (i + 4)));
/** Wanted length of one timed call, in ms. */
export const TARGET_CALL_MS = 4;
const KEYS = ['algorithms', 'sizes', 'budgetMs', 'maxShuffleMs', 'seed', 'rng', 'signal', 'onProgress'];

function list(name: string, value: unknown, max: number): unknown[] {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array, got ${show(value)}`);
  if (value.length < 1 || value.length > max) throw new RangeError(`${name} must hold 1 to ${max} entries, got ${value.length}`);
  return value;
}

/** Fitted slope of log(time) against log(N), using N ≥ 64 when there are two such points. */
export function scalingExponent(points: readonly { n: number; nsPerShuffle: number }[]): number {
  const large = points.filter((p) => p.n >= 64);
  const use = large.length >= 2 ? large : points;
  if (use.length < 2) return NaN;
  const xs = use.map((p) => Math.log2(p.n)), ys = use.map((p) => Math.log2(p.nsPerShuffle));
  const mx = xs.reduce((a, b) => a + b) / xs.length, my = ys.reduce((a, b) => a + b) / ys.length;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < xs.length; i++) (sxy += (xs[i] - mx) * (ys[i] - my)), (sxx += (xs[i] - mx) ** 2);
  return sxy / sxx;
}

/**
 * Times each algorithm on each size (an N-element array per shuffle, reset to 0…N−1 each time).
 * Throws TypeError/RangeError naming a bad option.
 */
export async function timeScaling(options: TimeScalingOptions): Promise<TimeScalingResult> {
  const o = checkKeys(options, KEYS, 'timeScaling options');
  const algorithms = list('algorithms', o.algorithms, 11).map((a, i) => checkAlgorithm(`algorithms[${i}]`, a));
  if (new Set(algorithms).size !== algorithms.length) throw new RangeError('algorithms must not repeat a name');
  const sizes = list('sizes', o.sizes, 32).map((s, i) => checkInt(`sizes[${i}]`, s, 2, manifest().limits.maxTimingN)).sort((a, b) => a - b);
  const budgetMs = o.budgetMs === undefined ? 60 : checkInt('budgetMs', o.budgetMs, 1, 10_000);
  const maxShuffleMs = o.maxShuffleMs === undefined ? 250 : checkInt('maxShuffleMs', o.maxShuffleMs, 1, 10_000);
  const { rng, seed } = randomOptions({ seed: o.seed, rng: o.rng });
  const { signal, onProgress } = checkControl<TimingProgress>(o);
  signal?.throwIfAborted();
  const start = now();
  const points: TimingPoint[] = [], skipped: TimeScalingResult['skipped'] = [];
  const total = algorithms.length * sizes.length;
  for (const algorithm of algorithms) {
    let msPerShuffle = 0, lastN = 0;
    for (const n of sizes) {
      if (lastN && msPerShuffle * (n / lastN) ** 2 > maxShuffleMs) {
        skipped.push({ algorithm, n });
        continue;
      }
      const counter = await openCounter({ algorithm, n, rounds: n, rng, seed }, 'time');
      const samples: number[] = [];
      let shuffles = 0;
      try {
        let t = now();
        counter.run(1);  // warm-up, and the first estimate of a call's length
        let per = Math.max(now() - t, 1e-4);
        for (const from = now(); samples.length < 3 || now() - from < budgetMs; ) {
          const k = Math.max(1, Math.min(MAX_CHUNK, Math.round(TARGET_CALL_MS / per)));
          t = now();
          counter.run(k);
          per = Math.max((now() - t) / k, 1e-6);
          samples.push(per);
          shuffles += k;
          if (per > maxShuffleMs) break;
          if (now() - t >= YIELD_EVERY_MS || samples.length % 4 === 0) await yieldToEventLoop(), signal?.throwIfAborted();
        }
      } finally {
        counter.dispose();
      }
      samples.sort((a, b) => a - b);
      msPerShuffle = samples[samples.length >> 1];
      lastN = n;
      const point = { algorithm, n, nsPerShuffle: msPerShuffle * 1e6, shuffles, calls: samples.length, implementation: counter.implementation };
      points.push(point);
      onProgress?.({ done: points.length + skipped.length, total, elapsedMs: now() - start, point });
      await yieldToEventLoop();
      signal?.throwIfAborted();
    }
  }
  const exponents: TimeScalingResult['exponents'] = {};
  for (const a of algorithms) exponents[a] = scalingExponent(points.filter((p) => p.algorithm === a));
  return { rng, points, skipped, exponents, elapsedMs: now() - start };
}
