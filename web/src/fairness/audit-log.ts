/**
 * The log reader of `fairdeck-audit` and of `testLog` (the visualiser's log panel): orders parsed
 * byte by byte from read buffers, tokens hashed as they are scanned and looked up without a string
 * per token, counted by the audit's Tally. One rule for both, so a log's lines are numbered alike
 * wherever it is read: every line counts, blank and comment lines (# …) too, from 1, split at \n
 * (a \r before it is dropped). Memory is bounded: the counts, one read buffer and at most one
 * carried line. No Node API: the CLI (cli/audit-log.ts) feeds it Buffers, a page a Blob's stream.
 */
import { MAX_AUDIT_N, OrderError, Tally } from './audit-tally.js';
import { minTrials } from './statistics.js';
import { LogError } from './log-items.js';

export { LogError, parseItems } from './log-items.js';

/** Longest line accepted (bounded memory whatever the input). */
export const MAX_LINE = 1 << 20;

/**
 * What the reader needs to know. `items` or `n` as the user gave them; a reader of a later part
 * of a log (audit-parallel.ts) also gets the items the first line set (`itemsFromFirstLine`: the
 * error messages say so) and the first order's length `k`.
 */
export interface LogOptions { items?: string[]; n?: number; itemsFromFirstLine?: boolean; k?: number }

