/**
 * The Deck: a thin wrapper over the core's deck. It holds no copy of the deck's state — every
 * question (remaining, dealt, toJSON) goes to the C++ object, the single truth.
 */
import { cardTable, resolveIds, type Card, type CardTable } from './card.js';
import { entropy } from './entropy.js';
import { coreError, embind, show } from './errors.js';
import { core } from './load.js';
import { checkInt, checkKeys, deckOptions, SeedKind, type DeckOptions } from './options.js';
import { ProvableRound } from './provable/round.js';
import type { CoreDeck, FairdeckModule } from './wasm/fairdeck.js';
import type { DeckInfo, DeckState } from './state.js';
import { DealWindow } from './window.js';

export type { DeckInfo, DeckState } from './state.js';

/** What the core's deal() and pile() return when they fail (out of memory; the error is recorded). */
const FAILED = 0xffffffff;

const registry = new FinalizationRegistry<CoreDeck>((handle) => handle.delete());

/** Set only while fromJSON() runs the constructor on a restored core deck. */
let restoring: { handle: CoreDeck; state: DeckState } | undefined;

function made(m: FairdeckModule, handle: CoreDeck): CoreDeck {
  if (handle.ok()) return handle;
  const error = coreError(m);
  handle.delete();
  throw error;
}

/** A deck of cards dealt fairly by the WASM core. Call `dispose()` when done (or use `using`). */
export class Deck implements Iterable<Card> {
  #handle: CoreDeck | undefined;
  readonly #m: FairdeckModule;
  readonly #cards: CardTable;
  readonly #win: DealWindow;
  /** How the deck was made. */
  readonly info: DeckInfo;
  /** Number of cards in the deck, dealt or not. */
  readonly size: number;

  /** A new, already shuffled deck. Requires `await init()` first. */
  constructor(options?: DeckOptions) {
    const m = core();
    let handle: CoreDeck;
    if (restoring) {
      const { state } = restoring;
      handle = restoring.handle;
      this.info = Object.freeze({
        rng: state.rng, strategy: state.strategy, style: state.style,
        decks: state.decks, jokers: state.jokers, seeded: state.seeded,
      });
      this.#cards = cardTable(state.style, state.decks, state.jokers, state.size);
    } else {
      const o = deckOptions(options);
      const seed = o.seed ?? { kind: SeedKind.Entropy, bytes: o.provable ? new Uint8Array(0) : entropy() };
      const p = o.provable;  // provable decks: their own core constructor (cpp/include/fairdeck/provable.hpp)
      handle = made(m, embind(() => p
        ? new m.CoreDeck(o.style, o.decks, o.jokers, o.size, p.serverBytes, p.clientBytes, p.nonce)
        : new m.CoreDeck(o.style, o.decks, o.jokers, o.size, o.strategy, o.rng, seed.kind, seed.bytes)));
      this.info = Object.freeze({ rng: o.rng, strategy: o.strategy, style: o.style, decks: o.decks, jokers: o.jokers,
        seeded: !!o.seed || !!p, ...(p && { provable: new ProvableRound(p) }) });
      this.#cards = cardTable(o.style, o.decks, o.jokers, o.size);
    }
    this.#m = m;
    this.#handle = handle;
    this.#win = new DealWindow(m, handle, this.info.strategy === 'eager');
    this.size = handle.size();
    registry.register(this, handle, this);
  }

  /** Restores a deck saved with `toJSON()`; a seeded deck resumes exactly where it was. */
  static fromJSON(state: DeckState | string): Deck {
    const m = core();
    if (typeof state !== 'string' && (state === null || typeof state !== 'object')) {
      throw new TypeError(`state must be an object from deck.toJSON() or its JSON text, got ${show(state)}`);
    }
    const text = typeof state === 'string' ? state : JSON.stringify(state);
    let parsed: Partial<DeckState> | null;
    try {
      parsed = JSON.parse(text) as Partial<DeckState> | null;
    } catch {
      throw new TypeError('state is not valid JSON');
    }
    const fresh = parsed?.engine === null ? entropy() : new Uint8Array(0);
    const handle = made(m, embind(() => new m.CoreDeck(text, fresh)));
    const saved = handle.saveState(true);
    if (!saved) {
      const error = coreError(m);
      handle.delete();
      throw error;
    }
    restoring = { handle, state: JSON.parse(saved) as DeckState };
    try {
      return new Deck();
    } finally {
      restoring = undefined;
    }
  }

  #live(): CoreDeck {
    if (!this.#handle) throw new Error('this Deck has been disposed');
    this.#win.flush(this.#handle);  // first tell the core what JS dealt itself (window.ts)
    return this.#handle;
  }

