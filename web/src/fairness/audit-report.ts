/**
 * From a Tally (audit-tally.ts) to a ShuffleReport: the tests, each with its exact expectation
 * under a uniform shuffle (docs/fairness-testing.md, "Testing your own shuffle"), Holm's
 * correction over the tests run, the cells and orders that deviate most, the smallest bias the
 * run could have caught, the likely cause (audit-causes.ts) and a text a person reads in seconds.
 */
import { detectableLambda, zPower, zTwoSided } from './audit-power.js';
import { MAX_ORDERS_N, prefixCount, type Tally } from './audit-tally.js';
import { likelyCauses } from './audit-causes.js';
import { prefixAt } from './ranks.js';
import { binomialTwoSided, chiSquarePValue, chiSquareUniform, formatP, MIN_EXPECTED, poissonUpperTail, pText } from './statistics.js';
import type { AuditCell, AuditOrder, AuditTest, Detectable, ShuffleReport, Token } from './audit-types.js';

export type { AuditCell, AuditOrder, AuditTest, Detectable, ShuffleReport, Token } from './audit-types.js';

/** Thousands separated by commas, whatever the locale. */
export const grouped = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(0)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const pct = (x: number): string => `${(100 * x).toPrecision(2)}%`;
const label = (t: Token): string => (typeof t === 'number' ? String(t) : JSON.stringify(t));


/** Mean and variance per order, under a uniform shuffle, of the number of items i directly followed by i + 1 among the first k positions. */
export function neighbourMoments(n: number, k: number): { mean: number; variance: number } {
  const pairs = k - 1;
  // Each adjacent pair is a succession with probability 1/n; any two pairs both are with probability 1/(n(n−1)).
  return { mean: pairs / n, variance: pairs / n + (pairs * (pairs - 1)) / (n * (n - 1)) - (pairs / n) ** 2 };
}

/** Mean and variance of the number of rising sequences (1 + descents of the inverse) of a uniform order of n. */
export const risingMoments = (n: number): { mean: number; variance: number } => ({ mean: (n + 1) / 2, variance: (n + 1) / 12 });

/** Mean and variance of Σ_p p·π(p) for a uniform order π of n (Hoeffding's combinatorial CLT). */
export const crossMoments = (n: number): { mean: number; variance: number } => ({ mean: n * ((n - 1) / 2) ** 2, variance: (n * n * (n + 1) ** 2 * (n - 1)) / 144 });

/**
 * How many of h[0…m) equal an earlier one (hashes are 52-bit integers). In two passes that stay in
 * cache, where one open-addressing table of 2m slots missed it at almost every insert (8–16 MB for
 * REPEAT_SAMPLE hashes; 7.8% of testShuffle at n = 52): the hashes are grouped by their top 8 bits
 * (a counting sort), and each group, about m/256 of them, is counted with a small table of its own.
 * Equal hashes share their top bits, so every repeat is found within its group.
 */
export function countRepeats(h: Float64Array, m: number): number {
  const start = new Int32Array(257), grouped = new Float64Array(m);
  const top = (x: number): number => Math.floor(x / 2 ** 44);  // 0…255: the hash's top 8 of 52 bits
  for (let i = 0; i < m; i++) start[top(h[i]) + 1]++;
  for (let g = 0; g < 256; g++) start[g + 1] += start[g];
  const at = start.slice(0, 256);
  for (let i = 0; i < m; i++) grouped[at[top(h[i])]++] = h[i] + 1;  // + 1: a slot of 0 is empty
  let repeats = 0, table = new Float64Array(16);
  for (let g = 0; g < 256; g++) {
    const from = start[g], to = start[g + 1];
    if (to - from < 2) continue;
    let want = 16;
    while (want < 2 * (to - from)) want *= 2;
    if (want > table.length) table = new Float64Array(want);
    else table.fill(0, 0, want);
    const mask = want - 1;
    for (let i = from; i < to; i++) {
      const key = grouped[i];
      // The key's low 32 bits (`| 0` truncates an integer below 2^53 as `% 2^32` would).
      let s = (key | 0) & mask;
      for (;;) {
        const x = table[s];
        if (x === 0) { table[s] = key; break; }
        if (x === key) { repeats++; break; }
        s = (s + 1) & mask;
      }
    }
  }
  return repeats;
}

interface Raw {
  name: string;
  description: string;
  statistic: number;
  df: number | null;
  p: number;
  observed: string;
}

/** Whether a log's starting order is given (its items, or n: the numbers 0…n−1) or assumed (the first order's items, sorted): testOrders and fairdeck-audit. */
export function itemOrderOf(options: { items?: unknown; n?: unknown }): ShuffleReport['itemOrder'] {
  return options.items !== undefined || options.n !== undefined ? 'given' : 'assumed';
}

