/**
 * The Deck of 'fairdeck/games': fairdeck's Deck plus the operations on named piles — hands, burns,
 * a board, dealing patterns and moves, each held by the core (docs/games.md). They live here, not
 * in deck.ts, so that an app that only deals cards (the 'fairdeck' entry) does not ship them
 * (docs/size.md). They reach the deck's core through `internals` (deck.ts), which no entry exports.
 */
import { coreError, native, needPiles, takeText, u32, type DeckModule } from './binding.js';
import { resolveIds, type Card } from './card.js';
import { Deck as PlainDeck, internals, type DeckState, type ProvableState } from './deck.js';
import { show } from './errors.js';
import { copyIterable } from './input.js';
import { limits, pileNames, piles } from './manifest.js';
import { checkInt, checkKeys } from './options.js';
import { pileGeneration, pileId, pileIds, planPattern } from './piles.js';

const { live, module: mod, cards: tableOf, read, written, input, port, log: logOf } = internals;

/** A deck of cards dealt fairly by the WASM core, with named piles held by the core. Call `dispose()` when done (or use `using`). */
export class Deck extends PlainDeck {
  /** Restores a deck saved with `toJSON()` (its piles too); a seeded deck resumes exactly where it was. */
  static override fromJSON(state: DeckState | ProvableState | string, options?: { key?: Uint8Array }): Deck {
    return PlainDeck.fromJSON.call(this, state, options) as Deck;
  }

  /**
   * Deals `perSeat` cards to each of `seats` hands round by round, like a dealer: the first card
   * to seat 0, the second to seat 1, … Seat i's cards go to pile `hand:i` (`hand(i)`); the result
   * is the hands, seat 0 first. All or nothing: a RangeError, and no change, if the seats are out
   * of range or too few cards remain.
   */
  dealHands(seats: number, perSeat: number): Card[][] {
    const h = live(this), m = mod(this);
    // A module without piles has no CoreDeck.dealHands: asking the handle, not the module (whose
    // many properties make each lookup a hash), saved a few ns a hand.
    if (typeof h.dealHands !== 'function') needPiles(m);
    checkInt('seats', seats, 0, 2 ** 32 - 1);
    checkInt('perSeat', perSeat, 0, 2 ** 32 - 1);
    const k = h.dealHands(seats, perSeat), base = written(this, h, k), ids = u32(m), table = tableOf(this);
    // All or nothing: k is seats · perSeat, dealt round by round (seat s got ids[base + s], ids[base + s + seats], …).
    const hands = new Array<Card[]>(seats), log = logOf(this);
    if (perSeat === 2 && !log) {  // Hold'em's hole cards: each hand an array literal, which V8 makes in one step
      for (let s = 0, at = base; s < seats; s++, at++) hands[s] = [table.get(ids[at]), table.get(ids[at + seats])];
      return hands;
    }
    for (let s = 0; s < seats; s++) {
      const hand = (hands[s] = new Array<Card>(perSeat));
      for (let j = 0, at = base + s; j < perSeat; j++, at += seats) hand[j] = table.get(ids[at]);
    }
    // A provable deck's record: seats · perSeat packets of one card, round by round (docs/provably-fair.md §9).
    if (log) for (let j = 0; j < perSeat; j++) for (let s = 0; s < seats; s++) log.cards(pileNames.hand + s, [hands[s][j]]);
    return hands;
  }

  /** Deals `n` cards (default 1) onto the burn pile (`pile('burn')`) and returns them. All or nothing, like dealTo. */
  burn(n = 1): Card[] {
    try {
      return this.dealTo(pileNames.burn, n);
    } catch (error) {
      // The caller may never have written `n` (it defaults to 1): the message says which call it means.
      if (error instanceof Error) error.message = `burn(): ${error.message}`;
      throw error;
    }
  }

