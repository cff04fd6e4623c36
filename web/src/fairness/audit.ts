/**
 * Testing anyone's shuffle (issue 41): `testShuffle` runs a caller's function on fresh
 * [0, 1, …, n−1] arrays, `testOrders` reads orders that were already produced, `assertFair`
 * throws the report from a test suite. Counting is audit-tally.ts, the tests audit-report.ts; the
 * χ² p-values are the lab's own (statistics.ts). No WebAssembly is needed: nothing here calls init().
 */
import { show } from '../errors.js';
import { checkInt, checkKeys } from '../options.js';
import { buildReport, itemOrderOf, type ShuffleReport, type Token } from './audit-report.js';
import { MAX_AUDIT_N, MAX_ORDERS_N, OrderError, Tally } from './audit-tally.js';
import { LogAudit, parseItems, readLog, unusableLog } from './audit-log.js';
import { checkControl } from './options.js';
import { MAX_TRIALS } from './options.js';
import { now, yieldToEventLoop, YIELD_EVERY_MS, type Progress, type RunControl } from './runner.js';
import { ALPHA, minTrials } from './statistics.js';
import { factorial } from './ranks.js';

export { MAX_AUDIT_N, MAX_ORDERS_N } from './audit-tally.js';
export { minTrials } from './statistics.js';

/** The keys of testShuffle (and assertFair) options, and of testOrders options. */
const TEST_SHUFFLE_KEYS: readonly string[] = ['n', 'trials', 'alpha', 'signal', 'onProgress', 'timeLimitMs'];
const TEST_ORDERS_KEYS: readonly string[] = ['items', 'n', 'alpha', 'signal', 'onProgress'];

/** Orders tested by default for n > 9; for n ≤ 9 at least 10 per order (10 · n!). */
export const DEFAULT_AUDIT_TRIALS = 200_000;

/** The default number of trials for n items. */
export const defaultTrials = (n: number): number => (n <= MAX_ORDERS_N ? Math.max(DEFAULT_AUDIT_TRIALS, 10 * factorial(n)) : DEFAULT_AUDIT_TRIALS);

/** Options every audit takes. */
export interface AuditOptions extends RunControl {
  /** Overall significance level, Holm-corrected over the tests (default 10⁻⁶: a fair shuffle fails about once in a million runs). */
  alpha?: number;
}

/** Options of `testShuffle` and `assertFair`. */
export interface TestShuffleOptions extends AuditOptions {
  /** Items per shuffle, 2 to 1,024: the function gets a fresh [0, 1, …, n−1] each trial. */
  n: number;
  /**
   * Shuffles to run (default: 200,000, or 10 · n! for n ≤ 9, which gives the power the report
   * states). At least `minTrials(n)` = max(100, 5n): fewer is a RangeError giving the minimum, as
   * the tests' approximations do not hold there.
   */
  trials?: number;
  /**
   * Longest one call of the shuffle may take, in milliseconds (default: no limit). A call that
   * takes longer rejects the run with an Error naming the trial; a Promise that has not settled by
   * then rejects it at that moment (a synchronous call cannot be interrupted, so it is judged when
   * it returns).
   */
  timeLimitMs?: number;
}

/** Options of `testOrders`. */
export interface TestOrdersOptions extends AuditOptions {
  /** The items in their starting order (neighbour tests use it). Default: the tokens of the first order, sorted (numbers by value). */
  items?: readonly Token[];
  /** Items per order when the orders are partial (the first k of n) and the items are the numbers 0…n−1. */
  n?: number;
}

/** A shuffle under test: shuffles its argument in place, or returns the shuffled array, or a Promise of it. */
export type ShuffleFunction = (array: number[]) => unknown;

/** An order from a log: numbers or tokens. */
export type Order = ArrayLike<Token>;

function checkAlpha(value: unknown): number {
  if (value === undefined) return ALPHA;
  if (typeof value !== 'number') throw new TypeError(`alpha must be a number, got ${show(value)}`);
  if (!(value > 0 && value <= 0.5)) throw new RangeError(`alpha must be a number above 0 and at most 0.5, got ${show(value)}`);
  return value;
}

/** A shuffle's Promise rejected (told apart from an abort or a time-out). */
class PromiseFailure {
  constructor(readonly error: unknown) {}
}

const message = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : show(e));

const isThenable = (x: unknown): x is PromiseLike<unknown> =>
  x !== null && (typeof x === 'object' || typeof x === 'function') && typeof (x as { then?: unknown }).then === 'function';

