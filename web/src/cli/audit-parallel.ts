/**
 * `fairdeck-audit --workers N`: a log file read by N threads, this one and N − 1 worker_threads.
 * The file is split into N byte ranges cut right after a newline; this thread reads the first, and
 * a worker (audit-worker.ts) each of the others, all with the same reader and Tally as the
 * single-threaded path, and the counts are merged in file order
 * (Tally.merge: integer sums, so the report is the single-threaded one, bit for bit). The first
 * line is read here first: it sets the items and the order length every worker checks against.
 * A bad line is reported with its line number in the whole file, and it is the first bad line of
 * the file, as when one thread reads it: the readers after it are stopped, the ones before it are
 * awaited (for their line counts, and in case one of them holds an earlier bad line).
 */
import { createReadStream, openSync, readSync, closeSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Tally, type TallyCounts } from '../fairness/audit-tally.js';
import { InputError, LogAudit, MAX_LINE, readLines, type LogOptions } from './audit-log.js';
import type { RangeJob, RangeMessage } from './audit-worker.js';

/**
 * Bytes of log per thread below which the default starts fewer threads. A worker thread starts
 * cold (loading, then interpreted code until V8 optimises the reader): each one added cost 0.25 to
 * 0.4 s more CPU time in runs on a loaded machine, what reading 30 to 50 MB takes, so a thread is
 * started for every 64 MB at most and its start-up stays under its share of the work.
 */
export const MIN_BYTES_PER_WORKER = 64 << 20;
/** Most workers `--workers` accepts. */
export const MAX_LOG_WORKERS = 256;

/** What a read of a whole log gives: what `LogAudit` holds after reading it in one thread. */
export interface LogResult { tally: Tally | undefined; items: (string | number)[] | undefined; line: number; bytes: number }

/** The default number of workers for a regular file of `size` bytes: the available parallelism, one per MIN_BYTES_PER_WORKER at most. */
export function defaultWorkers(size: number): number {
  return Math.max(1, Math.min(availableParallelism(), Math.floor(size / MIN_BYTES_PER_WORKER)));
}

/**
 * Where the ranges of `parts` workers start: offsets right after a newline (or 0), non-decreasing,
 * plus the file size at the end. The cut near size·i/parts is the start of the next line; when no
 * newline comes within MAX_LINE + 1 bytes (a line too long, which its reader reports) the range is
 * left empty and the previous cut stands.
 */
export function cutRanges(file: string, size: number, parts: number): number[] {
  const cuts = [0];
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 16);
    for (let i = 1; i < parts; i++) {
      const previous = cuts[i - 1];
      let at = Math.max(previous, Math.floor((size * i) / parts));
      if (at <= previous) { cuts.push(previous); continue; }
      // The cut is `at` when the byte before it ends a line; otherwise after the next newline.
      let from = at - 1, cut = -1;
      while (from < size && from - (at - 1) <= MAX_LINE + 1) {
        const got = readSync(fd, buffer, 0, buffer.length, from);
        if (got === 0) break;
        const nl = buffer.subarray(0, got).indexOf(0x0a);
        if (nl >= 0) { cut = from + nl + 1; break; }
        from += got;
      }
      cuts.push(cut < 0 ? (from >= size ? size : previous) : cut);
    }
  } finally {
    closeSync(fd);
  }
  cuts.push(size);
  return cuts;
}

/**
 * Reads the log `file` (a regular file) with `workers` threads (1: in this thread, as
 * standard input is read). Throws InputError for the file's first bad line, as one thread would.
 * `onBytes(n)`: n more bytes were read.
 */
