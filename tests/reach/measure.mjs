// Measures what docs/delivery.md reports: the bytes a Vite and a webpack build of the README
// example ship (embedded module vs. separate .wasm file) and how long `await init()` takes in
// Node and Chromium for each. Not a test (nothing asserts times): run it after scripts/reach.sh:
//   node tests/reach/measure.mjs build/reach
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serveDir } from './serve.mjs';

const work = process.argv[2] ?? 'build/reach';
const root = fileURLToPath(new URL('../..', import.meta.url));
const wasm = readFileSync(join(root, 'dist/wasm/fairdeck.wasm'));
const sizes = (b) => [gzipSync(b, { level: 9 }).length, brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length];
const kb = ([g, b]) => `${(g / 1000).toFixed(1)} KB gzip, ${(b / 1000).toFixed(1)} KB brotli`;
const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];

function files(dir) {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
}
for (const app of ['vite', 'webpack']) {
  // The README example's page only (the Vite app's worker page has its own bundle).
  const js = files(join(work, 'apps', app, 'dist')).filter((f) => f.endsWith('.js') && !/worker/.test(f));
  const embeddedChunk = js.filter((f) => readFileSync(f, 'latin1').length > 60_000 && /[`"']H4sI/.test(readFileSync(f, 'latin1')));
  const rest = js.filter((f) => !embeddedChunk.includes(f));
  const sum = (list) => list.map((f) => sizes(readFileSync(f))).reduce((a, b) => [a[0] + b[0], a[1] + b[1]], [0, 0]);
  const code = sum(rest), chunk = sum(embeddedChunk), file = sizes(wasm);
  console.log(`${app}: code ${kb(code)}; embedded chunk ${kb(chunk)}; separate .wasm ${kb(file)}`);
  console.log(`${app}: total embedded ${kb([code[0] + chunk[0], code[1] + chunk[1]])}; separate ${kb([code[0] + file[0], code[1] + file[1]])}`);
}

const runs = 9;
const nodeScript = (opts) => `const t0 = performance.now(); const m = await import(${JSON.stringify(join(root, 'dist/index.js'))});
const t1 = performance.now(); await m.init(${opts}); const t2 = performance.now(); console.log(JSON.stringify([t1 - t0, t2 - t1]));`;
const nodeModes = {
  embedded: '',
  'separate file (bytes)': `{ wasm: (await import('node:fs')).readFileSync(${JSON.stringify(join(root, 'dist/wasm/fairdeck.wasm'))}) }`,
};
for (const [mode, opts] of Object.entries(nodeModes)) {
  const times = Array.from({ length: runs }, () => JSON.parse(execFileSync('node', ['--input-type=module', '-e', nodeScript(opts)], { encoding: 'utf8' })));
  console.log(`Node ${process.versions.node}, ${mode}: import ${median(times.map((t) => t[0])).toFixed(1)} ms, await init() ${median(times.map((t) => t[1])).toFixed(1)} ms (median of ${runs})`);
}

const server = await serveDir(root);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
for (const [mode, opts] of Object.entries({ embedded: undefined, 'separate file (fetch)': { wasm: '/dist/wasm/fairdeck.wasm' } })) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(); // an empty HTTP cache each time
    const page = await context.newPage();
    await page.goto(`${server.url}tests/reach/blank.html`); // an empty page of the same origin
    times.push(await page.evaluate(async (o) => {
      const t0 = performance.now();
      const m = await import('/dist/index.js');
      await m.init(o);
      return performance.now() - t0;
    }, opts));
    await context.close();
  }
  console.log(`Chromium ${browser.version()}, ${mode}: import + await init() ${median(times).toFixed(1)} ms (median of ${runs}, empty cache, localhost)`);
}
await browser.close();
await server.close();
