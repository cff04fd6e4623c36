// The visualiser's "Your shuffle" panel, on the production build: a log whose tokens are HTML
// renders them as text (nothing executes, no element is made), a pasted biased shuffle runs in the
// sandboxed frame and gets its verdict and cause, code cannot reach the page, a link carrying code
// does not run it, and the sandbox page's CSP hash matches its script.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { testShuffle } from 'fairdeck/fairness';
import { errorsOf, root, usePages } from './browser.js';

const env = usePages();

async function open(hash = ''): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage({ viewport: { width: 1000, height: 900 } });
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}visualiser/${hash}`);
  await page.waitForSelector('body[data-ready]');
  return { page, errors };
}
const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

it('renders a log whose tokens are HTML as text: no element made, nothing run', async () => {
  const { page, errors } = await open();
  // No " or \\ in them: the log reader (fairdeck-audit's) takes JSON strings without escapes.
  const tokens = ['<img src=x onerror=window.__pwned=1>', '<b id=bold>b</b>', "'><script>window.__pwned=2</script>"];
  // Biased on purpose (two of the six orders only), so the report names cells and tokens.
  const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify(i % 2 ? tokens : [tokens[2], tokens[0], tokens[1]]));
  await page.setInputFiles('#own-log', { name: 'evil.log', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) });
  await page.click('#own-run');
  await page.waitForSelector('#own-verdict', { timeout: 60_000 });
  expect(await page.getAttribute('#own-verdict', 'data-verdict')).toBe('biased');
  const text = await page.textContent('#own-results');
  expect(text).toContain('<img src=x onerror=window.__pwned=1>');
  expect(await page.locator('#own-results img, #own-results b, #own-results script, #bold').count()).toBe(0);
  // An error message carrying a token is text too.
  const bad = [JSON.stringify(tokens), JSON.stringify(tokens), JSON.stringify([tokens[0], tokens[1], '<img src=y onerror=window.__pwned=3>'])];
  await page.setInputFiles('#own-log', { name: 'bad.log', mimeType: 'text/plain', buffer: Buffer.from(bad.join('\n')) });
  await page.click('#own-run');
  await expect.poll(() => page.textContent('#own-status'), { timeout: 30_000 }).toContain('line 3: unknown token "<img src=y onerror=window.__pwned=3>" at position 2');
  expect(await page.locator('#own-status img').count()).toBe(0);
  await page.waitForTimeout(300);
  expect(await pwned(page)).toBeUndefined();
  expect(errors).toEqual([]);
});

it('runs a pasted biased shuffle in the sandbox, shows the verdict and cause, and the code cannot reach the page', async () => {
  const { page, errors } = await open();
  const code = `(a) => {
    try { parent.document.body.dataset.pwned = 'yes'; } catch (e) {}
    try { top.__pwned = 'yes'; } catch (e) {}
    for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * i); [a[i], a[j]] = [a[j], a[i]]; }
  }`;
  await page.fill('#own-code', code);
  await page.fill('#own-n', '6');
  await page.fill('#own-trials', '20000');
  await page.click('#own-run');
  expect(await page.getAttribute('iframe[title^="sandbox"]', 'sandbox')).toBe('allow-scripts');
  await page.waitForSelector('#own-verdict', { timeout: 60_000 });
  expect(await page.getAttribute('#own-verdict', 'data-verdict')).toBe('biased');
  expect(await page.textContent('#own-results .causes')).toContain("Sattolo's j < i");
  expect(await page.locator('#own-results canvas').count()).toBe(3);  // orders, positions, neighbours
  expect(await page.getAttribute('body', 'data-pwned')).toBeNull();
  expect(await pwned(page)).toBeUndefined();
  expect(await page.locator('iframe').count()).toBe(0);  // the frame is gone after the run
  // A fair shuffle passes; a thrown error comes back as text.
  await page.fill('#own-code', '(a) => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; } }');
  await page.click('#own-run');
  await expect.poll(() => page.getAttribute('#own-verdict', 'data-verdict'), { timeout: 60_000 }).toBe('no-evidence-of-bias');
  await page.fill('#own-code', '() => { throw new Error("<i>boom</i>"); }');
  await page.click('#own-run');
  await expect.poll(() => page.textContent('#own-status'), { timeout: 30_000 }).toContain('trial 1: the shuffle threw <i>boom</i>');
  expect(await page.locator('#own-status i').count()).toBe(0);
  expect(errors).toEqual([]);
});

it('fills code from a link but does not run it without a click', async () => {
  const code = '(a) => { top.__pwned = 1; return a; }';
  const { page, errors } = await open(`#code=${encodeURIComponent(code)}`);
  expect(await page.inputValue('#own-code')).toBe(code);
  expect(await page.textContent('#own-status')).toContain('only when you press Run');
  await page.waitForTimeout(500);
  expect(await page.locator('iframe').count()).toBe(0);
  expect(await page.getAttribute('#own-progress', 'data-state')).toBe('idle');
  expect(errors).toEqual([]);
});

