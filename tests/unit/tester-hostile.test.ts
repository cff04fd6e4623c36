// Issue 59, class 3: the shuffle tester must never call a fair shuffle biased, and must stay
// responsive whatever the caller's shuffle does.
//
// Sizes: testShuffle refuses trials below minTrials(n) = max(100, 5n) with a RangeError giving
// the minimum (each item × position cell expects ≥ 5; the z tests sum ≥ 100 orders), and the
// largest-cell test uses the exact binomial tail, not the normal one (at 1 trial of n = 52 the
// normal gave z = 7.1 for a cell that must hold 0 or 1). Before this, trials 1, 2 and 5 of a
// correct Fisher–Yates were BIASED.
//
// False alarms, measured: RUNS seeded fair runs at the smallest accepted sizes, at α = 0.05 (the
// default 10⁻⁶ is too small to measure). If the true rate is ≤ 0.05, the alarms are at most
// Binomial(200, 0.05) (mean 10, sd 3.1), and P(≥ 24 alarms) = 7.2·10⁻⁵, so the bound below
// (23 of 200) fails with probability < 10⁻⁴ for a tester that keeps its promise; a tester that
// alarms at 0.12 or more fails it about half the time or more. The runs are seeded, so the
// counts are the same every time; they are printed.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { minTrials, testOrders, testShuffle } from '../../web/src/fairness/audit.js';
import { binomialPmf, binomialTwoSided } from '../../web/src/fairness/statistics.js';
import { sfc32 } from '../../web/src/fairness/audit-causes.js';

/** An unbiased integer in [0, bound) by rejection on 32-bit words. */
function below(random: () => number, bound: number): number {
  const limit = Math.floor(2 ** 32 / bound) * bound;
  for (;;) {
    const w = Math.floor(random() * 2 ** 32);
    if (w < limit) return w % bound;
  }
}
const swap = (a: number[], i: number, j: number) => { const t = a[i]; a[i] = a[j]; a[j] = t; };
const fisherYates = (r: () => number) => (a: number[]) => { for (let i = a.length - 1; i > 0; i--) swap(a, i, below(r, i + 1)); };
const naiveSwap = (r: () => number) => (a: number[]) => { for (let i = 0; i < a.length; i++) swap(a, i, below(r, a.length)); };
const busy = (ms: number) => { const end = performance.now() + ms; while (performance.now() < end); };

