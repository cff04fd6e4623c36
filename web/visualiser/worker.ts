/**
 * The visualiser's worker: runs every experiment through `fairdeck/fairness` (bounded WASM calls,
 * progress, abort) so the page only draws. One job at a time; 'stop' aborts it between chunks.
 */
import {
  chiSquarePValue, chiSquareUniform, countPermutations, init, MAX_PERMUTATION_N, positionMatrix, timeScaling,
} from 'fairdeck/fairness';
import { plainJsPermutations } from './baseline.js';
import type { CompareRow, Reply, Request, Settings } from './protocol.js';
import { seedOf } from './settings.js';

const scope = self as unknown as Worker;  // a dedicated worker's global scope (tsconfig has no WebWorker lib)
const post = (reply: Reply, transfer: Transferable[] = []) => scope.postMessage(reply, transfer);
const ready = init();
let controller: AbortController | undefined;

async function run(id: number, s: Settings, signal: AbortSignal): Promise<void> {
  const kinds = s.n <= MAX_PERMUTATION_N ? (['permutations', 'positions'] as const) : (['positions'] as const);
  const total = s.algorithms.length * kinds.length * s.trials;
  let before = 0;
  for (const algorithm of s.algorithms) {
    for (const kind of kinds) {
      const options = {
        algorithm, n: s.n, trials: s.trials, rng: s.rng, seed: seedOf(s.seed), signal,
        onProgress: (p: { done: number; trialsPerSecond: number }) =>
          post({ type: 'progress', id, label: `${algorithm} · ${kind}`, done: before + p.done, total, trialsPerSecond: p.trialsPerSecond }),
      };
      if (kind === 'permutations') {
        const result = await countPermutations(options);
        post({ type: 'permutations', id, result }, [result.counts.buffer]);
      } else {
        const result = await positionMatrix(options);
        post({ type: 'positions', id, result }, [result.counts.buffer]);
      }
      before += s.trials;
    }
  }
}

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

scope.onmessage = async (event: MessageEvent<Request>) => {
  const request = event.data;
  controller?.abort();
  if (request.type === 'stop') return;
  const current = (controller = new AbortController());
  const { id } = request;
  try {
    await ready;
    if (request.type === 'run') await run(id, request.settings, current.signal);
    else if (request.type === 'compare') await compare(id, request.n, request.trials, request.seed, current.signal);
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
