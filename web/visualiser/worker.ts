/**
 * The visualiser's worker. Every one of the page's workers serves the chunks of parallel runs
 * (`serveChunks`, fairdeck/fairness); the first also runs the page's single-worker jobs — time vs
 * N and WASM vs JS — one at a time, and 'stop' aborts them between bounded calls.
 */
import { chiSquarePValue, chiSquareUniform, countPermutations, init, serveChunks, timeScaling } from 'fairdeck/fairness';
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

serveChunks(scope);
scope.onmessage = async (event: MessageEvent<Request>) => {
  const request = event.data;
  if (!request || 'fairdeckChunk' in request) return;  // served by serveChunks
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
