/**
 * fairdeck/faces on an OffscreenCanvasRenderingContext2D inside a module worker, with the built
 * package (dist/): the worker's cards match the page's, pixel for pixel within rounding.
 */
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { errorsOf, launch, root, serveRoot } from './browser.js';

let browser: Browser;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/faces/index.js'))) await promisify(execFile)('bash', [join(root, 'scripts/build-package.sh')]);
  [browser, server] = await Promise.all([launch(), serveRoot()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('draws on an OffscreenCanvas in a worker exactly as on the page', async () => {
  const page = await browser.newPage();
  const errors = errorsOf(page);
  await page.goto(`${server.url}tests/e2e/faces-worker.html`);
  const handle = await page.waitForFunction(() => (window as { result?: unknown }).result, undefined, { timeout: 30_000 });
  const { results, control, error } = (await handle.jsonValue()) as {
    results: { code: string; differ: number; inked: number }[];
    control: number;
    error: string | null;
  };
  expect(error).toBeNull();
  expect(results.map((r) => r.code)).toEqual(['AS', 'UE', 'X2']);
  for (const r of results) {
    expect(r.inked).toBeGreaterThan(100 * 140 * 0.9); // the card covers its box but the rounded corners
    expect(r.differ).toBeLessThanOrEqual(20);
  }
  expect(control).toBeGreaterThan(20); // two different cards do differ by this measure
  expect(errors).toEqual([]);
  await page.close();
});
