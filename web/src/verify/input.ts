/**
 * Validating `verifyRound(round)`. Written for the verifier alone (no import from the package's
 * WASM side); each error names the field and the value.
 */

/** What happened during a round besides dealing: `after` cards of `dealt` had been dealt. */
export type RoundEvent = { after: number; returnCards: string[] } | { after: number; shuffleRemaining: true };

/**
 * The deck a round was dealt from. Omitted fields take `new Deck()`'s defaults, so an omitted or
 * empty deck is one French deck without jokers ('french:decks=1:jokers=0').
 */
export interface RoundDeck {
  style?: 'french' | 'german';
  decks?: number;
  jokers?: number;
  size?: number;
}

/** Everything `verifyRound` checks. */
export interface Round {
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The scheme the round was dealt by: 2 (the default; the composition is in the key) or 1. */
  version?: 1 | 2;
  deck?: RoundDeck;
  /** The cards as dealt, in order: codes ('AS', generic '17') or Card objects. */
  dealt: ReadonlyArray<string | { code: string }>;
  /** returnCards() and shuffleRemaining() calls during the round, in order. */
  history?: readonly RoundEvent[];
}

/** A validated round. */
export interface CheckedRound {
  commitment: string;
  serverSeed: Uint8Array;
  clientSeed: string;
  nonce: number;
  version: 1 | 2;
  deck: { style: 'french' | 'german' | 'generic'; decks: number; jokers: number; size: number };
  dealt: string[];
  history: { after: number; returnCards?: string[] }[];
}

export function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v == null) return String(v);
  if (Array.isArray(v)) return `an array of ${v.length}`;
  return `a ${Object.prototype.toString.call(v).slice(8, -1)}`;
}

function object(name: string, v: unknown, known: string[]): Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new TypeError(`${name} must be an object, got ${show(v)}`);
  for (const k of Object.keys(v)) if (!known.includes(k)) throw new TypeError(`unknown field '${k}' in ${name} (known: ${known.join(', ')})`);
  return v as Record<string, unknown>;
}

function hex64(name: string, v: unknown): string {
  if (typeof v !== 'string' || !/^[0-9a-f]{64}$/.test(v)) throw new TypeError(`${name} must be 64 lowercase hex characters, got ${show(v)}`);
  return v;
}

function int(name: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number') throw new TypeError(`${name} must be an integer, got ${show(v)}`);
  if (!Number.isInteger(v) || v < min || v > max) throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${show(v)}`);
  return v;
}

function codes(name: string, v: unknown): string[] {
  if (!Array.isArray(v)) throw new TypeError(`${name} must be an array of card codes, got ${show(v)}`);
  return v.map((c, i) => {
    const code = c !== null && typeof c === 'object' && typeof (c as { code?: unknown }).code === 'string' ? (c as { code: string }).code : c;
    if (typeof code !== 'string') throw new TypeError(`${name}[${i}] must be a card code such as 'AS', got ${show(c)}`);
    return code;
  });
}

function deck(v: unknown): CheckedRound['deck'] {
  const d = object('deck', v ?? {}, ['style', 'decks', 'jokers', 'size']);
  if (d.size !== undefined) {
    for (const k of ['style', 'decks', 'jokers']) if (d[k] !== undefined) throw new TypeError(`deck.size makes a generic deck and cannot be combined with deck.${k}`);
    return { style: 'generic', decks: 1, jokers: 0, size: int('deck.size', d.size, 1, 2 ** 26) };
  }
  const style = d.style ?? 'french';
  if (style !== 'french' && style !== 'german') throw new TypeError(`deck.style must be 'french' or 'german', got ${show(style)}`);
  return { style, decks: d.decks === undefined ? 1 : int('deck.decks', d.decks, 1, 64),
    jokers: d.jokers === undefined ? 0 : int('deck.jokers', d.jokers, 0, 2), size: 0 };
}

function history(v: unknown, dealt: number): CheckedRound['history'] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new TypeError(`history must be an array, got ${show(v)}`);
  let last = 0;
  return v.map((e, i) => {
    const o = object(`history[${i}]`, e, ['after', 'returnCards', 'shuffleRemaining']);
    const after = int(`history[${i}].after`, o.after, last, dealt);
    last = after;
    if ((o.returnCards === undefined) === (o.shuffleRemaining === undefined)) {
      throw new TypeError(`history[${i}] must have either returnCards (codes) or shuffleRemaining: true`);
    }
    if (o.shuffleRemaining !== undefined && o.shuffleRemaining !== true) throw new TypeError(`history[${i}].shuffleRemaining must be true, got ${show(o.shuffleRemaining)}`);
    return o.returnCards === undefined ? { after } : { after, returnCards: codes(`history[${i}].returnCards`, o.returnCards) };
  });
}

/** Validates a round; throws TypeError/RangeError naming the field. */
export function checkRound(round: unknown): CheckedRound {
  const r = object('round', round, ['commitment', 'serverSeed', 'clientSeed', 'nonce', 'version', 'deck', 'dealt', 'history']);
  const commitment = hex64('commitment', r.commitment);
  const seed = hex64('serverSeed', r.serverSeed);
  if (typeof r.clientSeed !== 'string') throw new TypeError(`clientSeed must be a string, got ${show(r.clientSeed)}`);
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(r.clientSeed);
  if (lone) throw new TypeError(`clientSeed must be well-formed Unicode, but has a lone surrogate at index ${lone.index}`);
  const nonce = int('nonce', r.nonce, 0, Number.MAX_SAFE_INTEGER);
  const version = r.version === undefined ? 2 : r.version;
  if (typeof version !== 'number') throw new TypeError(`version must be 1 or 2, got ${show(version)}`);
  if (version !== 1 && version !== 2) throw new RangeError(`version must be 1 or 2, got ${show(version)}`);
  const dealt = codes('dealt', r.dealt);
  return { commitment, serverSeed: Uint8Array.from(seed.match(/../g)!, (h) => parseInt(h, 16)), clientSeed: r.clientSeed,
    nonce, version, deck: deck(r.deck), dealt, history: history(r.history, dealt.length) };
}
