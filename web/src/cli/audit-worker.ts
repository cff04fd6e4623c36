/**
 * A worker_threads worker of `fairdeck-audit --workers N` (audit-parallel.ts): reads one byte
 * range of the log, cut at line boundaries, with the same reader and counts as the single-threaded
 * path (LogAudit, readLines, Tally), and sends back its counts and its number of lines, or the
 * first bad line as a line number within its range (the main thread adds the lines before it).
 */
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { InputError, LogAudit, readLines, type LogOptions } from './audit-log.js';
import type { TallyCounts } from '../fairness/audit-tally.js';

/** What the main thread gives a worker. */
export interface RangeJob { file: string; start: number; end: number; options: LogOptions }

/** What a worker sends: progress (bytes read since the last message), then one of the others. */
export type RangeMessage =
  | { kind: 'progress'; bytes: number }
  | { kind: 'done'; lines: number; counts: TallyCounts | undefined }
  | { kind: 'bad'; line: number; detail: string }
  | { kind: 'error'; message: string; code?: string };

async function run(job: RangeJob, port: NonNullable<typeof parentPort>): Promise<void> {
  const audit = new LogAudit(job.options);
  let sent = 0;
  const post = (m: RangeMessage, transfer: ArrayBuffer[] = []): void => port.postMessage(m, transfer);
  try {
    // `end` is inclusive for createReadStream; the caller never sends an empty range.
    await readLines(createReadStream(job.file, { start: job.start, end: job.end - 1, highWaterMark: 1 << 20 }), audit, () => {
      post({ kind: 'progress', bytes: audit.bytes - sent });
      sent = audit.bytes;
    });
  } catch (e) {
    if (e instanceof InputError) return post({ kind: 'bad', line: e.line, detail: e.detail });
    return post({ kind: 'error', message: e instanceof Error ? e.message : String(e), code: (e as NodeJS.ErrnoException).code });
  }
  const counts = audit.tally?.counts();
  const buffers = counts ? [counts.positions, counts.orders, counts.successions, counts.hashes].filter((a) => a !== undefined).map((a) => a.buffer as ArrayBuffer) : [];
  post({ kind: 'done', lines: audit.line, counts }, [...new Set(buffers)]);
}

if (parentPort) void run(workerData as RangeJob, parentPort);
