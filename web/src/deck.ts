/**
 * The Deck: a thin wrapper over the core's deck. It holds no copy of the deck's state — every
 * question (remaining, dealt, toJSON, info) goes to the C++ object, the single truth.
 *
 * The dealing window: cards whose deals the core has already decided, which `dealOne()` and
 * `deal(n)` read from the WASM heap without a call — an eager deck's undealt pile while its return
 * pile is empty, or the cards a lazy or bitmap deck dealt in advance (its look-ahead) after its
 * last `fd_deck_deal_one`. The window is three cells in the core's memory (CoreDeck::port in
 * cpp/bindings/decks.hpp): `window`, the cards JS may deal; `taken`, the cards it has dealt; and
 * the address of the cards, the next one at order[window − 1 − taken]. JS only ever increments
 * `taken`; every core export applies it before doing anything else (a lazy or bitmap deck then
 * keeps the cards taken and undoes the rest) and republishes `window` after, so no method can
 * forget to tell the core, and caller code that re-enters the deck sees a consistent deck.
 * `remaining` and `returned` only subtract `taken`, so they leave the window open.
 */
import { coreError, native, takeText, withBytes, type Core } from './abi.js';
import { cardTable, resolveIds, type Card, type CardTable } from './card.js';
import { entropy, seedOrEntropy } from './entropy.js';
import { show } from './errors.js';
import { copyIterable } from './input.js';
import { manifest } from './manifest.js';
import { checkInt, checkKeys, deckOptions, type DeckOptions } from './options.js';
import { readState, type DeckInfo, type DeckState } from './state.js';

type Twelve = [number, number, number, number, number, number, number, number, number, number, number, number];

export type { DeckInfo, DeckState } from './state.js';

/** What a deck owns in the WASM heap, freed by dispose() or, if it is dropped, by the registry. */
interface Held {
  c: Core;
  ptr: number;
}
const registry = new FinalizationRegistry<Held>(({ c, ptr }) => c.abi.deck_free(ptr));

/** Passed to the constructor by fromJSON only: core decks restored from a state (a WeakMap: no caller code runs to look). */
const restored = new WeakMap<object, number>();

/** A deck of cards dealt fairly by the WASM core. Call `dispose()` when done (or use `using`). */
export class Deck implements Iterable<Card> {
  readonly #c: Core;
  #ptr: number;
  /** Index of the window cells in HEAPU32: [port] window, [port + 1] taken, [port + 2] order address. */
  readonly #port: number;
  #heap: Uint32Array;
  readonly #cards: CardTable;
  #info: DeckInfo | undefined;
  /** Number of cards in the deck, dealt or not. */
  readonly size: number;

