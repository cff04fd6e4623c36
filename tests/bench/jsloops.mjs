// tests/bench/jsloops.mjs — the fairness experiments written in plain JavaScript, for the
// "WASM vs plain JS" trials-per-second comparison. Same loops as the core (fairness.hpp): reset
// 0…n−1, Fisher–Yates, then count the arrangement's lexicographic rank or every (item, position).
// Draws: `sfc32` is the visualiser's careful baseline (web/visualiser/baseline.ts: sfc32 and
// Lemire's unbiased rejection in exact doubles); `Math.random` is floor(random · (i + 1)), the
// fastest JS can draw (a peer's default, slightly biased, never used by fairdeck itself).

/** Runs `trials` trials of n items, adding to `counts` (measure 0: n! ranks; 1: n² positions). */
export function makeLoop(kind, n, measure) {
  const perm = new Int32Array(n);
  const state = Int32Array.of(0x9e3779b9, 0x243f6a88, 0xb7e15162, 1);
  const sfc = kind === 'sfc32';
  return (trials, counts) => {
    let a = state[0], b = state[1], c = state[2], d = state[3];  // locals in the loop, as baseline.ts has them
    for (let t = 0; t < trials; t++) {
      for (let i = 0; i < n; i++) perm[i] = i;
      for (let i = n - 1; i > 0; i--) {
        const s = i + 1;
        let j;
        if (sfc) {
          for (;;) {
            const w = (a + b + d) | 0;
            d = (d + 1) | 0, a = b ^ (b >>> 9), b = (c + (c << 3)) | 0, c = (((c << 21) | (c >>> 11)) + w) | 0;
            const m = (w >>> 0) * s;
            j = (m / 4294967296) >>> 0;
            const low = m - j * 4294967296;
            if (low >= s || low >= 4294967296 % s) break;
          }
        } else {
          j = Math.floor(Math.random() * s);
        }
        const x = perm[i];
        perm[i] = perm[j];
        perm[j] = x;
      }
      if (measure === 0) {
        let rank = 0;
        for (let i = 0; i < n; i++) {
          let smaller = 0;
          for (let k = i + 1; k < n; k++) if (perm[k] < perm[i]) smaller++;
          rank = rank * (n - i) + smaller;
        }
        counts[rank]++;
      } else {
        for (let p = 0; p < n; p++) counts[perm[p] * n + p]++;
      }
    }
    state[0] = a, state[1] = b, state[2] = c, state[3] = d;
  };
}
