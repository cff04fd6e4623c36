/**
 * Cards: immutable and interned — one object per card id and composition, made once, so dealing
 * allocates nothing and `===` compares cards. Faces come from the core's style tables.
 */
import { bytes, native, takeText } from './binding.js';
import { show } from './errors.js';
import type { FrenchCode, FrenchRank, FrenchRankValue, FrenchSuit, GermanCode, GermanRank, GermanRankValue, GermanSuit } from './card-names.js';
import { checkInt, checkKeys, checkName, deckOptions } from './options.js';

/** What every card has, whatever its style. */
interface CardFields {
  /** Position in the deck's id space: deckIndex · perDeck + face index (0–51 for one French deck). */
  readonly id: number;
  /** Full name: 'Ace of Spades', 'Herz König', 'Red Joker'; generic: '#17'. */
  readonly name: string;
  /** Which deck of a shoe the card belongs to (0 for a single deck). */
  readonly deck: number;
  /** The code. */
  toString(): string;
}

/** A card of a French deck (`new Deck()`, `{ style: 'french' }`): its fields as literal types. */
export interface FrenchCard extends CardFields {
  readonly style: 'french';
  /** Rank code + suit code: 'AS', 'TD', '7C'; jokers 'X1', 'X2'. */
  readonly code: FrenchCode;
  /** Rank label as printed on the card: 'A', '10', 'K'; 'Joker' for jokers. */
  readonly rank: FrenchRank | 'Joker';
  /**
   * The rank as a number: ace 1, 2–10, jack 11, queen 12, king 13; 0 for jokers. For aces high
   * (14) use `Card.rankValue(card, { aces: 'high' })`; to sort, `Card.compare` or `Card.order()`.
   */
  readonly rankValue: FrenchRankValue;
  /** Suit name: 'Clubs', 'Diamonds', 'Hearts', 'Spades'; '' for jokers. */
  readonly suit: FrenchSuit | '';
}

/** A card of a German deck (`{ style: 'german' }`, 32 cards): its fields as literal types. */
export interface GermanCard extends CardFields {
  readonly style: 'german';
  /** Rank code + suit code: 'UE' (Eichel Unter), 'AH' (Herz Ass); jokers 'X1', 'X2'. */
  readonly code: GermanCode;
  /** Rank label: '7' … '10', 'Unter', 'Ober', 'König', 'Ass'; 'Joker' for jokers. */
  readonly rank: GermanRank | 'Joker';
  /** The rank as a number: Ass 1, 7–10, Unter 11, Ober 12, König 13; 0 for jokers. */
  readonly rankValue: GermanRankValue;
  /** Suit name: 'Eichel', 'Grün', 'Herz', 'Schellen'; '' for jokers. */
  readonly suit: GermanSuit | '';
}

/** An item of a generic deck (`{ size }`): its code is its id as a string; no rank, no suit. */
export interface GenericCard extends CardFields {
  readonly style: 'generic';
  /** The id, as a string: '17'. */
  readonly code: `${number}`;
  readonly rank: null;
  readonly rankValue: null;
  readonly suit: null;
}

/**
 * A playing card (or an item of a generic deck). Test `card.style` to narrow it: a French card's
 * `code`, `rank`, `suit` and `rankValue` are literal unions ('AS', 'Hearts', 1 … 13), so a typo
 * such as `card.suit === 'Heart'` is a compile error.
 */
export type Card = FrenchCard | GermanCard | GenericCard;

