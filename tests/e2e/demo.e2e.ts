/**
 * The demo page (web/demo) in Chromium, against the production build: dealing, the empty deck,
 * seeded links, styles, shortcuts, the classic script, hi-DPI sizing, and a saved screenshot.
 * Most tests ask for reduced motion, which the page honours by skipping every animation.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Deck, init } from '../../web/src/index.js';
import { errorsOf, root, usePages } from './browser.js';

const env = usePages(init);

const FRENCH = /^(Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of (Clubs|Diamonds|Hearts|Spades)$/;
const GERMAN = /^(Eichel|Grün|Herz|Schellen) (7|8|9|10|Unter|Ober|König|Ass)$/;

/** Opens the demo with `query`; returns the page and its console errors. */
async function open(query = '', options: { motion?: boolean; dpr?: number } = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: options.dpr ?? 1,
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
  });
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}demo/${query}`);
  await page.waitForSelector('body[data-ready=true]');
  await idle(page);
  return { page, errors };
}

const idle = (page: Page) => page.waitForSelector('#table[data-idle=true]', { state: 'attached' });
const announced = (page: Page) => page.locator('#announce').textContent();
const onTable = (page: Page) => page.locator('#on-table li').allTextContents().then((t) => t.map((s) => s.trim()));
const counts = async (page: Page) => ({
  remaining: Number(await page.locator('#remaining').textContent()),
  returned: Number(await page.locator('#returned').textContent()),
  dealt: Number(await page.locator('#dealt').textContent()),
});

/** A hash of the canvas's pixels. */
function pixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('#table')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let h = 0x811c9dc5;
    for (let i = 0; i < data.length; i += 7) h = Math.imul(h ^ data[i], 0x01000193);
    return h >>> 0;
  });
}

it('loads with no console errors, says the deck is secure, and Deal one flies a card onto the table', async () => {
  const { page, errors } = await open('', { motion: true });
  await expect.poll(() => page.locator('#security').textContent()).toMatch(/Secure, unseeded deck: ChaCha20/);
  expect(await page.getByRole('img', { name: /Card table: 0 cards on the table/ }).count()).toBe(1);
  const before = await pixels(page);
  await page.getByRole('button', { name: 'Deal one' }).click();
  await idle(page);
  expect(await pixels(page)).not.toBe(before);
  const [name] = await onTable(page);
  expect(name).toMatch(FRENCH);
  expect(await announced(page)).toBe(`Dealt ${name}.`);
  expect(await page.locator('#announce').getAttribute('aria-live')).toBe('polite');
  expect(await counts(page)).toEqual({ remaining: 51, returned: 0, dealt: 1 });
  expect(await page.locator('a[href="../visualiser/"]').count()).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await page.close();
});

it('deals 52 cards, all different, then says the deck is empty', async () => {
  const { page, errors } = await open();
  const deal = page.getByRole('button', { name: 'Deal one' });
  for (let i = 0; i < 52; i++) await deal.click();
  const names = await onTable(page);
  expect(new Set(names).size).toBe(52);
  expect(await counts(page)).toEqual({ remaining: 0, returned: 0, dealt: 52 });
  expect(await announced(page)).toMatch(/The deck is empty/);
  expect(await deal.isDisabled()).toBe(true);
  await page.keyboard.press('d');
  expect(await announced(page)).toMatch(/^The deck is empty: shuffle/);
  expect(errors).toEqual([]);
  await page.close();
});

it('replays the same first five cards from a seeded link, as new Deck({ seed }) deals them', async () => {
  const hands: string[][] = [];
  for (let load = 0; load < 2; load++) {
    const { page, errors } = await open('?seed=42&strategy=lazy');
    await expect.poll(() => page.locator('#security').textContent()).toMatch(/Seeded deck \(seed “42”/);
    await page.getByRole('button', { name: 'Deal a hand (5)' }).click();
    hands.push(await onTable(page));
    expect(errors).toEqual([]);
    await page.close();
  }
  const deck = new Deck({ seed: 42, strategy: 'lazy' });
  expect(hands[0]).toEqual(deck.deal(5).map((c) => c.name));
  expect(hands[1]).toEqual(hands[0]);
  deck.dispose();
  const { page } = await open();
  await page.keyboard.press('h');
  expect(await onTable(page)).not.toEqual(hands[0]); // unseeded: a fresh secure key each load
  await page.close();
});

it('reads a 16-digit seed link as the integer seed, as every page and the CLI do (parseSeed)', async () => {
  const { page, errors } = await open('?seed=1234567890123456');
  await page.getByRole('button', { name: 'Deal a hand (5)' }).click();
  const deck = new Deck({ seed: 1234567890123456 });
  expect(await onTable(page)).toEqual(deck.deal(5).map((c) => c.name));
  deck.dispose();
  expect(errors).toEqual([]);
  await page.close();
});

it('switches to the German style, redraws the table and keeps the options in the URL', async () => {
  const { page, errors } = await open('?seed=1');
  await page.keyboard.press('d');
  const french = await pixels(page);
  await page.getByText('German (Skat)').click();
  await idle(page);
  await expect.poll(() => page.url()).toContain('style=german');
  await expect.poll(() => page.url()).toContain('seed=1');
  await page.keyboard.press('d');
  expect(await pixels(page)).not.toBe(french);
  expect((await onTable(page))[0]).toMatch(GERMAN);
  expect(await counts(page)).toEqual({ remaining: 31, returned: 0, dealt: 1 });
  await page.getByLabel('Engine').selectOption('xoshiro256');
  await expect.poll(() => page.url()).toContain('rng=xoshiro256');
  expect(await page.locator('#fair').textContent()).toMatch(/xoshiro256\*\*/);
  expect(errors).toEqual([]);
  await page.close();
});

it('runs the main actions from the keyboard, including selecting and returning cards', async () => {
  const { page, errors } = await open('?seed=5');
  await page.keyboard.press('h');
  await page.keyboard.press('d');
  expect(await counts(page)).toEqual({ remaining: 46, returned: 0, dealt: 6 });
  await page.locator('#on-table input').nth(2).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('r');
  expect(await counts(page)).toEqual({ remaining: 47, returned: 1, dealt: 5 });
  expect(await announced(page)).toMatch(/^Returned 1 card to the return pile: /);
  await page.locator('#on-table input').first().check();
  await page.keyboard.press('Escape');
  expect(await page.locator('#on-table input:checked').count()).toBe(0);
  await page.keyboard.press('a');
  expect(await counts(page)).toEqual({ remaining: 0, returned: 0, dealt: 52 });
  // Reduced motion: 47 cards land at once, on the next frame (with motion they take well over a
  // second to fly in); 900 ms leaves a loaded CI machine room for that one frame.
  await page.waitForSelector('#table[data-idle=true]', { state: 'attached', timeout: 900 });
  await page.keyboard.press('s');
  expect(await counts(page)).toEqual({ remaining: 52, returned: 0, dealt: 0 });
  await page.getByLabel('Seed', { exact: true }).fill('7');
  await page.keyboard.press('d'); // typing in a field is not a shortcut
  expect(await counts(page)).toEqual({ remaining: 52, returned: 0, dealt: 0 });
  await page.keyboard.press('Enter');
  await expect.poll(() => page.url()).toContain('seed=7d');
  expect(errors).toEqual([]);
  await page.close();
});

it('plays the classic demo script step by step into the log', async () => {
  const { page, errors } = await open('?seed=3');
  await page.getByRole('button', { name: 'Play the classic demo' }).click();
  await page.locator('#log li', { hasText: 'Demo finished' }).waitFor({ timeout: 15_000 });
  const steps = await page.locator('#log li[data-step] strong').allTextContents();
  expect(steps).toEqual([
    '1. Open a new deck', '2. Shuffle', '3. Deal all', '4. Shuffle', '5. Deal part', '6. Shuffle twice', '7. Deal all', '8. Discard',
  ]);
  expect(await counts(page)).toEqual({ remaining: 52, returned: 52, dealt: 0 });
  expect(errors).toEqual([]);
  await page.close();
});

it('keeps the canvas at device-pixel resolution, through a resize, and saves a screenshot of a dealt hand', async () => {
  const { page, errors } = await open('?seed=42', { dpr: 2 });
  const size = () => page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('#table')!;
    return { ratio: c.width / c.clientWidth, css: c.clientWidth };
  });
  expect((await size()).ratio).toBeCloseTo(2, 2);
  await page.setViewportSize({ width: 1000, height: 760 });
  await expect.poll(async () => (await size()).css).toBeLessThan(800);
  expect((await size()).ratio).toBeCloseTo(2, 2);
  await page.keyboard.press('h');
  await page.locator('#on-table input').nth(1).check();
  await idle(page);
  const dir = join(root, 'test-results');
  await mkdir(dir, { recursive: true });
  const shot = await page.screenshot({ path: join(dir, 'demo-hand.png') });
  const colours = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, img.width, img.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < d.length; i += 4) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  }, shot.toString('base64'));
  expect(colours).toBeGreaterThan(1000);
  expect(errors).toEqual([]);
  await page.close();
});

it('keeps each header link on one line on a 390-px phone', async () => {
  const { page } = await open();
  await page.setViewportSize({ width: 390, height: 844 });
  // A pill that wraps is about two line-heights tall; one line of 0.95rem text plus its padding is
  // well under 1.6 of them.
  const lines = await page.locator('.nav-link').evaluateAll((links) =>
    links.map((a) => {
      const style = getComputedStyle(a);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.25;
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + 2;
      return { text: a.textContent, lines: (a.getBoundingClientRect().height - padding) / line };
    }));
  expect(lines.length).toBeGreaterThan(0);
  for (const l of lines) expect(l.lines, l.text ?? '').toBeLessThan(1.6);
  await page.close();
});