describe('sample sizes: refused below the minimum, never BIASED for a fair shuffle', () => {
  it.each([1, 2, 5])('trials = %i of a correct Fisher–Yates is a RangeError giving the minimum, not BIASED', async (trials) => {
    for (const n of [3, 52]) {
      const error = await testShuffle(fisherYates(sfc32(trials)), { n, trials }).then(() => null, (e: Error) => e);
      expect(error).toBeInstanceOf(RangeError);
      expect(error!.message).toContain(`trials must be at least ${minTrials(n)} for n = ${n}`);
      expect(error!.message).toContain(`got ${trials}`);
    }
  });

  it('the minimum is max(100, 5n), and a fair run of exactly that size is accepted and fair', async () => {
    expect([minTrials(2), minTrials(20), minTrials(52), minTrials(1024)]).toEqual([100, 100, 260, 5120]);
    for (const n of [2, 3, 52]) {
      const r = await testShuffle(fisherYates(sfc32(n)), { n, trials: minTrials(n) });
      expect(r.trials).toBe(minTrials(n));
      expect(r.fair, r.toString()).toBe(true);
    }
  });

  it('testOrders on 3 orders refuses too, naming the count and the minimum', async () => {
    await expect(testOrders([[0, 1, 2], [2, 1, 0], [1, 0, 2]])).rejects.toThrow(/too few orders to test: 3, and 3 items need at least 100/);
  });

  it('the largest-cell p-value is the exact binomial tail', () => {
    // Against a direct sum of the pmf (log C(T, x) summed term by term), exact enough at these sizes.
    const pmf = (x: number, T: number, p: number) => { let c = 0; for (let i = 0; i < x; i++) c += Math.log((T - i) / (i + 1)); return Math.exp(c + x * Math.log(p) + (T - x) * Math.log1p(-p)); };
    for (const [T, p] of [[100, 0.5], [260, 1 / 52], [5120, 1 / 1024], [1000, 1 / 3]] as const) {
      let total = 0;
      for (let x = 0; x <= T; x++) {
        expect(binomialPmf(x, T, p)).toBeCloseTo(pmf(x, T, p), 10);
        total += pmf(x, T, p);
      }
      expect(total).toBeCloseTo(1, 9);
      const E = T * p;
      for (const c of [0, Math.floor(E / 2), Math.round(E), Math.ceil(E * 1.5), Math.min(T, Math.ceil(E * 2 + 5))]) {
        let want = 0;
        for (let x = 0; x <= T; x++) if (Math.abs(x - E) >= Math.abs(c - E) - 1e-9) want += pmf(x, T, p);
        expect(binomialTwoSided(c, T, p) / Math.min(1, want)).toBeCloseTo(1, 8);
      }
    }
    // Large T: the tail of a 7σ cell is finite, positive and close to the normal's (2.6·10⁻¹²).
    const T = 2 ** 40, sd = Math.sqrt(T / 4);
    const p = binomialTwoSided(T / 2 + 7 * sd, T, 0.5);
    expect(p).toBeGreaterThan(2e-12);
    expect(p).toBeLessThan(3.2e-12);
  });

  const RUNS = 200, ALPHA = 0.05, BOUND = 23;
  it.each([[2, 100], [3, 100], [9, 100], [52, 260]])(
    `seeded fair runs at the smallest accepted size (n = %i, %i trials): at most ${BOUND} of ${RUNS} alarms at α = ${ALPHA}`,
    async (n, trials) => {
      expect(trials).toBe(minTrials(n));
      let alarms = 0;
      const rejected = new Map<string, number>();
      for (let run = 0; run < RUNS; run++) {
        const r = await testShuffle(fisherYates(sfc32(1000 * n + run)), { n, trials, alpha: ALPHA });
        if (!r.fair) {
          alarms++;
          for (const t of r.tests) if (t.rejects) rejected.set(t.name, (rejected.get(t.name) ?? 0) + 1);
        }
      }
      console.log(`false alarms, n = ${n}, ${trials} trials, α = ${ALPHA}: ${alarms} of ${RUNS} (${(alarms / RUNS).toFixed(3)}) ${JSON.stringify(Object.fromEntries(rejected))}`);
      expect(alarms).toBeLessThanOrEqual(BOUND);
    }, 60_000);

  it('negative control: a naive swap (n = 3) is BIASED at 20,000 trials, default α', async () => {
    // Its orders come up 4, 5, 5, 5, 4, 4 times in 27: a noncentrality of about 250 on 5 df.
    const r = await testShuffle(naiveSwap(sfc32(3)), { n: 3, trials: 20_000 });
    expect(r.fair).toBe(false);
    expect(r.p).toBeLessThan(1e-12);
  });
});

