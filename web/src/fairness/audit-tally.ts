/**
 * The counting behind `testShuffle`, `testOrders` and `fairdeck-audit`: one pass over each order
 * checks that it is a permutation (or a k-prefix of one) of the items 0…n−1 and counts, in typed
 * arrays allocated once, everything the tests need — item × position, the order itself (n ≤ 9),
 * original neighbours that stay together, rising sequences and, for large n, a hash of the order
 * to find repeats. No allocation per order, so the harness costs less than the shuffles it tests.
 */

/** Largest number of items (the item × position matrix has up to n² = 2^20 cells). */
export const MAX_AUDIT_N = 1024;
/** Largest n for which every order is counted (9! = 362,880 cells). */
export const MAX_ORDERS_N = 9;
/** Orders hashed for the repeat test (the first ones of a run): bounded memory for any log size. */
export const REPEAT_SAMPLE = 1 << 20;
/** Orders between two zeroings of Tally's `seen` (add()): base = generation · 1024 + position stays below 2^31. */
const GENERATIONS = (2 ** 31 - 1024) / 1024;

/** A broken order: `detail` says what was wrong ("item 3 appears twice"); callers add where. */
export class OrderError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'OrderError';
  }
}

/** Number of ordered k-prefixes of n items, n!/(n−k)!. */
export function prefixCount(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c *= n - i;
  return c;
}

const BITS = (() => {
  const t = new Uint8Array(1 << MAX_ORDERS_N);
  for (let i = 1; i < t.length; i++) t[i] = t[i >> 1] + (i & 1);
  return t;
})();

/** A Tally's counts as plain typed arrays: what a worker reading part of a log sends back (counts()). */
export interface TallyCounts {
  trials: number;
  positions: Float64Array;
  orders: Float64Array | undefined;
  successions: Float64Array;
  risingSum: number;
  /** The hashes of the part's first min(trials, REPEAT_SAMPLE) orders. */
  hashes: Float64Array | undefined;
}

/** Counts of a run; read by audit-report.ts. */
export class Tally {
  /** Items per order. */
  readonly n: number;
  /** Positions per order (k = n for full orders, k < n for dealt prefixes). */
  readonly k: number;
  /** Orders counted. */
  trials = 0;
  /** positions[item * k + position]: times `item` came at `position` (call flush() first). */
  readonly positions: Float64Array;
  /** The counts since the last flush, as 32-bit integers: an integer add per item in the hot loop. */
  readonly #recent: Uint32Array;
  /** orders[rank] for n ≤ 9: times the ordered k-prefix of lexicographic rank `rank` came up. */
  readonly orders: Float64Array | undefined;
  /** successions[i]: times item i was directly followed by item i + 1. */
  readonly successions: Float64Array;
  /** Σ over orders of the number of rising sequences (full orders only). */
  risingSum = 0;
  /** 52-bit hashes of the first REPEAT_SAMPLE orders, or of the `expected` ones (when there are too many orders to count). */
  readonly hashes: Float64Array | undefined;
  /** seen[v]: the generation of the order that last placed item v, times 1024, plus its position (add()). */
  readonly #seen: Int32Array;
  /** This order's generation: 1…GENERATIONS, then 1 again with `seen` zeroed (add()). */
  #generation = 0;

  /** Names of the items for error messages (the caller's tokens), or undefined for 0…n−1. */
  names: readonly (number | string)[] | undefined;

  /**
   * `expected`: how many orders will be counted, when known (testShuffle's trials): the repeat
   * sample is then allocated for min(expected, REPEAT_SAMPLE) orders, not REPEAT_SAMPLE (8 MB),
   * which a 200,000-trial run paid for in allocation, page faults and GC pauses at every call.
   */
  constructor(n: number, k: number, names?: readonly (number | string)[], expected?: number) {
    this.names = names;
    this.n = n;
    this.k = k;
    this.positions = new Float64Array(n * k);
    this.#recent = new Uint32Array(n * k);
    this.orders = n <= MAX_ORDERS_N ? new Float64Array(prefixCount(n, k)) : undefined;
    this.successions = new Float64Array(n);
    this.hashes = this.orders ? undefined : new Float64Array(Math.max(1, Math.min(REPEAT_SAMPLE, expected ?? REPEAT_SAMPLE)));
    this.#seen = new Int32Array(n + 1);  // seen[n] stays 0: item n − 1 has no successor (add())
  }

