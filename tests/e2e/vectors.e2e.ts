import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { errorsOf, useRoot } from './browser.js';

const env = useRoot();

it('deals the golden vectors in Chromium with the built package, as natively and in Node', async () => {
  const page = await env.browser.newPage();
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}tests/e2e/vectors.html`);
  const result = await page.waitForFunction(() => (window as { result?: unknown }).result, undefined, { timeout: 30_000 });
  const { checked, mismatches } = (await result.jsonValue()) as { checked: number; mismatches: string[] };
  expect(mismatches).toEqual([]);
  expect(checked).toBeGreaterThanOrEqual(35);
  expect(errors).toEqual([]);
});

it('deals and verifies the provable vectors in Chromium exactly as in Node', async () => {
  const { provableVectors, roundsOf, versionOf } = await import('../unit/provable-vectors.js');
  const { verifyRound } = await import('../../web/src/verify/index.js');
  const page = await env.browser.newPage();
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}tests/e2e/vectors.html`);
  const result = await page.waitForFunction(() => (window as { provableResult?: unknown }).provableResult, undefined, { timeout: 30_000 });
  const { checked, mismatches, orders } = (await result.jsonValue()) as { checked: number; mismatches: string[]; orders: string[][] };
  expect(mismatches).toEqual([]);
  expect(checked).toBe(provableVectors.vectors.length);
  const node: string[][] = [];
  for (const v of provableVectors.vectors) {
    for (const r of roundsOf(v)) {
      node.push((await verifyRound({ commitment: v.commitment, serverSeed: v.serverSeed, clientSeed: v.clientSeed, version: versionOf(v),
        deck: v.deck, ...r })).order);
    }
  }
  expect(orders).toEqual(node);
  expect(errors).toEqual([]);
});

it('deals and verifies the whole-hand vectors in Chromium, the shoe\'s copy of a returned code included', async () => {
  const file = JSON.parse(readFileSync(new URL('../vectors/provable-hands.json', import.meta.url), 'utf8')) as { vectors: unknown[] };
  const page = await env.browser.newPage();
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}tests/e2e/hands.html`);
  const result = await page.waitForFunction(() => (window as { handsResult?: unknown }).handsResult, undefined, { timeout: 30_000 });
  const { checked, mismatches } = (await result.jsonValue()) as { checked: number; mismatches: string[] };
  expect(mismatches).toEqual([]);
  expect(checked).toBe(file.vectors.length);
  expect(errors).toEqual([]);
});
