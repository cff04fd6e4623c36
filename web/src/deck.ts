/**
 * The Deck: a thin wrapper over the core's deck. It holds no copy of the deck's state — every
 * question (remaining, dealt, toJSON, info) goes to the C++ object, the single truth.
 *
 * The dealing window: cards whose deals the core has already decided, which `dealOne()` and
 * `deal(n)` read from the WASM heap without a call — an eager deck's undealt pile while its return
 * pile is empty, or the cards a lazy or bitmap deck dealt in advance (its look-ahead) after its
 * last core `dealOne()`. The window is three cells in the core's memory (CoreDeck::port in
 * cpp/bindings/decks.hpp, read through a typed_memory_view): `window`, the cards JS may deal;
 * `taken`, the cards it has dealt; and the address of the cards, the next one at
 * order[window − 1 − taken]. JS only ever increments `taken`; every core method applies it before doing anything else (a lazy or bitmap deck then
 * keeps the cards taken and undoes the rest) and republishes `window` after, so no method can
 * forget to tell the core, and caller code that re-enters the deck sees a consistent deck.
 * `remaining` and `returned` only subtract `taken`, so they leave the window open.
 */
import { bytes, construct, coreError, hasPiles, native, needPiles, pileGeneration, pileId, pileIds, planPattern, takeText, type CoreDeck, type DeckModule } from './binding.js';
import { cardTable, resolveIds, type Card, type CardTable } from './card.js';
import { entropy, seedOrEntropy } from './entropy.js';
import { show } from './errors.js';
import { copyIterable, plainObject } from './input.js';
import { manifest } from './manifest.js';
import { checkInt, checkKeys, deckOptions, type DeckOptions } from './options.js';
import { readState, type DeckInfo, type DeckState } from './state.js';

export type { DeckInfo, DeckState } from './state.js';

/** The core deck's Embind handle, deleted by dispose() or, if the Deck is dropped, by the registry. */
const registry = new FinalizationRegistry<CoreDeck>((handle) => handle.delete());

/** Passed to the constructor by fromJSON only: core decks restored from a state (a WeakMap: no caller code runs to look). */
const restored = new WeakMap<object, CoreDeck>();

/** A deck of cards dealt fairly by the WASM core. Call `dispose()` when done (or use `using`). */
export class Deck implements Iterable<Card> {
  readonly #c: DeckModule;
  /** The core deck (Embind's CoreDeck); null once disposed. */
  #h: CoreDeck | null;
  /** The window cells: [0] window, [1] taken, [2] order address, [3] the id buffer's address (a view; re-read when the heap grows). */
  #port: Uint32Array;
  #heap: Uint32Array;
  /** The core's id buffer (a view; re-read when the heap grows or the buffer outgrows it). */
  #ids: Uint32Array;
  readonly #cards: CardTable;
  #info: DeckInfo | undefined;
  /** Number of cards in the deck, dealt or not. */
  readonly size: number;

