/**
 * The table's game mode: a game (rules.ts) on its canvas (view.ts), its buttons, its text
 * alternative (a list of every seat, the board and the piles), the live region and the step log,
 * and its address (`?game=holdem&seats=6&seed=…`, `?game=blackjack&seed=…`). main.ts switches
 * between this and the free table.
 */
import type { Card } from 'fairdeck/games';
import type { Announcer } from '../a11y.js';
import { GAME_SHORTCUTS, type Action, type Shortcut } from '../keys.js';
import { DEFAULTS, deckOptions, type TableOptions } from '../options.js';
import type { StepLog } from '../step-log.js';
import { Blackjack, DEFAULT_SEATS, GAME_TITLES, GAMES, Holdem, MAX_SEATS, MIN_SEATS, type Game, type GameAction, type GameName, type Step } from './rules.js';
import { GameView } from './view.js';

/** A game and its seats, as the address gives them. */
export interface GameChoice {
  readonly game: GameName;
  readonly seats: number;
}

/** Reads `game` and `seats` from a query string; bad values are listed in `ignored`. */
export function gameFromQuery(search: string): { choice: GameChoice | undefined; ignored: string[] } {
  const q = new URLSearchParams(search);
  const ignored: string[] = [];
  const g = q.get('game');
  const s = q.get('seats');
  let seats = DEFAULT_SEATS;
  if (s !== null) {
    if (/^\d+$/.test(s) && Number(s) >= MIN_SEATS && Number(s) <= MAX_SEATS) seats = Number(s);
    else ignored.push(`seats=${s}`);
  }
  if (g === null || g === '' || g === 'free') return { choice: undefined, ignored };
  if (!(GAMES as readonly string[]).includes(g)) {
    ignored.push(`game=${g}`);
    return { choice: undefined, ignored };
  }
  return { choice: { game: g as GameName, seats }, ignored };
}

/**
 * The address of a game: game and seats first, then the options that decide its deal (seed and
 * engine; Hold'em's strategy too — blackjack's shoe is always lazy).
 */
export function gameQuery(choice: GameChoice, o: TableOptions): string {
  const q = new URLSearchParams({ game: choice.game });
  if (choice.game === 'holdem') q.set('seats', String(choice.seats));
  if (o.seed) q.set('seed', o.seed);
  if (o.rng !== DEFAULTS.rng) q.set('rng', o.rng);
  if (choice.game === 'holdem' && o.strategy !== DEFAULTS.strategy) q.set('strategy', o.strategy);
  return `?${q}`;
}

/** Opens `choice` with the table's options (throws the package's errors on bad ones). */
export function openGame(choice: GameChoice, o: TableOptions): Game {
  const options = deckOptions({ ...o, style: 'french', decks: 1, jokers: 0 });
  return choice.game === 'holdem' ? new Holdem(options, choice.seats) : new Blackjack(options);
}

const ACTION_KEYS: Readonly<Record<GameAction['action'], Action>> = { next: 'gameNext', newHand: 'gameNew', hit: 'hit', stand: 'stand' };

/** The page's elements the mode uses. */
export interface GameElements {
  readonly canvas: HTMLCanvasElement;
  readonly controls: HTMLElement;
  readonly list: HTMLUListElement;
}

export class GameMode {
  readonly #el: GameElements;
  readonly #view: GameView;
  readonly #announcer: Announcer;
  readonly #steps: StepLog;
  #game: Game | undefined;
  #choice: GameChoice | undefined;
  /** Runs after every change (the page updates its counter). */
  onChange: () => void = () => {};

  constructor(el: GameElements, announcer: Announcer, steps: StepLog) {
    this.#el = el;
    this.#view = new GameView(el.canvas);
    this.#announcer = announcer;
    this.#steps = steps;
  }

  get game(): Game | undefined {
    return this.#game;
  }
  get choice(): GameChoice | undefined {
    return this.#choice;
  }
  get view(): GameView {
    return this.#view;
  }
  /** The keys in force while a game is open. */
  get shortcuts(): readonly Shortcut[] {
    return this.#choice ? GAME_SHORTCUTS[this.#choice.game] : [];
  }

  /** Opens a game (replacing any other); throws, changing nothing, if its options are bad. */
  open(choice: GameChoice, o: TableOptions): void {
    const game = openGame(choice, o);
    this.#game?.dispose();
    this.#game = game;
    this.#choice = choice;
    this.#render({});
    const title = GAME_TITLES[choice.game];
    const who = choice.game === 'holdem' ? `${choice.seats} seats` : 'one player against the dealer, six-deck shoe';
    const first = choice.game === 'holdem' ? 'Press D to deal the hole cards.' : 'Press D to deal a round.';
    this.#announcer.say(`${title}: ${who}, ${o.seed ? `seed “${o.seed}”` : 'unseeded'}. ${first}`);
    this.#steps.add(`New game: ${title}`)(who);
  }

