// Scenario: which ChaCha20 block the engine runs (issue 58; docs/cryptography.md). The engine's
// four-lane SIMD block (the shipped build) against libsodium's crypto_stream_chacha20 (the same
// core built with -DFAIRDECK_CHACHA20_LIBSODIUM=ON, bench-only: scripts/bench.sh builds it into
// build/wasm-sodium-blocks and build/bench-sodium-blocks), on the bench's secure rows: a 52-card
// shuffle + deal(52) and raw engine words, in WASM (the deck module driven directly, core.mjs)
// and natively (Google Benchmark), each pair timed back to back in alternating order.
// Usage: node chacha-blocks.mjs NATIVE_BENCH,NATIVE_BENCH_SODIUM_BLOCKS
import { spawnSync } from 'node:child_process';
import { loadCore } from '../core.mjs';
import { consume, measure, median, pairStats, report, seedBytes } from '../lib.mjs';

const [simdBinary, sodiumBinary] = (process.argv[2] ?? '').split(',');
const PER = 16, WORDS = 1 << 16;
const LABEL = { package: 'SIMD block (shipped)', 'sodium-blocks': 'libsodium block' };
const contenders = [];
for (const variant of ['package', 'sodium-blocks']) {
  const core = await loadCore(variant);
  const deck = core.deck('chacha20', seedBytes(42)), words = core.words('chacha20', seedBytes(42));
  const vs = variant === 'package' ? {} : undefined;
  contenders.push({ name: `WASM deck52/chacha20, ${LABEL[variant]}`, group: 'deck52', ops: PER, ...vs,
    fn: () => { for (let i = 0; i < PER; i++) deck.shuffle(), consume(deck.deal(52)); } });
  contenders.push({ name: `WASM words/chacha20, ${LABEL[variant]}`, group: 'words', ops: WORDS, fn: () => words.next(WORDS) });
}
// libsodium's rows each timed back to back with the SIMD row of the same benchmark.
contenders[2].vs = contenders[0].name, contenders[3].vs = contenders[1].name;
const rows = measure(contenders, { rounds: 21, sampleMs: 100 });

// Natively: the two Google Benchmark binaries, in alternating order, 9 rounds (CPU time per item).
const native = (binary, name) => {
  const p = spawnSync(binary, [`--benchmark_filter=^${name}$`, '--benchmark_format=json', '--benchmark_min_time=0.1'], { encoding: 'utf8' });
  if (p.status !== 0 || !p.stdout) throw new Error(`native benchmark ${name} (${binary}) failed: ${p.stderr}`);
  const [b] = JSON.parse(p.stdout).benchmarks;
  return b.cpu_time / (b.items ?? 1);
};
if (simdBinary && sodiumBinary) {
  for (const name of ['deck52/chacha20', 'words/chacha20']) {
    const t = { simd: [], sodium: [] }, pairs = [];
    for (let r = 0; r < 9; r++) {
      const order = r % 2 ? ['sodium', 'simd'] : ['simd', 'sodium'];
      const got = Object.fromEntries(order.map((k) => [k, native(k === 'simd' ? simdBinary : sodiumBinary, name)]));
      t.simd.push(got.simd), t.sodium.push(got.sodium), pairs.push([got.sodium, got.simd]);
    }
    const simdName = `native ${name}, ${LABEL.package}`;
    rows.push({ name: simdName, group: name.split('/')[0], peer: false, note: '', ns: median(t.simd), spread: 0, rounds: 9, reps: 1 });
    rows.push({ name: `native ${name}, ${LABEL['sodium-blocks']}`, group: name.split('/')[0], peer: false, note: '', ns: median(t.sodium), spread: 0, rounds: 9, reps: 1,
      paired: { [simdName]: pairStats(pairs) } });
  }
}
report('chacha-blocks', rows);