/** Builds the report of a finished tally. */
export function buildReport(t: Tally, alpha: number, items: Token[], elapsedMs: number, itemOrder: ShuffleReport['itemOrder'] = 'given'): ShuffleReport {
  t.flush();
  const { n, k, trials: T } = t;
  if (T === 0) throw new RangeError('no orders to test: the input was empty');
  const raw: Raw[] = [];
  const E = T / n;

  // Orders (n ≤ 9), pooled to the first m items when n!/(n−k)! cells would expect fewer than 5.
  let ordersSummary: ShuffleReport['orders'];
  let ordersDf = 0;
  if (t.orders && k >= 2) {
    let m = k;
    while (m >= 2 && T / prefixCount(n, m) < MIN_EXPECTED) m--;
    if (m === n - 1 && k === n) m = n;  // the first n−1 items fix the order
    if (m >= 2) {
      const cells = prefixCount(n, Math.min(m, k));
      const g = t.orders.length / cells;
      const pooled = g === 1 ? t.orders : new Float64Array(cells);
      if (g !== 1) for (let r = 0; r < t.orders.length; r++) pooled[Math.floor(r / g)] += t.orders[r];
      const x = chiSquareUniform(pooled);
      ordersDf = cells - 1;
      const e = T / cells;
      let empty = 0;
      for (let r = 0; r < cells; r++) if (pooled[r] === 0) empty++;
      const whole = m >= k;
      raw.push({
        name: 'orders',
        description: whole
          ? `every one of the ${grouped(cells)} ${k === n ? 'orders' : `ordered hands of ${k}`} equally often (Pearson χ²)`
          : `the first ${m} items' ${grouped(cells)} orders equally often (Pearson χ², pooled: too few trials for all ${grouped(t.orders.length)})`,
        statistic: x, df: ordersDf, p: chiSquarePValue(x, ordersDf),
        observed: `${grouped(cells - empty)} of ${grouped(cells)} came up, ${grouped(e)} times each expected`,
      });
      const idx = Array.from({ length: cells }, (_, r) => r).sort((a, b) => pooled[b] - pooled[a] || a - b);
      const at = (r: number): AuditOrder => ({ order: prefixAt(r, n, Math.min(m, k)).map((i) => items[i]), count: pooled[r], expected: e });
      ordersSummary = { most: idx.slice(0, 3).map(at), least: idx.slice(-3).reverse().map(at), prefix: Math.min(m, k) };
    }
  }

  // Item × position: χ² split into where dealt items land and which items are dealt (k < n).
  let S = 0, R2 = 0, diag = 0, cross = 0;
  let best: AuditCell[] = [];
  const sd = Math.sqrt(E * (1 - 1 / n));
  const zs: { i: number; j: number; z: number }[] = [];
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let j = 0; j < k; j++) {
      const c = t.positions[i * k + j];
      const d = c - E;
      S += d * d;
      r += d;
      if (i === j) diag += c;
      cross += c * i * j;
      const z = d / sd;
      if (zs.length < 5 || Math.abs(z) > Math.abs(zs[zs.length - 1].z)) {
        zs.push({ i, j, z });
        zs.sort((a, b) => Math.abs(b.z) - Math.abs(a.z));
        if (zs.length > 5) zs.pop();
      }
    }
    R2 += r * r;
  }
  best = zs.map(({ i, j, z }) => ({ item: items[i], position: j, count: t.positions[i * k + j], expected: E, z }));
  if (k >= 2) {
    const x = ((n - 1) * (S - R2 / k)) / T;
    const df = (n - 1) * (k - 1);
    raw.push({
      name: 'positions', description: `each item at each of ${k === n ? 'the' : 'the first'} ${k} positions equally often (χ² with both margins fixed)`,
      statistic: x, df, p: chiSquarePValue(x, df), observed: `mean χ² ${(x / df).toFixed(3)} per degree of freedom, 1 expected`,
    });
  }
  if (k < n) {
    const x = ((n - 1) * n * R2) / ((n - k) * k * T);
    raw.push({
      name: 'items dealt', description: `each item among the ${k} dealt equally often (χ²)`,
      statistic: x, df: n - 1, p: chiSquarePValue(x, n - 1), observed: `each item dealt ${grouped((T * k) / n)} times expected`,
    });
  }
  const top = best[0];
  const cellsTested = n * k;
  raw.push({
    name: 'largest cell', description: `the one item × position count furthest from chance (|z|, exact binomial tail, Bonferroni over ${grouped(cellsTested)} cells)`,
    // Exact: every cell is Binomial(T, 1/n), and P(|X − E| ≥ |c − E|) falls as |z| grows, so the
    // largest |z| has the smallest p; Bonferroni holds whatever the cells' dependence.
    statistic: Math.abs(top.z), df: 1, p: Math.min(1, cellsTested * binomialTwoSided(top.count, T, 1 / n)),
    observed: `item ${label(top.item)} at position ${top.position}: ${grouped(top.count)} times, ${grouped(E)} expected (z = ${top.z.toFixed(1)})`,
  });

  // Neighbours: item i directly followed by item i + 1, over the k − 1 adjacent pairs.
  let succ = 0;
  for (let i = 0; i < n; i++) succ += t.successions[i];
  const pairs = k - 1;
  const { mean: succMean, variance: succVar } = neighbourMoments(n, k);
  if (pairs >= 1 && n >= 3) {
    const z = (succ - T * succMean) / Math.sqrt(T * succVar);
    raw.push({
      name: 'neighbours', description: 'item i directly followed by item i + 1 as often as chance (z test; exact mean and variance)',
      statistic: z * z, df: 1, p: chiSquarePValue(z * z, 1),
      observed: `${(succ / T).toFixed(4)} per order, ${succMean.toFixed(4)} expected (${(succ / (T * succMean)).toFixed(2)}×)`,
    });
  }
  let risingMean = 0, risingVar = 0, rhoZ = 0;
  if (k === n && n >= 3) {
    ({ mean: risingMean, variance: risingVar } = risingMoments(n));
    const z = (t.risingSum - T * risingMean) / Math.sqrt(T * risingVar);
    raw.push({
      name: 'rising sequences', description: 'the mean number of rising sequences (riffle signature), (n + 1)/2 under a uniform shuffle (z test)',
      statistic: z * z, df: 1, p: chiSquarePValue(z * z, 1), observed: `${(t.risingSum / T).toFixed(3)} per order, ${risingMean.toFixed(3)} expected`,
    });
    // Σ_p p·π(p) over the orders: mean n((n−1)/2)², variance n²(n+1)²(n−1)/144 per order.
    const { mean, variance } = crossMoments(n);
    rhoZ = (cross - T * mean) / Math.sqrt(T * variance);
    const rho = (cross / T - mean) / ((n * (n * n - 1)) / 12);
    raw.push({
      name: 'start–end correlation', description: "Spearman's ρ between where an item starts and where it ends, 0 under a uniform shuffle (z test)",
      statistic: rhoZ * rhoZ, df: 1, p: chiSquarePValue(rhoZ * rhoZ, 1), observed: `mean ρ = ${rho.toFixed(4)}, 0 expected`,
    });
  }

  // Repeats: too many orders for a table, so count exact repeats among the first orders.
  let repeats = 0, repeatLambda = 0;
  if (t.hashes && k >= 2) {
    const m = Math.min(T, t.hashes.length);  // REPEAT_SAMPLE, or all the orders when the tally expected fewer
    repeats = countRepeats(t.hashes, m);
    repeatLambda = ((m * (m - 1)) / 2) * (1 / prefixCount(n, k) + 2 ** -52);  // chance repeats + hash collisions
    raw.push({
      name: 'repeats', description: `the same ${k === n ? 'order' : 'hand'} coming up twice among the first ${grouped(m)} (Poisson; chance expects ${repeatLambda < 0.01 ? 'none' : repeatLambda.toPrecision(2)})`,
      statistic: repeats, df: null, p: poissonUpperTail(repeats, repeatLambda), observed: `${grouped(repeats)} repeated, ${repeatLambda.toPrecision(2)} expected`,
    });
  }

  // Holm's step-down correction.
  const m = raw.length;
  const sorted = raw.map((r, i) => ({ p: r.p, i })).sort((a, b) => a.p - b.p);
  const corrected = new Array<number>(m);
  let running = 0;
  sorted.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    corrected[i] = running;
  });
  const tests: AuditTest[] = raw.map((r, i) => ({ ...r, pCorrected: corrected[i], rejects: corrected[i] < alpha }));
  const fair = tests.every((x) => !x.rejects);
  const p = Math.min(...corrected);

  // What the run could detect at Holm's strictest level α/m.
  const level = alpha / m;
  const zp = zPower();
  const detectable: Detectable = { cell: (zTwoSided(level / cellsTested) + zp) * Math.sqrt((1 - 1 / n) / E) };
  if (ordersDf > 0) detectable.orders = Math.sqrt(detectableLambda(level, ordersDf) / T);
  if (pairs >= 1 && n >= 3) detectable.neighbours = ((zTwoSided(level) + zp) * Math.sqrt(succVar / T)) / succMean;
  if (risingVar > 0) detectable.rising = (zTwoSided(level) + zp) * Math.sqrt(risingVar / T);

  const causes = fair ? [] : likelyCauses({ tally: t, tests, items, diag, repeats, repeatLambda, rhoZ });
  const report: ShuffleReport = {
    fair, p, alpha, trials: T, n, k, items, itemOrder, tests, cells: best, orders: ordersSummary, detectable, causes,
    elapsedMs, trialsPerSecond: elapsedMs > 0 ? (T * 1000) / elapsedMs : 0,
    counts: t.positions, successions: t.successions, orderCounts: k === n ? t.orders : undefined,
    toString: () => reportText(report),
  };
  Object.defineProperty(report, 'toString', { enumerable: false });
  Object.defineProperty(report, 'toJSON', { enumerable: false, value: () => reportJSON(report) });
  return report;
}