/** Reports progress and yields at most every YIELD_EVERY_MS; throws the signal's reason when aborted. */
class Pacer {
  readonly start = now();
  #last = this.start;
  constructor(readonly control: RunControl, readonly total: number) {}
  due(): boolean {
    return now() - this.#last >= YIELD_EVERY_MS;
  }
  async tick(done: number): Promise<void> {
    this.report(done);
    await yieldToEventLoop();
    this.control.signal?.throwIfAborted();
    this.#last = now();
  }
  report(done: number): void {
    const elapsedMs = now() - this.start;
    this.control.onProgress?.({ done, total: this.total, elapsedMs, trialsPerSecond: elapsedMs > 0 ? (done * 1000) / elapsedMs : 0 } satisfies Progress);
  }
}

/**
 * Runs `shuffle` on `trials` fresh arrays [0, 1, …, n−1] and tests the orders it makes. Rejects
 * with an Error naming the trial when a result is not a permutation of its input or the function
 * throws; TypeError/RangeError for bad options; `signal.reason` when aborted.
 */
export async function testShuffle(shuffle: ShuffleFunction, options: TestShuffleOptions): Promise<ShuffleReport> {
  if (typeof shuffle !== 'function') throw new TypeError(`shuffle must be a function (array) => array | void, got ${show(shuffle)}`);
  if (options === undefined) throw new TypeError('testShuffle needs an options object with n (the number of items)');
  const o = checkKeys(options, TEST_SHUFFLE_KEYS, 'testShuffle options');
  const n = checkInt('n', o.n, 2, MAX_AUDIT_N);
  const trials = o.trials === undefined ? defaultTrials(n) : checkInt('trials', o.trials, 1, MAX_TRIALS);
  const least = minTrials(n);
  if (trials < least) {
    throw new RangeError(`trials must be at least ${least} for n = ${n} (each item at each position expected 5 times, and 100 orders for the z tests), got ${trials}`);
  }
  const alpha = checkAlpha(o.alpha);
  let limit = Infinity;
  if (o.timeLimitMs !== undefined) {
    if (typeof o.timeLimitMs !== 'number') throw new TypeError(`timeLimitMs must be a number of milliseconds, got ${show(o.timeLimitMs)}`);
    if (!(o.timeLimitMs > 0)) throw new RangeError(`timeLimitMs must be a number of milliseconds above 0, got ${show(o.timeLimitMs)}`);
    limit = o.timeLimitMs;
  }
  const control = checkControl(o);
  const signal = control.signal;
  signal?.throwIfAborted();

  const tally = new Tally(n, n, undefined, trials);
  const template = Array.from({ length: n }, (_, i) => i);
  const pacer = new Pacer(control, trials);
  const fail = (t: number, what: string, cause?: unknown): Error => new Error(`trial ${t}: ${what}`, cause === undefined ? undefined : { cause });

  /** Counts one result of trial t (1-based). */
  const count = (t: number, input: number[], result: unknown): void => {
    const out = result === undefined ? input : result;
    if (out !== input && !Array.isArray(out) && !ArrayBuffer.isView(out)) {
      throw fail(t, `the shuffle returned ${show(out)}, not an array (shuffle the array in place and return nothing, or return the shuffled array)`);
    }
    const a = out as ArrayLike<unknown>;
    if (a.length !== n) throw fail(t, `the result has ${a.length} items, not ${n}`);
    try {
      tally.add(a);
    } catch (e) {
      if (e instanceof OrderError) throw fail(t, e.detail);
      throw e;
    }
  };

  const addInput = (t: number, input: number[]): void => {
    try {
      tally.add(input);
    } catch (e) {
      throw e instanceof OrderError ? fail(t, e.detail) : e;
    }
  };

  /**
   * Runs trials t…end−1 synchronously (a plain function, so V8 optimises its loop as it would the
   * caller's own); returns the trial that gave a Promise, with its input, or undefined.
   */
  let pendingInput: number[] = template, pendingStart = 0;
  const overTime = (t: number, ms: number): Error =>
    fail(t, `the shuffle took ${ms.toFixed(1)} ms, over the time limit of ${limit} ms (timeLimitMs)`);
  /** Calls between looks at the clock: doubles while a stretch of them is quick, so a slow shuffle is timed at every call. */
  let stride = 1;
  const timed = limit !== Infinity;
  const runSync = (from: number, end: number): { t: number; promise: PromiseLike<unknown> } | undefined => {
    let mark = now();
    for (let t = from; t < end; t++) {
      const input = template.slice();
      let result: unknown;
      const before = timed ? now() : 0;  // when the call started, for timeLimitMs
      try {
        result = shuffle(input);
      } catch (e) {
        throw fail(t + 1, `the shuffle threw ${message(e)}`, e);
      }
      if (timed && !isThenable(result)) {
        const took = now() - before;
        if (took > limit) throw overTime(t + 1, took);
      }
      if ((t - from + 1) % stride === 0) {
        const at = now(), took = at - mark;
        if (took < 1 && stride < 256) stride *= 2;
        else if (took > 4 && stride > 1) stride = Math.max(1, stride >> 2);
        mark = at;
        // Yield after YIELD_EVERY_MS, and after any stretch of 2 ms or more, so that an abort
        // waits for at most one slow call (a yield costs microseconds against such a call).
        if ((took >= 2 || pacer.due()) && t + 1 < end) {
          // Time to yield: count this trial, then stop the stretch here.
          if (result === undefined) addInput(t + 1, input);
          else if (result !== input && isThenable(result)) { pendingInput = input; pendingStart = before; return { t, promise: result }; }
          else count(t + 1, input, result);
          stop = t + 1;
          return undefined;
        }
      }
      if (result === undefined) addInput(t + 1, input);
      else if (result !== input && isThenable(result)) {
        pendingInput = input;
        pendingStart = before;
        return { t, promise: result };
      } else count(t + 1, input, result);
    }
    return undefined;
  };

  /** Waits for a shuffle's Promise, but no longer than the signal or the time limit allow. */
  const settle = (t: number, promise: PromiseLike<unknown>, started: number): Promise<unknown> => {
    if (!signal && !timed) return Promise.resolve(promise).then(undefined, (e: unknown) => { throw new PromiseFailure(e); });
    return new Promise<unknown>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = (): void => { done(); reject(signal!.reason); };
      const done = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (timed) timer = setTimeout(() => { done(); reject(overTime(t, now() - started)); }, Math.max(0, limit - (now() - started)));
      Promise.resolve(promise).then((v) => { done(); resolve(v); }, (e) => { done(); reject(new PromiseFailure(e)); });
    });
  };

  let t = 0, stop = -1;
  while (t < trials) {
    // A synchronous stretch of trials until the time to report, or a Promise to wait for.
    const end = Math.min(trials, t + 256);
    stop = -1;
    const pending = runSync(t, end);
    if (pending) {
      t = pending.t;
      let result: unknown;
      try {
        result = await settle(t + 1, pending.promise, pendingStart);
      } catch (e) {
        if (e instanceof PromiseFailure) throw fail(t + 1, `the shuffle's promise rejected with ${message(e.error)}`, e.error);
        throw e;
      }
      if (timed && now() - pendingStart > limit) throw overTime(t + 1, now() - pendingStart);
      count(t + 1, pendingInput, result);
      t++;
      signal?.throwIfAborted();
    } else t = stop >= 0 ? stop : end;
    if (t < trials) {
      if (pacer.due()) await pacer.tick(t);
      else if (stop >= 0) {
        await yieldToEventLoop();
        signal?.throwIfAborted();
      }
    }
  }
  pacer.report(trials);
  return buildReport(tally, alpha, template, now() - pacer.start);
}

