/**
 * A provable deck's round record (issue 60): what it dealt, packet by packet, and the calls between
 * (returns, moves, reshuffles), exactly as `verifyRound` takes them (docs/provably-fair.md §8–§9),
 * so that a server never writes a call log of its own; and its saved state, which is the seeds and
 * that record: `Deck.fromJSON` deals the record again from the seeds (a provable deck is a pure
 * function of its seeds and its calls) and so continues exactly.
 *
 * The record is the one fact here that the core does not hold: the core knows where every card
 * is, not which call put it there. The Deck keeps it (deck.ts, games-deck.ts) beside the core and
 * starts it again at each `shuffle()`, which starts the next round.
 */
import type { Card } from '../card.js';
import type { DealPacket, RoundEvent } from '../verify/input.js';
import { show } from '../errors.js';
import { pileNames } from '../manifest.js';
import { checkKeys, checkInt } from '../options.js';
import { checkClientSeed, checkHex64, checkNonce, checkVersion } from './options.js';

/**
 * `deck.round()`: the current round as `verifyRound` takes it, all but the server seed — add
 * `serverSeed` once it is revealed. `dealt` is every card the round dealt, in dealing order, and
 * `deals` which pile each went to; the verdict's `piles` then says who holds what.
 */
export interface RoundRecord {
  commitment: string;
  clientSeed: string;
  nonce: number;
  version: 1 | 2;
  deck: { style: 'french' | 'german'; decks: number; jokers: number } | { size: number };
  deals: DealPacket[];
  history: RoundEvent[];
  dealt: string[];
}

/**
 * A provable deck's saved state (`toJSON({ includeSecret: true })`): version 3 of the state
 * format. It holds the server seed, so it stays on the server, or is saved with a `key`.
 */
export interface ProvableState {
  format: 'fairdeck-deck';
  version: 3;
  provable: { serverSeed: string; clientSeed: string; nonce: number; version: 1 | 2 };
  style: 'french' | 'german' | 'generic';
  decks: number;
  jokers: number;
  size: number;
  /** The shoe's cut card as it was asked for (`options.penetration`), or null. */
  penetration: number | null;
  deals: DealPacket[];
  history: RoundEvent[];
  /** Only from `toJSON({ key })` (SECURITY.md, "Saved states"). */
  mac?: string;
}

/** The record of the current round of one provable deck. */
export class RoundLog {
  deals: DealPacket[] = [];
  history: RoundEvent[] = [];
  dealt: string[] = [];
  /** Whether the last packet may take more cards (no event since it). */
  #open = false;
  /**
   * `shoe`: the deck has more than one copy of a card, so a returned or moved card's pile is
   * recorded (`from`): the verifier takes each code's lowest copy out in that pile.
   */
  constructor(readonly serverSeed: string, readonly penetration: number | undefined, readonly shoe: boolean) {}