describe('responsive: aborts and time limits', () => {
  it('an abort ends a run whose shuffle returns a Promise that never settles', async () => {
    const controller = new AbortController();
    const start = performance.now();
    setTimeout(() => controller.abort(new Error('stop')), 20);
    const run = testShuffle(() => new Promise(() => {}), { n: 5, trials: 1000, signal: controller.signal });
    const outcome = await Promise.race([run.then(() => 'resolved', (e: Error) => e.message), new Promise((r) => setTimeout(() => r('still running'), 1000))]);
    expect(outcome).toBe('stop');
    expect(performance.now() - start).toBeLessThan(200);
  });

  it('a shuffle that busy-waits 5 ms: an abort from a setTimeout is honoured before another call starts', async () => {
    const controller = new AbortController();
    let calls = 0, afterAbort = 0;
    setTimeout(() => controller.abort(new Error('stop')), 30);
    const start = performance.now();
    let abortedAt = 0;
    controller.signal.addEventListener('abort', () => { abortedAt = performance.now(); });
    const shuffle = (a: number[]) => {
      calls++;
      if (controller.signal.aborted) afterAbort++;
      busy(5);
      a.reverse();
    };
    const error = await testShuffle(shuffle, { n: 5, trials: 100_000, signal: controller.signal }).catch((e: Error) => e);
    const ended = performance.now();
    expect((error as Error).message).toBe('stop');
    expect(afterAbort).toBe(0);
    expect(abortedAt - start).toBeLessThan(30 + 10 * 5);  // the timer waited for at most a couple of calls
    expect(ended - abortedAt).toBeLessThan(20);
    expect(calls).toBeLessThan(30);
  });

  it('timeLimitMs: a synchronous call over the limit rejects naming its trial', async () => {
    let t = 0;
    const shuffle = (a: number[]) => { if (++t === 7) busy(40); a.reverse(); };
    await expect(testShuffle(shuffle, { n: 5, trials: 100, timeLimitMs: 20 })).rejects.toThrow(/^trial 7: the shuffle took \d+\.\d ms, over the time limit of 20 ms \(timeLimitMs\)$/);
  });

  it('timeLimitMs: a Promise that does not settle rejects at the limit, naming its trial', async () => {
    let t = 0;
    const shuffle = (a: number[]) => (++t === 3 ? new Promise(() => {}) : Promise.resolve(a));
    const start = performance.now();
    await expect(testShuffle(shuffle, { n: 5, trials: 100, timeLimitMs: 50 })).rejects.toThrow(/^trial 3: the shuffle took \d+\.\d ms, over the time limit of 50 ms/);
    const took = performance.now() - start;
    expect(took).toBeGreaterThanOrEqual(45);
    expect(took).toBeLessThan(250);
  });

  it('timeLimitMs is read like every other option: checked, and unknown keys still refused', async () => {
    const f = fisherYates(sfc32(5));
    await expect(testShuffle(f, { n: 5, trials: 100, timeLimitMs: 0 })).rejects.toThrow(RangeError);
    await expect(testShuffle(f, { n: 5, trials: 100, timeLimitMs: NaN })).rejects.toThrow(RangeError);
    await expect(testShuffle(f, { n: 5, trials: 100, timeLimitMs: '5' as never })).rejects.toThrow(/timeLimitMs must be a number/);
    await expect(testShuffle(f, { n: 5, trials: 100, timelimit: 5 } as never)).rejects.toThrow(TypeError);
    expect((await testShuffle(f, { n: 5, trials: 100, timeLimitMs: 1000 })).fair).toBe(true);
  });
});

describe('fairdeck-audit on a short log', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const out = `${root}build/unit-tester-hostile`;
  beforeAll(() => {
    rmSync(out, { recursive: true, force: true });
    execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json', '--outDir', out, '--declaration', 'false'], { cwd: root, stdio: 'pipe' });
    mkdirSync(`${out}/wasm`, { recursive: true });
    for (const f of readdirSync(`${root}web/src/wasm`)) if (/\.(js|wasm)$/.test(f)) cpSync(`${root}web/src/wasm/${f}`, `${out}/wasm/${f}`);
  }, 180_000);

  it('3 lines: a clear message and exit status 2, not BIASED', () => {
    const log = execFileSync(process.execPath, [`${root}tests/unit/audit/gen-log.mjs`, '3', '52', 'fair', 'num', '1'], { encoding: 'utf8' });
    const p = spawnSync(process.execPath, [`${out}/cli/audit.js`, '-'], { input: log, encoding: 'utf8' });
    expect(p.status).toBe(2);
    expect(p.stdout).not.toMatch(/BIASED/);
    expect(p.stderr).toContain('too few orders to test: 3, and 52 items need at least 260');
  });
});