  /**
   * Counts one order: `a[0…k−1]` must be distinct integers in [0, n) (a.length is checked by the
   * caller). Throws OrderError, counting nothing, when it is not.
   */
  add(a: ArrayLike<unknown>): void {
    const { n, k, successions } = this;
    const positions = this.#recent;
    // seen[v] = this order's base + its position: every value of an earlier order is below the
    // base (bases grow by 1024 ≥ k per order), so one load tells "seen in this order" and where.
    // Int32 (integer compares; 3% of testShuffle at n = 52 against a Float64Array): the base stays
    // below 2^31 by starting the generations again, with `seen` zeroed, every GENERATIONS orders.
    const seen = this.#seen;
    if (this.#generation === GENERATIONS) this.#generation = 0, seen.fill(0);
    const base = ++this.#generation * 1024;
    const hashing = this.hashes !== undefined && this.trials < this.hashes.length;
    // One pass checks and counts; a bad item undoes this order's counts before throwing.
    let prev = -2, h1 = 0x811c9dc5 | 0, h2 = 0, descents = 0;
    for (let p = 0; p < k; p++) {
      const v = a[p] as number;
      if (typeof v !== 'number' || !(v >= 0 && v < n) || (v | 0) !== v || seen[v] >= base) this.#undo(a, p);
      seen[v] = base + p;
      // A descent of the inverse: item v + 1 already placed, before item v. Counted in this loop
      // rather than in a second pass over seen[] (tally.add 20% faster in a paired A/B at n = 52).
      descents += +(seen[v + 1] >= base);
      positions[v * k + p]++;
      if (v === prev + 1) successions[prev]++;
      prev = v;
      h1 = Math.imul(h1 ^ v, 0x01000193);
      h2 = (Math.imul(h2, 33) + v) | 0;  // (h2 · 33 + v) mod 2^32, as an integer multiply
    }
    if (k === n) this.risingSum += descents + 1;  // rising sequences = descents of the inverse + 1
    const orders = this.orders;
    if (orders) {
      let rank = 0, used = 0;
      for (let p = 0; p < k; p++) {
        const v = a[p] as number;
        rank = rank * (n - p) + BITS[~used & ((1 << v) - 1)];
        used |= 1 << v;
      }
      orders[rank]++;
    } else if (hashing) {
      h1 = Math.imul(h1 ^ (h1 >>> 16), 0x45d9f3b);
      h2 = Math.imul(h2 ^ (h2 >>> 15), 0x27d4eb2d);
      this.hashes![this.trials] = (h1 >>> 0) * 0x100000 + ((h2 ^ (h2 >>> 16)) & 0xfffff);
    }
    this.trials++;
    if ((this.trials & 0x7fffffff) === 0) this.flush();  // a cell's 32-bit count cannot overflow
  }

  /** This tally's counts (flushed), to send to the thread that merges them. */
  counts(): TallyCounts {
    this.flush();
    const { trials, positions, orders, successions, risingSum } = this;
    return { trials, positions, orders, successions, risingSum, hashes: this.hashes?.subarray(0, Math.min(trials, REPEAT_SAMPLE)) };
  }

  /**
   * Adds the counts of orders that came after this tally's (the next part of the same log, counted
   * by another thread with the same k). Exact: every count is an integer below 2^53, so the sums
   * do not depend on how the log was split, and the repeat test's sample stays the first
   * REPEAT_SAMPLE orders of the whole log.
   */
  merge(c: TallyCounts): void {
    if (c.positions.length !== this.positions.length || (c.orders?.length ?? -1) !== (this.orders?.length ?? -1)) {
      throw new RangeError(`merge: counts of ${c.positions.length} cells do not fit a tally of ${this.positions.length}`);
    }
    this.flush();
    const add = (to: Float64Array, from: ArrayLike<number>): void => {
      for (let i = 0; i < to.length; i++) to[i] += from[i];
    };
    add(this.positions, c.positions);
    if (this.orders) add(this.orders, c.orders!);
    add(this.successions, c.successions);
    this.risingSum += c.risingSum;
    if (this.hashes && c.hashes && this.trials < this.hashes.length) {
      const take = Math.min(c.hashes.length, this.hashes.length - this.trials);
      this.hashes.set(c.hashes.subarray(0, take), this.trials);
    }
    this.trials += c.trials;
  }

  /** Adds the recent integer counts into `positions`. Call before reading the counts. */
  flush(): void {
    const recent = this.#recent, positions = this.positions;
    for (let i = 0; i < recent.length; i++) positions[i] += recent[i];
    recent.fill(0);
  }

  /** Undoes the counts of positions 0…p−1 of a bad order and throws what was wrong at p. */
  #undo(a: ArrayLike<unknown>, bad: number): never {
    const { n, k } = this;
    let prev = -2;
    for (let p = 0; p < bad; p++) {
      const v = a[p] as number;
      this.#recent[v * k + p]--;
      if (v === prev + 1) this.successions[prev]--;
      prev = v;
    }
    const v = a[bad];
    if (typeof v !== 'number' || !(v >= 0 && v < n) || (v | 0) !== v) throw new OrderError(badItem(v, bad, n));
    throw new OrderError(`item ${this.names ? JSON.stringify(this.names[v]) : v} appears twice`);
  }
}

function badItem(value: unknown, position: number, n: number): string {
  const what = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value) : value === undefined ? 'nothing' : `a ${typeof value}`;
  return `position ${position} holds ${what}, which is not an item (the items are 0 to ${n - 1})`;
}
