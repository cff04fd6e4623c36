/**
 * A seat of a mental-poker hand (docs/trustless.md): the C++ Seat of
 * cpp/include/fairdeck/trustless/seat.hpp, which holds the seat's secret and everything it has
 * verified. Messages go in and out as plain JSON objects (§9), which the app carries between
 * seats itself; each received message is checked before it changes anything.
 */
import { coreError, takeText } from '../binding.js';
import { fill } from '../entropy.js';
import { show } from '../errors.js';
import { ownOptions } from '../input.js';
import { facesOf } from '../verify/cards.js';
import type { TrustlessKeyMessage, TrustlessShareMessage, TrustlessShuffleMessage } from '../verify/trustless.js';
import { trustlessCore, type CoreSeat, type TrustlessCore } from './load.js';

/** Where a position of the final deck goes: one seat's hand, the board (all), or burned. */
export type TrustlessPlanEntry =
  | { readonly position: number; readonly to: 'seat'; readonly seat: number }
  | { readonly position: number; readonly to: 'all' }
  | { readonly position: number; readonly to: 'burn' };

/** Options of a {@link Seat}. */
export interface SeatOptions {
  /** The hand's table id, fresh for every hand (1 to 256 bytes of UTF-8), the same at every seat. */
  table: string;
  /** Seats at the table, 2 to 10. */
  seats: number;
  /** This seat, 0 to seats − 1. Seats shuffle in this order. */
  seat: number;
  /**
   * Tests only: 32 bytes (or 64 hex digits) keying the seat's randomness, so that a hand can be
   * replayed. Without it (in play) the key is 32 bytes of `crypto.getRandomValues`.
   */
  seed?: Uint8Array | string;
}

const utf8 = new TextEncoder();
const CODES = /* @__PURE__ */ facesOf({ style: 'french', decks: 1, jokers: 0, size: 52 }).codes;

/**
 * One seat of a Hold'em hand dealt with no trusted dealer. Round by round: send
 * {@link Seat.keyMessage} to every other seat and pass theirs to {@link Seat.receiveKey}; when
 * {@link Seat.nextShuffler} is this seat, call {@link Seat.shuffle} and send the result, and pass
 * every other seat's shuffle to {@link Seat.receiveShuffle}; then for each card to open, send
 * {@link Seat.share} and pass the others' to {@link Seat.receiveShare}; {@link Seat.card} opens
 * what this seat may see. A bad or out-of-turn message is an Error naming the seat, the step and
 * the failed check, and changes nothing. Call {@link Seat.dispose} when the hand is over.
 */
export class Seat {
  /** The table id. */
  readonly table: string;
  /** Seats at the table. */
  readonly seats: number;
  /** This seat. */
  readonly seat: number;
  /** The deal plan (Hold'em: two hole cards each, round-robin, then burn, flop, burn, turn, burn, river). */
  readonly plan: readonly TrustlessPlanEntry[];
  #core: TrustlessCore;
  #seat: CoreSeat | null;

