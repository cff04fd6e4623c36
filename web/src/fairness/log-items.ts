/**
 * What a log's reader (audit-log.ts) says and takes that callers see: its error for a bad line, and
 * the rule for a list of items (`fairdeck-audit --items`, `testLog`'s `items`, the visualiser's
 * items field). A leaf, so that the published types need not carry the reader's.
 */
import { show } from '../errors.js';
import { MAX_AUDIT_N } from './audit-tally.js';

/**
 * A bad line of a log: `message` is `line N: what was wrong`, N counted from 1 over every line of
 * the log (blank and comment lines too), as `fairdeck-audit` prints it.
 */
export class LogError extends Error {
  /**
   * The error of line `line`, for `detail`.
   * @param line - the line's number, from 1
   * @param detail - what was wrong with it
   */
  constructor(readonly line: number, readonly detail: string) {
    super(`line ${line}: ${detail}`);
    this.name = 'LogError';
  }
}

/**
 * The items of a log in their starting order, from text as `fairdeck-audit --items` takes it:
 * tokens separated by spaces, tabs, newlines or commas. RangeError unless there are 2 to
 * MAX_AUDIT_N of them, all distinct; TypeError for a value that is not a string.
 */
export function parseItems(text: string): string[] {
  if (typeof text !== 'string') throw new TypeError(`items must be a string of tokens separated by spaces or commas, got ${show(text)}`);
  const items = text.split(/[\s,]+/).filter((t) => t !== '');
  if (items.length < 2 || items.length > MAX_AUDIT_N) throw new RangeError(`items must list 2 to ${MAX_AUDIT_N} items, got ${items.length}`);
  const twice = items.find((t, i) => items.indexOf(t) !== i);
  if (twice !== undefined) throw new RangeError(`items lists ${JSON.stringify(twice)} twice; items must be distinct`);
  return items;
}
