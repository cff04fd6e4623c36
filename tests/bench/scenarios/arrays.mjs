// Scenario 2d (issue 63): shuffle(array) of JS Arrays — objects and numbers, 10 to 10^7 items —
// against d3-array's shuffle, each pair timed back to back (lib.mjs measure()). fairdeck runs
// its default: unseeded, ChaCha20 keyed from the platform (JavaScript words of the platform up to
// 2,048 items, WASM's choices above). One operation is one whole shuffle; rows are per item.
import { init, shuffle } from 'fairdeck';
import { shuffle as d3Shuffle } from 'd3-array';
import { consume, measure, report } from '../lib.mjs';

await init();
export const SIZES = [10, 100, 1e3, 1e4, 1e5, 1e6, 1e7];
const rows = [];
for (const kind of ['objects', 'numbers']) {
  for (const n of SIZES) {
    const make = () => (kind === 'objects' ? Array.from({ length: n }, (_, i) => ({ i })) : Array.from({ length: n }, (_, i) => i));
    const a = make(), b = make();
    const d3 = `d3-array shuffle, Array of ${n} ${kind}`;
    const contenders = [
      { name: d3, peer: true, note: 'Math.random', ops: n, fn: () => consume(d3Shuffle(a)[n >> 1]) },
      { name: `fairdeck shuffle, Array of ${n} ${kind}`, vs: d3, ops: n, fn: () => consume(shuffle(b)[n >> 1]) },
    ];
    const big = n >= 1e6;
    rows.push(...measure(contenders, { rounds: big ? 7 : 9, sampleMs: big ? 150 : 40, warmupMs: big ? 600 : 200 }).map((r) => ({ ...r, n, kind })));
  }
}
report('arrays', rows);