export async function readLogFile(file: string, options: LogOptions, workers: number, onBytes: (bytes: number) => void): Promise<LogResult> {
  const size = statSync(file).size;
  if (workers <= 1 || size === 0) return readRange(file, options, onBytes);

  // The first line sets the items and the order length: read up to it here (an error before or
  // on it is the file's first), then let every worker check its range against them.
  const first = new LogAudit(options);
  const STOP = Symbol('first order read');
  try {
    await readLines(createReadStream(file, { highWaterMark: 1 << 16 }), first, () => {
      if (first.tally) throw STOP;
    });
  } catch (e) {
    if (e !== STOP) throw e;
  }
  if (!first.tally) return first;  // no order in the whole file: it has been read
  const rangeOptions: LogOptions = {
    items: first.table!.names, n: options.n, k: first.tally.k,
    itemsFromFirstLine: !(options.items || options.n !== undefined),
  };

  const cuts = cutRanges(file, size, workers);
  const parts = cuts.length - 1;
  const results: (Extract<RangeMessage, { kind: 'done' }> | undefined)[] = new Array(parts);
  // stops[p] ends the reader of range p while it runs; undefined once it has finished or was stopped.
  const stops: ((() => void) | undefined)[] = new Array(parts);
  let bytes = 0;
  const progress = (more: number): void => {
    bytes += more;
    onBytes(more);
  };
  const finished = await new Promise<{ bad?: { part: number; line: number; detail: string }; error?: Error }>((resolve) => {
    let bad: { part: number; line: number; detail: string } | undefined, error: Error | undefined;
    const settle = (): void => {
      // Done when every range before the first bad one has finished (or a reader failed).
      const limit = bad ? bad.part : parts;
      for (let p = 0; p < limit; p++) if (!results[p]) return;
      resolve({ bad, error });
    };
    const stop = (from: number): void => {
      for (let p = from; p < parts; p++) {
        const end = stops[p];
        stops[p] = undefined;
        end?.();
      }
    };
    const done = (p: number, lines: number, counts: TallyCounts | undefined): void => {
      stops[p] = undefined;
      results[p] = { kind: 'done', lines, counts };
      settle();
    };
    const badLine = (p: number, line: number, detail: string): void => {
      stops[p] = undefined;
      if (!bad || p < bad.part) {
        bad = { part: p, line, detail };
        stop(p + 1);
      }
      settle();
    };
    const fail = (e: Error): void => {
      error ??= e;
      stop(0);
      resolve({ error });
    };
    for (let p = 0; p < parts; p++) {
      if (cuts[p] === cuts[p + 1]) {
        results[p] = { kind: 'done', lines: 0, counts: undefined };  // an empty range: no reader
        continue;
      }
      if (p === 0) {
        // This thread reads the first range while the workers read the others: one thread fewer
        // to start, and it is the thread that read the first line, already warm.
        const controller = new AbortController();
        const end = (): void => controller.abort();
        stops[0] = end;
        const audit = new LogAudit(rangeOptions);
        let sent = 0;
        const input = createReadStream(file, { start: cuts[0], end: cuts[1] - 1, highWaterMark: 1 << 20, signal: controller.signal });
        readLines(input, audit, () => {
          progress(audit.bytes - sent);
          sent = audit.bytes;
        }).then(
          () => { if (stops[0] === end) done(0, audit.line, audit.tally?.counts()); },
          (e: unknown) => {
            if (stops[0] !== end) return;  // stopped: the abort is not an error
            if (e instanceof InputError) badLine(0, e.line, e.detail);
            else fail(e as Error);
          },
        );
        continue;
      }
      const job: RangeJob = { file, start: cuts[p], end: cuts[p + 1], options: rangeOptions };
      const thread = new Worker(new URL('./audit-worker.js', import.meta.url), { workerData: job });
      const end = (): void => void thread.terminate();
      stops[p] = end;
      thread.on('message', (m: RangeMessage) => {
        if (stops[p] !== end) return;  // it had finished, or was stopped
        if (m.kind === 'progress') return progress(m.bytes);
        void thread.terminate();
        if (m.kind === 'done') done(p, m.lines, m.counts);
        else if (m.kind === 'bad') badLine(p, m.line, m.detail);
        else fail(Object.assign(new Error(m.message), m.code ? { code: m.code } : {}));
      });
      const crashed = (e: Error): void => {
        if (stops[p] === end) fail(e);
      };
      thread.on('error', crashed);
      thread.on('exit', (code) => crashed(new Error(`fairdeck-audit: the worker reading bytes ${job.start} to ${job.end} stopped (exit code ${code}) without a result`)));
    }
    settle();
  });
  for (const end of stops) end?.();  // none should be left; never leave one reading
  if (finished.error) throw finished.error;
  if (finished.bad) {
    let before = 0;
    for (let p = 0; p < finished.bad.part; p++) before += results[p]!.lines;
    throw new InputError(before + finished.bad.line, finished.bad.detail);
  }
  const tally = new Tally(first.items!.length, first.tally.k, first.items);
  let line = 0;
  for (const r of results) {
    line += r!.lines;
    if (r!.counts) tally.merge(r!.counts);
  }
  return { tally, items: first.items, line, bytes };
}

/** One thread: the whole file (or standard input) through one LogAudit. */
async function readRange(file: string, options: LogOptions, onBytes: (bytes: number) => void): Promise<LogResult> {
  const audit = new LogAudit(options);
  let sent = 0;
  await readLines(createReadStream(file, { highWaterMark: 1 << 20 }), audit, () => {
    onBytes(audit.bytes - sent);
    sent = audit.bytes;
  });
  return audit;
}