class CardImpl implements CardFields {
  /** The brand of every Card made here: `#card in x` runs no caller code, even for a proxy, and costs no lookup. */
  // Stryker disable next-line BooleanLiteral: `#card in x` asks whether the field exists, never what it holds
  readonly #card = true;
  /** The card's place among its deck's faces (suits in id order, jokers last), for sorting: Card.order. */
  readonly #face: number;
  /** True for Cards made here (each made from the core's faces, so one of Card's three kinds). */
  static is(x: object): x is CardImpl & Card {
    return #card in x;
  }
  /** The card's face index within its deck (see #face). */
  static face(card: CardImpl): number {
    return card.#face;
  }
  constructor(
    readonly id: number,
    readonly code: string,
    readonly name: string,
    readonly rank: string | null,
    readonly rankValue: number | null,
    readonly suit: string | null,
    readonly deck: number,
    readonly style: 'french' | 'german' | 'generic',
    face: number,
  ) {
    this.#face = face;
    Object.freeze(this);
  }
  toString(): string {
    return this.code;
  }
}
// Every Card is frozen, and so are its prototype and its class (reachable as its `constructor`):
// nothing a caller does to one card, or to what all cards share, can change another card, its
// `toString`, or `Card.is` (issue 59).
Object.freeze(CardImpl.prototype);
Object.freeze(CardImpl);

/** The cards of one composition, indexed by id, plus lookup by code. */
export interface CardTable {
  /** Card for an id (created on first use for generic decks). */
  get(id: number): Card;
  /** Ids carrying `code` (several in a shoe), or undefined for an unknown code. */
  idsOf(code: string): number[] | undefined;
  /** True if `card` is this table's own object for its id. */
  owns(card: Card): boolean;
  /** How many cards the composition has (ids 0…count−1). */
  readonly count: number;
}

const tables = new Map<string, CardTable>();

function styledTable(style: 'french' | 'german', decks: number, jokers: number): CardTable {
  const c = native();
  const faces = JSON.parse(takeText(c, c.faces(bytes(style), jokers))) as [string, string, string, string, number][];
  const cards: Card[] = [];
  const byCode = new Map<string, number[]>();
  for (let d = 0; d < decks; d++) {
    faces.forEach(([code, name, rank, suit, value], i) => {
      const id = d * faces.length + i;
      cards.push(new CardImpl(id, code, name, rank, value, suit, d, style, i) as Card);  // the core's faces: card-names.ts's literals
      const ids = byCode.get(code) ?? [];
      ids.push(id);
      byCode.set(code, ids);
    });
  }
  return { get: (id) => cards[id], idsOf: (code) => byCode.get(code), owns: (card) => cards[card.id] === card, count: cards.length };
}

/** Generic cards are made on first use, in blocks of 2^16 ids (a Map holds at most 2^24 entries). */
function genericTable(size: number): CardTable {
  const blocks: Card[][] = [];
  const get = (id: number): Card => {
    // Stryker disable next-line ArrayDeclaration: the length only sizes the block up front; `??=` below fills an index of an empty array the same way
    const block = (blocks[id >>> 16] ??= new Array<Card>(0x10000));
    return (block[id & 0xffff] ??= new CardImpl(id, String(id), `#${id}`, null, null, null, 0, 'generic', 0) as Card);
  };
  return {
    get,
    idsOf: (code) => (/^(0|[1-9]\d*)$/.test(code) && Number(code) < size ? [Number(code)] : undefined),
    // Only ids below size are ever made here (the core deals no others; Card.from checks), so a
    // card past the size finds no block or another object.
    owns: (card) => blocks[card.id >>> 16]?.[card.id & 0xffff] === card,
    count: size,
  };
}

/** The shared card table for a composition (memoised). */
export function cardTable(style: 'french' | 'german' | 'generic', decks: number, jokers: number, size: number): CardTable {
  // A styled deck's cards depend on its style, decks and jokers only (a restored deck passes its size too).
  const key = style === 'generic' ? `generic/${size}` : `${style}/${decks}/${jokers}`;
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
  const fixed = list.map((c): number | undefined => {
    if (typeof c === 'number') return checkInt('card id', c, 0, size - 1);
    if (typeof c === 'string') {
      if (!table.idsOf(c)) throw new RangeError(`unknown card code ${show(c)} for this deck`);
      return undefined;  // resolved below, once every id named by number or Card is known
    }
    if (typeof c === 'object' && c !== null && CardImpl.is(c)) {
      const card = c as Card;
      if (!table.owns(card)) throw new RangeError(`card ${card.code} (id ${card.id}, ${card.style}) does not belong to this deck`);
      return card.id;
    }
    throw new TypeError(`cards must hold Card objects, codes or ids, got ${show(c)}`);
  });
  // The sets are made at the first code: a list of ids and Cards reads no pile.
  let named: Set<number | undefined> | undefined, dealt: Set<number> | undefined;
  for (let i = 0; i < fixed.length; i++) {
    if (fixed[i] !== undefined) continue;
    const seen = (named ??= new Set(fixed)), out = (dealt ??= dealtIds());
    const candidates = table.idsOf(list[i] as string)!;
    // Not dealt or all named: a copy the core will reject by name ("still in the deck", "named twice").
    const pick = candidates.find((c) => out.has(c) && !seen.has(c)) ?? candidates.find((c) => !seen.has(c)) ?? candidates[0];
    seen.add(pick);
    fixed[i] = pick;
  }
  return fixed as number[];
}

