import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { errorsOf, launch, servePages } from './browser.js';

let browser: Browser;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), servePages()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('serves a demo page that deals cards with no console errors', async () => {
  const page = await browser.newPage();
  const errors = errorsOf(page);
  await page.goto(`${server.url}demo/`);
  await page.getByRole('button', { name: 'Deal one' }).click();
  await expect.poll(() => page.locator('#cards li').count()).toBe(1);
  expect(await page.locator('#cards li').first().textContent()).toMatch(/ of (Clubs|Diamonds|Hearts|Spades)$/);
  expect(errors).toEqual([]);
});
