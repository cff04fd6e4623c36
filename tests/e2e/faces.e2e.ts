/**
 * fairdeck/faces in Chromium, against the production build of the gallery (web/faces): golden
 * contact sheets per style with their control, the gallery's contents, canvas against SVG for
 * every card, hi-DPI backing stores and sizes from 40 to 600 px, and the keyboard.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { compareWithReference, diffWithReference, MAX_DIFF } from '../faces/golden.js';
import { errorsOf, usePages } from './browser.js';

const env = usePages();

async function open(query: string, dpr = 1): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: dpr });
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}faces/${query}`);
  await page.waitForSelector('body[data-ready]');
  return { page, errors };
}

/** The contact sheet of `style` (optionally with one card swapped) as PNG bytes. */
async function sheet(style: string, swap = ''): Promise<Buffer> {
  const { page, errors } = await open(`?sheet=${style}${swap ? `&swap=${swap}` : ''}`);
  const url = await page.locator('#contact-sheet').evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  expect(errors).toEqual([]);
  await page.close();
  return Buffer.from(url.split(',')[1], 'base64');
}

describe.each(['french', 'german'])('%s contact sheet in Chromium', (style) => {
  it('matches the reference', async () => {
    expect(compareWithReference(await sheet(style), `${style}.chromium`)).toBeLessThanOrEqual(MAX_DIFF);
  });
  it('control: a changed face (the 7 of hearts drawn as another 7) fails', async () => {
    expect(diffWithReference(await sheet(style, style === 'french' ? '7H,7D' : '7H,7S'), `${style}.chromium`)).toBeGreaterThan(MAX_DIFF);
  });
});

/**
 * Pixels of each gallery card whose canvas and SVG <img> differ by more than 64 in some channel
 * (after drawing the decoded <img> on a canvas of the same backing size).
 */
function surfaceDiffs(page: Page): Promise<{ label: string; diff: number; total: number }[]> {
  return page.evaluate(async () => {
    const out: { label: string; diff: number; total: number }[] = [];
    for (const fig of document.querySelectorAll('figure')) {
      const canvas = fig.querySelector('canvas')!;
      const img = fig.querySelector('img')!;
      await img.decode();
      const copy = new OffscreenCanvas(canvas.width, canvas.height);
      copy.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height);
      const a = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const b = copy.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let diff = 0;
      for (let i = 0; i < a.length; i += 4) {
        if (Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]), Math.abs(a[i + 3] - b[i + 3])) > 64) diff++;
      }
      out.push({ label: img.alt, diff, total: a.length / 4 });
    }
    return out;
  });
}

describe('the gallery', () => {
  it('shows every card of both styles, the jokers and the backs, on canvas and as SVG, at two sizes', async () => {
    const { page, errors } = await open('');
    expect(await page.locator('figure').count()).toBe(52 + 32 + 2 + 2);
    expect(await page.locator('figure canvas[role=img][aria-label]').count()).toBe(88 * 2);
    expect(await page.locator('figure img[alt]').count()).toBe(88 * 2);
    expect(await page.getByRole('img', { name: 'Ace of Spades (canvas, 150 px)' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Schellen Ass (SVG, 48 px)' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: /^Back: oxblood/ }).count()).toBe(4);
    expect(await page.locator('a[href="../demo/"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws the same picture on canvas and as SVG for every card (Chromium renders both)', async () => {
    const { page } = await open('');
    const diffs = await surfaceDiffs(page);
    expect(diffs).toHaveLength(88);
    // 1% of a 150 × 210 card: rounding where the two rasterisers anti-alias differently.
    const worst = Math.max(...diffs.map((d) => d.diff / d.total));
    console.log(`canvas vs SVG in Chromium: worst ${(worst * 100).toFixed(2)}% of pixels`);
    expect(diffs.filter((d) => d.diff > d.total / 100)).toEqual([]);
    // Control: the same comparison between two different cards is far above the tolerance.
    const control = await page.evaluate(async () => {
      const figs = [...document.querySelectorAll('figure')];
      const canvas = figs[0].querySelector('canvas')!;
      const copy = new OffscreenCanvas(canvas.width, canvas.height);
      const img = figs[1].querySelector('img')!;
      await img.decode();
      copy.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height);
      const a = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const b = copy.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let diff = 0;
      for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) > 64 || Math.abs(a[i + 1] - b[i + 1]) > 64) diff++;
      return diff / (a.length / 4);
    });
    expect(control).toBeGreaterThan(1 / 100);
    await page.close();
  });

  it('draws at device resolution at devicePixelRatio 2, from 40 to 600 px wide, crisp', async () => {
    const { page, errors } = await open('', 2);
    const backing = () => page.locator('figure canvas').first().evaluate((c: HTMLCanvasElement) => ({
      ratio: c.width / c.getBoundingClientRect().width,
      css: c.getBoundingClientRect().width,
    }));
    expect(await backing()).toEqual({ ratio: 2, css: 150 });
    await page.locator('#show').selectOption('extras');
    for (const width of [40, 600]) {
      await page.locator('#large').fill(String(width));
      await page.locator('#large').dispatchEvent('change');
      await expect.poll(backing).toEqual({ ratio: 2, css: width });
    }
    // Crisp: the 600 px card's edges are hard (few in-between pixels across the card's left rim).
    const ramp = await page.locator('figure canvas').first().evaluate((c: HTMLCanvasElement) => {
      const row = c.getContext('2d')!.getImageData(0, c.height >> 1, 40, 1).data;
      let partial = 0;
      for (let i = 3; i < row.length; i += 4) if (row[i] > 10 && row[i] < 245) partial++;
      return partial;
    });
    expect(ramp).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works from the keyboard: skip link, then the settings', async () => {
    const { page } = await open('');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the cards');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('show');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('large');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('#large-value').textContent()).toBe('152 px');
    await page.close();
  });
});
