/**
 * The page's model: one `Deck` from the package, the cards lying on the table (in the order they
 * were dealt) and the ones the player selected. The deck stays the single truth for what is
 * dealt and what remains; the session only remembers the order on the table and the selection.
 */
import { Deck, type Card } from 'fairdeck/games';
import { deckOptions, type TableOptions } from './options.js';

/** Counts shown by the counter. */
export interface Counts {
  /** Cards that can still be dealt (deck pile + return pile). */
  readonly remaining: number;
  /** Cards in the return pile. */
  readonly returned: number;
  /** Cards out of the deck (on the table). */
  readonly dealt: number;
  /** Cards in the deck pile proper (remaining − returned). */
  readonly undealt: number;
  /** All cards of the deck. */
  readonly size: number;
}

/** One outcome of an action, for the table's motion, the announcement and the log. */
export interface Outcome {
  /** Cards that came onto the table, with the pile each came from. */
  readonly dealt: readonly Card[];
  readonly from: ReadonlyMap<Card, 'deck' | 'returned'>;
  /** Cards that left the table. */
  readonly removed: readonly Card[];
}

const NONE: Outcome = { dealt: [], from: new Map(), removed: [] };

/** A deck and the table in front of it. */
export class Session {
  #deck: Deck;
  #options: TableOptions;
  #table: Card[] = [];
  #selected = new Set<Card>();

  /** Opens a deck with `options` (throws the package's TypeError/RangeError on bad options). */
  constructor(options: TableOptions) {
    this.#deck = new Deck(deckOptions(options));
    this.#options = options;
  }

  /** The options the deck was opened with. */
  get options(): TableOptions {
    return this.#options;
  }
  /** The package's description of the deck (engine, strategy, seeded…). */
  get info(): Deck['info'] {
    return this.#deck.info;
  }
  /** Cards on the table in deal order. */
  get table(): readonly Card[] {
    return this.#table;
  }
  /** Cards the player selected on the table. */
  get selected(): ReadonlySet<Card> {
    return this.#selected;
  }
  /** The counter's numbers, straight from the deck. */
  get counts(): Counts {
    const remaining = this.#deck.remaining;
    const returned = this.#deck.returned;
    return { remaining, returned, dealt: this.#deck.size - remaining, undealt: remaining - returned, size: this.#deck.size };
  }

  /** Throws the deck away and opens a new one with `options`; the table is cleared. */
  reopen(options: TableOptions): Outcome {
    const deck = new Deck(deckOptions(options));
    this.#deck.dispose();
    this.#deck = deck;
    this.#options = options;
    return this.#clear();
  }

  /** Deals up to `n` cards onto the table (`dealOne()` for one, else one `deal(n)` call). */
  deal(n: number): Outcome {
    const fromDeck = this.counts.undealt;
    const one = n === 1 ? this.#deck.dealOne() : undefined;
    const cards = n === 1 ? (one ? [one] : []) : this.#deck.deal(n);
    const from = new Map(cards.map((c, i) => [c, i < fromDeck ? 'deck' : 'returned'] as const));
    this.#table.push(...cards);
    return { dealt: cards, from, removed: [] };
  }

  /** Deals every remaining card. */
  dealAll(): Outcome {
    return this.deal(this.#deck.remaining);
  }

  /** Gathers every card (table and return pile) and shuffles: a fresh deal starts. */
  shuffle(): Outcome {
    this.#deck.shuffle();
    return this.#clear();
  }

  /** Returns the selected cards to the deck's return pile (all or nothing). */
  returnSelected(): Outcome {
    return this.#return([...this.#selected]);
  }

  /** Returns every card on the table to the return pile (the script's "discard"). */
  discard(): Outcome {
    return this.#return([...this.#table]);
  }

  /** Selects or unselects a card on the table. */
  toggle(card: Card, on = !this.#selected.has(card)): void {
    if (!this.#table.includes(card)) return;
    if (on) this.#selected.add(card);
    else this.#selected.delete(card);
  }

  /** Unselects everything. */
  clearSelection(): void {
    this.#selected.clear();
  }

  /** Frees the deck's WASM memory. */
  dispose(): void {
    this.#deck.dispose();
  }

  #return(cards: Card[]): Outcome {
    if (cards.length === 0) return NONE;
    this.#deck.returnCards(cards);
    const gone = new Set(cards);
    this.#table = this.#table.filter((c) => !gone.has(c));
    for (const c of cards) this.#selected.delete(c);
    return { dealt: [], from: new Map(), removed: cards };
  }

  #clear(): Outcome {
    const removed = this.#table;
    this.#table = [];
    this.#selected.clear();
    return { dealt: [], from: new Map(), removed };
  }
}
