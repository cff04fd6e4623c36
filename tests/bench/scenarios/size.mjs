// Scenario 6: what a bundler ships per entry point, and how long the module takes to start. For
// each entry a minimal app (tests/size/apps.mjs; for `fairdeck` the README example) is built with
// Vite and with webpack; every emitted .js and .wasm is counted, gzip -9 and brotli -11.
// Start-up: `await init()` in fresh Node processes, and in fresh Chromium pages (cold cache) of
// the Vite-built app served over HTTP (fetch + compile + instantiate + the manifest read).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { APPS, BUDGET, gzip, root, viteApp, webpackApp } from '../../size/apps.mjs';
import { median, report } from '../lib.mjs';

const work = join(root, 'build/bench/size');
const rows = [];
for (const entry of Object.keys(APPS)) {
  for (const [bundler, build] of [['vite', viteApp], ['webpack', webpackApp]]) {
    const m = await build(entry, join(work, `${bundler}-${entry.replace(/\W/g, '-')}`));
    rows.push({ name: `${entry} (${bundler})`, group: 'size', peer: false, note: '', entry, bundler, js: m.js, wasm: m.wasm, gzip: m.gzip, brotli: m.brotli });
  }
}
const pkg = Object.fromEntries(readdirSync(join(root, 'dist/wasm')).filter((f) => f.endsWith('.wasm')).map((f) => [f, gzip(readFileSync(join(root, 'dist/wasm', f)))]));

// Start-up in Node, each in a fresh process.
const probe = `const t0 = performance.now(); const { init } = await import(${JSON.stringify(join(root, 'dist/index.js'))}); ` +
  `const t1 = performance.now(); await init(); console.log(JSON.stringify({ importMs: t1 - t0, initMs: performance.now() - t1 }));`;
// The same with initSync() (issue 37): the module compiled and started before it returns.
const probeSync = probe.replace('{ init }', '{ initSync }').replace('await init()', 'initSync()');
const runs = [], syncRuns = [];
for (let i = 0; i < 9; i++) {  // interleaved, so both see the same machine
  runs.push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' })));
  syncRuns.push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', probeSync], { encoding: 'utf8' })));
}

// Start-up in Chromium: the Vite build of an app that times init(), served over HTTP, fresh context per run.
const app = "import { init, Deck } from 'fairdeck';\nconst t = performance.now();\nawait init();\n" +
  'window.initMs = performance.now() - t;\ndocument.title = new Deck().deal(5).join(" ");\n';
APPS.startup = app;
await viteApp('startup', join(work, 'startup'));
APPS.startup = app.replace('{ init, Deck }', '{ initSync, Deck }').replace('await init()', 'initSync()');
await viteApp('startup', join(work, 'startup-sync'));
delete APPS.startup;
let out = join(work, 'startup/out');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  let body;
  try {
    body = readFileSync(join(out, normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname))));
  } catch {
    return res.writeHead(404).end();
  }
  res.writeHead(200, { 'content-type': types[extname(req.url)] ?? 'application/octet-stream' }).end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const chromiumMs = [], chromiumSyncMs = [], chromiumVersion = browser.version();
try {
  for (let i = 0; i < 7; i++) {
    for (const [dir, times] of [['startup', chromiumMs], ['startup-sync', chromiumSyncMs]]) {
      out = join(work, dir, 'out');
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
      times.push(await page.waitForFunction(() => window.initMs).then((h) => h.jsonValue()));
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
const startup = { nodeInitMs: median(runs.map((r) => r.initMs)), nodeImportMs: median(runs.map((r) => r.importMs)), nodeRuns: runs.length,
  chromiumInitMs: median(chromiumMs), chromiumRuns: chromiumMs.length, chromiumVersion,
  nodeInitSyncMs: median(syncRuns.map((r) => r.initMs)), chromiumInitSyncMs: median(chromiumSyncMs) };
report('size', rows, { budget: BUDGET, pkg, startup });
