/**
 * `fairdeck-audit`: tests the orders a shuffler produced, from a log of one order per line.
 *   npx fairdeck-audit shuffles.log
 *   my-shuffler | npx fairdeck-audit - --json
 * A line is whitespace- or comma-separated tokens (numbers, card codes, any names) or a JSON array
 * of them; blank lines and lines starting with # are skipped. The first line (or --items) fixes
 * the items; the tests number them in sorted order (numbers by value). Lines shorter than the item
 * count are partial orders (the first k dealt), all of the same length.
 * The log is streamed in bounded memory (the counts, one line and one read buffer) and parsed
 * byte by byte, without a string per token. Exit status: 0 no bias found, 1 a test rejects,
 * 2 bad input or usage (the line number and what was wrong on standard error).
 */
import { statSync } from 'node:fs';
import { buildReport, itemOrderOf, reportJSON } from '../fairness/audit-report.js';
import { MAX_AUDIT_N } from '../fairness/audit-tally.js';
import { InputError, LogAudit, readLines, type LogOptions } from './audit-log.js';
import { parseItems, unusableLog } from '../fairness/audit-log.js';
import { defaultWorkers, MAX_LOG_WORKERS, MIN_BYTES_PER_WORKER, readLogFile, type LogResult } from './audit-parallel.js';
import { Output, OutputClosed, OutputError, WRITE_FAILED } from './output.js';
import { ALPHA } from '../fairness/statistics.js';

const usage = `usage: fairdeck-audit FILE|- [--json] [--alpha P] [--items "A B C …"] [--n N] [--workers N]
  FILE|-        the log: one order per line, tokens separated by spaces, tabs or commas,
                or a JSON array per line; - reads standard input
  --json        print the report as JSON
  --alpha P     overall significance level (default ${ALPHA})
  --items LIST  the items in their starting order (default: the first line's, sorted)
  --n N         the items are the numbers 0…N−1 (for partial orders without --items)
  --workers N   threads reading a FILE (this one and N − 1 workers), each a range of its
                lines (default: the available parallelism, at most one per ${MIN_BYTES_PER_WORKER >> 20} MB;
                standard input and pipes: 1); the report is the same for any N
exit status: 0 no bias found, 1 biased, 2 bad input or usage, 3 the report could not be written`;

class UsageError extends Error {}

interface Args { file: string; json: boolean; alpha: number; items?: string[]; n?: number; workers?: number }

function parseArgs(argv: string[]): Args | 'help' {
  let file: string | undefined, json = false, alpha = ALPHA, items: string[] | undefined, n: number | undefined, workers: number | undefined;
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') return 'help';
    if (a.startsWith('--') && given.has(a)) throw new UsageError(`${a} is given twice; give it once`);
    given.add(a);
    if (a === '--json') json = true;
    else if (a === '--alpha' || a === '--items' || a === '--n' || a === '--workers') {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      if (a === '--alpha') {
        alpha = Number(v);
        if (!(alpha > 0 && alpha <= 0.5)) throw new UsageError(`--alpha must be a number above 0 and at most 0.5, got ${JSON.stringify(v)}`);
      } else if (a === '--workers') {
        workers = Number(v);
        if (!/^\d+$/.test(v) || workers < 1 || workers > MAX_LOG_WORKERS) throw new UsageError(`--workers must be an integer from 1 to ${MAX_LOG_WORKERS}, got ${JSON.stringify(v)}`);
      } else if (a === '--n') {
        n = Number(v);
        if (!/^\d+$/.test(v) || n < 2 || n > MAX_AUDIT_N) throw new UsageError(`--n must be an integer from 2 to ${MAX_AUDIT_N}, got ${JSON.stringify(v)}`);
      } else {
        try {
          items = parseItems(v);  // testLog's rule, and the visualiser's items field
        } catch (e) {
          throw new UsageError(`--${(e as Error).message}`);
        }
      }
    } else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
    else if (file === undefined) file = a;
    else throw new UsageError(`one input only, got ${JSON.stringify(file)} and ${JSON.stringify(a)}`);
  }
  if (file === undefined) throw new UsageError('no input: give a FILE, or - for standard input');
  if (items && n !== undefined && n !== items.length) throw new UsageError(`--n ${n} does not match the ${items.length} --items`);
  return { file, json, alpha, items, n, workers };
}

async function main(): Promise<number> {
  let args: Args | 'help';
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`fairdeck-audit: ${(e as Error).message}\n${usage}\n`);
    return 2;
  }
  if (args === 'help') return print(`${usage}\n`);
  const options: LogOptions = { items: args.items, n: args.n };
  const tty = process.stderr.isTTY === true;
  const start = performance.now();
  let last = start, orders = 0, bytes = 0;
  const progress = (more: number): void => {
    bytes += more;
    const t = performance.now();
    if (!tty || t - last < 200) return;
    last = t;
    const mb = bytes / 1e6;
    process.stderr.write(`\rfairdeck-audit: ${orders ? `${orders} orders, ` : ''}${mb.toFixed(0)} MB, ${(mb / ((t - start) / 1000)).toFixed(0)} MB/s `);
  };
  let audit: LogResult;
  try {
    if (args.file === '-') {
      const one = new LogAudit(options);
      let sent = 0;
      await readLines(process.stdin, one, () => {
        orders = one.tally?.trials ?? 0;
        progress(one.bytes - sent);
        sent = one.bytes;
      });
      audit = one;
    } else {
      // A regular file is split between threads; anything else (a pipe, a device) is read by one.
      const stat = statSync(args.file);
      const workers = !stat.isFile() ? 1 : args.workers ?? defaultWorkers(stat.size);
      audit = await readLogFile(args.file, options, workers, progress);
    }
  } catch (e) {
    if (tty) process.stderr.write('\n');
    if (e instanceof InputError) {
      process.stderr.write(`fairdeck-audit: ${e.message}\n`);
      return 2;
    }
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') {
      process.stderr.write(`fairdeck-audit: cannot read ${JSON.stringify(args.file)}: ${(e as Error).message}\n`);
      return 2;
    }
    throw e;
  }
  if (tty) process.stderr.write('\n');
  const unusable = unusableLog(audit);  // testLog's words too
  if (unusable !== undefined) {
    process.stderr.write(`fairdeck-audit: ${unusable}\n`);
    return 2;
  }
  const report = buildReport(audit.tally!, args.alpha, audit.items!, performance.now() - start, itemOrderOf(args));
  const written = await print(args.json ? `${JSON.stringify(reportJSON(report), null, 2)}\n` : `${report.toString()}\n`);
  return written !== 0 ? written : report.fair ? 0 : 1;
}

/**
 * Writes the report (or the help) to standard output: 0 when written or when the reader closed
 * the pipe (quietly, as `shuf | head` ends), WRITE_FAILED with a message when it could not be.
 */
async function print(text: string): Promise<number> {
  try {
    await new Output(process.stdout).write(text);
    return 0;
  } catch (e) {
    if (e instanceof OutputClosed) return 0;
    if (!(e instanceof OutputError)) throw e;
    process.stderr.write(`fairdeck-audit: ${e.message}\n`);
    return WRITE_FAILED;
  }
}

main().then(
  (code) => { process.exitCode = code; },
  (error: unknown) => {
    process.stderr.write(`fairdeck-audit: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
