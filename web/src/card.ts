/**
 * Cards: immutable and interned — one object per card id and composition, made once, so dealing
 * allocates nothing and `===` compares cards. Faces come from the core's style tables.
 */
import { bytes, native, takeText } from './binding.js';
import { show } from './errors.js';
import { checkInt } from './options.js';

/** A playing card (or an item of a generic deck). */
export interface Card {
  /** Position in the deck's id space: deckIndex · perDeck + face index (0–51 for one French deck). */
  readonly id: number;
  /** Rank code + suit code: 'AS', 'TD', '7C'; German 'UE' (Eichel Unter); jokers 'X1', 'X2'; generic: the id. */
  readonly code: string;
  /** Full name: 'Ace of Spades', 'Herz König', 'Red Joker'; generic: '#17'. */
  readonly name: string;
  /** Rank label as printed on the card: 'A', '10', 'K', 'Unter', 'Joker'; null for generic items. */
  readonly rank: string | null;
  /** Suit name: 'Spades', 'Eichel'; '' for jokers; null for generic items. */
  readonly suit: string | null;
  /** Which deck of a shoe the card belongs to (0 for a single deck). */
  readonly deck: number;
  /** The card's style. */
  readonly style: 'french' | 'german' | 'generic';
  /** The code. */
  toString(): string;
}

class CardImpl implements Card {
  /** The brand of every Card made here: `#card in x` runs no caller code, even for a proxy, and costs no lookup. */
  readonly #card = true;
  /** True for Cards made here. */
  static is(x: object): x is CardImpl {
    return #card in x;
  }
  constructor(
    readonly id: number,
    readonly code: string,
    readonly name: string,
    readonly rank: string | null,
    readonly suit: string | null,
    readonly deck: number,
    readonly style: 'french' | 'german' | 'generic',
  ) {
    Object.freeze(this);
  }
  toString(): string {
    return this.code;
  }
}

/** The cards of one composition, indexed by id, plus lookup by code. */
export interface CardTable {
  /** Card for an id (created on first use for generic decks). */
  get(id: number): Card;
  /** Ids carrying `code` (several in a shoe), or undefined for an unknown code. */
  idsOf(code: string): number[] | undefined;
  /** True if `card` is this table's own object for its id. */
  owns(card: Card): boolean;
}

const tables = new Map<string, CardTable>();

function styledTable(style: 'french' | 'german', decks: number, jokers: number): CardTable {
  const c = native();
  const faces = JSON.parse(takeText(c, c.faces(bytes(style), jokers))) as [string, string, string, string][];
  const cards: Card[] = [];
  const byCode = new Map<string, number[]>();
  for (let d = 0; d < decks; d++) {
    faces.forEach(([code, name, rank, suit], i) => {
      const id = d * faces.length + i;
      cards.push(new CardImpl(id, code, name, rank, suit, d, style));
      const ids = byCode.get(code) ?? [];
      ids.push(id);
      byCode.set(code, ids);
    });
  }
  return { get: (id) => cards[id], idsOf: (code) => byCode.get(code), owns: (card) => cards[card.id] === card };
}

/** Generic cards are made on first use, in blocks of 2^16 ids (a Map holds at most 2^24 entries). */
function genericTable(size: number): CardTable {
  const blocks: Card[][] = [];
  const get = (id: number): Card => {
    const block = (blocks[id >>> 16] ??= new Array<Card>(0x10000));
    return (block[id & 0xffff] ??= new CardImpl(id, String(id), `#${id}`, null, null, 0, 'generic'));
  };
  return {
    get,
    idsOf: (code) => (/^(0|[1-9]\d*)$/.test(code) && Number(code) < size ? [Number(code)] : undefined),
    owns: (card) => card.id < size && blocks[card.id >>> 16]?.[card.id & 0xffff] === card,
  };
}

/** The shared card table for a composition (memoised). */
export function cardTable(style: 'french' | 'german' | 'generic', decks: number, jokers: number, size: number): CardTable {
  const key = `${style}/${decks}/${jokers}/${size}`;
  let table = tables.get(key);
  if (!table) {
    table = style === 'generic' ? genericTable(size) : styledTable(style, decks, jokers);
    tables.set(key, table);
  }
  return table;
}

/**
 * Card ids for `returnCards`: Cards must be this table's own, codes must exist, ids must be in
 * range; throws otherwise. A code names any copy of its card (several in a shoe): it becomes the
 * first copy (by id) that is dealt (`dealtIds`) and not named by another entry of the same call,
 * so returning 'AS' twice from a shoe returns two aces of spades.
 */
export function resolveIds(list: unknown[], table: CardTable, size: number, dealtIds: () => Set<number>): number[] {
  const fixed = new Array<number | undefined>(list.length);
  let codes = false;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (typeof c === 'number') fixed[i] = checkInt('card id', c, 0, size - 1);
    else if (typeof c === 'string') {
      if (!table.idsOf(c)) throw new RangeError(`unknown card code ${show(c)} for this deck`);
      fixed[i] = undefined;  // resolved below (map() would skip a hole)
      codes = true;
    } else if (typeof c === 'object' && c !== null && CardImpl.is(c)) {
      const card = c as Card;
      if (!table.owns(card)) throw new RangeError(`card ${card.code} (id ${card.id}, ${card.style}) does not belong to this deck`);
      fixed[i] = card.id;
    } else throw new TypeError(`cards must hold Card objects, codes or ids, got ${show(c)}`);
  }
  if (!codes) return fixed as number[];
  const named = new Set(fixed);
  const dealt = dealtIds();
  return fixed.map((id, i) => {
    if (id !== undefined) return id;
    const candidates = table.idsOf(list[i] as string)!;
    // Not dealt or all named: a copy the core will reject by name ("still in the deck", "named twice").
    const pick = candidates.find((c) => dealt.has(c) && !named.has(c)) ?? candidates.find((c) => !named.has(c)) ?? candidates[0];
    named.add(pick);
    return pick;
  });
}