/**
 * `error` with the card it starts with ("card 39 is named twice …", as the core's dead-card
 * messages name a card: by id) named by its code and id ("card AS (id 39) is named twice …"), as
 * every other message names one (README, "API"). A generic deck's cards are named by id, their code.
 */
export function labelCard(error: Error, table: CardTable): Error {
  const m = /^card (\d+)( [^]*)$/.exec(error.message);
  const id = m ? Number(m[1]) : -1;
  if (!m || id >= table.count) return error;
  const card = table.get(id);
  if (card.style === 'generic') return error;
  const Kind = error instanceof RangeError ? RangeError : error instanceof TypeError ? TypeError : Error;
  return new Kind(`card ${card.code} (id ${id})${m[2]}`);
}

/** Which deck `Card.from` looks a card up in: the composition options of `new Deck()`. */
export interface CardOptions {
  /** 'french' (default) or 'german'. */
  style?: 'french' | 'german';
  /** Standard decks in a shoe, 1–64 (default 1): an id may name a card of any of them, a code names the first copy. */
  decks?: number;
  /** Jokers per deck, 0–2 (default 0): 'X1' and 'X2' need them. */
  jokers?: number;
  /** A generic deck of `size` items (ids 0…size−1); excludes the others. */
  size?: number;
}

/** How `Card.order` places aces and jokers. */
export interface CardOrderOptions {
  /** 'high' (default: 2 … K, A) or 'low' (A, 2 … K). */
  aces?: 'high' | 'low';
  /** 'high' (default: above every rank) or 'low' (below every rank). */
  jokers?: 'high' | 'low';
}

/** A comparator for `Array.prototype.sort`: negative when `a` sorts first. */
export type CardComparator = (a: Card, b: Card) => number;

/** The keys of Card.from options (a deck's composition) and of Card.order options. */
const cardOptionKeys: readonly string[] = ['style', 'decks', 'jokers', 'size'];
const ORDER_KEYS: readonly string[] = ['aces', 'jokers'];

/** The sort key of a styled card: rank, then suit (the deck's suit order: ♣ ♦ ♥ ♠; Eichel, Grün, Herz, Schellen), then which deck of a shoe. */
function sortKey(card: Card, aceHigh: boolean, jokersHigh: boolean): number {
  const v = card.rankValue!;
  const rank = v === 0 ? (jokersHigh ? 15 : 0) : v === 1 && aceHigh ? 14 : v;
  return (rank * 64 + CardImpl.face(card as CardImpl)) * 64 + card.deck;
}

function checkCard(card: unknown, name: string): Card {
  if (typeof card !== 'object' || card === null || !CardImpl.is(card)) throw new TypeError(`${name} must be a Card, got ${show(card)}`);
  return card;
}

/** `card`, a French or German Card (the ones with ranks); TypeError or RangeError naming `name` otherwise. */
function ranked(card: unknown, name: string): FrenchCard | GermanCard {
  const c = checkCard(card, name);
  if (c.style === 'generic') throw new RangeError(`${name}: card ${c.code} is an item of a generic deck, which has no rank (expected a French or German card)`);
  return c;
}