/** Token bytes → item index: open addressing on an FNV-1a hash, keys kept as bytes. */
class TokenTable {
  readonly names: string[] = [];
  #slots: Int32Array;
  #hashes: Int32Array;
  #pool = new Uint8Array(1 << 12);
  #start: Int32Array;
  #end: Int32Array;
  #used = 0;
  constructor(capacity: number) {
    let size = 16;
    while (size < capacity * 4) size <<= 1;
    this.#slots = new Int32Array(size).fill(-1);
    this.#hashes = new Int32Array(capacity);
    this.#start = new Int32Array(capacity);
    this.#end = new Int32Array(capacity);
  }
  static hash(b: Uint8Array, from: number, to: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = from; i < to; i++) h = Math.imul(h ^ b[i], 0x01000193);
    return h;
  }
  /** The index of the token b[from…to) with hash h, or −1. */
  find(b: Uint8Array, from: number, to: number, h: number): number {
    const slots = this.#slots, mask = slots.length - 1, pool = this.#pool, len = to - from;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const i = slots[s];
      if (i < 0) return -1;
      if (this.#hashes[i] !== h) continue;
      const st = this.#start[i];
      if (this.#end[i] - st !== len) continue;
      let same = true;
      for (let j = 0; j < len; j++) if (pool[st + j] !== b[from + j]) { same = false; break; }
      if (same) return i;
    }
  }
  /** Adds a token (the caller checked it is new) under index `index`. */
  add(token: string, index: number): void {
    const bytes = new TextEncoder().encode(token);
    if (this.#used + bytes.length > this.#pool.length) {
      const bigger = new Uint8Array(Math.max(this.#pool.length * 2, this.#used + bytes.length));
      bigger.set(this.#pool);
      this.#pool = bigger;
    }
    this.#pool.set(bytes, this.#used);
    this.#start[index] = this.#used;
    this.#end[index] = this.#used += bytes.length;
    const h = TokenTable.hash(bytes, 0, bytes.length);
    this.#hashes[index] = h;
    const mask = this.#slots.length - 1;
    let s = h & mask;
    while (this.#slots[s] >= 0) s = (s + 1) & mask;
    this.#slots[s] = index;
    this.names[index] = token;
  }
}

const SP = 0x20, TAB = 0x09, COMMA = 0x2c, CR = 0x0d, LF = 0x0a, OPEN = 0x5b, CLOSE = 0x5d, QUOTE = 0x22, BACKSLASH = 0x5c, HASH = 0x23;
const decoder = new TextDecoder();
const text = (b: Uint8Array, from: number, to: number): string => decoder.decode(b.subarray(from, to));
const shown = (s: string): string => JSON.stringify(s.length > 40 ? `${s.slice(0, 37)}...` : s);

/** Streams a log through a Tally. */
export class LogAudit {
  line = 0;
  bytes = 0;
  tally: Tally | undefined;
  table: TokenTable | undefined;
  items: (string | number)[] | undefined;
  #order = new Int32Array(MAX_AUDIT_N);
  constructor(readonly args: LogOptions) {
    if (args.items) this.#setItems(args.items);
    else if (args.n !== undefined) this.#setItems(Array.from({ length: args.n }, (_, i) => String(i)));
    if (args.k !== undefined) this.tally = new Tally(this.items!.length, args.k, this.items);
  }

  #setItems(tokens: string[]): void {
    const numeric = tokens.every((t) => /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(t));
    const sorted = this.args.items ? tokens : numeric ? [...tokens].sort((a, b) => Number(a) - Number(b)) : [...tokens].sort();
    this.table = new TokenTable(sorted.length);
    sorted.forEach((t, i) => this.table!.add(t, i));
    this.items = sorted.map((t) => (numeric ? Number(t) : t));
  }

  fail(what: string): never {
    throw new LogError(this.line, what);
  }

  /** Splits the first line (or any line, slowly) into its token strings. */
  #tokenStrings(b: Uint8Array, from: number, to: number): string[] {
    let line = text(b, from, to).trim();
    if (line.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch (e) {
        this.fail(`a line that starts with [ must be a JSON array: ${(e as Error).message}`);
      }
      if (!Array.isArray(parsed) || parsed.some((x) => typeof x !== 'string' && typeof x !== 'number')) this.fail('a JSON line must be an array of numbers or strings');
      return (parsed as unknown[]).map(String);
    }
    line = line.replace(/\r$/, '');
    return line.split(/[\s,]+/).filter((t) => t !== '');
  }

  /** One line, b[from…to), without its newline: tokens hashed as they are scanned, looked up, counted. */
  addLine(b: Uint8Array, from: number, to: number): void {
    this.line++;
    let i = from;
    while (i < to && (b[i] === SP || b[i] === TAB || b[i] === CR)) i++;
    if (i === to || b[i] === HASH) return;  // blank or comment
    if (!this.table) {
      const tokens = this.#tokenStrings(b, from, to);
      if (tokens.length < 2) this.fail(`the first line sets the items and needs at least 2 tokens, it has ${tokens.length}`);
      if (tokens.length > MAX_AUDIT_N) this.fail(`the first line has ${tokens.length} tokens; at most ${MAX_AUDIT_N} items`);
      const dup = tokens.find((t, x) => tokens.indexOf(t) !== x);
      if (dup !== undefined) this.fail(`the first line sets the items, and ${shown(dup)} appears twice`);
      this.#setItems(tokens);
    }
    const table = this.table!;
    let end = to;
    while (end > i && (b[end - 1] === SP || b[end - 1] === TAB || b[end - 1] === CR)) end--;
    const json = b[i] === OPEN;
    if (json) {
      if (b[end - 1] !== CLOSE) this.fail('a line that starts with [ must be a JSON array ending with ]');
      i++;
      end--;
    }
    const order = this.#order, cap = this.tally ? this.tally.k : this.items!.length;
    let count = 0;
    while (i < end) {
      let c = b[i];
      if (c === SP || c === TAB || c === COMMA || c === CR) { i++; continue; }
      let s = i, e: number;
      let h = 0x811c9dc5 | 0;
      if (json && c === QUOTE) {
        e = ++s;
        while (e < end && (c = b[e]) !== QUOTE) {
          if (c === BACKSLASH) this.fail('JSON strings with escapes are not supported; write the token without backslashes');
          h = Math.imul(h ^ c, 0x01000193);
          e++;
        }
        if (e === end) this.fail('a JSON string is not closed');
        i = e + 1;
      } else {
        e = s;
        while (e < end && (c = b[e]) !== SP && c !== TAB && c !== COMMA && c !== CR) {
          h = Math.imul(h ^ c, 0x01000193);
          e++;
        }
        if (json && (b[s] === OPEN || b[e - 1] === CLOSE || b[s] === QUOTE)) this.fail('a JSON line must be a flat array of numbers or strings');
        i = e;
      }
      if (count === cap) this.fail(`has more than ${cap} items`);
      const idx = table.find(b, s, e, h);
      if (idx < 0) this.fail(`unknown token ${shown(text(b, s, e))} at position ${count} (not one of the ${this.items!.length} items${this.args.itemsFromFirstLine || !(this.args.items || this.args.n !== undefined) ? ' on the first line' : ''})`);
      order[count++] = idx;
    }
    if (!this.tally) {
      const n = this.items!.length;
      if (count < 2) this.fail(`has ${count} items; an order needs 2 to ${n}`);
      this.tally = new Tally(n, count, this.items);
    }
    const tally = this.tally;
    if (count !== tally.k) this.fail(`has ${count} items, the first order had ${tally.k}`);
    try {
      tally.add(order);
    } catch (e) {
      if (e instanceof OrderError) this.fail(e.detail.replace(/^item /, 'token '));
      throw e;
    }
  }
}

/** Joins two byte arrays into a new one. */
function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Streams `input`'s pieces through `audit`, one piece and at most one carried line in memory;
 * `onChunk` after each piece. Node's Buffers search with their own (native) indexOf.
 */
export async function readLog(input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, audit: LogAudit, onChunk: () => void): Promise<void> {
  let carry: Uint8Array | undefined;
  for await (const piece of input) {
    audit.bytes += piece.length;
    let start = 0;
    if (carry) {  // the line begun in the previous piece: only it is copied
      const nl = piece.indexOf(LF);
      if (nl < 0) {
        carry = joined(carry, piece);
        if (carry.length > MAX_LINE) {
          audit.line++;
          audit.fail(`longer than ${MAX_LINE} bytes`);
        }
        continue;
      }
      const line = joined(carry, piece.subarray(0, nl));
      carry = undefined;
      audit.addLine(line, 0, line.length);
      start = nl + 1;
    }
    for (;;) {
      const nl = piece.indexOf(LF, start);
      if (nl < 0) break;
      audit.addLine(piece, start, nl);
      start = nl + 1;
    }
    if (start < piece.length) carry = new Uint8Array(piece.subarray(start));  // a copy: `piece` may be reused
    onChunk();
  }
  if (carry) audit.addLine(carry, 0, carry.length);
}

/**
 * Why a log that was read whole gives no verdict, in the words `fairdeck-audit` prints, or
 * undefined when it can be tested: no orders at all, or fewer than the tests need.
 */
export function unusableLog(audit: { tally: Tally | undefined }): string | undefined {
  const t = audit.tally;
  if (!t || t.trials === 0) return 'no orders in the input';
  const least = minTrials(t.n);
  if (t.trials < least) return `too few orders to test: ${t.trials}, and ${t.n} items need at least ${least} (each item at each position expected 5 times); no verdict`;
  return undefined;
}