/**
 * Tests orders that were already produced: an iterable or async iterable of arrays of numbers or
 * tokens (any n distinct items, the same set in every order), or of their first k items (a
 * dealt hand; pass `items` or `n`). Rejects with an Error naming the order (1-based) when one is
 * not an arrangement of the items.
 */
export async function testOrders(orders: Iterable<Order> | AsyncIterable<Order>, options: TestOrdersOptions = {}): Promise<ShuffleReport> {
  const o = checkKeys(options, TEST_ORDERS_KEYS, 'testOrders options');
  const alpha = checkAlpha(o.alpha);
  const control = checkControl(o);
  let items: Token[] | undefined;
  if (o.items !== undefined) {
    if (!Array.isArray(o.items)) throw new TypeError(`items must be an array of distinct numbers or strings, got ${show(o.items)}`);
    items = [...(o.items as Token[])];
    checkInt('items.length', items.length, 2, MAX_AUDIT_N);
    checkTokens(items, 'items');
    if (o.n !== undefined && o.n !== items.length) throw new RangeError(`n must equal items.length (${items.length}) when both are given, got ${show(o.n)}`);
  } else if (o.n !== undefined) {
    const n = checkInt('n', o.n, 2, MAX_AUDIT_N);
    items = Array.from({ length: n }, (_, i) => i);
  }
  const iterable = orders as { [Symbol.iterator]?: unknown; [Symbol.asyncIterator]?: unknown } | null;
  const isAsync = iterable !== null && typeof iterable === 'object' && typeof iterable[Symbol.asyncIterator] === 'function';
  const isSync = iterable !== null && (typeof iterable === 'object' || typeof iterable === 'string') && typeof iterable[Symbol.iterator] === 'function';
  if (!isAsync && !isSync) throw new TypeError(`orders must be an iterable or async iterable of arrays, got ${show(orders)}`);
  control.signal?.throwIfAborted();

  const total = Array.isArray(orders) ? orders.length : NaN;
  const pacer = new Pacer(control, total);
  let tally: Tally | undefined;
  let map: Map<Token, number> | undefined;
  let buffer: Int32Array | undefined;
  let t = 0;
  const fail = (what: string): Error => new Error(`order ${t}: ${what}`);

  const add = (order: unknown): void => {
    t++;
    if (!Array.isArray(order) && !ArrayBuffer.isView(order)) throw fail(`expected an array of items, got ${show(order)}`);
    const a = order as ArrayLike<Token>;
    if (!tally) {
      if (!items) {
        if (a.length < 2 || a.length > MAX_AUDIT_N) throw fail(`the first order sets the items and must have 2 to ${MAX_AUDIT_N}, it has ${a.length}`);
        const first = Array.from(a);
        try {
          checkTokens(first, 'the first order');
        } catch (e) {
          throw fail((e as Error).message);
        }
        items = typeof first[0] === 'number' ? first.sort((x, y) => (x as number) - (y as number)) : first.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      }
      const n = items.length;
      if (a.length < 2 || a.length > n) throw fail(`has ${a.length} items; an order needs 2 to ${n} (the number of items)`);
      const identity = items.every((x, i) => x === i);
      if (!identity) {
        map = new Map(items.map((x, i) => [x, i]));
        buffer = new Int32Array(a.length);
      }
      tally = new Tally(n, a.length, identity ? undefined : items);
    }
    if (a.length !== tally.k) throw fail(`has ${a.length} items, the first order had ${tally.k}`);
    let input: ArrayLike<unknown> = a;
    if (map) {
      for (let p = 0; p < a.length; p++) {
        const i = map.get(a[p]);
        if (i === undefined) throw fail(`${show(a[p])} at position ${p} is not one of the ${tally.n} items`);
        buffer![p] = i;
      }
      input = buffer!;
    }
    try {
      tally.add(input);
    } catch (e) {
      if (e instanceof OrderError) throw fail(e.detail);
      throw e;
    }
  };

  if (isAsync) {
    for await (const order of orders as AsyncIterable<Order>) {
      add(order);
      if ((t & 255) === 0 && pacer.due()) await pacer.tick(t);
    }
  } else {
    for (const order of orders as Iterable<Order>) {
      add(order);
      if ((t & 255) === 0 && pacer.due()) await pacer.tick(t);
    }
  }
  if (!tally) throw new RangeError('orders is empty: there is nothing to test');
  if (t < minTrials(tally.n)) {
    throw new RangeError(`too few orders to test: ${t}, and ${tally.n} items need at least ${minTrials(tally.n)} (each item at each position expected 5 times, and 100 orders for the z tests)`);
  }
  pacer.report(t);
  return buildReport(tally, alpha, items!, now() - pacer.start, itemOrderOf(o));
}

