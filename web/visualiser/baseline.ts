/**
 * The same permutation-count experiment written in plain JavaScript, for the WASM-vs-JS
 * comparison: Fisher–Yates with its own small generator (sfc32, Doty-Humphrey's Small Fast
 * Counting generator, seeded from a string), unbiased bounded draws (Lemire's rejection, in
 * exact doubles), ranks counted exactly as the core counts them. Written the way a careful JS
 * programmer would: one loop, generator state in local int32 variables, typed arrays, and
 * chunks with the same yields as the WASM runs.
 */

/** Result of the plain-JS run. */
export interface BaselineResult {
  counts: Float64Array;
  elapsedMs: number;
  trialsPerSecond: number;
}

const yieldNow = () => new Promise<void>((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => (channel.port1.close(), resolve());
  channel.port2.postMessage(0);
});

/** Shuffles 0…n−1 `trials` times with plain-JS Fisher–Yates and counts each arrangement. */
export async function plainJsPermutations(n: number, trials: number, seed: string, signal?: AbortSignal): Promise<BaselineResult> {
  let a = 0x9e3779b9 | 0, b = 0x243f6a88 | 0, c = 0xb7e15162 | 0, d = 1;
  for (let i = 0; i < seed.length; i++) a = Math.imul(a ^ seed.charCodeAt(i), 0x85ebca6b);
  for (let i = 0; i < 12; i++) {  // sfc32's recommended warm-up
    const w = (a + b + d) | 0;
    d = (d + 1) | 0, a = b ^ (b >>> 9), b = (c + (c << 3)) | 0, c = (((c << 21) | (c >>> 11)) + w) | 0;
  }
  let cells = 1;
  for (let i = 2; i <= n; i++) cells *= i;
  const counts = new Float64Array(cells);
  const perm = new Int32Array(n);
  const start = performance.now();
  let lastYield = start;
  for (let done = 0; done < trials; ) {
    const k = Math.min(1 << 16, trials - done);
    for (let t = 0; t < k; t++) {
      for (let i = 0; i < n; i++) perm[i] = i;
      for (let i = n - 1; i > 0; i--) {
        const s = i + 1;
        let high: number;
        for (;;) {  // j uniform in [0, s): Lemire's method on one sfc32 word
          const w = (a + b + d) | 0;
          d = (d + 1) | 0, a = b ^ (b >>> 9), b = (c + (c << 3)) | 0, c = (((c << 21) | (c >>> 11)) + w) | 0;
          const m = (w >>> 0) * s;
          high = (m / 4294967296) >>> 0;
          const low = m - high * 4294967296;
          if (low >= s || low >= 4294967296 % s) break;  // the modulo only when low < s
        }
        const x = perm[i];
        perm[i] = perm[high];
        perm[high] = x;
      }
      let rank = 0;
      for (let i = 0; i < n; i++) {
        let smaller = 0;
        for (let j = i + 1; j < n; j++) if (perm[j] < perm[i]) smaller++;
        rank = rank * (n - i) + smaller;
      }
      counts[rank]++;
    }
    done += k;
    if (done < trials && performance.now() - lastYield >= 25) {
      await yieldNow();
      signal?.throwIfAborted();
      lastYield = performance.now();
    }
  }
  const elapsedMs = performance.now() - start;
  return { counts, elapsedMs, trialsPerSecond: (trials * 1000) / elapsedMs };
}
