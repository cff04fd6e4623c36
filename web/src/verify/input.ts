/**
 * Validating `verifyRound(round)`. Written for the verifier alone (no import from the package's
 * WASM side); each error names the field and the value.
 */

/**
 * What happened during a round besides dealing, after `after` cards had been dealt (cards of
 * `dealt`, or of the dealing script `deals`): returnCards(), shuffleRemaining(), or
 * moveCards(cards, to, { from }) — a fold or a discard, which changes no card's place in the order.
 * `from` takes each code's lowest copy out in that pile, not in any pile (in a shoe, where a code
 * can lie in two piles, a deck's round record gives it: docs/provably-fair.md §9).
 */
export type RoundEvent =
  | { after: number; returnCards: readonly string[]; from?: string }
  | { after: number; shuffleRemaining: true }
  | { after: number; moveCards: readonly string[]; to: string; from?: string };

/** One packet of a dealing script: `count` cards, dealt one after another onto pile `pile`. */
export interface DealPacket {
  pile: string;
  count: number;
}

/**
 * A game's usual deal, expanded by `gameDeals`: 'holdem' is two hole cards round by round to
 * `hand:0` … `hand:<seats-1>` (dealHands(seats, 2)), then burn, 3 to 'board', burn, 1, burn, 1;
 * 'blackjack' is one card to each player `hand:0` … and one to 'dealer', twice, then (with
 * `hits` and `dealer`) the rest of the round as docs/games.md's recipe plays it: each seat's hits
 * in seat order, one card per call, then the dealer's draws.
 */
export interface GamePreset {
  game: 'holdem' | 'blackjack';
  seats: number;
  /**
   * Blackjack only: the cards each seat drew after the first two, in seat order (a missing seat
   * drew none). A number is the hits of one hand; an array is a split seat's hands in the order
   * they were played — `hand:<s>`, `hand:<s>.1`, `hand:<s>.2` … — each first given its second card,
   * then its hits. The split itself (the second card moved to `hand:<s>.1`) is a move, a history
   * event the table publishes like every move.
   */
  hits?: ReadonlyArray<number | ReadonlyArray<number>>;
  /** Blackjack only: the dealer's draws after the players' (default 0). */
  dealer?: number;
}

/** The rest of a blackjack round, after the first two cards each (GamePreset's `hits` and `dealer`). */
export interface BlackjackPlay {
  hits?: ReadonlyArray<number | ReadonlyArray<number>>;
  dealer?: number;
}

/**
 * Most hands one seat's split may make (re-splits included), and most cards one hand or the
 * dealer may draw in a preset (a blackjack hand of 21 aces has 20 hits): a hostile round cannot
 * make the preset expand to millions of packets.
 */
export const MAX_SPLIT_HANDS = 8, MAX_HITS = 64;

/** The games `GamePreset` knows. */
export const GAMES = /* @__PURE__ */ Object.freeze(['holdem', 'blackjack'] as const);

/**
 * The deck a round was dealt from. Omitted fields take `new Deck()`'s defaults, so an omitted or
 * empty deck is one French deck without jokers ('french:decks=1:jokers=0').
 */
export interface RoundDeck {
  style?: 'french' | 'german';
  decks?: number;
  jokers?: number;
  size?: number;
}

/** What a round (or a shoe) was dealt from: the published commitment, the seeds, the scheme and the deck. */
export interface RoundSeeds {
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The scheme the round was dealt by: 2 (the default; the composition is in the key) or 1. */
  version?: 1 | 2;
  deck?: RoundDeck;
}

/** Everything `verifyRound` checks. */
export interface Round extends RoundSeeds {
  /**
   * The cards as dealt, in order: codes ('AS', generic '17') or Card objects. Required unless
   * `deals` is given; with `deals`, the first cards of the script (all of them, or fewer).
   */
  dealt?: ReadonlyArray<string | { code: string }>;
  /**
   * The hand's dealing script, in dealing order: which pile each card of the round's order went
   * to. Packets and game presets, or one preset. Without it, every card of `dealt` went to 'dealt'.
   */
  deals?: ReadonlyArray<DealPacket | GamePreset> | GamePreset;
  /**
   * A hand inside a longer round (a shoe): how many cards of the round's order were dealt before
   * `dealt[0]` — by the shoe's earlier hands, burns included. `dealt` and `deals` are then this
   * hand's cards and script, checked against the order from that position on; the earlier cards
   * are dealt to no pile the verdict reports. 0 (the default): the round's first card.
   */
  offset?: number;
  /**
   * returnCards(), shuffleRemaining() and moveCards() calls during the round, in order. `after`
   * counts cards of the round's order, from its start (with an `offset`, the earlier hands' cards
   * count too: give any call of theirs that changed the order, a return or a reshuffle).
   */
  history?: readonly RoundEvent[];
  /** The piles as the round reports them at its end (after every move): pile name → cards in arrival order. */
  piles?: Readonly<Record<string, ReadonlyArray<string | { code: string }>>>;
}