function makeOrder(aceHigh: boolean, jokersHigh: boolean): CardComparator {
  return (a, b) => {
    checkCard(a, 'a'), checkCard(b, 'b');
    const ga = a.rankValue === null, gb = b.rankValue === null;
    if (ga || gb) return ga && gb ? a.id - b.id : ga ? 1 : -1;  // generic items by id, after styled cards
    return sortKey(a, aceHigh, jokersHigh) - sortKey(b, aceHigh, jokersHigh);
  };
}
const aceHighOrder = makeOrder(true, true);

/**
 * `Card` as a value: cards without a deck, and their order. `Card.from('AS')` is the very object
 * `new Deck()` deals for the Ace of Spades (cards are interned), so `===` compares them.
 */
export const Card = /* @__PURE__ */ Object.freeze({
  /**
   * The card with this code ('AS', 'TD', 'UE', 'X1') or id in the deck `options` describes (a
   * French deck without jokers by default); a Card is returned as it is. Requires `init()` (or
   * `initSync()`) first: the faces come from the core.
   */
  from(card: Card | string | number, options?: CardOptions): Card {
    if (typeof card === 'object' && card !== null && CardImpl.is(card)) return card;
    const o = deckOptions(checkKeys(options, cardOptionKeys, 'Card.from options'));
    const table = cardTable(o.style, o.decks, o.jokers, o.size), size = o.size;
    if (typeof card === 'number') {
      return table.get(checkInt('card', card, 0, table.count - 1));
    }
    if (typeof card !== 'string') throw new TypeError(`card must be a code like 'AS', an id or a Card, got ${show(card)}`);
    const ids = table.idsOf(card);
    if (!ids) {
      const deck = o.style === 'generic' ? `a generic deck of ${size} items (codes '0' to '${size - 1}')` : `a ${o.style} deck${o.jokers ? ` with ${o.jokers} joker(s) per deck` : ' without jokers'}`;
      const hint = /^X[12]$/.test(card) && o.jokers === 0 ? ": pass { jokers: 2 } for jokers" : '';
      throw new RangeError(`card ${show(card)} is not a card of ${deck}${hint}`);
    }
    return table.get(ids[0]);
  },
  /** True if `value` is a fairdeck Card (not a look-alike object). */
  is(value: unknown): value is Card {
    return typeof value === 'object' && value !== null && CardImpl.is(value);
  },
  /**
   * Ace-high order for sorting a hand: by rank (2 … 10, J, Q, K, A; jokers last), then by suit
   * (♣ ♦ ♥ ♠; Eichel, Grün, Herz, Schellen), then by deck of a shoe: `hand.sort(Card.compare)`.
   * Generic items sort by id, after styled cards.
   */
  compare: aceHighOrder as CardComparator,
  /**
   * The rank as a number with aces where the game wants them: `{ aces: 'high' }` gives an ace 14
   * (War, poker), the default `'low'` gives 1, as `card.rankValue` does; 2–13 and jokers' 0 as
   * `card.rankValue`. A generic item has no rank: RangeError.
   */
  rankValue(card: Card, options?: { aces?: 'high' | 'low' }): number {
    const c = ranked(card, 'card');
    const aces = checkName('aces', checkKeys(options, ['aces'], 'Card.rankValue options').aces, ['low', 'high'] as const);
    return c.rankValue === 1 && aces === 'high' ? 14 : c.rankValue;
  },
  /**
   * True if `a` and `b` are of the same rank (a pair): the same style and rank, in any suit or
   * deck of a shoe; two jokers are a pair. Cards of different styles never are. A generic item
   * has no rank: RangeError.
   */
  sameRank(a: Card, b: Card): boolean {
    const x = ranked(a, 'a'), y = ranked(b, 'b');
    return x.style === y.style && x.rankValue === y.rankValue;
  },
  /** A comparator with aces and jokers where you want them: `hand.sort(Card.order({ aces: 'low' }))`. */
  order(options?: CardOrderOptions): CardComparator {
    const o = checkKeys(options, ORDER_KEYS, 'Card.order options');
    const aces = checkName('aces', o.aces, ['high', 'low'] as const), jokers = checkName('jokers', o.jokers, ['high', 'low'] as const);
    return aces === 'high' && jokers === 'high' ? aceHighOrder : makeOrder(aces === 'high', jokers === 'high');
  },
});
