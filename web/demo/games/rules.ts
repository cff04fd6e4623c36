/**
 * The two games the table can play, as small state machines over one package `Deck`: Texas
 * Hold'em (hole cards round-robin, a burn before the flop, the turn and the river) and blackjack
 * (a six-deck shoe with a cut card). The deck's named piles are the single truth for where every
 * card is — `hand:i`, 'burn', 'board', 'player', 'dealer', 'discard' — so what the table shows is
 * read back from the deck, never kept twice. No DOM here.
 */
import { Deck, type Card, type DeckOptions } from 'fairdeck/games';

/** The games, by their URL names. */
export type GameName = 'holdem' | 'blackjack';
export const GAMES: readonly GameName[] = ['holdem', 'blackjack'];
export const GAME_TITLES: Readonly<Record<GameName, string>> = { holdem: "Texas Hold'em", blackjack: 'Blackjack' };

/** Hold'em seats. */
export const MIN_SEATS = 2;
export const MAX_SEATS = 10;
export const DEFAULT_SEATS = 6;

/** Blackjack's shoe: six decks, dealt lazily, the cut card three quarters in. */
export const SHOE = { decks: 6, strategy: 'lazy', penetration: 0.75 } as const;

/** One place cards lie: a seat, the dealer, the board, the burn pile, the discard tray. */
export interface Spot {
  /** Stable id ('seat-1', 'board', 'burn', 'dealer', 'player', 'discard'). */
  readonly id: string;
  /** What the table prints beside it ('Seat 1', 'Dealer · 17'). */
  readonly label: string;
  /** Cards in arrival order. */
  readonly cards: readonly Card[];
  /** Cards lying face down (the burn pile, the dealer's hole card). */
  readonly down: ReadonlySet<Card>;
  /** 'hand' spreads its cards; 'pile' squares them into a face-down stack with a count. */
  readonly kind: 'hand' | 'pile';
  /** Places the table marks out for cards to come (the board's five), if any. */
  readonly slots?: number;
}

/** The table of a game at one moment. */
export interface GameTable {
  readonly spots: readonly Spot[];
  /** Cards left in the deck or shoe, and its label. */
  readonly stock: number;
  readonly stockLabel: string;
  /** A warning under the stock ('Shuffle needed'), or ''. */
  readonly stockNote: string;
}

/** What one step did: a log title, the cards it dealt in dealing order, and words to announce. */
export interface Step {
  readonly title: string;
  readonly dealt: readonly Card[];
  readonly say: string;
  /** True if the step gathered the cards and shuffled (they fly back first). */
  readonly shuffled?: boolean;
}

/** A button of the game: its action, its label now, and whether it can run. */
export interface GameAction {
  readonly action: 'next' | 'newHand' | 'hit' | 'stand';
  readonly label: string;
  readonly enabled: boolean;
}

/** What the page needs from a game. */
export interface Game {
  readonly name: GameName;
  readonly table: GameTable;
  readonly actions: readonly GameAction[];
  /** Runs an action; undefined if it cannot run now. */
  run(action: GameAction['action']): Step | undefined;
  /** Cards the deck holds in all, remaining, for the counter. */
  readonly size: number;
  readonly remaining: number;
  /** The deck's description (engine, strategy, seeded). */
  readonly info: Deck['info'];
  dispose(): void;
}

const list = (cards: readonly Card[]) => cards.map((c) => c.name).join(', ');
const NONE: ReadonlySet<Card> = new Set();
const spot = (id: string, label: string, cards: readonly Card[], kind: Spot['kind'] = 'hand', down = NONE): Spot => ({ id, label, cards, kind, down });

/** The streets of a hand, in order, after the hand starts. */
const STREETS = ['hole', 'flop', 'turn', 'river'] as const;
type Street = (typeof STREETS)[number];
const STREET_LABEL: Readonly<Record<Street, string>> = { hole: 'Deal hole cards', flop: 'Deal the flop', turn: 'Deal the turn', river: 'Deal the river' };

/** Cards in the order a round-robin deal hands them out: card 1 of every seat, then card 2… */
export function roundRobin(hands: readonly (readonly Card[])[]): Card[] {
  const out: Card[] = [];
  const most = Math.max(0, ...hands.map((h) => h.length));
  for (let r = 0; r < most; r++) for (const h of hands) if (r < h.length) out.push(h[r]);
  return out;
}

/**
 * Deals one whole Hold'em hand from `deck` (hole cards, burn, flop, burn, turn, burn, river) and
 * returns every card in the order it left the deck. The provable mode deals this way too.
 */
export function dealHoldemHand(deck: Deck, seats: number): Card[] {
  const out = roundRobin(deck.dealHands(seats, 2));
  for (const n of [3, 1, 1]) out.push(...deck.burn(1), ...deck.dealTo('board', n));
  return out;
}

/** What both games share: the deck they deal from (the single truth of every card's place) and its counts. */
abstract class DeckGame {
  constructor(protected readonly deck: Deck) {}

