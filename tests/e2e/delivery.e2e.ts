// How the module is delivered, in Chromium, with the built package (dist/): a strict CSP on the
// main thread and in a module worker, and the errors for a CSP block, a failed fetch and a
// browser without WebAssembly. Pages: delivery.html (+ delivery.js, -deal.js, -worker.js).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { errorsOf, launch, root } from './browser.js';
// @ts-expect-error: a plain ES module of the reach matrix, without types
import { serveDir } from '../reach/serve.mjs';

type Served = { url: string; close: () => Promise<void> };
const strict = "script-src 'self' 'wasm-unsafe-eval'";
const deals = JSON.parse(readFileSync(new URL('../vectors/deals.json', import.meta.url), 'utf8')) as
  { rng: string; strategy: string; style: string; decks: number; jokers: number; kind: string; seed: string; deals: number[][] }[];
const golden = deals.find((c) => c.rng === 'chacha20' && c.strategy === 'eager' && c.style === 'french' && c.decks === 1
  && c.jokers === 0 && c.kind === 'integer' && c.seed === '1')!.deals[0].slice(0, 5).join(',');

let browser: Browser;
let strictServer: Served;
let noWasmServer: Served;

beforeAll(async () => {
  [browser, strictServer, noWasmServer] = await Promise.all([
    launch(),
    serveDir(root, { csp: strict }) as Promise<Served>,
    serveDir(root, { csp: "script-src 'self'" }) as Promise<Served>, // the negative control: no 'wasm-unsafe-eval'
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([strictServer?.close(), noWasmServer?.close()]);
});

async function open(on: Browser, url: string): Promise<{ result: { ids?: string; error?: string }; errors: string[] }> {
  const page = await on.newPage();
  const errors = errorsOf(page);
  await page.goto(url);
  const handle = await page.waitForFunction(() => (window as { result?: unknown }).result, undefined, { timeout: 30_000 });
  const result = (await handle.jsonValue()) as { ids?: string; error?: string };
  await page.close();
  return { result, errors };
}

describe(`under Content-Security-Policy: ${strict}`, () => {
  it('deals the golden hand on the main thread with no console error', async () => {
    const { result, errors } = await open(browser, `${strictServer.url}tests/e2e/delivery.html`);
    expect(result).toEqual({ ids: golden });
    expect(errors).toEqual([]);
  });

  it('deals the golden hand in a module worker with no console error', async () => {
    const { result, errors } = await open(browser, `${strictServer.url}tests/e2e/delivery.html?worker`);
    expect(result).toEqual({ ids: golden });
    expect(errors).toEqual([]);
  });

  it('loads from a relative string resolved against the page, not the package', async () => {
    // From /tests/e2e/delivery.html, '../../dist/wasm/fairdeck.wasm' is /dist/wasm/fairdeck.wasm.
    const { result, errors } = await open(browser, `${strictServer.url}tests/e2e/delivery.html?wasm=../../dist/wasm/fairdeck.wasm`);
    expect(result).toEqual({ ids: golden });
    expect(errors).toEqual([]);
  });
});

describe("without 'wasm-unsafe-eval' (script-src 'self')", () => {
  for (const where of ['main thread', 'module worker']) {
    it(`the ${where} gets an error naming the missing directive`, async () => {
      const { result } = await open(browser, `${noWasmServer.url}tests/e2e/delivery.html${where === 'module worker' ? '?worker' : ''}`);
      expect(result.error).toMatch(/Content-Security-Policy does not allow compiling WebAssembly\. Add 'wasm-unsafe-eval' to script-src/);
    });
  }
});

describe('load errors in the browser', () => {
  it('a missing file: the URL (resolved against the page), the HTTP status, and how to use init({ wasm })', async () => {
    const { result } = await open(browser, `${strictServer.url}tests/e2e/delivery.html?wasm=missing/fairdeck.wasm`);
    const url = `${strictServer.url}tests/e2e/missing/fairdeck.wasm`;
    expect(result.error).toContain(`could not load its WebAssembly module from ${url}: HTTP 404`);
    expect(result.error).toMatch(/'fairdeck\/fairdeck\.wasm'.*init\(\{ wasm \}\)/);
  });

  it('a browser without WebAssembly (Chromium --jitless) is told so', async () => {
    const jitless = await launch(['--js-flags=--jitless']);
    try {
      const { result } = await open(jitless, `${strictServer.url}tests/e2e/delivery.html`);
      expect(result.error).toMatch(/needs WebAssembly, and this environment has none \(WebAssembly is undefined\)/);
    } finally {
      await jitless.close();
    }
  });
});