/** A validated round. */
export interface CheckedRound {
  commitment: string;
  serverSeed: Uint8Array;
  clientSeed: string;
  nonce: number;
  version: 1 | 2;
  deck: { style: 'french' | 'german' | 'generic'; decks: number; jokers: number; size: number };
  dealt: string[];
  /** Cards of the round's order dealt before dealt[0] (0: none). */
  offset: number;
  /** The dealing script, presets expanded; null when the round gave none (every card of `dealt` to 'dealt'). */
  deals: DealPacket[] | null;
  history: CheckedEvent[];
  /** The stated piles, or null. */
  piles: Map<string, string[]> | null;
  /** The game presets `deals` named, in order (their seat counts are what the verdict can confirm or not). */
  presets: GamePreset[];
}

/** A validated event: a reshuffle of the remaining cards when it has neither returnCards nor moveCards. */
export interface CheckedEvent {
  after: number;
  returnCards?: string[];
  moveCards?: string[];
  to?: string;
  from?: string;
}

/** At most this many seats (the deck's dealHands limit). */
export const MAX_SEATS = 64;

export function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v == null) return String(v);
  if (Array.isArray(v)) return `an array of ${v.length}`;
  return `a ${Object.prototype.toString.call(v).slice(8, -1)}`;
}

function object(name: string, v: unknown, known: string[]): Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new TypeError(`${name} must be an object, got ${show(v)}`);
  for (const k of Object.keys(v)) if (!known.includes(k)) throw new TypeError(`unknown field '${k}' in ${name} (known: ${known.join(', ')})`);
  return v as Record<string, unknown>;
}

function hex64(name: string, v: unknown): string {
  if (typeof v !== 'string' || !/^[0-9a-f]{64}$/.test(v)) throw new TypeError(`${name} must be 64 lowercase hex characters, got ${show(v)}`);
  return v;
}