  /** Cards that can still be dealt (undealt plus returned). */
  get remaining(): number {
    return this.#live().remaining();
  }
  /** Cards waiting in the return pile. */
  get returned(): number {
    return this.#live().returned();
  }
  /** The cards currently out of the deck (dealt and not returned), in no guaranteed order. */
  get dealt(): Card[] {
    return this.#pile(2);
  }
  /** True after `dispose()`. */
  get disposed(): boolean {
    return this.#handle === undefined;
  }

  /** Gathers every card and shuffles: a fresh deal starts, even mid-deal. */
  shuffle(): this {
    const h = this.#handle ?? this.#live();
    const round = this.info.provable as ProvableRound | undefined;
    round?.checkNext();  // a provable deck starts round nonce + 1
    this.#win.opened(h, h.shuffle(this.#win.drain()));
    round?.advance();
    return this;
  }

  /** Shuffles the undealt and returned cards together; dealt cards stay out. */
  shuffleRemaining(): this {
    const h = this.#live();
    this.#win.opened(h, h.shuffleRemaining());
    return this;
  }

  /** Deals one card, or undefined when the deck is empty (like Array.prototype.pop). */
  dealOne(): Card | undefined {
    if (this.#win.left === 0 && this.#win.reopen(this.#live()) === 0) {
      const id = this.#handle!.dealOne();
      return id < 0 ? undefined : this.#cards.get(id);
    }
    return this.#win.next(this.#cards);
  }

  /** Deals up to `n` cards (fewer if fewer remain) in one call into WASM. */
  deal(n: number): Card[] {
    if (n <= this.#win.left && n >= 0 && Number.isInteger(n) && this.#handle) return this.#win.deal(n, this.#cards);
    const h = this.#live();
    checkInt('n', n, 0, 2 ** 32 - 1);
    this.#win.close();
    return this.#read(h, h.deal(n));
  }

  /**
   * Puts dealt cards into the return pile; they are dealt again only after the undealt cards run
   * out. Cards may be Card objects, codes ('AS') or ids. All or nothing: a RangeError, and no
   * change, if any is unknown, not dealt, already returned or named twice.
   */
  returnCards(cards: Iterable<Card | string | number>): void {
    const h = this.#live();
    if (cards == null || typeof (cards as Iterable<unknown>)[Symbol.iterator] !== 'function' || typeof cards === 'string') {
      throw new TypeError(`cards must be an array (or iterable) of cards, codes or ids, got ${show(cards)}`);
    }
    const ids = resolveIds([...cards], this.#cards, this.size, () => new Set(this.#pile(2).map((c) => c.id)));
    const ptr = h.input(ids.length);
    if (ids.length > 0 && ptr === 0) throw coreError(this.#m);
    this.#m.HEAPU32.set(ids, ptr >>> 2);
    this.#win.close();
    if (!h.returnCards(ids.length)) throw coreError(this.#m);
  }

  /** The deck's state as plain JSON. A secure deck's key and future order only with includeSecret. */
  toJSON(options?: { includeSecret?: boolean }): DeckState {
    const o = checkKeys(options, ['includeSecret'], 'toJSON options');
    if (o.includeSecret !== undefined && typeof o.includeSecret !== 'boolean') {
      throw new TypeError(`includeSecret must be a boolean, got ${show(o.includeSecret)}`);
    }
    const text = this.#live().saveState(o.includeSecret === true);
    if (!text) throw coreError(this.#m);
    return JSON.parse(text) as DeckState;
  }

  /** Deals until the deck is empty: `for (const card of deck)`. */
  *[Symbol.iterator](): Iterator<Card> {
    for (let card = this.dealOne(); card; card = this.dealOne()) yield card;
  }

  /** Frees the WASM memory of this deck. Safe to call twice; the deck is unusable afterwards. */
  dispose(): void {
    if (!this.#handle) return;
    this.#win.close();
    registry.unregister(this);
    this.#handle.delete();
    this.#handle = undefined;
  }

  /** Same as dispose(), for `using deck = new Deck()`. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  #pile(which: number): Card[] {
    const h = this.#live();
    return this.#read(h, h.pile(which));
  }

  /** The `k` cards the core just wrote to its id buffer (k = FAILED: the core's recorded error). */
  #read(h: CoreDeck, k: number): Card[] {
    if (k === FAILED) throw coreError(this.#m);
    const heap = this.#m.HEAPU32;  // read after the call: the heap may have grown
    const at = h.buffer() >>> 2;
    const out = new Array<Card>(k);
    for (let i = 0; i < k; i++) out[i] = this.#cards.get(heap[at + i]);
    return out;
  }
}