  /**
   * Deals exactly `n` cards (default 1) onto pile `pile` (a name of 1–32 printable ASCII
   * characters, no spaces) and returns them, as `deal(n)` would deal them. All or nothing: a
   * RangeError, and no change, if fewer than n cards remain or 64 other piles already hold cards.
   */
  dealTo(pile: string, n = 1): Card[] {
    const h = live(this);
    const m = mod(this), id = pileId(m, pile, 'pile');
    checkInt('n', n, 0, 2 ** 32 - 1);
    // The pile log (cpp/bindings/decks.hpp): from an eager deck's window, onto a pile with a
    // pinned number, JS deals the cards itself, as deal(n) does, and logs (pile, taken, n) for the
    // core to file at the deck's next call; the core opened the log for as many entries (cell 6)
    // and cards (cell 7) as it can file without allocating, so a logged deal cannot fail later.
    const heap = u32(m), p = port(this), taken = heap[p + 1], k = heap[p + 5];
    if (n !== 0 && n <= heap[p] - taken && heap[p + 6] !== 0 && n <= heap[p + 7] && id < limits.pinnedPiles) {
      const e = p + 8 + 3 * k;
      heap[e] = id, heap[e + 1] = taken, heap[e + 2] = n;
      heap[p + 5] = k + 1, heap[p + 6]--, heap[p + 7] -= n, heap[p + 1] = taken + n;
      const top = (heap[p + 2] >>> 2) + heap[p] - 1 - taken, out = new Array<Card>(n), table = tableOf(this);
      for (let i = 0; i < n; i++) out[i] = table.get(heap[top - i]);
      logOf(this)?.cards(pile, out);
      return out;
    }
    const out = read(this, h, h.dealTo(id, n));
    logOf(this)?.cards(pile, out);
    return out;
  }

  /**
   * Deals packets in order, each `count` cards onto its `pile` (Skat: 3 to each hand, 2 to the
   * skat, 4 each, 3 each) and returns the cards in dealing order. One call into WASM for the
   * whole pattern; all or nothing for the whole pattern. `packets` is a list of `{ pile, count }`
   * or a pattern made once with `Deck.pattern(packets)`, which skips checking it again (a game
   * that deals the same hand over and over).
   */
  dealPattern(packets: Iterable<{ readonly pile: string; readonly count: number }> | DealPattern): Card[] {
    live(this);
    let pattern: DealPattern, out: Card[];
    if (DealPattern.is(packets)) {
      const plan = (pattern = packets).plan(mod(this)), h = live(this);  // read into the binding once (Deck.pattern)
      out = read(this, h, h.dealPlan(plan));
    } else {
      const pairs = (pattern = new DealPattern(packets)).pairs(mod(this)), h = live(this);
      input(this, h, pairs);
      out = read(this, h, h.dealPattern(pairs.length / 2));
    }
    const log = logOf(this);
    if (log) for (let at = 0, i = 0; i < pattern.packets.length; at += pattern.packets[i++].count) log.cards(pattern.packets[i].pile, out.slice(at, at + pattern.packets[i].count));
    return out;
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
    return this.pile(pileNames.hand + seat);
  }

  /**
   * The cards of pile `name` in the order they arrived (empty if it holds none). `'dealt'` is the
   * pile `dealOne()` and `deal(n)` deal to; once `returnCards` has taken cards out of it, its most
   * recent cards fill their places (the card array's order, which later shuffles of seeded decks
   * depend on, moves as in 0.1), and a bitmap deck lists it by id. Named piles always keep arrival order.
   */
  pile(name: string): Card[] {
    const h = live(this);
    return read(this, h, h.pileCards(pileId(mod(this), name, 'name')));
  }

  /**
   * The last `n` cards (default 1) to arrive on pile `name`, in arrival order, so the top card is
   * last: `deck.top('discard')[0]` is the discard pile's top card. Fewer if the pile holds fewer
   * (none: `[]`). Changes nothing.
   */
  top(name: string, n = 1): Card[] {
    checkInt('n', n, 0, 2 ** 32 - 1);
    const cards = this.pile(name);
    return n === 0 ? [] : cards.slice(-n);
  }

  /**
   * Moves the top `n` cards (default 1) of pile `from` — the last `n` to arrive, `top(from, n)` —
   * onto pile `to`, where they arrive in the order they lay, and returns them: a card drawn from a
   * stock pile, a trick taken (`deck.take('trick', 'won:1', 4)`). All or nothing: a RangeError,
   * and no change, if `from` holds fewer than `n` cards.
   */
  take(from: string, to: string, n = 1): Card[] {
    checkInt('n', n, 0, 2 ** 32 - 1);
    const h = live(this), cards = read(this, h, h.pileCards(pileId(mod(this), from, 'from')));
    if (cards.length < n) throw new RangeError(`take(): pile ${show(from)} holds ${cards.length} card(s), fewer than n = ${n}`);
    const moved = n === 0 ? [] : cards.slice(-n);
    this.moveCards(moved, to, { from });
    return moved;
  }

