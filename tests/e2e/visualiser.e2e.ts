// The fairness visualiser, on the production build: a 10^7-shuffle run with a live progress bar
// and verdicts, the same seeded counts with 1 and 2 workers, Stop, the time-vs-N chart (Fisher–
// Yates against remove-random by default), the WASM-vs-plain-JS comparison, export, a 390 px
// phone with no horizontal scroll, both colour schemes, the keyboard, and no console errors.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cpuSpeeds, describeCpus } from '../bench/cpus.mjs';
import { errorsOf, root, usePages } from './browser.js';

const env = usePages();

const state = (page: Page) => page.getAttribute('#progress', 'data-state');
const finished = (page: Page, timeout = 60_000, interval = 100) =>
  expect.poll(() => state(page), { timeout, interval }).not.toBe('running');

async function open(query: string, options: Parameters<Browser['newPage']>[0] = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage({ viewport: { width: 1000, height: 900 }, ...options });
  const errors = errorsOf(page);
  await page.goto(`${env.server.url}visualiser/${query}`);
  await page.waitForSelector('body[data-ready]');  // the page wires its controls after init()
  return { page, errors };
}

it('runs 10^7 shuffles of n = 3 in seconds with a live progress bar, then shows the verdicts', async () => {
  const { page, errors } = await open('?alg=fisher-yates,naive-swap&n=3&trials=10000000&rng=xoshiro256&seed=7', { colorScheme: 'dark' });
  const t0 = Date.now();
  await page.click('#run');
  const fractions: number[] = [];
  while ((await state(page)) === 'running') {
    fractions.push(await page.$eval('#progress', (p) => (p as HTMLProgressElement).value / (p as HTMLProgressElement).max));
    await page.waitForTimeout(50);
  }
  const seconds = (Date.now() - t0) / 1000;
  expect(await state(page)).toBe('done');
  expect(fractions.some((f) => f > 0 && f < 1)).toBe(true);  // the bar moved while running
  // Reported, not asserted: speed is shown by npm run bench, never by a timed test (the test's
  // own timeout is the only bound).
  console.log(`visualiser e2e: 2 × 2 × 10^7 shuffles of n = 3 took ${seconds.toFixed(1)} s`);
  const fair = page.locator('.card[data-algorithm=fisher-yates] [data-verdict]');
  const naive = page.locator('.card[data-algorithm=naive-swap] [data-verdict]');
  expect(await fair.evaluateAll((v) => v.map((e) => (e as HTMLElement).dataset.verdict))).toEqual(['no-evidence-of-bias', 'no-evidence-of-bias']);
  expect(await naive.evaluateAll((v) => v.map((e) => (e as HTMLElement).dataset.verdict))).toEqual(['biased', 'biased']);
  // The classic table: 10^7 shuffles put every share within ±0.01/27 of 4/27 or 5/27 (over 20 sd).
  const shares = await page.locator('.card[data-algorithm=naive-swap] table.counts tbody td:nth-child(4)').allTextContents();
  expect(shares.map((s) => Math.round(parseFloat(s)))).toEqual([4, 5, 5, 5, 4, 4]);
  shares.forEach((s) => expect(Math.abs(parseFloat(s) - Math.round(parseFloat(s)))).toBeLessThan(0.01));
  expect(new URL(page.url()).searchParams.get('alg')).toBe('fisher-yates,naive-swap');
  console.log(`visualiser: 2 × 2 × 10^7 shuffles of n = 3 in ${seconds.toFixed(1)} s, ${fractions.length} progress samples;`,
    (await page.locator('.card .rate').allTextContents()).join(', '), 'shuffles/s');
  await mkdir(join(root, 'test-results'), { recursive: true });
  await page.setViewportSize({ width: 1000, height: 1160 });
  await page.screenshot({ path: join(root, 'test-results', 'visualiser-desktop.png') });  // the README's picture comes from here
  expect(errors).toEqual([]);
});

it('stops a long run with the Stop button and keeps the page usable', async () => {
  const { page, errors } = await open('?alg=sort-random&n=8&trials=1000000000');
  await page.click('#run');
  await expect.poll(() => page.textContent('#progress-label')).toMatch(/ of 2,000,000,000 shuffles/);
  await page.click('#stop');
  await finished(page, 10_000);
  expect(await state(page)).toBe('stopped');
  expect(await page.isEnabled('#run')).toBe(true);
  expect(errors).toEqual([]);
});

