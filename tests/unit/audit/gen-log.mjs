// Writes a shuffle log to stdout for the fairdeck-audit tests: node gen-log.mjs LINES N MODE FORMAT [SEED]
// MODE fair | sattolo; FORMAT num (comma-separated) | cards (space-separated codes) | json (arrays of codes).
// Seeded sfc32 (tests only), so every log is the same; written in 1 MB pieces, honouring back-pressure.
const [lines, n, mode, format, seed = '1'] = process.argv.slice(2);
const N = Number(n);
let a0 = 0x9e3779b9, b0 = 0x243f6a88, c0 = 0xb7e15162, d0 = Number(seed) | 0;
function sfc32() {
  const t = (((a0 + b0) | 0) + d0) | 0;
  d0 = (d0 + 1) | 0; a0 = b0 ^ (b0 >>> 9); b0 = (c0 + (c0 << 3)) | 0; c0 = (c0 << 21) | (c0 >>> 11); c0 = (c0 + t) | 0;
  return t >>> 0;
}
for (let i = 0; i < 12; i++) sfc32();
const below = (bound) => { const limit = Math.floor(2 ** 32 / bound) * bound; for (;;) { const w = sfc32(); if (w < limit) return w % bound; } };
const cards = [];
for (const s of 'cdhs') for (const r of '23456789TJQKA') cards.push(r + s);
const a = new Array(N);
let out = [], size = 0;
const write = (s) => new Promise((resolve) => (process.stdout.write(s) ? resolve() : process.stdout.once('drain', resolve)));
process.stdout.on('error', () => process.exit(0));
for (let t = 0; t < Number(lines); t++) {
  for (let i = 0; i < N; i++) a[i] = i;
  for (let i = N - 1; i > 0; i--) { const j = below(mode === 'sattolo' ? i : i + 1); const x = a[i]; a[i] = a[j]; a[j] = x; }
  const line = format === 'json' ? JSON.stringify(a.map((i) => cards[i])) : format === 'cards' ? a.map((i) => cards[i]).join(' ') : a.join(',');
  out.push(line);
  size += line.length + 1;
  if (size >= 1 << 20) { await write(out.join('\n') + '\n'); out = []; size = 0; }
}
if (out.length) await write(out.join('\n') + '\n');