  /** A new, already shuffled deck. Requires `await init()` first. */
  constructor(options?: DeckOptions) {
    const c = native();
    let h: CoreDeck | null;
    const from = typeof options === 'object' && options !== null ? restored.get(options) : undefined;
    if (from !== undefined) {
      h = from;
      const i = (this.#info = readInfo(c, h));
      this.#cards = cardTable(i.style, i.decks, i.jokers, i.size);
    } else {
      const o = deckOptions(options), p = o.provable;
      if (p) {  // provable decks: their own core constructor (cpp/include/fairdeck/provable.hpp)
        h = construct(() => c.CoreDeck.makeProvable({
          style: bytes(o.style), decks: o.decks, jokers: o.jokers, size: o.size, server: p.serverBytes, client: p.clientBytes, nonce: p.nonce,
          version: p.version, cut: o.penetration === undefined ? 0 : 1, penetration: o.penetration ?? 0,
        }));
      } else {
        const seed = seedOrEntropy(o.seed);
        h = construct(() => c.CoreDeck.make({
          style: bytes(o.style), decks: o.decks, jokers: o.jokers, size: o.size, strategy: bytes(o.strategy),
          engine: { rng: bytes(o.rng), seedKind: seed.kind, seed: seed.bytes },
          cut: o.penetration === undefined ? 0 : 1, penetration: o.penetration ?? 0,
        }));
      }
      if (h === null) throw coreError(c);
      this.#cards = cardTable(o.style, o.decks, o.jokers, o.size);
    }
    this.#c = c;
    this.#h = h;
    this.#port = h.port();
    this.#heap = c.HEAPU32;
    this.#ids = h.ids();
    this.size = h.size();
    registry.register(this, h, this);
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
    if (f.named.length > 0 && !hasPiles(c)) {
      throw new TypeError("state.piles holds named piles, which live in fairdeck's games module: restore the state with the Deck of the entry 'fairdeck/games'");
    }
    const fresh = f.engine === null ? entropy() : new Uint8Array(0);
    const input = c.input(f.ids.length);
    if (input === null) throw coreError(c);
    input.set(f.ids);
    const [undealt, returned, dealt] = f.piles;
    const h = construct(() => c.CoreDeck.restore({
      style: bytes(f.style), strategy: bytes(f.strategy), rng: bytes(f.rng), engine: bytes(f.engine ?? ''), entropy: fresh,
      decks: f.decks, jokers: f.jokers, size: f.size, flags: f.flags, undealt, returned, dealt, ids: f.ids.length,
      named: f.named, names: f.names, cut: f.cut, drawn: f.drawn,
    }));
    if (h === null) throw coreError(c);
    const token = {};
    restored.set(token, h);
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

  #live(): CoreDeck {
    if (this.#h === null) throw new Error('this Deck has been disposed');
    return this.#h;
  }

  /** The heap as a Uint32Array, re-read after the memory grew (growing detaches old views). */
  #view(): Uint32Array {
    const heap = this.#heap;
    return heap.length !== 0 ? heap : (this.#heap = this.#c.HEAPU32);
  }

  /** The window cells, re-read after the memory grew. */
  #cells(h: CoreDeck): Uint32Array {
    const port = this.#port;
    return port.length !== 0 ? port : (this.#port = h.port());
  }

  /** Cards that can still be dealt (undealt plus returned). */
  get remaining(): number {
    return this.#live().remaining();
  }
  /** Cards waiting in the return pile. */
  get returned(): number {
    return this.#live().returned();
  }
  /**
   * True once a shoe's cut card has come out: ⌈penetration · size⌉ cards drawn since the last
   * shuffle (options.penetration). Dealing goes on; shuffle() puts it back. Always false without one.
   */
  get cutCardOut(): boolean {
    return this.#live().cutCardOut();
  }
  /** The cards currently out of the deck (dealt and not returned, in every pile), in no guaranteed order. */
  get dealt(): Card[] {
    return this.#pile(manifest().piles.dealt);
  }
  /** True after `dispose()`. */
  get disposed(): boolean {
    return this.#h === null;
  }

  /**
   * Gathers every card and shuffles: a fresh deal starts, even mid-deal. A secure deck re-keys
   * inside the core (SECURITY.md); if the platform's entropy fails, an Error and no change.
   */
  shuffle(): this {
    if (!this.#live().shuffle()) throw coreError(this.#c);
    return this;
  }

  /** Shuffles the undealt and returned cards together; dealt cards stay out. */
  shuffleRemaining(): this {
    if (!this.#live().shuffleRemaining()) throw coreError(this.#c);
    return this;
  }

  /** Deals one card, or undefined when the deck is empty (like Array.prototype.pop). */
  dealOne(): Card | undefined {
    const h = this.#live(), port = this.#cells(h), taken = port[1];
    if (taken < port[0]) {
      port[1] = taken + 1;
      return this.#cards.get(this.#view()[(port[2] >>> 2) + port[0] - 1 - taken]);
    }
    const id = h.dealOne();
    if (id === -2) throw coreError(this.#c);  // re-keying found no fresh entropy; nothing was dealt
    return id < 0 ? undefined : this.#cards.get(id);
  }

  /** Deals up to `n` cards (fewer if fewer remain) in one call into WASM. */
  deal(n: number): Card[] {
    const h = this.#live();
    checkInt('n', n, 0, 2 ** 32 - 1);
    const port = this.#cells(h), taken = port[1];
    if (n <= port[0] - taken) {
      const heap = this.#view(), top = (port[2] >>> 2) + port[0] - 1 - taken, out = new Array<Card>(n);
      for (let i = 0; i < n; i++) out[i] = this.#cards.get(heap[top - i]);
      port[1] = taken + n;
      return out;
    }
    return this.#read(h, h.deal(n));
  }

  /**
   * Puts dealt cards, from any pile, into the return pile; they are dealt again only after the
   * undealt cards run out. Cards may be Card objects, codes ('AS') or ids. All or nothing: a RangeError, and no
   * change, if any is unknown, not dealt, already returned or named twice.
   */
  returnCards(cards: Iterable<Card | string | number>): void {
    this.#live();
    // Copied first: caller code that runs while the iterable is read (even if it deals from this
    // deck) is over before anything here looks at the deck.
    const list = copyIterable(cards, 'cards', 'cards, codes or ids');
    const h = this.#live();
    const ids = resolveIds(list, this.#cards, this.size, () => new Set(this.#pile(manifest().piles.dealt).map((c) => c.id)));
    this.#input(h, ids);
    if (!h.returnCards(ids.length)) throw coreError(this.#c);
  }

  /**
   * Deals `perSeat` cards to each of `seats` hands round by round, like a dealer: the first card
   * to seat 0, the second to seat 1, … Seat i's cards go to pile `hand:i` (`hand(i)`); the result
   * is the hands, seat 0 first. All or nothing: a RangeError, and no change, if the seats are out
   * of range or too few cards remain.
   */
  dealHands(seats: number, perSeat: number): Card[][] {
    const h = this.#live();
    needPiles(this.#c);
    checkInt('seats', seats, 0, 2 ** 32 - 1);
    checkInt('perSeat', perSeat, 0, 2 ** 32 - 1);
    const cards = this.#read(h, h.dealHands(seats, perSeat)), hands: Card[][] = [];
    for (let i = 0; i < seats; i++) hands.push([]);
    for (let i = 0; i < cards.length; i++) hands[i % seats].push(cards[i]);
    return hands;
  }

  /** Deals `n` cards (default 1) onto the burn pile (`pile('burn')`) and returns them. All or nothing, like dealTo. */
  burn(n = 1): Card[] {
    return this.dealTo(manifest().pileNames.burn, n);
  }

  /**
   * Deals exactly `n` cards (default 1) onto pile `pile` (a name of 1–32 printable ASCII
   * characters, no spaces) and returns them, as `deal(n)` would deal them. All or nothing: a
   * RangeError, and no change, if fewer than n cards remain or 64 other piles already hold cards.
   */
  dealTo(pile: string, n = 1): Card[] {
    const h = this.#live();
    const id = pileId(this.#c, pile, 'pile');
    checkInt('n', n, 0, 2 ** 32 - 1);
    return this.#read(h, h.dealTo(id, n));
  }

  /**
   * Deals packets in order, each `count` cards onto its `pile` (Skat: 3 to each hand, 2 to the
   * skat, 4 each, 3 each) and returns the cards in dealing order. One call into WASM for the
   * whole pattern; all or nothing for the whole pattern. `packets` is a list of `{ pile, count }`
   * or a pattern made once with `Deck.pattern(packets)`, which skips checking it again (a game
   * that deals the same hand over and over).
   */
  dealPattern(packets: Iterable<{ readonly pile: string; readonly count: number }> | DealPattern): Card[] {
    this.#live();
    if (DealPattern.is(packets)) {
      const plan = packets.plan(this.#c), h = this.#live();  // read into the binding once (Deck.pattern)
      return this.#read(h, h.dealPlan(plan));
    }
    const pairs = new DealPattern(packets).pairs(this.#c), h = this.#live();
    this.#input(h, pairs);
    return this.#read(h, h.dealPattern(pairs.length / 2));
  }

  /**
   * A dealing pattern checked once, for `dealPattern`: the packets are read and their pile names
   * checked now (TypeError/RangeError naming `packets[i]…`), so dealing it again costs only the
   * deal. Requires `await init()` first.
   */
  static pattern(packets: Iterable<{ readonly pile: string; readonly count: number }>): DealPattern {
    const pattern = new DealPattern(packets);
    pattern.plan(native());
    return pattern;
  }

  /** Seat `seat`'s hand (pile `hand:<seat>`) in the order its cards arrived. */
  hand(seat: number): Card[] {
    checkInt('seat', seat, 0, 2 ** 32 - 1);
    return this.pile(manifest().pileNames.hand + seat);
  }

  /**
   * The cards of pile `name` in the order they arrived (empty if it holds none). `'dealt'` is the
   * pile `dealOne()` and `deal(n)` deal to; once `returnCards` has taken cards out of it, its most
   * recent cards fill their places (the card array's order, which later shuffles of seeded decks
   * depend on, moves as in 0.1), and a bitmap deck lists it by id. Named piles always keep arrival order.
   */
  pile(name: string): Card[] {
    const h = this.#live();
    return this.#read(h, h.pileCards(pileId(this.#c, name, 'name')));
  }

  /** The piles that hold cards: 'dealt' first if it holds any, then the others in the order they got their first card. */
  get piles(): string[] {
    needPiles(this.#c);
    const text = takeText(this.#c, this.#live().pileNames());
    return text === '' ? [] : text.split(' ');
  }

  /**
   * Moves dealt cards onto pile `to`, where they arrive in the order given (a fold:
   * `moveCards(deck.hand(2), 'discard')`). Cards may be Card objects, codes or ids; each must be
   * dealt (in any pile, or in `options.from`). Moved cards are not dealt again. All or nothing: a
   * RangeError naming the first bad card, and no change.
   */
  moveCards(cards: Iterable<Card | string | number>, to: string, options?: { from?: string }): void {
    this.#live();
    const from = options === undefined ? undefined : checkKeys(options, ['from'], 'moveCards options').from;
    const list = copyIterable(cards, 'cards', 'cards, codes or ids');
    const [toId, fromId = -1] = from === undefined ? [pileId(this.#c, to, 'to')] : pileIds(this.#c, [to, from], ['to', 'from']);
    const h = this.#live();
    const ids = resolveIds(list, this.#cards, this.size, () =>
      new Set(this.#read(h, fromId < 0 ? h.pile(manifest().piles.dealt) : h.pileCards(fromId)).map((c) => c.id)));
    this.#input(h, ids);
    if (!h.moveCards(ids.length, toId, fromId)) throw coreError(this.#c);
  }

  /** The deck's state as plain JSON. A secure deck's key and future order only with includeSecret. */
  toJSON(options?: { includeSecret?: boolean }): DeckState {
    const o = checkKeys(options, ['includeSecret'], 'toJSON options');
    if (o.includeSecret !== undefined && typeof o.includeSecret !== 'boolean') {
      throw new TypeError(`includeSecret must be a boolean, got ${show(o.includeSecret)}`);
    }
    const h = this.#live();
    return JSON.parse(takeText(this.#c, h.save(o.includeSecret === true))) as DeckState;
  }

  /** Deals until the deck is empty: `for (const card of deck)`. */
  *[Symbol.iterator](): Iterator<Card> {
    for (let card = this.dealOne(); card; card = this.dealOne()) yield card;
  }

  /** Frees the WASM memory of this deck. Safe to call twice; the deck is unusable afterwards. */
  dispose(): void {
    if (this.#h === null) return;
    registry.unregister(this);
    this.#h.delete();
    this.#h = null;
  }

  /** Same as dispose(), for `using deck = new Deck()`. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  #pile(which: number): Card[] {
    const h = this.#live();
    return this.#read(h, h.pile(which));
  }

  /**
   * The core's id buffer holding at least `k` ids, re-read if the heap grew or the buffer moved
   * (the port's cell 3 is its address: a call may grow it and fail, returning no count to check).
   */
  #buffer(h: CoreDeck, k: number): Uint32Array {
    return this.#holds(h, k) ? this.#ids : (this.#ids = h.ids());
  }
  /** Whether the id buffer view is current (not stale: cell 3 is the buffer's address) and holds `k` ids. */
  #holds(h: CoreDeck, k: number): boolean {
    return this.#ids.length >= k && this.#ids.byteOffset === this.#cells(h)[3];
  }

  /** Puts a call's input `ids` at the start of the core's id buffer, growing it first if needed. */
  #input(h: CoreDeck, ids: ArrayLike<number>): void {
    const k = ids.length;
    if (!this.#holds(h, k) && !h.reserve(k)) throw coreError(this.#c);
    const buffer = this.#buffer(h, k);
    for (let i = 0; i < k; i++) buffer[i] = ids[i];  // a plain loop: set() from an Array takes a slow path
  }

  /** The `k` cards the core just wrote to its id buffer (k = failed: the core's recorded error). */
  #read(h: CoreDeck, k: number): Card[] {
    if (k === manifest().limits.failed) throw coreError(this.#c);
    const ids = this.#buffer(h, k), out = new Array<Card>(k);
    for (let i = 0; i < k; i++) out[i] = this.#cards.get(ids[i]);
    return out;
  }
}

/** A dealing pattern (`Deck.pattern`): its packets, checked, and their pile numbers in the binding. */
export class DealPattern {
  /** The packets as they were read (frozen copies). */
  readonly packets: readonly Readonly<{ pile: string; count: number }>[];
  // Module `#module`'s numbers for it, in that module's generation `#generation` of pile numbers:
  // its (pile number, count) pairs, and its pattern number (−1 until read into the binding).
  #module: DeckModule | undefined;
  #generation = -1;
  #pairs = new Uint32Array(0);
  #plan = -1;

  /** Reads `packets` once (caller code — iterators, getters — runs here, before any deck is touched). */
  constructor(packets: unknown) {
    const list = copyIterable(packets, 'packets', '{ pile, count } objects'), out: Readonly<{ pile: string; count: number }>[] = [];
    for (let i = 0; i < list.length; i++) {
      const p = list[i];
      if (typeof p !== 'object' || p === null) throw new TypeError(`packets[${i}] must be an object { pile, count }, got ${show(p)}`);
      const { pile, count } = plainObject(p, `packets[${i}]`);  // each field read once (getters, proxies)
      if (typeof pile !== 'string') throw new TypeError(`packets[${i}].pile must be a pile name (a string), got ${show(pile)}`);
      out.push(Object.freeze({ pile, count: checkInt(`packets[${i}].count`, count, 0, 2 ** 32 - 1) }));
    }
    this.packets = Object.freeze(out);
  }

  /** True for patterns made here (a brand check: nothing else passes). */
  static is(x: unknown): x is DealPattern {
    return typeof x === 'object' && x !== null && #pairs in x;
  }

  /** Its number among module `m`'s patterns (CoreDeck.dealPlan), read into the binding once per module and per table. */
  plan(m: DeckModule): number {
    // pairs() numbers the piles anew if the tables started again, even within planPattern.
    if (this.#plan < 0 || this.#module !== m || this.#generation !== pileGeneration(m)) this.#plan = planPattern(m, () => this.pairs(m));
    return this.#plan;
  }

  /** The (pile number, count) pairs for module `m`, numbered once per module and per pile-number table. */
  pairs(m: DeckModule): Uint32Array {
    if (this.#module !== m || this.#generation !== pileGeneration(m)) {
      const p = this.packets, ids = pileIds(m, p.map((x) => x.pile), p.map((_, i) => `packets[${i}].pile`));
      const pairs = new Uint32Array(2 * ids.length);
      for (let i = 0; i < ids.length; i++) (pairs[2 * i] = ids[i]), (pairs[2 * i + 1] = p[i].count);
      [this.#pairs, this.#plan, this.#module, this.#generation] = [pairs, -1, m, pileGeneration(m)];
    }
    return this.#pairs;
  }
}

function readInfo(c: DeckModule, h: CoreDeck): DeckInfo {
  return Object.freeze(JSON.parse(takeText(c, h.info())) as DeckInfo);
}