function int(name: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number') throw new TypeError(`${name} must be an integer, got ${show(v)}`);
  if (!Number.isInteger(v) || v < min || v > max) throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${show(v)}`);
  return v;
}

function codes(name: string, v: unknown): string[] {
  if (!Array.isArray(v)) throw new TypeError(`${name} must be an array of card codes, got ${show(v)}`);
  return v.map((c, i) => {
    const code = c !== null && typeof c === 'object' && typeof (c as { code?: unknown }).code === 'string' ? (c as { code: string }).code : c;
    if (typeof code !== 'string') throw new TypeError(`${name}[${i}] must be a card code such as 'AS', got ${show(c)}`);
    return code;
  });
}

function deck(v: unknown): CheckedRound['deck'] {
  const d = object('deck', v ?? {}, ['style', 'decks', 'jokers', 'size']);
  if (d.size !== undefined) {
    for (const k of ['style', 'decks', 'jokers']) if (d[k] !== undefined) throw new TypeError(`deck.size makes a generic deck and cannot be combined with deck.${k}`);
    return { style: 'generic', decks: 1, jokers: 0, size: int('deck.size', d.size, 1, 2 ** 26) };
  }
  const style = d.style ?? 'french';
  if (style !== 'french' && style !== 'german') throw new TypeError(`deck.style must be 'french' or 'german', got ${show(style)}`);
  return { style, decks: d.decks === undefined ? 1 : int('deck.decks', d.decks, 1, 64),
    jokers: d.jokers === undefined ? 0 : int('deck.jokers', d.jokers, 0, 2), size: 0 };
}

/** Pile names as decks take them: 1 to 32 printable ASCII characters, no spaces. */
function pileName(name: string, v: unknown): string {
  if (typeof v !== 'string') throw new TypeError(`${name} must be a pile name (a string), got ${show(v)}`);
  if (!/^[\x21-\x7e]{1,32}$/.test(v)) throw new TypeError(`${name} must be 1 to 32 printable ASCII characters (no spaces), got ${show(v)}`);
  return v;
}

/**
 * The packets of a game's usual deal (`GamePreset`), in dealing order; for blackjack, `play` adds
 * the hits and the dealer's draws (one packet per card: each is one `dealTo` call).
 */
export function gameDeals(game: GamePreset['game'], seats: number, play?: BlackjackPlay): DealPacket[] {
  const hands = Array.from({ length: seats }, (_, i) => `hand:${i}`);
  if (game === 'blackjack') {
    const one = (pile: string) => ({ pile, count: 1 });
    const out = [0, 1].flatMap(() => [...hands, 'dealer'].map(one));
    (play?.hits ?? []).forEach((h, s) => {
      if (typeof h === 'number') for (let i = 0; i < h; i++) out.push(one(`hand:${s}`));
      else h.forEach((n, j) => {
        const pile = j ? `hand:${s}.${j}` : `hand:${s}`;
        out.push(one(pile));  // the split hand's second card
        for (let i = 0; i < n; i++) out.push(one(pile));
      });
    });
    for (let i = 0; i < (play?.dealer ?? 0); i++) out.push(one('dealer'));
    return out;
  }
  const hole = [0, 1].flatMap(() => hands.map((pile) => ({ pile, count: 1 })));
  return [...hole, ...[3, 1, 1].flatMap((count) => [{ pile: 'burn', count: 1 }, { pile: 'board', count }])];
}

function preset(name: string, o: Record<string, unknown>, seen: GamePreset[]): DealPacket[] {
  object(name, o, ['game', 'seats', 'hits', 'dealer']);
  if (typeof o.game !== 'string' || !(GAMES as readonly string[]).includes(o.game)) {
    throw new TypeError(`${name}.game must be ${GAMES.map((g) => `'${g}'`).join(' or ')}, got ${show(o.game)}`);
  }
  const p: GamePreset = { game: o.game as GamePreset['game'], seats: int(`${name}.seats`, o.seats, 1, MAX_SEATS) };
  if (p.game !== 'blackjack') {
    for (const k of ['hits', 'dealer']) if (o[k] !== undefined) throw new TypeError(`${name}.${k} is for game 'blackjack' only`);
  } else {
    if (o.hits !== undefined) {
      if (!Array.isArray(o.hits)) throw new TypeError(`${name}.hits must be an array, one entry per seat, got ${show(o.hits)}`);
      if (o.hits.length > p.seats) throw new RangeError(`${name}.hits has ${o.hits.length} entries but the table has ${p.seats} seats`);
      p.hits = o.hits.map((h: unknown, s) => {
        if (!Array.isArray(h)) return int(`${name}.hits[${s}]`, h, 0, MAX_HITS);
        if (h.length < 2 || h.length > MAX_SPLIT_HANDS) {
          throw new RangeError(`${name}.hits[${s}] is a split seat's hands: 2 to ${MAX_SPLIT_HANDS} numbers, got ${h.length}`);
        }
        return h.map((n: unknown, j) => int(`${name}.hits[${s}][${j}]`, n, 0, MAX_HITS));
      });
    }
    if (o.dealer !== undefined) p.dealer = int(`${name}.dealer`, o.dealer, 0, MAX_HITS);
  }
  seen.push(p);
  return gameDeals(p.game, p.seats, p);
}

function deals(v: unknown, seen: GamePreset[]): DealPacket[] | null {
  if (v === undefined) return null;
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return preset('deals', v as Record<string, unknown>, seen);
  if (!Array.isArray(v)) throw new TypeError(`deals must be an array of { pile, count } packets or a game preset { game, seats }, got ${show(v)}`);
  return v.flatMap((p, i): DealPacket[] => {
    const name = `deals[${i}]`;
    if (p !== null && typeof p === 'object' && !Array.isArray(p) && 'game' in p) return preset(name, p as Record<string, unknown>, seen);
    const o = object(name, p, ['pile', 'count']);
    return [{ pile: pileName(`${name}.pile`, o.pile), count: int(`${name}.count`, o.count, 0, 2 ** 32 - 1) }];
  });
}

