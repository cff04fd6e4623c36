/**
 * Running long work as many bounded calls: V8 tiers WASM up only between calls, so a loop of
 * millions of trials inside one call can stay on the slow tier (docs/toolchain.md, pitfall 13). Each
 * chunk is one call; between chunks, at most every YIELD_EVERY_MS, the loop reports progress,
 * yields to the event loop (so a page stays responsive and a Stop message can arrive) and
 * checks its AbortSignal.
 */

/** Progress of a run, passed to `onProgress`. */
export interface Progress {
  /** Trials done so far. */
  done: number;
  /** Trials asked for. */
  total: number;
  /** Wall-clock milliseconds since the run started. */
  elapsedMs: number;
  /** done / elapsed seconds. */
  trialsPerSecond: number;
}

/** Options every run accepts. */
export interface RunControl {
  /** Aborts the run: the promise rejects with `signal.reason` at the next chunk boundary. */
  signal?: AbortSignal;
  /** Called at most every YIELD_EVERY_MS and once at the end. */
  onProgress?: (progress: Progress) => void;
}

/** Longest stretch of chunks run without yielding to the event loop, in milliseconds. */
export const YIELD_EVERY_MS = 25;

/** Milliseconds from a monotonic clock. */
export const now = (): number => performance.now();

/** Resolves on a later turn of the event loop (setImmediate in Node, a MessageChannel elsewhere:
 * setTimeout would be clamped to 4 ms). */
export function yieldToEventLoop(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => immediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}

/**
 * Calls `step(k)` with k ≤ chunk until `total` trials are done; returns the wall-clock time taken.
 * Rejects with the signal's reason if aborted (before the first chunk or between chunks).
 */
export async function runChunks(total: number, chunk: number, step: (trials: number) => void, control: RunControl): Promise<number> {
  const { signal, onProgress } = control;
  signal?.throwIfAborted();
  const start = now();
  let lastYield = start;
  for (let done = 0; done < total; ) {
    const k = Math.min(chunk, total - done);
    step(k);
    done += k;
    const t = now();
    if (done === total || t - lastYield >= YIELD_EVERY_MS) {
      const elapsedMs = t - start;
      onProgress?.({ done, total, elapsedMs, trialsPerSecond: elapsedMs > 0 ? (done * 1000) / elapsedMs : 0 });
      if (done < total) {
        await yieldToEventLoop();
        signal?.throwIfAborted();
        lastYield = now();
      }
    }
  }
  return now() - start;
}