/** Options of `testLog`. */
export interface TestLogOptions extends AuditOptions {
  /**
   * The items in their starting order, as `fairdeck-audit --items` takes them: one string of
   * tokens separated by spaces or commas (`parseItems`), or an array of the token strings.
   * Default: the first line's tokens, sorted (numbers by value), and the report says it assumed so.
   */
  items?: string | readonly string[];
  /** The items are the numbers 0…n−1 (for logs of partial orders without `items`). */
  n?: number;
}

/** A log of orders, as text: a Blob or File, a stream or iterable of its bytes, the bytes or the text itself. */
export type LogSource = Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Uint8Array | string;

const TEST_LOG_KEYS: readonly string[] = ['items', 'n', 'alpha', 'signal', 'onProgress'];

/** The pieces of `log`'s bytes, or undefined when `log` is none of LogSource's kinds. */
function logPieces(log: unknown): AsyncIterable<Uint8Array> | Iterable<Uint8Array> | undefined {
  if (typeof log === 'string') return [new TextEncoder().encode(log)];
  if (log instanceof Uint8Array) return [log];
  if (typeof Blob !== 'undefined' && log instanceof Blob) return readerPieces(log.stream());
  if (typeof ReadableStream !== 'undefined' && log instanceof ReadableStream) return readerPieces(log as ReadableStream<Uint8Array>);
  const it = log as { [Symbol.iterator]?: unknown; [Symbol.asyncIterator]?: unknown } | null;
  if (it !== null && typeof it === 'object' && (typeof it[Symbol.asyncIterator] === 'function' || typeof it[Symbol.iterator] === 'function')) return it as AsyncIterable<Uint8Array>;
  return undefined;
}

