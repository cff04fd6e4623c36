/**
 * The dealing window of a Deck: lets `dealOne()` and `deal(n)` skip the call into WASM.
 *
 * While an eager deck's return pile is empty, its next deals are already decided: the core deals
 * order[u − 1], order[u − 2], … from its card array (Deck::straight in deck.hpp). JS reads those
 * ids from the WASM heap itself and counts them; the count is handed to the core (`take`, or the
 * argument of `shuffle`) before any other call on that deck, so the core — the single truth —
 * never reports a state that disagrees with the cards the user has seen. Every deal that needs a
 * random draw (lazy and bitmap decks, returned cards) still goes through the core.
 */
import type { Card, CardTable } from './card.js';
import { coreError } from './errors.js';
import type { CoreDeck, FairdeckModule } from './wasm/fairdeck.js';

/** Cards JS may deal from the heap for one deck, and how many it has dealt unannounced. */
export class DealWindow {
  #heap: Uint32Array;
  readonly #m: FairdeckModule;
  readonly #at: number;
  readonly #eager: boolean;
  /** Cards left in the window: the next one is heap[at + left − 1]. */
  left: number;
  /** Cards dealt from the window that the core has not been told about yet. */
  taken = 0;

  /** The window of a new deck; `eager` is false for lazy and bitmap decks (it never opens). */
  constructor(m: FairdeckModule, handle: CoreDeck, eager: boolean) {
    this.#m = m;
    this.#heap = m.HEAPU32;
    this.#at = handle.order() >>> 2;
    this.#eager = eager;
    this.left = handle.window();
  }

  /** The heap view, re-read after memory grew (growing detaches old views: length 0). */
  #view(): Uint32Array {
    const heap = this.#heap;
    return heap.length !== 0 ? heap : (this.#heap = this.#m.HEAPU32);
  }

  /** The next card; requires left > 0. */
  next(cards: CardTable): Card {
    const id = this.#view()[this.#at + --this.left];
    this.taken++;
    return cards.get(id);
  }

  /** The next n cards, in deal order; requires n ≤ left. */
  deal(n: number, cards: CardTable): Card[] {
    const heap = this.#view(), top = this.#at + this.left - 1, out = new Array<Card>(n);
    for (let i = 0; i < n; i++) out[i] = cards.get(heap[top - i]);
    this.left -= n;
    this.taken += n;
    return out;
  }

  /** Tells the core what was dealt from the window; called before any other call on the deck. */
  flush(handle: CoreDeck): void {
    if (this.taken !== 0) handle.take(this.taken);
    this.taken = 0;
  }

  /** Returns the count taken and forgets it (for `shuffle(taken)`, which takes them itself). */
  drain(): number {
    const taken = this.taken;
    this.taken = 0;
    return taken;
  }

  /** Asks the core for a new window (after `flush`); returns its size (0: deal through the core). */
  reopen(handle: CoreDeck): number {
    return (this.left = this.#eager ? handle.window() : 0);
  }

  /** Opens the window a shuffle returned; -1 means the core failed (re-keying found no entropy). */
  opened(handle: CoreDeck, window: number): void {
    this.left = 0;
    if (window < 0) throw coreError(this.#m);
    this.left = window;
  }

  /** Closes the window: the next deal asks the core (the deck changed in a way JS cannot see). */
  close(): void {
    this.left = 0;
  }
}