it('charts Fisher–Yates against remove-random by default, with fitted slopes, and compares WASM with plain JS', async () => {
  const { page, errors } = await open('?alg=naive-swap&n=3&trials=10000000&rng=xoshiro256&seed=1');
  await page.click('#scale');
  await finished(page);
  expect(await page.locator('#scaling svg polyline').count()).toBe(2);
  const slopes = await page.locator('.slopes li').allTextContents();
  console.log('visualiser, fitted slopes:\n  ' + slopes.join('\n  '));
  // Printed, with an exponent each (their values are timings: the bench and the page show them).
  expect(slopes.map((t) => t.split(':')[0])).toEqual(['fisher-yates', 'remove-random']);
  slopes.forEach((t) => expect(t).toMatch(/N\^\d\.\d\d/));
  expect(await page.locator('#scaling details table tbody tr').count()).toBe(11);  // the text alternative
  await page.click('#compare');
  await finished(page);
  expect(await state(page)).toBe('done');
  const rows = await page.locator('#comparison tbody tr').evaluateAll((r) => r.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ')));
  expect(rows).toHaveLength(3);
  console.log('visualiser, 10^7 shuffles of n = 3:\n  ' + rows.join('\n  '));
  expect(errors).toEqual([]);
});

it('exports the results as JSON and CSV', async () => {
  const { page, errors } = await open('?alg=lazy&n=4&trials=10000&seed=2');
  await page.click('#run');
  await finished(page);
  const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8'));
  expect(data.permutations[0].counts).toHaveLength(24);
  expect(data.positions[0].counts).toHaveLength(16);
  expect(data.url).toContain('seed=2');
  expect(data.workers).toBeGreaterThanOrEqual(1);
  expect(data.seed).toEqual({ kind: 'integer', hex: '0200000000000000' });
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  const lines = (await readFile((await csv.path())!, 'utf8')).trim().split('\n');
  expect(lines).toHaveLength(1 + 24 + 16);
  expect(errors).toEqual([]);
});

it('reads a 16-digit seed link as the integer seed, as the card table does (parseSeed)', async () => {
  const data = await exported('?alg=fisher-yates&n=4&trials=10000&seed=1234567890123456&workers=1');
  const hex = Array.from(new Uint8Array(new BigUint64Array([1234567890123456n]).buffer), (b) => b.toString(16).padStart(2, '0')).join('');
  expect(data.seed).toEqual({ kind: 'integer', hex });  // the demo deals this seed as new Deck({ seed: 1234567890123456 })
});

/** The page's main thread, while a run lasts: its busy time (Chrome's TaskDuration, in s) and the wall time; and how long after the page was ready its workers said they were warm (s). */
interface MainThread { busy: number; wall: number; warm: number }

/** Runs the page at `query` and returns its exported JSON; with `main`, adds its main thread's figures there. */
async function exported(query: string, main?: MainThread[]): Promise<{ workers: number; seed: unknown; permutations: { counts: number[] }[]; positions: { counts: number[] }[] }> {
  const { page, errors } = await open(query);
  // Measured only when asked (the speed-up test): the DevTools protocol's counters of the page's
  // main thread (Performance.getMetrics), before the run and after it.
  const cdp = main ? await page.context().newCDPSession(page) : undefined;
  const taskSeconds = async () => {
    const { metrics } = (await cdp!.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
  };
  // The speed-up runs start once the page says its workers have warmed up on the URL's settings
  // (data-warm, web/visualiser/client.ts), as a user's click would, seconds after the page opened:
  // clicked at once, the run paid for their compiling, 1.54× against 1.84× (issue 39).
  const w0 = Date.now();
  if (main) await page.waitForSelector('body[data-warm]', { state: 'attached', timeout: 30_000 });
  const warm = (Date.now() - w0) / 1000;
  if (cdp) await cdp.send('Performance.enable');
  const busy0 = cdp ? await taskSeconds() : 0, t0 = Date.now();
  await page.click('#run');
  // The speed-up runs poll once a second: each poll evaluates in the page, on the main thread the
  // workers share the machine's two cores with (the run's time is the package's own, not the poll's).
  await finished(page, 60_000, main ? 1000 : 100);
  if (cdp) main!.push({ busy: (await taskSeconds()) - busy0, wall: (Date.now() - t0) / 1000, warm });
  expect(await state(page)).toBe('done');
  const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8'));
  expect(errors).toEqual([]);
  await page.close();
  return data;
}

it('gives identical counts for the same seed with 1 and 2 workers', async () => {
  // 3 × 10^6 shuffles: three chunks of the plan (2^20, 2^20, the rest), so two workers share them.
  const query = '?alg=fisher-yates,naive-swap&n=5&trials=3000000&rng=xoshiro256&seed=16';
  const one = await exported(`${query}&workers=1`), two = await exported(`${query}&workers=2`);
  expect([one.workers, two.workers]).toEqual([1, 2]);
  expect(one.seed).toEqual(two.seed);
  expect(one.permutations.map((r) => r.counts.reduce((a, b) => a + b))).toEqual([3e6, 3e6]);
  expect(two.permutations.map((r) => r.counts)).toEqual(one.permutations.map((r) => r.counts));
  expect(two.positions.map((r) => r.counts)).toEqual(one.positions.map((r) => r.counts));
  // Negative control: another seed through the same page gives other counts.
  const other = await exported(`?alg=fisher-yates,naive-swap&n=5&trials=3000000&rng=xoshiro256&seed=17&workers=2`);
  expect(other.permutations[0].counts).not.toEqual(one.permutations[0].counts);
});

it('reports the speed-up of 2 workers over 1 for n = 52, 3 × 10^7 shuffles (measured, not asserted)', async () => {
  // Issue 39: the page's figure beside npm run bench's worker rows. Printed, never asserted (speed
  // is npm run bench's to judge); the counts of both runs must agree, which is asserted. Runs
  // alternate (1, 2, 1, 2) so that a change in the machine's load hits both; each run's elapsed
  // time is the package's own (RunSummary.elapsedMs: from the first chunk sent to the last count).
  // Where the page loses (issue 39): in spells, one of the development machine's two vCPUs runs
  // throughput-bound code about 1.4× slower than the other, and then no 2 threads can reach 1.7×
  // of one. Each CPU is timed pinned before and after the runs (tests/bench/cpus.mjs) and printed.
  // And a run started as the page opens pays for its workers' compiling (unoptimised code for the
  // first 100–150 ms, the optimising compiler competing for the CPUs): 1.54× against 1.84×. So
  // each run starts once the page says its workers are warm (data-warm; worker.ts, warm()).
  const cpusBefore = await cpuSpeeds();
  const query = '?alg=fisher-yates&n=52&trials=30000000&seed=39';
  const runs: { workers: number; ms: number; wall: number; chunks: number; counts: number[] }[] = [];
  const main: MainThread[] = [];  // the page's main thread during each run
  for (const workers of [1, 2, 1, 2]) {
    const t0 = Date.now();
    const data = await exported(`${query}&workers=${workers}`, main) as unknown as {
      workers: number; positions: { counts: number[]; elapsedMs: number; parallel?: { chunks: number } }[];
    };
    const [r] = data.positions;
    runs.push({ workers: data.workers, ms: r.elapsedMs, wall: Date.now() - t0, chunks: r.parallel?.chunks ?? 1, counts: r.counts });
  }
  expect(runs.map((r) => r.workers)).toEqual([1, 2, 1, 2]);
  for (const r of runs.slice(1)) expect(r.counts).toEqual(runs[0].counts);  // same seed: same counts, any split
  const best = (w: number) => Math.min(...runs.filter((r) => r.workers === w).map((r) => r.ms));
  console.log(`visualiser workers (n = 52, 3·10^7 shuffles, chacha20, ${runs[0].chunks} chunks): ` +
    runs.map((r) => `${r.workers} worker${r.workers > 1 ? 's' : ''} ${(r.ms / 1000).toFixed(2)} s (page ${(r.wall / 1000).toFixed(1)} s)`).join(', ') +
    `; speed-up ${(best(1) / best(2)).toFixed(2)}× (best of each; guard in issue 39: ≥ 1.7×)`);
  console.log(`visualiser workers: before the runs, ${describeCpus(cpusBefore)}; after, ${describeCpus(await cpuSpeeds())}`);
  console.log('visualiser workers: the page\'s main thread was busy ' +
    main.map((m, i) => `${m.busy.toFixed(2)} s of ${m.wall.toFixed(2)} s (${runs[i].workers} worker${runs[i].workers > 1 ? 's' : ''})`).join(', ') +
    ' (Chrome\'s TaskDuration, from the click to the last count)');
  console.log('visualiser workers: warm (data-warm) ' + main.map((m, i) => `${m.warm.toFixed(2)} s (${runs[i].workers} worker${runs[i].workers > 1 ? 's' : ''})`).join(', ') +
    ' after the page was ready; each run was started then (web/visualiser/worker.ts, warm())');
}, 300_000);

it('says when its workers have warmed up on the settings, and again after they change', async () => {
  const { page, errors } = await open('?alg=fisher-yates&n=52&trials=1000000&seed=3&workers=2');
  await page.waitForSelector('body[data-warm]', { state: 'attached', timeout: 30_000 });
  // New settings: cold until every worker has run them (a negative control for the mark), even
  // when they change again while a warm-up runs (its late reply must not mark the newer ones).
  // Read in the same task as the change event: a warm-up of n = 5 can end (≥ 250 ms) before a
  // separate round trip from the test reads the mark on a loaded machine.
  await page.fill('input[name=n]', '5');
  expect(await page.evaluate(() => {
    document.getElementById('settings')!.dispatchEvent(new Event('change'));
    return document.body.getAttribute('data-warm');
  })).toBeNull();
  await page.waitForSelector('body[data-warm]', { state: 'attached', timeout: 30_000 });
  // n = 6, then n = 7 100 ms later: the mark must wait for n = 7's warm-up, which runs at least
  // 250 ms (worker.ts, WARM_MIN_MS), not come with n = 6's replies.
  const after = await page.evaluate(() => new Promise<number>((resolve) => {
    const form = document.getElementById('settings') as HTMLFormElement, n = form.elements.namedItem('n') as HTMLInputElement;
    const set = (value: string) => ((n.value = value), form.dispatchEvent(new Event('change')));
    set('6');
    setTimeout(() => {
      set('7');
      const t = performance.now();
      new MutationObserver((_, o) => {
        if ('warm' in document.body.dataset) o.disconnect(), resolve(performance.now() - t);
      }).observe(document.body, { attributes: true, attributeFilter: ['data-warm'] });
    }, 100);
  }));
  expect(after).toBeGreaterThanOrEqual(250);
  // A run started while the workers warm up still runs to the end.
  await page.fill('input[name=n]', '4');
  await page.dispatchEvent('#settings', 'change');
  await page.click('#run');
  await finished(page);
  expect(await state(page)).toBe('done');
  expect(errors).toEqual([]);
  await page.close();
});

it('records a drawn master seed for an unseeded run', async () => {
  const data = await exported('?alg=lazy&n=3&trials=1000&workers=2');
  expect(data.seed).toMatchObject({ kind: 'bytes', hex: expect.stringMatching(/^[0-9a-f]{64}$/) });
});

it('fits a 390 px phone without horizontal scroll, in both colour schemes, and works from the keyboard', async () => {
  const dir = join(root, 'test-results');
  await mkdir(dir, { recursive: true });
  const backgrounds: string[] = [];
  for (const colorScheme of ['dark', 'light'] as const) {
    const { page, errors } = await open('?alg=fisher-yates,naive-swap&n=52&trials=100000&rng=xoshiro256&seed=5&workers=2',
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme });
    // Keyboard only: tab to Run, press Enter; later open a table with the keyboard.
    for (let i = 0; i < 60 && (await page.evaluate(() => document.activeElement?.id)) !== 'run'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('run');
    await page.keyboard.press('Enter');
    await finished(page);
    expect(await state(page)).toBe('done');
    if (colorScheme === 'dark') {  // the time-vs-N chart and its legend, narrow (once: it takes a while)
      await page.click('#scale');
      await finished(page);
      expect(await page.locator('#scaling svg polyline').count()).toBe(2);
    }
    const summary = page.locator('.card[data-algorithm=naive-swap] details.data summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    // The table is built when its <details> opens (the toggle event comes after the key press).
    await expect.poll(() => page.locator('.card[data-algorithm=naive-swap] table.matrix tbody tr').count()).toBe(52);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.client).toBe(390);
    backgrounds.push(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));
    await page.evaluate(() => document.querySelector('.card')!.scrollIntoView());
    await page.screenshot({ path: join(dir, `visualiser-phone-${colorScheme}.png`) });
    expect(errors).toEqual([]);
    await page.close();
  }
  expect(backgrounds[0]).not.toBe(backgrounds[1]);
});
