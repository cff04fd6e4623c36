/**
 * `fairdeck-audit`'s log reader on Node streams: the package's one reader (fairness/audit-log.ts,
 * which `testLog` and the visualiser's log panel use too), fed the stream's Buffers, so a log's
 * lines are numbered the same in the CLI and in the page.
 */
import { LogAudit, readLog } from '../fairness/audit-log.js';

export { LogAudit, LogError as InputError, MAX_LINE, type LogOptions } from '../fairness/audit-log.js';

/** Streams `input` through `audit`, one read buffer and at most one carried line in memory. */
export function readLines(input: NodeJS.ReadableStream, audit: LogAudit, onChunk: () => void): Promise<void> {
  return readLog(input as AsyncIterable<Buffer>, audit, onChunk);
}
