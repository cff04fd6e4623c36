/**
 * axe-core (4.x, a devDependency) on every page of the site, in light and in dark
 * (prefers-color-scheme emulated), against the production build: any violation fails the test,
 * listed with its rule id, impact and the elements it found.
 *
 * axe is injected with page.evaluate of its source, not addScriptTag: evaluation goes through the
 * DevTools protocol, which a page's Content-Security-Policy does not govern (an inline <script>
 * would need bypassCSP or 'unsafe-inline'), so the check keeps working on a page with a strict
 * CSP — tried on a page whose CSP is `script-src 'none'`, the last test below.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { errorsOf, usePages } from './browser.js';

const env = usePages();
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Each page of the site, in the state a visitor sees after it loaded (and, for the table, after a deal). */
const PAGES: { name: string; path: string; ready: string; then?: (page: Page) => Promise<void> }[] = [
  // The home page is a meta refresh to the table: checked where it lands.
  { name: 'home', path: '', ready: 'body[data-ready=true]' },
  { name: 'demo', path: 'demo/', ready: 'body[data-ready=true]', then: dealOne },
  { name: 'demo, Hold\'em table', path: 'demo/?game=holdem&seats=6&seed=1', ready: 'body[data-ready=true]' },
  { name: 'visualiser', path: 'visualiser/', ready: 'body[data-ready]' },
  { name: 'faces', path: 'faces/', ready: 'body[data-ready]' },
  { name: 'verify', path: 'verify/', ready: 'body[data-ready=true]' },
  { name: 'no-dealer table, after a hand', path: 'trustless/?seats=3', ready: 'body[data-ready=true]', then: playHand },
];

/** Plays a hand at the no-dealer table: every seat's screen filled, the spectator's verdict drawn. */
async function playHand(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play a hand' }).click();
  await page.waitForSelector('#spectator[data-verdict]', { timeout: 60_000 });
}

/** Deals a card: the table, the step log and the list of cards on the table after a deal. */
async function dealOne(page: Page): Promise<void> {
  const lines = await page.locator('#log li').count();
  await page.getByRole('button', { name: /^Deal one/ }).first().click();
  await page.locator('#log li').nth(lines).waitFor();
  await page.waitForSelector('#table[data-idle=true]', { state: 'attached' });
}

interface Violation { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

/** Injects axe (once per document) and runs it on the whole page; returns the violations. */
async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } }).axe.run;
    const { violations } = await run(document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact: impact ?? null, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
  });
}

/** One line per violation: rule, impact, what it asks, and each element it found. */
const describeViolations = (vs: Violation[]) =>
  vs.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)}: ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('\n')}`).join('\n');

for (const scheme of ['light', 'dark'] as const) {
  describe(`axe-core, ${scheme}`, () => {
    for (const p of PAGES) {
      it(`${p.name} has no violations`, async () => {
        const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: scheme, reducedMotion: 'reduce' });
        const errors = errorsOf(page);
        try {
          await page.goto(`${env.server.url}${p.path}`);
          await page.waitForSelector(p.ready);
          expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
          await p.then?.(page);
          const violations = await axe(page);
          expect(violations.length, `axe-core found on ${p.name} (${scheme}):\n${describeViolations(violations)}`).toBe(0);
          expect(errors).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  });
}

it('the step log is a log region (read as lines are added) holding a list, and keeps its last line in view', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  try {
    await page.goto(`${env.server.url}demo/`);
    await page.waitForSelector('body[data-ready=true]');
    const log = page.getByRole('log', { name: 'Step log' });
    for (let i = 0; i < 20; i++) await dealOne(page);
    expect(await log.getByRole('list').getByRole('listitem').count()).toBe(21); // 'Open a new deck' + 20 deals
    const view = await log.evaluate((el) => ({ overflow: getComputedStyle(el).overflowY, gap: el.scrollHeight - el.clientHeight - el.scrollTop, scrolls: el.scrollHeight > el.clientHeight }));
    expect(view).toEqual({ overflow: 'auto', gap: 0, scrolls: true });
  } finally {
    await page.close();
  }
});

it('injects axe under a strict CSP, and reports a violation it is shown (negative control)', async () => {
  const page = await env.browser.newPage();
  try {
    await page.setContent(`<!doctype html><html lang="en"><head><title>control</title>
      <meta http-equiv="Content-Security-Policy" content="script-src 'none'"></head>
      <body><main><h1>control</h1><ol role="log" aria-label="Step log"><li>one</li></ol><img src="data:,"></main></body></html>`);
    const ids = (await axe(page)).map((v) => v.id).sort();
    // The step log's old markup (a list with role="log") and an image with no alt text.
    expect(ids).toEqual(['aria-allowed-role', 'image-alt', 'listitem']);
  } finally {
    await page.close();
  }
});