  get info(): Deck['info'] {
    return this.deck.info;
  }
  get size(): number {
    return this.deck.size;
  }
  get remaining(): number {
    return this.deck.remaining;
  }
  dispose(): void {
    this.deck.dispose();
  }
}

/** Texas Hold'em for 2–10 seats from one 52-card deck. */
export class Holdem extends DeckGame implements Game {
  readonly name = 'holdem';
  readonly seats: number;
  /** Streets dealt so far this hand (0: none). */
  #done = 0;

  constructor(options: DeckOptions, seats: number) {
    if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) throw new RangeError(`seats must be an integer from ${MIN_SEATS} to ${MAX_SEATS}, got ${seats}`);
    super(new Deck({ ...options, style: 'french', decks: 1, jokers: 0 }));
    this.seats = seats;
  }


  /** The next street to deal, or undefined once the river is out. */
  get street(): Street | undefined {
    return STREETS[this.#done];
  }

  get table(): GameTable {
    const d = this.deck;
    const seats = Array.from({ length: this.seats }, (_, i) => spot(`seat-${i + 1}`, `Seat ${i + 1}`, d.hand(i)));
    const burn = d.pile('burn');
    return {
      spots: [...seats, { ...spot('board', 'Board', d.pile('board')), slots: 5 }, spot('burn', `Burn · ${burn.length}`, burn, 'pile', new Set(burn))],
      stock: d.remaining,
      stockLabel: `Deck · ${d.remaining}`,
      stockNote: '',
    };
  }

  get actions(): GameAction[] {
    const s = this.street;
    return [
      { action: 'next', label: s ? STREET_LABEL[s] : 'Hand complete', enabled: !!s },
      { action: 'newHand', label: 'New hand', enabled: true },
    ];
  }

  run(action: GameAction['action']): Step | undefined {
    if (action === 'newHand') return this.#newHand();
    if (action !== 'next') return undefined;
    const d = this.deck;
    switch (this.street) {
      case 'hole': {
        const hands = d.dealHands(this.seats, 2);
        const said = hands.map((h, i) => `Seat ${i + 1}: ${list(h)}`).join('; ');
        this.#done++;
        return { title: 'Hole cards', dealt: roundRobin(hands), say: `Hole cards dealt, two to each of ${this.seats} seats, one at a time: ${said}.` };
      }
      case 'flop':
      case 'turn':
      case 'river': {
        const street = this.street;
        const burned = d.burn(1);
        const cards = d.dealTo('board', street === 'flop' ? 3 : 1);
        this.#done++;
        const name = street[0].toUpperCase() + street.slice(1);
        const burns = d.pile('burn').length;
        return { title: name, dealt: [...burned, ...cards], say: `Burned one card face down (burn pile ${burns}). ${name}: ${list(cards)}. Board: ${list(d.pile('board'))}.` };
      }
      default:
        return undefined;
    }
  }

  #newHand(): Step {
    const had = this.#done > 0;
    if (had) this.deck.shuffle();
    this.#done = 0;
    return {
      title: 'New hand',
      dealt: [],
      say: had ? `New hand: all ${this.deck.size} cards gathered and shuffled. Press D to deal the hole cards.` : 'A fresh deck is ready. Press D to deal the hole cards.',
      shuffled: had,
    };
  }

}

/** A blackjack hand's best total (aces count 11 while that does not bust) and whether it is soft. */
export function total(cards: readonly Card[]): { value: number; soft: boolean } {
  let value = 0;
  let aces = 0;
  for (const c of cards) {
    const r = c.rank ?? '';
    if (r === 'A') {
      aces++;
      value += 1;
    } else value += ['K', 'Q', 'J', '10'].includes(r) ? 10 : Number(r) || 0;
  }
  const soft = aces > 0 && value + 10 <= 21;
  return { value: soft ? value + 10 : value, soft };
}

type Phase = 'ready' | 'player' | 'over';

/**
 * Blackjack, one player against the dealer, from a six-deck lazy shoe with a cut card at 75 %:
 * player, dealer, player, dealer's hole card face down; the player hits or stands; the dealer
 * draws to 17 (and stands on soft 17). Once the cut card is out the round is played to the end and
 * the next round reshuffles the shoe.
 */
export class Blackjack extends DeckGame implements Game {
  readonly name = 'blackjack';
  #phase: Phase = 'ready';
  /** The last round's outcome in a word or two for the player's label ('wins', 'bust', 'push'), '' while it is played. */
  #outcome = '';

  constructor(options: DeckOptions) {
    const { seed, rng } = options;
    super(new Deck({ ...(seed === undefined ? {} : { seed }), ...(rng ? { rng } : {}), style: 'french', jokers: 0, ...SHOE }));
  }

  /** True once the cut card has come out: the next round reshuffles. */
  get shuffleNeeded(): boolean {
    return this.deck.cutCardOut;
  }
  get phase(): Phase {
    return this.#phase;
  }