it("the sandbox page's CSP allows exactly its own script (hash) plus eval, nothing else", () => {
  const html = readFileSync(join(root, 'public/sandbox/shuffle-sandbox.html'), 'utf8');
  const script = /<script>([\s\S]*)<\/script>/.exec(html)![1];
  const hash = createHash('sha256').update(script).digest('base64');
  expect(html).toContain(`content="default-src 'none'; script-src 'sha256-${hash}' 'unsafe-eval'; worker-src blob:"`);
});

it("the visualiser's own CSP is strict: no inline script, no eval", () => {
  const html = readFileSync(join(root, 'web/visualiser/index.html'), 'utf8');
  const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1];
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
  expect(csp).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  expect(html).not.toMatch(/\son[a-z]+="/);  // no inline event handlers
});

it('names a pasted sort(() => random() − 0.5) at n = 8 as sort-random in Chromium, not as a riffle', async () => {
  // Chromium's sort of a packed [0, …, 7] reaches 20,5xx of the 8! orders; the model once sorted a
  // holey array (new Array(n), filled), which Chromium's V8 sorts by another path, and a single
  // riffle (0.64) was named. Seeded (sfc32 in the pasted code); at 403,200 shuffles the bias is
  // far past α = 10⁻⁶ (p < 10⁻³⁰⁰) and the sort model correlates 1.00 against the riffle's 0.64.
  const { page, errors } = await open();
  await page.fill('#own-code', `(() => {
    let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = 8;
    const next = () => { const t = (((a + b) | 0) + d) | 0; d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0; return (t >>> 0) / 4294967296; };
    return (x) => x.sort(() => next() - 0.5);
  })()`);
  await page.fill('#own-n', '8');
  await page.fill('#own-trials', '403200');
  await page.click('#own-run');
  await page.waitForSelector('#own-verdict', { timeout: 90_000 });
  expect(await page.getAttribute('#own-verdict', 'data-verdict')).toBe('biased');
  const causes = await page.textContent('#own-results .causes');
  expect(causes).toMatch(/the pattern of array\.sort\(\(\) => random\(\) − 0\.5\).*correlate 1\.00/);
  expect(causes).not.toMatch(/riffle shuffle/);
  expect(errors).toEqual([]);
});

