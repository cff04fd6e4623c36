// `npx fairdeck pages` from the installed tarball (issue 61 item 2), driven in Chromium: run by
// scripts/smoke.sh in its fresh folder, where `npm i ./fairdeck-….tgz` put the package and its
// dependencies in node_modules. Starts the command as a user would, reads the URL it prints,
// and uses every page: the card table deals, the visualiser runs an experiment to its verdicts,
// the faces draw, a provably fair round dealt on the table verifies on the verify page, and the
// no-dealer table plays a hand among seats in workers.
// Every page must run under the strict CSP header the command sends, with no console error (a
// CSP violation is one), and load nothing from outside 127.0.0.1.
// Usage (from the folder with the install): node tests/pages/check.mjs
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

// In a process group of its own: npx runs the bin through a shell, and stopping npx alone would
// leave the server running (holding this script's output open).
const cli = spawn('npx', ['--no-install', 'fairdeck', 'pages', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
const url = await new Promise((resolve, reject) => {
  let text = '';
  cli.stdout.on('data', (d) => {
    text += d;
    const m = /serving the pages on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(text);
    if (m) resolve(m[1]);
  });
  cli.once('exit', (code) => reject(new Error(`fairdeck pages exited with ${code} before serving: ${text}`)));
  setTimeout(() => reject(new Error(`fairdeck pages printed no URL in 30 s: ${text}`)), 30_000);
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const failures = [];
async function open(path) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => { if (!r.url().startsWith(url) && !/^(data|blob|about):/.test(r.url())) errors.push(`fetched from outside: ${r.url()}`); });
  const response = await page.goto(url + path);
  if (!response.headers()['content-security-policy']?.includes("script-src 'self' 'wasm-unsafe-eval'")) errors.push(`${path}: no strict CSP header`);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  return { page, errors };
}
let checks = 0;
async function check(name, fn) {
  checks += 1;
  const t0 = Date.now();
  try {
    const errors = await fn();
    if (errors.length) throw new Error(errors.join('; '));
    console.log(`pages: ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failures.push(name);
    console.log(`pages: FAIL ${name}: ${error.message}`);
  }
}

try {
  await check('card table: deals a hand on the canvas, and a provably fair round that the verify page verifies', async () => {
    const { page, errors } = await open('pages/demo/');
    await page.getByRole('button', { name: 'Deal a hand (5)' }).click();
    await page.waitForSelector('#table[data-idle=true]', { state: 'attached' });
    await page.locator('#provable summary').click();
    await page.locator('[data-pf=count]').fill('5');
    await page.locator('[data-pf=deal]').click();
    await page.locator('[data-pf=reveal]').click();
    await page.locator('[data-pf=link]').click();
    await page.waitForSelector('body[data-checked]', { timeout: 30_000 });
    const kind = await page.locator('#result .verdict').getAttribute('data-kind');
    if (kind !== 'ok') errors.push(`the round dealt on the table did not verify: ${await page.locator('#result .verdict').textContent()}`);
    return errors;
  });
  await check('visualiser: runs Fisher–Yates against the naive swap to their verdicts', async () => {
    const { page, errors } = await open('pages/visualiser/?alg=fisher-yates,naive-swap&n=3&trials=100000&seed=7');
    await page.click('#run');
    await page.waitForFunction(() => document.querySelector('#progress')?.getAttribute('data-state') === 'done', null, { timeout: 60_000 });
    const verdicts = await page.locator('.card [data-verdict]').evaluateAll((v) => v.map((e) => e.dataset.verdict));
    if (!verdicts.includes('biased') || !verdicts.includes('no-evidence-of-bias')) errors.push(`verdicts: ${verdicts.join(', ')}`);
    return errors;
  });
  await check('faces: draws every card', async () => {
    const { page, errors } = await open('pages/faces/');
    const cards = await page.locator('canvas, img, svg').count();
    if (cards < 10) errors.push(`only ${cards} card pictures`);
    return errors;
  });
  await check('verify: opens, ready for a round', async () => {
    const { errors } = await open('pages/verify/');
    return errors;
  });
  await check('no-dealer table: three seats in workers deal a hand, and the spectator\'s verifier agrees', async () => {
    const { page, errors } = await open('pages/trustless/?seats=3');
    await page.getByRole('button', { name: 'Play a hand' }).click();
    await page.waitForSelector('#spectator[data-verdict]', { timeout: 60_000 });
    const verdict = await page.locator('#spectator').getAttribute('data-verdict');
    if (verdict !== 'ok') errors.push(`the spectator's verdict: ${verdict}: ${await page.locator('#status').textContent()}`);
    return errors;
  });
} finally {
  await browser.close();
  process.kill(-cli.pid, 'SIGINT');  // Ctrl-C, as a user stops it
}
console.log(`pages: ${checks - failures.length} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