  /** A new, already shuffled deck. Requires `await init()` first. */
  constructor(options?: DeckOptions) {
    const c = native();
    let ptr: number;
    const from = typeof options === 'object' && options !== null ? restored.get(options) : undefined;
    if (from !== undefined) {
      ptr = from;
      const i = (this.#info = readInfo(c, ptr));
      this.#cards = cardTable(i.style, i.decks, i.jokers, i.size);
    } else {
      const o = deckOptions(options), p = o.provable;
      if (p) {  // provable decks: their own core constructor (cpp/include/fairdeck/provable.hpp)
        ptr = withBytes(c, [o.style, p.serverBytes, p.clientBytes], (at) =>
          c.abi.deck_new_provable(at[0], at[1], o.decks, o.jokers, o.size, at[2], at[3], at[4], at[5], p.nonce));
      } else {
        const seed = seedOrEntropy(o.seed);
        ptr = withBytes(c, [o.style, o.strategy, o.rng, seed.bytes], (at) =>
          c.abi.deck_new(at[0], at[1], o.decks, o.jokers, o.size, at[2], at[3], at[4], at[5], seed.kind, at[6], at[7]));
      }
      if (ptr === 0) throw coreError(c);
      this.#cards = cardTable(o.style, o.decks, o.jokers, o.size);
    }
    this.#c = c;
    this.#ptr = ptr;
    this.#port = c.abi.deck_port(ptr) >>> 2;
    this.#heap = c.m.HEAPU32;
    this.size = c.abi.deck_size(ptr);
    registry.register(this, { c, ptr }, this);
  }

  /** Restores a deck saved with `toJSON()`; a seeded deck resumes exactly where it was. */
  static fromJSON(state: DeckState | string): Deck {
    const c = native();
    let text: string;
    if (typeof state === 'string') text = state;
    else if (state === null || typeof state !== 'object') {
      throw new TypeError(`state must be an object from deck.toJSON() or its JSON text, got ${show(state)}`);
    } else {
      try {
        text = JSON.stringify(state);
      } catch (cause) {
        throw new TypeError(`state cannot be read as JSON (${cause instanceof Error ? cause.message : 'unknown reason'})`, { cause });
      }
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new TypeError('state is not valid JSON');
    }
    const f = readState(parsed, manifest().limits.maxCards);
    const fresh = f.engine === null ? entropy() : new Uint8Array(0);
    const ptr = withBytes(c, [f.style, f.strategy, f.rng, f.engine ?? '', fresh, f.ids], (at) =>
      c.abi.deck_restore(...(at as Twelve), f.decks, f.jokers, f.size, f.flags, ...f.piles),
    );
    if (ptr === 0) throw coreError(c);
    const token = {};
    restored.set(token, ptr);
    return new Deck(token);
  }

  /**
   * What the deck was made with, read from the core (once; a provable deck's `info.provable.nonce`
   * follows its rounds, so it is read each time).
   */
  get info(): DeckInfo {
    const info = (this.#info ??= readInfo(this.#c, this.#live()));
    return info.provable ? (this.#info = readInfo(this.#c, this.#live())) : info;
  }

  #live(): number {
    if (this.#ptr === 0) throw new Error('this Deck has been disposed');
    return this.#ptr;
  }

  /** The heap as a Uint32Array, re-read after the memory grew (growing detaches old views). */
  #view(): Uint32Array {
    const heap = this.#heap;
    return heap.length !== 0 ? heap : (this.#heap = this.#c.m.HEAPU32);
  }

  /** Cards that can still be dealt (undealt plus returned). */
  get remaining(): number {
    return this.#c.abi.deck_remaining(this.#live());
  }
  /** Cards waiting in the return pile. */
  get returned(): number {
    return this.#c.abi.deck_returned(this.#live());
  }
  /** The cards currently out of the deck (dealt and not returned), in no guaranteed order. */
  get dealt(): Card[] {
    return this.#pile(manifest().piles.dealt);
  }
  /** True after `dispose()`. */
  get disposed(): boolean {
    return this.#ptr === 0;
  }

  /**
   * Gathers every card and shuffles: a fresh deal starts, even mid-deal. A secure deck re-keys
   * inside the core (SECURITY.md); if the platform's entropy fails, an Error and no change.
   */
  shuffle(): this {
    if (!this.#c.abi.deck_shuffle(this.#live())) throw coreError(this.#c);
    return this;
  }

  /** Shuffles the undealt and returned cards together; dealt cards stay out. */
  shuffleRemaining(): this {
    if (!this.#c.abi.deck_shuffle_remaining(this.#live())) throw coreError(this.#c);
    return this;
  }

  /** Deals one card, or undefined when the deck is empty (like Array.prototype.pop). */
  dealOne(): Card | undefined {
    const ptr = this.#live(), heap = this.#view(), p = this.#port, taken = heap[p + 1];
    if (taken < heap[p]) {
      heap[p + 1] = taken + 1;
      return this.#cards.get(heap[(heap[p + 2] >>> 2) + heap[p] - 1 - taken]);
    }
    const id = this.#c.abi.deck_deal_one(ptr);
    if (id === -2) throw coreError(this.#c);  // re-keying found no fresh entropy; nothing was dealt
    return id < 0 ? undefined : this.#cards.get(id);
  }

  /** Deals up to `n` cards (fewer if fewer remain) in one call into WASM. */
  deal(n: number): Card[] {
    const ptr = this.#live();
    checkInt('n', n, 0, 2 ** 32 - 1);
    const heap = this.#view(), p = this.#port, taken = heap[p + 1];
    if (n <= heap[p] - taken) {
      const top = (heap[p + 2] >>> 2) + heap[p] - 1 - taken, out = new Array<Card>(n);
      for (let i = 0; i < n; i++) out[i] = this.#cards.get(heap[top - i]);
      heap[p + 1] = taken + n;
      return out;
    }
    return this.#read(this.#c.abi.deck_deal(ptr, n));
  }

  /**
   * Puts dealt cards into the return pile; they are dealt again only after the undealt cards run
   * out. Cards may be Card objects, codes ('AS') or ids. All or nothing: a RangeError, and no
   * change, if any is unknown, not dealt, already returned or named twice.
   */
  returnCards(cards: Iterable<Card | string | number>): void {
    this.#live();
    // Copied first: caller code that runs while the iterable is read (even if it deals from this
    // deck) is over before anything here looks at the deck.
    const list = copyIterable(cards, 'cards', 'cards, codes or ids');
    const ptr = this.#live();
    const { abi, m } = this.#c;
    const ids = resolveIds(list, this.#cards, this.size, () => new Set(this.#pile(manifest().piles.dealt).map((c) => c.id)));
    const at = abi.deck_input(ptr, ids.length);
    if (ids.length > 0 && at === 0) throw coreError(this.#c);
    m.HEAPU32.set(ids, at >>> 2);
    if (!abi.deck_return(ptr, ids.length)) throw coreError(this.#c);
  }

  /** The deck's state as plain JSON. A secure deck's key and future order only with includeSecret. */
  toJSON(options?: { includeSecret?: boolean }): DeckState {
    const o = checkKeys(options, ['includeSecret'], 'toJSON options');
    if (o.includeSecret !== undefined && typeof o.includeSecret !== 'boolean') {
      throw new TypeError(`includeSecret must be a boolean, got ${show(o.includeSecret)}`);
    }
    const ptr = this.#live();
    return JSON.parse(takeText(this.#c, this.#c.abi.deck_save(ptr, o.includeSecret ? 1 : 0))) as DeckState;
  }

  /** Deals until the deck is empty: `for (const card of deck)`. */
  *[Symbol.iterator](): Iterator<Card> {
    for (let card = this.dealOne(); card; card = this.dealOne()) yield card;
  }

  /** Frees the WASM memory of this deck. Safe to call twice; the deck is unusable afterwards. */
  dispose(): void {
    if (this.#ptr === 0) return;
    registry.unregister(this);
    this.#c.abi.deck_free(this.#ptr);
    this.#ptr = 0;
  }

  /** Same as dispose(), for `using deck = new Deck()`. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  #pile(which: number): Card[] {
    return this.#read(this.#c.abi.deck_pile(this.#live(), which));
  }

  /** The `k` cards the core just wrote to its id buffer (k = failed: the core's recorded error). */
  #read(k: number): Card[] {
    if (k === manifest().limits.failed) throw coreError(this.#c);
    const heap = this.#view();  // after the call: the heap may have grown
    const at = this.#c.abi.deck_buffer(this.#ptr) >>> 2;
    const out = new Array<Card>(k);
    for (let i = 0; i < k; i++) out[i] = this.#cards.get(heap[at + i]);
    return out;
  }
}

function readInfo(c: Core, ptr: number): DeckInfo {
  return Object.freeze(JSON.parse(takeText(c, c.abi.deck_info(ptr))) as DeckInfo);
}
