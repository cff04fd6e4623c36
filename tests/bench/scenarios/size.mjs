// Scenario 6: what a bundler ships per entry point, and how long the module takes to start. For
// each entry a minimal app (tests/size/apps.mjs; for `fairdeck` the README example) is built with
// Vite and with webpack; every emitted .js and .wasm is counted, gzip -9 and brotli -11.
// Start-up: `await init()` in fresh Node processes, and in fresh Chromium pages (cold cache) of
// the Vite-built app served over HTTP, step by step (../startup.mjs, docs/startup.md).
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { APPS, BUDGET, gzip, root, viteApp, webpackApp } from '../../size/apps.mjs';
import { report } from '../lib.mjs';
import { app, chromiumStartup, nodeRun, nodeSummary } from '../startup.mjs';

const work = join(root, 'build/bench/size');
const rows = [];
// Start-up in Node first, before the apps are built (issue 58, item 6: measured after the builds,
// with their threads just gone and the load average at 3.3, it read 16.2 ms where a quiet machine
// reads 12.8), each in a fresh process, `await init()` and `initSync()` interleaved so that both
// see the same machine; the real init() timed step by step (../startup.mjs says how).
// 21 processes each (issue 58, item 6: medians of 9 moved by about 1 ms between runs, against a
// guard 1.4 ms above the figure).
const runs = [], syncRuns = [];
for (let i = 0; i < 21; i++) {
  runs.push(nodeRun(root));
  syncRuns.push(nodeRun(root, true));
}
const node = nodeSummary(runs), nodeSync = nodeSummary(syncRuns);

for (const entry of Object.keys(APPS)) {
  for (const [bundler, build] of [['vite', viteApp], ['webpack', webpackApp]]) {
    const m = await build(entry, join(work, `${bundler}-${entry.replace(/\W/g, '-')}`));
    rows.push({ name: `${entry} (${bundler})`, group: 'size', peer: false, note: '', entry, bundler, js: m.js, wasm: m.wasm, gzip: m.gzip, brotli: m.brotli });
  }
}
const pkg = Object.fromEntries(readdirSync(join(root, 'dist/wasm')).filter((f) => f.endsWith('.wasm')).map((f) => [f, gzip(readFileSync(join(root, 'dist/wasm', f)))]));


// Start-up in Chromium: the Vite build of an app that times init() (and one that times initSync()),
// served over HTTP, a fresh context (cold cache) per run, interleaved.
const outs = [];
for (const sync of [false, true]) {
  APPS.startup = app(sync);
  await viteApp('startup', join(work, sync ? 'startup-sync' : 'startup'));
  outs.push(join(work, sync ? 'startup-sync' : 'startup', 'out'));
}
delete APPS.startup;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let page, pageSync, chromiumVersion;
try {
  chromiumVersion = browser.version();
  [page, pageSync] = await chromiumStartup(browser, outs, 15);
} finally {
  await browser.close();
}
const startup = { nodeInitMs: node.initMs, nodeRuns: node.runs, nodeSteps: node.steps, nodeDeckMs: node.deckMs,
  chromiumInitMs: page.initMs, chromiumRuns: page.runs, chromiumVersion, chromiumSteps: page.steps, chromiumDeckMs: page.deckMs,
  nodeInitSyncMs: nodeSync.initMs, chromiumInitSyncMs: pageSync.initMs, load: os.loadavg()[0], cores: os.cpus().length };
report('size', rows, { budget: BUDGET, pkg, startup });