  /** The piles that hold cards: 'dealt' first if it holds any, then the others in the order they got their first card. */
  get piles(): string[] {
    needPiles(mod(this));
    const text = takeText(mod(this), live(this).pileNames());
    return text === '' ? [] : text.split(' ');
  }

  /**
   * Moves dealt cards onto pile `to`, where they arrive in the order given (a fold:
   * `moveCards(deck.hand(2), 'discard')`). Cards may be Card objects, codes or ids; each must be
   * dealt (in any pile, or in `options.from`). Moved cards are not dealt again. All or nothing: a
   * RangeError naming the first bad card, and no change.
   */
  moveCards(cards: Iterable<Card | string | number>, to: string, options?: { from?: string }): void {
    live(this);
    const from = options === undefined ? undefined : checkKeys(options, MOVE_KEYS, 'moveCards options').from;
    const list = copyIterable(cards, 'cards', 'cards, codes or ids', this.size, `the deck has ${this.size} cards`);
    const [toId, fromId = -1] = from === undefined ? [pileId(mod(this), to, 'to')] : pileIds(mod(this), [to, from], ['to', 'from']);
    const h = live(this), table = tableOf(this), log = logOf(this);
    const ids = resolveIds(list, table, this.size, () =>
      new Set(read(this, h, fromId < 0 ? h.pile(piles.dealt) : h.pileCards(fromId)).map((c) => c.id)));
    // A provable deck's record: in a shoe, where each card came from (before input(): reading piles uses the id buffer).
    const where = !log ? undefined : from !== undefined ? ids.map(() => from as string) : log.shoe ? origins(this, ids) : undefined;
    input(this, h, ids);
    if (!h.moveCards(ids.length, toId, fromId)) throw coreError(mod(this));
    if (log) log.moved(ids.map((id) => table.get(id).code), to, where);
  }
}

/**
 * Where each of `ids` lies: its pile's name. A provable shoe's round record names the pile a
 * returned or moved card came from, so that the verifier, which takes each code's lowest copy out
 * in that pile, takes a copy of the same code from the same pile (docs/provably-fair.md §8b).
 */
function origins(deck: PlainDeck, ids: readonly number[]): string[] | undefined {
  if (!(deck instanceof Deck)) return undefined;  // a Deck without the pile calls: its cards out all lie in 'dealt'
  const h = live(deck), m = mod(deck), text = takeText(m, h.pileNames()), where = new Map<number, string>();
  for (const name of text === '' ? [] : text.split(' ')) for (const c of read(deck, h, h.pileCards(pileId(m, name, 'name')))) where.set(c.id, name);
  return ids.map((id) => where.get(id) ?? pileNames.default);
}
internals.origins = origins;

/** The keys of a packet of `dealPattern` and `Deck.pattern`. */
const PACKET_KEYS: readonly string[] = ['pile', 'count'];
/** The keys of `moveCards` options. */
const MOVE_KEYS: readonly string[] = ['from'];

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
    const list = copyIterable(packets, 'packets', '{ pile, count } objects', limits.maxCards, `a pattern deals at most manifest().limits.maxCards = ${limits.maxCards} cards`), out: Readonly<{ pile: string; count: number }>[] = [];
    for (let i = 0; i < list.length; i++) {
      const p = list[i];
      if (typeof p !== 'object' || p === null) throw new TypeError(`packets[${i}] must be an object { pile, count }, got ${show(p)}`);
      const { pile, count } = checkKeys(p, PACKET_KEYS, `packets[${i}]`);  // own data properties, read once
      if (typeof pile !== 'string') throw new TypeError(`packets[${i}].pile must be a pile name (a string), got ${show(pile)}`);
      out.push(Object.freeze({ pile, count: checkInt(`packets[${i}].count`, count, 0, 2 ** 32 - 1) }));
    }
    this.packets = Object.freeze(out);
  }

  /** True for patterns made here (a brand check: nothing else passes). */
  static is(x: unknown): x is DealPattern {
    return typeof x === 'object' && x !== null && #pairs in x;
  }

  /**
   * Its number among module `m`'s patterns (CoreDeck.dealPlan), read into the binding once per module and per table.
   * @internal
   */
  plan(m: DeckModule): number {
    // pairs() numbers the piles anew if the tables started again, even within planPattern.
    if (this.#plan < 0 || this.#module !== m || this.#generation !== pileGeneration(m)) this.#plan = planPattern(m, () => this.pairs(m));
    return this.#plan;
  }

  /**
   * The (pile number, count) pairs for module `m`, numbered once per module and per pile-number table.
   * @internal
   */
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