/** A ReadableStream's chunks (a browser's streams are not all async iterables yet). */
async function* readerPieces(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Tests a log of orders, one per line, read exactly as `fairdeck-audit` reads it (the same code):
 * tokens separated by spaces, tabs or commas, or a JSON array per line; blank lines and lines
 * starting with # skipped; the first line (or `items`) sets the items; shorter lines are partial
 * orders, all of one length. Rejects with a `LogError` whose message is `line N: …` for the first
 * bad line, N the same as the CLI's (every line counted from 1, blank and comment lines too);
 * RangeError for a log with no orders or too few; TypeError/RangeError for bad options;
 * `signal.reason` when aborted. `onProgress`'s `done` is the orders read so far.
 */
export async function testLog(log: LogSource, options: TestLogOptions = {}): Promise<ShuffleReport> {
  const o = checkKeys(options, TEST_LOG_KEYS, 'testLog options');
  const alpha = checkAlpha(o.alpha);
  const control = checkControl(o);
  let items: string[] | undefined, n: number | undefined;
  if (typeof o.items === 'string') items = parseItems(o.items);
  else if (o.items !== undefined) {
    if (!Array.isArray(o.items) || o.items.some((x) => typeof x !== 'string')) {
      throw new TypeError(`items must be a string of tokens or an array of token strings, got ${show(o.items)}`);
    }
    const given = o.items as readonly string[];
    items = parseItems(given.join(' '));
    if (items.length !== given.length || items.some((x, i) => x !== given[i])) {
      throw new RangeError(`items must be tokens without spaces or commas, got ${show(o.items)}`);
    }
  }
  if (o.n !== undefined) {
    n = checkInt('n', o.n, 2, MAX_AUDIT_N);
    if (items && n !== items.length) throw new RangeError(`n must equal the number of items (${items.length}) when both are given, got ${show(o.n)}`);
  }
  const pieces = logPieces(log);
  if (!pieces) throw new TypeError(`log must be a Blob, a ReadableStream or (async) iterable of Uint8Array, a Uint8Array or a string, got ${show(log)}`);
  control.signal?.throwIfAborted();
  const audit = new LogAudit({ items, n });
  const pacer = new Pacer(control, NaN);
  await readLog(pieces, audit, () => {
    control.signal?.throwIfAborted();
    if (pacer.due()) pacer.report(audit.tally?.trials ?? 0);
  });
  const unusable = unusableLog(audit);
  if (unusable !== undefined) throw new RangeError(`log: ${unusable}`);
  pacer.report(audit.tally!.trials);
  return buildReport(audit.tally!, alpha, audit.items!, now() - pacer.start, itemOrderOf({ items, n }));
}

/** Checks that `tokens` are distinct and all numbers or all strings. */
function checkTokens(tokens: unknown[], what: string): void {
  const kind = typeof tokens[0];
  if (kind !== 'number' && kind !== 'string') throw new TypeError(`${what} must hold numbers or strings, got ${show(tokens[0])}`);
  const seen = new Set<unknown>();
  for (const x of tokens) {
    if (typeof x !== kind) throw new TypeError(`${what} must hold only ${kind}s, got ${show(x)}`);
    if (kind === 'number' && !Number.isFinite(x)) throw new TypeError(`${what} must hold finite numbers, got ${show(x)}`);
    if (seen.has(x)) throw new RangeError(`${what} holds ${show(x)} twice; items must be distinct`);
    seen.add(x);
  }
}

/**
 * For test suites (Vitest, Jest, node:test): runs `testShuffle` and throws an Error whose message
 * is the report when a test rejects. Resolves to the report when no bias is found.
 */
export async function assertFair(shuffle: ShuffleFunction, options: TestShuffleOptions): Promise<ShuffleReport> {
  const report = await testShuffle(shuffle, options);
  if (!report.fair) {
    const error = new Error(`shuffle is biased\n${report.toString()}`);
    (error as Error & { report?: ShuffleReport }).report = report;
    throw error;
  }
  return report;
}