it("reads a log as fairdeck-audit does: its line numbers, and an items field as --items", async () => {
  // The same logs and words as tests/unit/audit-cli.test.ts asserts for the CLI (and testLog):
  // every line counts, comments and blank lines too. The page's old reader said "order 2" here.
  const { page, errors } = await open();
  const drop = async (name: string, text: string) => {
    await page.setInputFiles('#own-log', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.click('#own-run');
  };
  await drop('short.log', '0,1,2\n# a comment\n\n2,1\n');
  await expect.poll(() => page.textContent('#own-status'), { timeout: 30_000 }).toBe('line 4: has 2 items, the first order had 3');
  await page.fill('#own-items', '0 1 2');
  await drop('unknown.log', '# shuffles of 0 1 2\n\n0 1 2\n2 1 3\n');
  await expect.poll(() => page.textContent('#own-status'), { timeout: 30_000 }).toBe('line 4: unknown token "3" at position 2 (not one of the 3 items)');
  // Items given: the report takes their order and says nothing was assumed; left empty, it says so.
  const letters = Array.from({ length: 600 }, (_, i) => ['c a d b', 'a c b d', 'd b a c', 'b d c a'][i % 4]).join('\n');
  await page.fill('#own-items', 'c, a d  b');
  await drop('letters.log', letters);
  await page.waitForSelector('#own-verdict', { timeout: 30_000 });
  expect(await page.textContent('#own-results')).not.toContain('Starting order assumed');
  await page.fill('#own-items', '');
  await page.click('#own-run');
  await expect.poll(() => page.textContent('#own-results'), { timeout: 30_000 }).toContain('Starting order assumed: "a" "b" "c" "d"');
  await page.fill('#own-items', 'a b a');
  await page.click('#own-run');
  await expect.poll(() => page.textContent('#own-status'), { timeout: 30_000 }).toBe('items lists "a" twice; items must be distinct');
  expect(errors).toEqual([]);
});

it('checks every result of the code, whether it came in bulk (numbers) or as rows (anything else)', async () => {
  // Results of n numbers travel in one Float64Array per batch; the first other result switches the
  // run to rows of plain values. Order 3001 is the first string result: the batch of numbers before
  // it must have been counted, in order, and the row be checked like any order.
  const { page, errors } = await open();
  await page.fill('#own-code', `(() => { let t = 0; return (a) => {
    for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; }
    return ++t > 3000 ? a.map(String) : a;
  }; })()`);
  await page.fill('#own-n', '8');
  await page.fill('#own-trials', '20000');
  await page.click('#own-run');
  await expect.poll(() => page.textContent('#own-status'), { timeout: 60_000 }).toMatch(/^order 3001: /);
  expect(await page.locator('iframe').count()).toBe(0);
  expect(errors).toEqual([]);
});

it("runs a plain Fisher–Yates in the panel within a few times testShuffle's speed in Node", async () => {
  // Issue 61 asks for the panel within 5× of Node. Measured on the 2-core machine (n = 8, 2,000,000
  // shuffles): Node 7.0 M/s, the panel 2.2–2.4 M/s (2.9–3.2×); before, with a batch of 2,000 small
  // arrays cloned twice per message and a generator's yield per order, 150 K/s (47×). Timing on a
  // shared machine is noisy, so the bound is 15×: three times the target, a third of the old ratio.
  // The shuffle draws from Math.random in both (test code, not the package's); the verdict is not tested.
  const fy = (a: number[]) => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); const t = a[i]; a[i] = a[j]; a[j] = t; } };
  const trials = 2_000_000;
  await testShuffle(fy, { n: 8, trials: 200_000 });  // warm-up
  const node = (await testShuffle(fy, { n: 8, trials })).trialsPerSecond;
  const { page, errors } = await open();
  await page.fill('#own-code', fy.toString());
  await page.fill('#own-n', '8');
  await page.fill('#own-trials', String(trials));
  await page.click('#own-run');
  await page.waitForSelector('#own-verdict', { timeout: 120_000 });
  const label = (await page.textContent('#own-progress-label'))!;
  const rate = Number(/, ([\d,]+)\/s$/.exec(label)![1].replaceAll(',', ''));
  console.log(`own-shuffle speed, n = 8, ${trials} shuffles: Node ${Math.round(node)}/s, the page ${rate}/s (${(node / rate).toFixed(1)}×)`);
  expect(node / rate).toBeLessThan(15);
  expect(errors).toEqual([]);
});