/** The detectable biases in words. */
export function detectableText(d: Detectable, n: number): string[] {
  const out = [`one item at one position ${pct(d.cell)} more or less often than 1/${n}`];
  if (d.orders !== undefined) out.push(`orders off uniform by ${pct(d.orders)} RMS (Cohen's w = ${d.orders.toPrecision(2)})`);
  if (d.neighbours !== undefined) out.push(`original neighbours kept together ${pct(d.neighbours)} more or less often`);
  if (d.rising !== undefined) out.push(`${d.rising.toPrecision(2)} rising sequences more or fewer per order`);
  return out;
}

/** The report for people: verdict first, cause second, then the tests and what could be seen. */
export function reportText(r: ShuffleReport): string {
  const lines: string[] = [];
  const verdict = r.fair
    ? `NO BIAS FOUND: no test rejects at α = ${formatP(r.alpha)} (smallest corrected ${pText(r.p)})`
    : `BIASED: ${r.tests.filter((t) => t.rejects).map((t) => t.name).join(', ')} reject${r.tests.filter((t) => t.rejects).length === 1 ? 's' : ''} (corrected ${pText(r.p)} < α = ${formatP(r.alpha)})`;
  lines.push(`Shuffle audit — ${verdict}`);
  lines.push(`${grouped(r.trials)} ${r.k === r.n ? 'orders' : `hands of ${r.k}`} of ${r.n} items, ${r.tests.length} tests, each p with its Holm-corrected value${r.elapsedMs > 0 ? `; ${(r.elapsedMs / 1000).toFixed(1)} s, ${grouped(Math.round(r.trialsPerSecond))}/s` : ''}`);
  if (r.itemOrder === 'assumed') {
    const shown = r.items.slice(0, 8).map(label).join(' ') + (r.n > 8 ? ' …' : '');
    lines.push(`Starting order assumed: ${shown} (the first order's items, sorted), as no items were given; the neighbour and rising-sequence tests${r.causes.length ? ' and the causes' : ''} read it as the order the shuffle started from — pass items (fairdeck-audit --items) if it started otherwise`);
  }
  for (const c of r.causes) lines.push(`Likely cause: ${c}`);
  lines.push('');
  const w = Math.max(...r.tests.map((t) => t.name.length));
  for (const t of r.tests) {
    const stat = t.df === null ? `${grouped(t.statistic)}` : t.name === 'largest cell' ? `|z| = ${t.statistic.toFixed(2)}` : `${t.statistic.toFixed(1)} on ${grouped(t.df)} df`;
    // The test's own p beside Holm's: a fair run's corrected p-values are mostly 1.
    lines.push(`  ${t.rejects ? '✗' : '✓'} ${t.name.padEnd(w)}  ${stat.padEnd(22)} ${`${pText(t.p)} (Holm ${t.pCorrected === 0 ? '< 10⁻³⁰⁰' : formatP(t.pCorrected)})`.padEnd(33)} ${t.observed}`);
  }
  lines.push('');
  lines.push(`Most deviant cells: ${r.cells.slice(0, 3).map((c) => `item ${label(c.item)} at position ${c.position} ${grouped(c.count)}× (expected ${grouped(c.expected)}, z = ${c.z.toFixed(1)})`).join('; ')}`);
  if (r.orders) {
    const o = (x: AuditOrder) => `${x.order.map(label).join(' ')}${r.orders!.prefix < r.k ? ' …' : ''} ${grouped(x.count)}×`;
    lines.push(`Orders (expected ${grouped(r.orders.most[0].expected)} each): most ${r.orders.most.map(o).join(', ')}; least ${r.orders.least.map(o).join(', ')}`);
  }
  lines.push(`${r.fair ? 'No bias found; this run would have caught' : 'This run could detect'}, with 99% power: ${detectableText(r.detectable, r.n).join('; ')}.`);
  return lines.join('\n');
}

/** The report as plain JSON (what `--json` prints). */
export function reportJSON(r: ShuffleReport): Record<string, unknown> {
  const { counts, successions, orderCounts, ...rest } = r;
  void counts, void successions, void orderCounts;
  return { ...rest, text: reportText(r) };
}

export { MAX_ORDERS_N };
