/**
 * The visualiser's worker. Every one of the page's workers serves the chunks of parallel runs
 * (`serveChunks`, fairdeck/fairness); the first also runs the page's single-worker jobs — time vs
 * N and WASM vs JS — one at a time, and 'stop' aborts them between bounded calls.
 */
import { chiSquarePValue, chiSquareUniform, countPermutations, init, manifest, positionMatrix, serveChunks, timeScaling, type AlgorithmName, type RngName } from 'fairdeck/fairness';
import { plainJsPermutations } from './baseline.js';
import type { CompareRow, Reply, Request } from './protocol.js';
import { seedOf } from './settings.js';

const scope = self as unknown as Worker;  // a dedicated worker's global scope (tsconfig has no WebWorker lib)
const post = (reply: Reply, transfer: Transferable[] = []) => scope.postMessage(reply, transfer);
const ready = init();
let controller: AbortController | undefined;

async function compare(id: number, n: number, trials: number, seed: string, signal: AbortSignal): Promise<void> {
  const rows: CompareRow[] = [];
  // Untimed warm-up of each contender, so that no row pays for compiling or tiering up.
  const warm = Math.min(trials, 1 << 18);
  for (const rng of ['xoshiro256', 'chacha20'] as const) await countPermutations({ algorithm: 'fisher-yates', n, trials: warm, rng, seed: 0, signal });
  await plainJsPermutations(n, warm, 'warm-up', signal);
  const progress = (label: string, done: number) => post({ type: 'progress', id, label, done, total: 3 * trials, trialsPerSecond: 0 });
  for (const rng of ['xoshiro256', 'chacha20'] as const) {
    progress(`WASM · ${rng}`, rows.length * trials);
    const r = await countPermutations({ algorithm: 'fisher-yates', n, trials, rng, seed: seedOf(seed) ?? 1, signal });
    rows.push({ label: `WASM Fisher–Yates, ${rng}`, trials, elapsedMs: r.elapsedMs, trialsPerSecond: r.trialsPerSecond, pValue: r.pValue });
  }
  progress('plain JS', 2 * trials);
  const js = await plainJsPermutations(n, trials, seed || 'fairdeck', signal);
  rows.push({
    label: 'plain JS Fisher–Yates, sfc32', trials, elapsedMs: js.elapsedMs, trialsPerSecond: js.trialsPerSecond,
    pValue: chiSquarePValue(chiSquareUniform(js.counts), js.counts.length - 1),
  });
  post({ type: 'compare', id, rows });
}

/** Trials per warm-up slice, the least a whole warm-up runs, and the most one count's runs (see warm()). */
const WARM_SLICE = 1 << 14, WARM_MIN_MS = 250, WARM_CAP_MS = 600;

/**
 * Counts each algorithm of the page's settings in slices, as a run's chunks will (permutations
 * where n allows, and positions), until its hot code runs optimised, then says so. The engine
 * first runs a module's code unoptimised and compiles what turns out hot in the background; a run
 * started before that is done pays for it, most with two workers on two cores, where the compiler
 * competes with both for the CPUs. Timed in a worker of this page (n = 52, fisher-yates, 2^14
 * trials a slice): 700–3,200 ns a shuffle for the first 100–150 ms, then 200–400. A run of
 * n = 52, 3·10^7 shuffles started as the page opened measured 1.54× the speed of one worker;
 * started 3 s later, 1.84× (issue 39, tests/e2e/visualiser.e2e.ts). So each count runs until a
 * slice takes half the time of its first, or its last four agree within 25 % (its code was
 * optimised already), or for WARM_CAP_MS; and the whole warm-up for at least WARM_MIN_MS, past
 * that slow start: stopped at the first such slice alone, a fresh clone's run read 1.62× with
 * the page warm after 0.35–0.47 s.
 */
let warming = 0;  // the newest warm-up's round: an older one stops at its next slice
async function warm(round: number, algorithms: AlgorithmName[], n: number, rng: RngName): Promise<void> {
  warming = round;
  await ready;
  const begin = performance.now();
  const measures = n <= manifest().limits.maxPermutationN ? [countPermutations, positionMatrix] : [positionMatrix];
  for (const algorithm of algorithms) {
    for (const count of measures) {
      const start = performance.now(), times: number[] = [];
      for (;;) {
        if (warming !== round) return;  // new settings: their warm-up replies for this worker
        const t = performance.now();
        await count({ algorithm, n, trials: WARM_SLICE, rng, seed: 0 });
        const ms = performance.now() - t, last = times.push(ms) >= 4 ? times.slice(-4) : [];
        const now = performance.now(), settled = ms <= times[0] / 2 || (last.length && Math.max(...last) <= 1.25 * Math.min(...last));
        if ((settled && now - begin >= WARM_MIN_MS) || now - start >= WARM_CAP_MS) break;
      }
    }
  }
  post({ type: 'warm', round });
}

serveChunks(scope);
scope.onmessage = async (event: MessageEvent<Request>) => {
  const request = event.data;
  if (!request || 'fairdeckChunk' in request) return;  // served by serveChunks
  if (request.type === 'warm') {  // a failed warm-up only leaves the run cold
    const { round } = request;
    return void warm(round, request.algorithms, request.n, request.rng).catch(() => post({ type: 'warm', round }));
  }
  controller?.abort();
  if (request.type === 'stop') return;
  const current = (controller = new AbortController());
  const { id } = request;
  try {
    await ready;
    if (request.type === 'compare') await compare(id, request.n, request.trials, request.seed, current.signal);
    else {
      const result = await timeScaling({
        algorithms: request.algorithms, sizes: request.sizes, rng: request.rng, seed: seedOf(request.seed), signal: current.signal,
        onProgress: (p) => post({ type: 'progress', id, label: `${p.point.algorithm} · N = ${p.point.n}`, done: p.done, total: p.total, trialsPerSecond: 0 }),
      });
      post({ type: 'scale', id, result });
    }
    post({ type: 'done', id, stopped: false });
  } catch (error) {
    if (current.signal.aborted) post({ type: 'done', id, stopped: true });
    else post({ type: 'error', id, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
};
post({ type: 'ready' });
