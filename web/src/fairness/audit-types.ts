/** The types of the shuffle audit's report (a leaf module: audit-report.ts and audit-causes.ts both use them). */

/** An item as the caller named it: a number, or a token such as a card code. */
export type Token = number | string;

/** One test of the audit. */
export interface AuditTest {
  /** What it tests: 'orders', 'positions', 'largest cell', 'items dealt', 'neighbours', 'rising sequences', 'start–end correlation', 'repeats'. */
  name: string;
  /** What it measures, in words. */
  description: string;
  /** Its statistic: χ² for χ² tests, z² for the one-degree tests, |z| for 'largest cell', the count of repeated orders for 'repeats'. */
  statistic: number;
  /** Degrees of freedom of the χ² law the statistic follows under a uniform shuffle; null for 'repeats' (Poisson). */
  df: number | null;
  /** Its p-value, uncorrected. */
  p: number;
  /** p after Holm's correction over the tests run. */
  pCorrected: number;
  /** pCorrected < alpha. */
  rejects: boolean;
  /** The observed value beside the expected one, in words. */
  observed: string;
}

/** A cell of the item × position table. */
export interface AuditCell {
  item: Token;
  position: number;
  count: number;
  expected: number;
  /** (count − expected) / its standard deviation under a uniform shuffle. */
  z: number;
}

/** An order (or the first items of one, when orders are pooled) and its count. */
export interface AuditOrder {
  order: Token[];
  count: number;
  expected: number;
}

/** The smallest biases this run finds with 99 % power (POWER), at its alpha and Holm's strictest level. */
export interface Detectable {
  /** One item at one position this much more or less often than chance, relative (0.05 = 5 %). */
  cell: number;
  /** Orders (or pooled prefixes) whose probabilities differ from uniform by this RMS relative deviation (Cohen's w), n ≤ 9. */
  orders?: number;
  /** The rate of "item i followed by item i + 1" off by this much, relative. */
  neighbours?: number;
  /** The mean number of rising sequences off by this much (absolute). */
  rising?: number;
}

/** What `testShuffle` and `testOrders` return. */
export interface ShuffleReport {
  /** True when no test rejects at `alpha` after Holm's correction. */
  fair: boolean;
  /** The smallest Holm-corrected p-value. */
  p: number;
  /** Overall significance level. */
  alpha: number;
  /** Orders tested. */
  trials: number;
  /** Items per order. */
  n: number;
  /** Positions per order: n, or fewer for partial orders (dealt hands). */
  k: number;
  /** The items in their starting order (item i of the tables is items[i]). */
  items: Token[];
  /**
   * Where that starting order came from: `'given'` (the shuffle's own items in `testShuffle`, or
   * the `items` or `n` option) or `'assumed'` (`testOrders` without them: the first order's items,
   * sorted). The neighbour and rising-sequence tests and the causes read `items` as the order the
   * shuffle started from; when it is assumed, the report says so and asks for `items`.
   */
  itemOrder: 'given' | 'assumed';
  /** One entry per test run. */
  tests: AuditTest[];
  /** The cells of the item × position table furthest from chance (by |z|), at most 5. */
  cells: AuditCell[];
  /** n ≤ 9: the most and least frequent orders (or pooled prefixes) of the orders test. */
  orders: { most: AuditOrder[]; least: AuditOrder[]; prefix: number } | undefined;
  /** What this run could have detected. */
  detectable: Detectable;
  /** Known mistakes the pattern matches, in words (empty when none matches or no test rejects). */
  causes: string[];
  /** Wall-clock time of the run and its rate. */
  elapsedMs: number;
  trialsPerSecond: number;
  /** The item × position counts (counts[item * k + position]), for charts. */
  counts: Float64Array;
  /** n ≤ 9, full orders: counts of every order by lexicographic rank, for charts. */
  orderCounts: Float64Array | undefined;
  /** successions[i]: times item i was directly followed by item i + 1, for charts. */
  successions: Float64Array;
  /** The report for people. */
  toString(): string;
}
