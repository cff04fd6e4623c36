/**
 * The `workers` option of countPermutations and positionMatrix: a number of worker_threads
 * (Node: started for the run and ended after it) or the workers themselves (any environment:
 * Web Workers, MessagePorts or worker_threads Workers whose other side calls `serveChunks`).
 */
import { show } from '../errors.js';
import { endpoint, type Endpoint, type WorkerLike } from './endpoint.js';

/** Most workers one run may use. */
export const MAX_WORKERS = 256;

/** A validated `workers` option. */
export type WorkersOption = number | readonly WorkerLike[];

/** Validates `workers` (undefined: run in this thread, as before). */
export function checkWorkers(value: unknown): WorkersOption | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1 || value > MAX_WORKERS) {
      throw new RangeError(`workers must be an integer from 1 to ${MAX_WORKERS}, or an array of workers, got ${show(value)}`);
    }
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length < 1 || value.length > MAX_WORKERS) throw new RangeError(`workers must hold 1 to ${MAX_WORKERS} workers, got ${value.length}`);
    value.forEach((w, i) => endpoint(w as WorkerLike, `workers[${i}]`));
    return value as WorkerLike[];
  }
  throw new TypeError(`workers must be a number of worker threads or an array of workers, got ${show(value)}`);
}

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

/** Endpoints for `workers`, and the function that releases what this call started. */
export async function openWorkers(workers: WorkersOption): Promise<{ ports: Endpoint[]; close: () => Promise<void> }> {
  if (typeof workers !== 'number') return { ports: workers.map((w, i) => endpoint(w, `workers[${i}]`)), close: async () => {} };
  if (!isNode()) {
    throw new TypeError(`workers: ${workers} starts worker_threads, which only Node has; in a browser pass an array of Web Workers that call serveChunks(self)`);
  }
  const name = 'node:worker_threads';
  const { Worker } = (await import(/* @vite-ignore */ name)) as typeof import('node:worker_threads');
  const url = new URL('./node-worker.js', import.meta.url);
  const threads = Array.from({ length: workers }, () => new Worker(url));
  return {
    ports: threads.map((t, i) => endpoint(t as unknown as WorkerLike, `worker ${i}`)),
    close: async () => void (await Promise.all(threads.map((t) => t.terminate()))),
  };
}
