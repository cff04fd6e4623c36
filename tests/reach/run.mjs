// Runs the reach matrix (targets.mjs) in build/reach, prepared by scripts/reach.sh:
//   node tests/reach/run.mjs <build/reach> [--only <regular expression over the targets' names>]
// Each target must deal the golden hand (tests/vectors/deals.json, chacha20, eager, seed 1) with
// no console error. Prints a table with the tool's version, the result, the time, and for built
// pages the gzip and brotli bytes of the JS and wasm the page loaded. Exits 1 if any target fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serveDir } from './serve.mjs';
import { targets } from './targets.mjs';

const work = process.argv[2];
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '';
const deals = JSON.parse(readFileSync(new URL('../vectors/deals.json', import.meta.url), 'utf8'));
const golden = deals.find((c) => c.rng === 'chacha20' && c.strategy === 'eager' && c.style === 'french'
  && c.decks === 1 && c.jokers === 0 && c.kind === 'integer' && c.seed === '1').deals[0].slice(0, 5).join(',');
const bin = join(work, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1' };

/** Runs a command; resolves with its output, rejects with it on failure or after `limit` ms. */
function run(cmd, cwd, limit = 300_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd[0], cmd.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), limit);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ out, err });
      else reject(new Error(`${cmd.join(' ')} exited with ${code}\n${out}\n${err}`.trim()));
    });
  });
}

/** Starts a long-running server command and waits until `url` answers. */
async function startServer(cmd, cwd, url) {
  const child = spawn(cmd[0], cmd.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const stop = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ } };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${cmd.join(' ')} exited: ${log}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return { url, close: async () => stop() };
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`${cmd.join(' ')} did not answer at ${url}: ${log}`);
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Opens `url`, waits for #hand, and returns its ids, the errors seen and the JS + wasm bytes loaded. */
async function openPage(browser, url) {
  const page = await browser.newPage();
  const errors = [];
  const bodies = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} for ${r.url()}`);
    if (/\.(m?js|wasm)(\?|$)/.test(new URL(r.url()).pathname)) bodies.push(r.body().catch(() => Buffer.alloc(0)));
  });
  try {
    await page.goto(url);
    const hand = await page.waitForSelector('#hand[data-ids]', { timeout: 60_000 });
    const ids = await hand.getAttribute('data-ids');
    const text = await hand.textContent();
    const all = await Promise.all(bodies);
    const gzip = all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    const brotli = all.reduce((n, b) => n + brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0);
    return { ids, text, errors, gzip, brotli };
  } finally {
    await page.close();
  }
}

function version([label, pkg]) {
  if (pkg === 'node') return `${label} ${process.versions.node}`;
  return `${label} ${JSON.parse(readFileSync(join(work, 'node_modules', pkg, 'package.json'), 'utf8')).version}`;
}

async function check(target, browser) {
  const cwd = join(work, 'apps', target.app);
  if (target.kind === 'run') {
    const { out, err } = await run(target.cmd, cwd);
    const ids = JSON.parse(out.trim().split('\n').pop()).join(',');
    const errors = err.split('\n').filter((l) => /error/i.test(l));
    return { ids, errors, note: err.includes('ExperimentalWarning') ? 'Node prints an ExperimentalWarning' : '' };
  }
  if (target.build) await run(target.build, cwd, 600_000);
  let server;
  if (target.dev || target.start) {
    const port = await freePort();
    server = await startServer([...(target.dev ?? target.start), String(port)], cwd, `http://127.0.0.1:${port}/`);
  } else {
    server = await serveDir(join(cwd, target.dir), { csp: target.csp });
  }
  try {
    const result = await openPage(browser, server.url + (target.path ?? ''));
    return target.dev ? { ...result, gzip: undefined, brotli: undefined } : result;
  } finally {
    await server.close();
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const rows = [];
let failed = 0;
for (const target of targets.filter((t) => new RegExp(only, 'i').test(t.name))) {
  const t0 = Date.now();
  let row;
  try {
    const r = await check(target, browser);
    const ok = r.ids === golden && r.errors.length === 0;
    row = { ...r, ok, why: ok ? r.note ?? '' : `dealt ${r.ids} ${r.text ?? ''}; errors: ${r.errors.join(' | ')}` };
  } catch (error) {
    row = { ok: false, why: String(error.message ?? error).slice(0, 2000) };
  }
  row = { ...row, name: target.name, version: version(target.tool), seconds: (Date.now() - t0) / 1000 };
  if (!row.ok) failed++;
  rows.push(row);
  console.log(`reach: ${row.ok ? 'ok  ' : 'FAIL'} ${row.name} (${row.version}, ${row.seconds.toFixed(1)} s)${row.why ? ` — ${row.why}` : ''}`);
}
await browser.close();

const kb = (n) => (n === undefined ? '—' : (n / 1000).toFixed(1));
console.log(`\n| target | version | result | gzip KB | brotli KB | time s |\n|---|---|---|---:|---:|---:|`);
for (const r of rows) {
  console.log(`| ${r.name} | ${r.version} | ${r.ok ? 'deals the golden hand' : 'FAILED'} | ${kb(r.gzip)} | ${kb(r.brotli)} | ${r.seconds.toFixed(1)} |`);
}
console.log(`\nreach: ${rows.length - failed} passed, ${failed} failed (golden hand ${golden})`);
process.exit(failed ? 1 : 0);