  /** Cards dealt onto `pile`, in dealing order (a packet; joined to the last if it went to the same pile). */
  cards(pile: string, cards: readonly Card[]): void {
    const n = cards.length, last = this.deals[this.deals.length - 1];
    if (n === 0) return;
    if (this.#open && last.pile === pile) last.count += n;
    else this.deals.push({ pile, count: n }), (this.#open = true);
    for (let i = 0; i < n; i++) this.dealt.push(cards[i].code);
  }
  /** A call between packets. */
  event(e: { returnCards: string[]; from?: string } | { shuffleRemaining: true } | { moveCards: string[]; to: string; from?: string }): void {
    this.history.push({ after: this.dealt.length, ...e });
    this.#open = false;
  }
  /**
   * returnCards (`to` undefined) or moveCards of `codes`: one event, or, when `from` says each
   * card's pile, one per run of cards from the same pile, each with that `from` (in the order
   * given, so moved cards arrive as they did).
   */
  moved(codes: string[], to: string | undefined, from: readonly string[] | undefined): void {
    for (let i = 0, j: number; i < codes.length; i = j) {
      for (j = i + 1; from && j < codes.length && from[j] === from[i]; j++);
      if (!from) j = codes.length;
      const run = codes.slice(i, j), pile = from?.[i];
      const e = to === undefined ? { returnCards: run } : { moveCards: run, to };
      this.event(pile === undefined ? e : { ...e, from: pile });
    }
  }
  /** A new round (shuffle()). */
  reset(): void {
    this.deals = [], this.history = [], this.dealt = [], (this.#open = false);
  }
}

const copyEvent = (e: RoundEvent): RoundEvent => {
  const c = { ...e } as Record<string, unknown>;
  for (const k of ['returnCards', 'moveCards']) if (Array.isArray(c[k])) c[k] = [...(c[k] as string[])];
  return c as unknown as RoundEvent;
};

/** What a deck is, as `deck.info` reports it (the fields the record and the state need). */
interface Made {
  style: 'french' | 'german' | 'generic';
  decks: number;
  jokers: number;
  size: number;
  provable?: { commitment: string; clientSeed: string; nonce: number; version: 1 | 2 };
}

/** `deck.round()`: copies, so that the caller may keep or change them. */
export function roundRecord(log: RoundLog, info: Made): RoundRecord {
  const p = info.provable!;
  return {
    commitment: p.commitment, clientSeed: p.clientSeed, nonce: p.nonce, version: p.version,
    deck: info.style === 'generic' ? { size: info.size } : { style: info.style, decks: info.decks, jokers: info.jokers },
    deals: log.deals.map((d) => ({ ...d })), history: log.history.map(copyEvent), dealt: [...log.dealt],
  };
}

/** `toJSON({ includeSecret: true })` of a provable deck. */
export function provableState(log: RoundLog, info: Made): ProvableState {
  const p = info.provable!;
  return {
    format: 'fairdeck-deck', version: 3,
    provable: { serverSeed: log.serverSeed, clientSeed: p.clientSeed, nonce: p.nonce, version: p.version },
    style: info.style, decks: info.decks, jokers: info.jokers, size: info.size, penetration: log.penetration ?? null,
    deals: log.deals.map((d) => ({ ...d })), history: log.history.map(copyEvent),
  };
}

/** Why `toJSON()` without `includeSecret` refuses a provable deck. */
export const NO_SECRETLESS_STATE =
  "a provable deck's state is its server seed and its round: save it with toJSON({ includeSecret: true }) " +
  '(and a key, if it leaves the server: SECURITY.md, "Saved states"), and never show it to a player before the round is revealed';

/** What the Deck classes offer the replay: their public calls. */
interface Replayable {
  deal(n: number): Card[];
  dealTo(pile: string, n: number): Card[];
  returnCards(cards: Iterable<string | Card>): void;
  pile(name: string): Card[];
  shuffleRemaining(): unknown;
  moveCards(cards: Iterable<string>, to: string, options?: { from?: string }): void;
  dispose(): void;
}

const STATE_KEYS = ['format', 'version', 'provable', 'style', 'decks', 'jokers', 'size', 'penetration', 'deals', 'history'];
const EVENT_KEYS = ['after', 'returnCards', 'shuffleRemaining', 'moveCards', 'to', 'from'];

/** A state's list field: an own array (TypeError naming it). */
function list(v: Record<string, unknown>, key: string): unknown[] {
  const x = v[key];
  if (!Array.isArray(x)) throw new TypeError(`state.${key} must be an array, got ${show(x)}`);
  return x;
}
/** Of each code, the lowest copy in `cards` not taken yet (what the verifier takes from a pile); RangeError if none. */
function lowest(cards: Card[], wanted: string[], name: string, from: string): Card[] {
  const left = [...cards].sort((a, b) => a.id - b.id);
  return wanted.map((code) => {
    const at = left.findIndex((c) => c.code === code);
    if (at < 0) throw new RangeError(`${name}.returnCards: ${show(code)} is not in pile ${from}`);
    return left.splice(at, 1)[0];
  });
}
function codes(name: string, x: unknown): string[] {
  if (!Array.isArray(x) || !x.every((c) => typeof c === 'string')) throw new TypeError(`${name} must be an array of card codes, got ${show(x)}`);
  return x as string[];
}

/**
 * A provable deck rebuilt from its state (a parsed, MAC-checked version 3 state): made from the
 * seeds, then dealt its round again, packet by packet, each call of `history` where it was made.
 * Every field is checked (TypeError or RangeError naming it, prefixed `state.`); a record these
 * seeds cannot deal again — a packet with fewer cards left than it holds, a return of a card not
 * out — is refused, naming the packet or event, and the deck made for it is freed.
 */
export function restoreProvable<D extends { dispose(): void }>(make: (options: object) => D, parsed: object): D {
  const v = checkKeys(parsed, STATE_KEYS, 'state');
  if (v.version !== 3) throw new TypeError(`state.version must be 3 for a provable deck's state (one with state.provable), got ${show(v.version)}`);
  const p = checkKeys(v.provable, ['serverSeed', 'clientSeed', 'nonce', 'version'], 'state.provable');
  const provable = {
    serverSeed: checkHex64('state.provable.serverSeed', p.serverSeed), clientSeed: checkClientSeed('state.provable.clientSeed', p.clientSeed),
    nonce: checkNonce('state.provable.nonce', p.nonce), version: checkVersion('state.provable.version', p.version),
  };
  const options: Record<string, unknown> = { provable };
  if (v.style === 'generic') options.size = v.size;
  else options.style = v.style, options.decks = v.decks, options.jokers = v.jokers;
  if (v.penetration !== null) options.penetration = v.penetration;
  const deals = list(v, 'deals'), history = list(v, 'history');
  let made: D;
  try {
    made = make(options);
  } catch (error) {
    if (error instanceof Error) error.message = `state: ${error.message}`;
    throw error;
  }
  const deck = made as unknown as Replayable;  // the base Deck's pile calls throw the Error that names fairdeck/games
  try {
    // The same composition: a generic state's style fields, a styled state's size, must agree with it.
    const info = (deck as unknown as { info: Made }).info;
    for (const k of ['style', 'decks', 'jokers', 'size'] as const) {
      if (info[k] !== v[k]) throw new RangeError(`state.${k} is ${show(v[k])}, but the deck these fields make has ${k} ${show(info[k])}`);
    }
    let at = 0, dealt = 0;
    const events = (upTo: number) => {
      for (; at < history.length; at++) {
        const name = `state.history[${at}]`, e = checkKeys(history[at], EVENT_KEYS, name);
        const after = checkInt(`${name}.after`, e.after, 0, Number.MAX_SAFE_INTEGER);
        if (after > upTo) return;
        if (after < upTo) throw new RangeError(`${name}.after is ${after}, which falls inside a packet of state.deals (${dealt} cards dealt before it)`);
        try {
          if (e.returnCards !== undefined) {
            const c = codes(`${name}.returnCards`, e.returnCards);
            if (e.from !== undefined && typeof e.from !== 'string') throw new TypeError(`${name}.from must be a pile name, got ${show(e.from)}`);
            deck.returnCards(e.from === undefined ? c : lowest(deck.pile(e.from), c, name, e.from));
          }
          else if (e.moveCards !== undefined) {
            deck.moveCards(codes(`${name}.moveCards`, e.moveCards), e.to as string, e.from === undefined ? undefined : { from: e.from as string });
          } else if (e.shuffleRemaining === true) deck.shuffleRemaining();
          else throw new TypeError('it must have returnCards (codes), shuffleRemaining: true or moveCards (codes) with to (a pile)');
        } catch (error) {
          if (error instanceof Error) error.message = `${name}: ${error.message}`;
          throw error;
        }
      }
    };
    deals.forEach((d, i) => {
      const name = `state.deals[${i}]`, o = checkKeys(d, ['pile', 'count'], name);
      const count = checkInt(`${name}.count`, o.count, 1, 2 ** 32 - 1);
      if (typeof o.pile !== 'string') throw new TypeError(`${name}.pile must be a pile name, got ${show(o.pile)}`);
      events(dealt);
      let got: number;
      try {
        got = (o.pile === pileNames.default ? deck.deal(count) : deck.dealTo(o.pile, count)).length;
      } catch (error) {
        if (error instanceof Error) error.message = `${name}: ${error.message}`;
        throw error;
      }
      if (got !== count) throw new RangeError(`${name} deals ${count} cards, but these seeds had only ${got} left to deal there`);
      dealt += count;
    });
    events(dealt);
    if (at < history.length) throw new RangeError(`state.history[${at}].after is past the ${dealt} cards of state.deals`);
    return made;
  } catch (error) {
    deck.dispose();
    throw error;
  }
}