  get table(): GameTable {
    const d = this.deck;
    const player = d.pile('player');
    const dealer = d.pile('dealer');
    const hole = this.#phase === 'player' && dealer.length > 1 ? new Set([dealer[1]]) : NONE;
    const shown = dealer.filter((c) => !hole.has(c));
    const dealerLabel = dealer.length ? `Dealer · ${hole.size ? `${total(shown).value} + ?` : total(dealer).value}` : 'Dealer';
    const outcome = this.#phase === 'over' && this.#outcome ? ` · ${this.#outcome}` : '';
    const playerLabel = player.length ? `Player · ${total(player).value}${outcome}` : 'Player';
    const discard = d.pile('discard');
    return {
      spots: [
        spot('dealer', dealerLabel, dealer, 'hand', hole),
        spot('player', playerLabel, player),
        spot('discard', `Discards · ${discard.length}`, discard, 'pile', new Set(discard)),
      ],
      stock: d.remaining,
      stockLabel: `Shoe · ${d.remaining}`,
      stockNote: this.shuffleNeeded ? 'Shuffle needed' : 'Cut card in',
    };
  }

  get actions(): GameAction[] {
    const playing = this.#phase === 'player';
    return [
      { action: 'newHand', label: this.shuffleNeeded && !playing ? 'Shuffle and deal' : 'Deal', enabled: !playing },
      { action: 'hit', label: 'Hit', enabled: playing },
      { action: 'stand', label: 'Stand', enabled: playing },
    ];
  }

  run(action: GameAction['action']): Step | undefined {
    if (action === 'newHand' || action === 'next') return this.#phase === 'player' ? undefined : this.#deal();
    if (this.#phase !== 'player') return undefined;
    return action === 'hit' ? this.#hit() : this.#stand();
  }

  #deal(): Step {
    const d = this.deck;
    const gathered = [...d.pile('player'), ...d.pile('dealer')];
    if (gathered.length) d.moveCards(gathered, 'discard');
    const shuffled = d.cutCardOut;
    if (shuffled) d.shuffle();
    // Real order: player, dealer, player, dealer's hole card (face down).
    const dealt = d.dealPattern([{ pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }, { pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }]);
    this.#phase = 'player';
    const p = d.pile('player');
    const up = d.pile('dealer')[0];
    const pre = shuffled ? `The cut card was out: all ${d.size} cards gathered and the shoe shuffled. ` : '';
    let say = `${pre}You: ${list(p)} (${total(p).value}). Dealer shows ${up.name}, hole card face down.`;
    if (total(p).value === 21) say += ` Blackjack! ${this.#finish('natural')}`;
    else say += ' Hit (H) or stand (S)?';
    return { title: shuffled ? 'Shuffle and deal' : 'Deal', dealt: [...dealt, ...this.#drawn()], say: this.#cut(say), shuffled };
  }

  #hit(): Step {
    const d = this.deck;
    const [card] = d.dealTo('player', 1);
    const t = total(d.pile('player')).value;
    let say = `You draw ${card.name}: ${t}.`;
    if (t > 21) say += ` Bust. ${this.#finish('bust')}`;
    else if (t === 21) say += ` ${this.#finish()}`;
    return { title: 'Hit', dealt: [card, ...this.#drawn()], say: this.#cut(say) };
  }

  #stand(): Step {
    const say = `You stand on ${total(this.deck.pile('player')).value}. ${this.#finish()}`;
    return { title: 'Stand', dealt: this.#drawn(), say: this.#cut(say) };
  }

  /** The dealer's draws after the first two cards, once the round is over (else none). */
  #drawn(): Card[] {
    return this.#phase === 'over' ? this.deck.pile('dealer').slice(2) : [];
  }

  /**
   * Reveals the hole card, lets the dealer draw to 17 (not after a bust or a natural: those are
   * settled at once), and settles.
   */
  #finish(how: 'stand' | 'bust' | 'natural' = 'stand'): string {
    const d = this.deck;
    const dealer = () => d.pile('dealer');
    let words = `Dealer turns ${dealer()[1].name}`;
    if (how === 'stand') while (total(dealer()).value < 17 && d.remaining > 0) words += `, draws ${d.dealTo('dealer', 1)[0].name}`;
    const p = total(d.pile('player')).value;
    const q = total(dealer()).value;
    let result: string;
    if (how === 'natural') [result, this.#outcome] = q === 21 ? ['Push: both have blackjack.', 'push'] : ['Blackjack: you win.', 'blackjack, wins'];
    else if (how === 'bust') [result, this.#outcome] = ['Dealer wins.', 'bust'];
    else if (q > 21) [result, this.#outcome] = ['Dealer busts: you win.', 'wins'];
    else [result, this.#outcome] = p > q ? ['You win.', 'wins'] : p < q ? ['Dealer wins.', 'loses'] : ['Push.', 'push'];
    this.#phase = 'over';
    return `${words}: ${q}. ${result}`;
  }

  #cut(say: string): string {
    return this.#phase === 'over' && this.shuffleNeeded ? `${say} The cut card is out: shuffle needed before the next round.` : say;
  }

}
