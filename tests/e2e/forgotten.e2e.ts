// Issue 38 in Chromium: a deck per hand, never disposed, yielding every 1,000 hands, with the
// built package. The WASM heap holds at most LIVE_CORE_DECKS core decks (web/src/deck.ts), so
// after the first few thousand hands its memory must not grow at all (it never shrinks: any
// growth would be for good), and the allocated bytes stay under the budget's.
import { expect, it } from 'vitest';
import { errorsOf, useRoot } from './browser.js';

const env = useRoot();

it('a deck per hand, never disposed, 100,000 hands: the WASM memory stops growing', async () => {
  const page = await env.browser.newPage();
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}tests/e2e/forgotten.html?hands=100000`);
  const result = await page.waitForFunction(() => (window as { result?: unknown }).result, undefined, { timeout: 110_000, polling: 500 });
  const { marks, error } = (await result.jsonValue()) as { marks: { used: number; memory: number }[]; error?: string };
  expect(error).toBeUndefined();
  expect(marks).toHaveLength(100);
  // From 20,000 hands on (the budget's 4,096 decks long reached) the memory is what it will be.
  expect(marks[99].memory).toBe(marks[19].memory);
  expect(Math.max(...marks.map((m) => m.used))).toBeLessThan(16 * 2 ** 20);
  expect(errors).toEqual([]);
});