function history(v: unknown, dealt: number, script: DealPacket[] | null, offset: number): CheckedRound['history'] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new TypeError(`history must be an array, got ${show(v)}`);
  // With a script, calls happen between packets: a packet is one call (dealTo, dealHands …).
  // Before the offset (the earlier hands, whose packets the round does not give) any count is one.
  const ends = new Set<number>([offset]);
  let total = offset;
  for (const p of script ?? []) ends.add((total += p.count));
  let last = 0;
  return v.map((e, i) => {
    const o = object(`history[${i}]`, e, ['after', 'returnCards', 'shuffleRemaining', 'moveCards', 'to', 'from']);
    const after = int(`history[${i}].after`, o.after, last, offset + dealt);
    if (script && after > offset && !ends.has(after)) throw new RangeError(`history[${i}].after is ${after}, which falls inside a packet of deals (a packet is dealt in one call)`);
    last = after;
    const kinds = ['returnCards', 'shuffleRemaining', 'moveCards'].filter((k) => o[k] !== undefined);
    if (kinds.length !== 1) throw new TypeError(`history[${i}] must have either returnCards (codes), shuffleRemaining: true or moveCards (codes) with to (a pile)`);
    if (kinds[0] !== 'moveCards' && o.to !== undefined) throw new TypeError(`history[${i}].to belongs to moveCards`);
    if (kinds[0] === 'shuffleRemaining' && o.from !== undefined) throw new TypeError(`history[${i}].from belongs to moveCards or returnCards`);
    if (o.shuffleRemaining !== undefined && o.shuffleRemaining !== true) throw new TypeError(`history[${i}].shuffleRemaining must be true, got ${show(o.shuffleRemaining)}`);
    if (o.returnCards !== undefined) {
      const back: CheckedEvent = { after, returnCards: codes(`history[${i}].returnCards`, o.returnCards) };
      if (o.from !== undefined) back.from = pileName(`history[${i}].from`, o.from);
      return back;
    }
    if (o.moveCards === undefined) return { after };
    const move: CheckedEvent = { after, moveCards: codes(`history[${i}].moveCards`, o.moveCards), to: pileName(`history[${i}].to`, o.to) };
    if (o.from !== undefined) move.from = pileName(`history[${i}].from`, o.from);
    return move;
  });
}

function piles(v: unknown): Map<string, string[]> | null {
  if (v === undefined) return null;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new TypeError(`piles must be an object (pile name → card codes), got ${show(v)}`);
  const out = new Map<string, string[]>();
  for (const [k, cards] of Object.entries(v)) {
    if (!/^[\x21-\x7e]{1,32}$/.test(k)) throw new TypeError(`piles has the pile name ${show(k)}, but a pile name is 1 to 32 printable ASCII characters (no spaces)`);
    out.set(k, codes(`piles[${JSON.stringify(k)}]`, cards));
  }
  return out;
}

/** Validates a round; throws TypeError/RangeError naming the field. */
export function checkRound(round: unknown): CheckedRound {
  const r = object('round', round, ['commitment', 'serverSeed', 'clientSeed', 'nonce', 'version', 'deck', 'offset', 'dealt', 'deals', 'history', 'piles']);
  const commitment = hex64('commitment', r.commitment);
  const seed = hex64('serverSeed', r.serverSeed);
  if (typeof r.clientSeed !== 'string') throw new TypeError(`clientSeed must be a string, got ${show(r.clientSeed)}`);
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(r.clientSeed);
  if (lone) throw new TypeError(`clientSeed must be well-formed Unicode, but has a lone surrogate at index ${lone.index}`);
  const nonce = int('nonce', r.nonce, 0, Number.MAX_SAFE_INTEGER);
  const version = r.version === undefined ? 2 : r.version;
  if (typeof version !== 'number') throw new TypeError(`version must be 1 or 2, got ${show(version)}`);
  if (version !== 1 && version !== 2) throw new RangeError(`version must be 1 or 2, got ${show(version)}`);
  const presets: GamePreset[] = [];
  const script = deals(r.deals, presets);
  const dealt = script && r.dealt === undefined ? [] : codes('dealt', r.dealt);
  const offset = r.offset === undefined ? 0 : int('offset', r.offset, 0, 2 ** 32 - 1);
  // Events count cards of the script when there is one, else of dealt (after the offset's cards).
  const length = script ? script.reduce((n, p) => n + p.count, 0) : dealt.length;
  return { commitment, serverSeed: Uint8Array.from(seed.match(/../g)!, (h) => parseInt(h, 16)), clientSeed: r.clientSeed,
    nonce, version, deck: deck(r.deck), dealt, offset, deals: script, history: history(r.history, length, script, offset), piles: piles(r.piles), presets };
}
