// Scenario 2: bulk shuffles of 10^6 items — a Uint32Array, an Array of numbers, or permutation(10^6)
// (argument: u32 | array | permutation). One operation is one whole shuffle.
import { init, permutation, shuffle } from 'fairdeck';
import { consume, measure, report } from '../lib.mjs';
import { peers } from '../peers.mjs';

const kind = process.argv[2] ?? 'u32';
const N = 1e6;
await init();
const identity = () => {
  const a = new Uint32Array(N);
  for (let i = 0; i < N; i++) a[i] = i;
  return a;
};
const make = kind === 'array' ? () => Array.from({ length: N }, (_, i) => i) : identity;

const contenders = peers.map((p) => {
  const a = make();
  const fn = kind === 'permutation' ? () => consume(p.shuffle(identity())[7]) : () => consume(p.shuffle(a)[7]);
  return { name: p.name, note: p.note, peer: true, fn };
});
for (const rng of ['xoshiro256', 'chacha20']) {
  const a = make();
  const fn = kind === 'permutation' ? () => consume(permutation(N, { rng })[7]) : () => consume(shuffle(a, { rng })[7]);
  contenders.push({ name: `fairdeck ${kind === 'permutation' ? 'permutation' : 'shuffle'} ${rng}`, group: rng, vs: 'd3-array shuffle', fn });  // timed back to back with d3-array (lib.mjs)
}
report(`bulk-${kind}`, measure(contenders, { rounds: 9, sampleMs: 60, warmupMs: 500 }));