  /** Closes the game (back to the free table). */
  close(): void {
    this.#game?.dispose();
    this.#game = undefined;
    this.#choice = undefined;
  }

  /** Runs a keyed action if the game has it and it can run now. */
  run(action: Action): void {
    const g = this.#game;
    if (!g) return;
    const a = g.actions.find((x) => ACTION_KEYS[x.action] === action);
    if (!a) return;
    if (!a.enabled) {
      this.#announcer.say(g.name === 'holdem' ? 'The hand is complete: press N for a new hand.' : `${a.label} is not possible now.`);
      return;
    }
    const step = g.run(a.action);
    if (step) this.#show(step);
  }

  #show(step: Step): void {
    this.#render({ dealt: step.dealt });
    this.#announcer.say(step.say);
    this.#steps.add(step.title)(step.say);
  }

  #render(change: { dealt?: readonly Card[] }): void {
    const g = this.#game!;
    const table = g.table;
    this.#view.update(g.name, table, change);
    this.#buttons(g);
    this.#describe(g);
    this.onChange();
  }

  #buttons(g: Game): void {
    const keyOf = (a: GameAction) => GAME_SHORTCUTS[g.name].find((s) => s.action === ACTION_KEYS[a.action])?.key ?? '';
    const have = new Map([...this.#el.controls.querySelectorAll<HTMLButtonElement>('button')].map((b) => [b.dataset.action, b]));
    const buttons = g.actions.map((a, i) => {
      let b = have.get(a.action);
      if (!b) {
        b = document.createElement('button');
        b.type = 'button';
        b.dataset.action = a.action;
        b.addEventListener('click', () => this.run(ACTION_KEYS[a.action]));
      }
      const key = keyOf(a);
      const kbd = document.createElement('kbd');
      kbd.setAttribute('aria-hidden', 'true');
      kbd.textContent = key;
      b.replaceChildren(`${a.label} `, kbd);
      b.setAttribute('aria-keyshortcuts', key);
      b.disabled = !a.enabled;
      b.className = i === 0 ? 'primary' : '';
      return b;
    });
    // Keep focus on a button the player is using: only re-append when the set changed.
    const same = buttons.length === this.#el.controls.children.length && buttons.every((b, i) => this.#el.controls.children[i] === b);
    if (!same) this.#el.controls.replaceChildren(...buttons);
  }

  /** The text alternative: one item per seat, board and pile, and the canvas's one-line label. */
  #describe(g: Game): void {
    const t = g.table;
    const items = t.spots.map((s) => {
      const li = document.createElement('li');
      li.dataset.spot = s.id;
      const up = s.cards.filter((c) => !s.down.has(c));
      li.dataset.codes = up.map(String).join(',');
      li.dataset.count = String(s.cards.length);
      const head = document.createElement('strong');
      const down = s.cards.length - up.length;
      let words: string;
      if (s.kind === 'pile') {
        head.textContent = s.id === 'burn' ? 'Burn pile' : 'Discards';
        words = `${s.cards.length} ${s.cards.length === 1 ? 'card' : 'cards'}, face down`;
      } else {
        head.textContent = s.label;
        const named = up.map((c) => c.name);
        if (down) named.push(down === 1 ? 'one card face down' : `${down} cards face down`);
        words = named.length ? named.join(', ') : 'no cards yet';
      }
      li.append(head, `: ${words}`);
      return li;
    });
    const stock = document.createElement('li');
    stock.dataset.spot = 'stock';
    stock.dataset.count = String(t.stock);
    const head = document.createElement('strong');
    head.textContent = g.name === 'holdem' ? 'Deck' : 'Shoe';
    stock.append(head, `: ${t.stock} cards${t.stockNote ? ` — ${t.stockNote.toLowerCase()}` : ''}`);
    if (t.stockNote) stock.dataset.note = t.stockNote;
    this.#el.list.replaceChildren(...items, stock);
    const seats = t.spots.filter((s) => s.id.startsWith('seat-')).length;
    const dealt = t.spots.reduce((n, s) => n + s.cards.length, 0);
    const who = g.name === 'holdem' ? `${seats} seats` : 'dealer and player';
    this.#el.canvas.setAttribute('aria-label', `${GAME_TITLES[g.name]} table: ${who}, ${dealt} cards out; ${t.stockLabel.replace(' · ', ': ')}${t.stockNote ? `, ${t.stockNote.toLowerCase()}` : ''}.`);
  }
}