  /** Sits down: draws this seat's secret. Needs `await init()` from `fairdeck/trustless` first. */
  constructor(options: SeatOptions) {
    const c = trustlessCore();
    const o = ownOptions(options, 'Seat options', ['table', 'seats', 'seat', 'seed']) as Partial<SeatOptions>;
    if (typeof o.table !== 'string') throw new TypeError(`table must be a string (the hand's id), got ${show(o.table)}`);
    for (const k of ['seats', 'seat'] as const) {
      if (!Number.isInteger(o[k])) throw new TypeError(`${k} must be an integer, got ${show(o[k])}`);
    }
    const key = o.seed === undefined ? fill(new Uint8Array(32)) : seedBytes(o.seed);
    const made = c.CoreSeat.make({ table: utf8.encode(o.table), seats: o.seats!, seat: o.seat!, key });
    key.fill(0);
    if (made === null) throw coreError(c);
    this.#core = c;
    this.#seat = made;
    this.table = o.table, this.seats = o.seats!, this.seat = o.seat!;
    this.plan = Object.freeze((JSON.parse(this.#text(made.plan())) as TrustlessPlanEntry[]).map((e) => Object.freeze(e)));
  }

  /** This seat's key message (step 0), to send to every other seat. */
  keyMessage(): TrustlessKeyMessage {
    return JSON.parse(this.#text(this.#live().keyMessage())) as TrustlessKeyMessage;
  }
  /** Another seat's key message, checked (its proof that it knows its secret), then kept. */
  receiveKey(message: TrustlessKeyMessage | string): void {
    this.#take(this.#live().receiveKey(wire(message, 'message')));
  }
  /** True once every seat's key is in. */
  get keysDone(): boolean {
    return this.#live().keysDone();
  }
  /** The seat whose shuffle is due (seat 0 first), or `seats` once all have shuffled. */
  get nextShuffler(): number {
    return this.#live().nextShuffler();
  }
  /** This seat's shuffle of the deck with its proof, when it is due: send it to every other seat. */
  shuffle(): TrustlessShuffleMessage {
    return JSON.parse(this.#text(this.#live().shuffle())) as TrustlessShuffleMessage;
  }
  /** Another seat's shuffle: its proof is checked against the deck this seat holds, then the deck is adopted. */
  receiveShuffle(message: TrustlessShuffleMessage | string): void {
    this.#take(this.#live().receiveShuffle(wire(message, 'message')));
  }
  /** This seat's share of the card at `position` (another seat's card or the board's), to send to every other seat. */
  share(position: number): TrustlessShareMessage {
    return JSON.parse(this.#text(this.#live().share(index(position)))) as TrustlessShareMessage;
  }
  /** Another seat's share, checked (its proof against that seat's key), then kept. */
  receiveShare(message: TrustlessShareMessage | string): void {
    this.#take(this.#live().receiveShare(wire(message, 'message')));
  }
  /**
   * The card at `position` as a code (`'AS'`, `'TD'`) if this seat may see it and has every share
   * it needs: its own hole cards once every other seat's share is in, a board card once every
   * seat's is (this seat's own from {@link Seat.share}); null otherwise.
   */
  card(position: number): string | null {
    const c = this.#live().card(index(position));
    if (c === -2) throw coreError(this.#core);
    return c < 0 ? null : CODES[c];
  }
  /** The positions the plan deals to `seat` (default: this seat). */
  holeCards(seat: number = this.seat): number[] {
    return this.plan.filter((e) => e.to === 'seat' && e.seat === seat).map((e) => e.position);
  }
  /** The board's positions, in the order they are dealt. */
  board(): number[] {
    return this.plan.filter((e) => e.to === 'all').map((e) => e.position);
  }
  /** Frees the seat (its secret with it). Idempotent; any other call after it throws. */
  dispose(): void {
    this.#seat?.delete();
    this.#seat = null;
  }

  #live(): CoreSeat {
    if (this.#seat === null) throw new Error('this Seat was disposed');
    return this.#seat;
  }
  #text(view: Uint8Array | null): string {
    return takeText(this.#core, view);
  }
  #take(ok: boolean): void {
    if (!ok) throw coreError(this.#core);
  }
}

/** A message as the UTF-8 of its JSON: a string is taken as it is, an object stringified. */
function wire(message: unknown, what: string): Uint8Array {
  if (typeof message === 'string') return utf8.encode(message);
  if (message === null || typeof message !== 'object') throw new TypeError(`${what} must be a message object or its JSON text, got ${show(message)}`);
  let text: string;
  try {
    text = JSON.stringify(message);
  } catch (cause) {
    throw new TypeError(`${what} could not be read as JSON (${String(cause)})`, { cause });
  }
  return utf8.encode(text);
}
function index(position: unknown): number {
  if (!Number.isInteger(position) || (position as number) < 0 || (position as number) > 51) {
    throw new RangeError(`position must be an integer from 0 to 51, got ${show(position)}`);
  }
  return position as number;
}
function seedBytes(seed: unknown): Uint8Array {
  if (typeof seed === 'string' && /^[0-9a-f]{64}$/.test(seed)) return Uint8Array.from(seed.match(/../g)!, (h) => parseInt(h, 16));
  if (seed instanceof Uint8Array && seed.length === 32) return seed.slice();
  throw new TypeError(`seed must be 32 bytes or 64 lower-case hex digits (tests only), got ${show(seed)}`);
}
