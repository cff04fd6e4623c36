/**
 * The demo page: a card table on a canvas, dealt by fairdeck. This file wires the pieces —
 * session (deck + table), table view (canvas, motion), words (counter, notes, live region, list),
 * controls (buttons, form, keys, URL), the classic demo script, and the game mode (games/*:
 * Texas Hold'em and blackjack on their own canvas). Imports only 'fairdeck'.
 */
import { init, type Card } from 'fairdeck/games';
import { Announcer, CardList, nameCards, tableLabel } from './a11y.js';
import { GameMode, gameFromQuery, gameQuery, type GameChoice } from './games/page.js';
import { DEFAULT_SEATS, GAME_TITLES, type GameName } from './games/rules.js';
import { bindShortcuts, listShortcuts, SHORTCUTS, type Action } from './keys.js';
import { DEFAULTS, fillForm, fromForm, fromQuery, toForm, toQuery, type TableOptions } from './options.js';
import { showCounts, showFairness, showSecurity } from './panel.js';
import { mountProvable } from './provable.js';
import { playClassic, type ScriptHost } from './script.js';
import { StepLog } from './step-log.js';
import { Session, type Outcome } from './session.js';
import { TableView, type Change } from './table/view.js';

const $ = <T extends HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const form = $<HTMLFormElement>('#options');
const announcer = new Announcer($('#announce'));
const view = new TableView($<HTMLCanvasElement>('#table'));
const steps = new StepLog($<HTMLOListElement>('#log'));
const EMPTY = 'The deck is empty: shuffle (S), or return cards (R) to deal them again.';

try {
  await init();
} catch (e) {
  announcer.say(`Could not load the deck's WebAssembly: ${(e as Error).message}`);
  throw e;
}
fillForm(form);
const { options: asked, ignored } = fromQuery(location.search);
const { choice: askedGame, ignored: gameIgnored } = gameFromQuery(location.search);
ignored.push(...gameIgnored);
const gameForm = $<HTMLFormElement>('#game-form');
const mode = new GameMode({ canvas: $<HTMLCanvasElement>('#game-table'), controls: $('#game-controls'), list: $<HTMLUListElement>('#game-seats') }, announcer, steps);
let session: Session;
try {
  session = new Session(asked);
} catch (e) {
  ignored.push(String((e as Error).message));
  session = new Session(DEFAULTS);
}
let script: { stopped: boolean } | undefined;

const list = new CardList($<HTMLOListElement>('#on-table'), (card, on) => select(card, on));
view.onPick = (card) => select(card, !session.selected.has(card));

/** Shows the session everywhere: canvas, list, counter, label, buttons. */
function refresh(change: Change = {}): void {
  if (mode.game) return;
  const c = session.counts;
  view.update({ cards: session.table, selected: session.selected, undealt: c.undealt, returned: c.returned, style: session.options.style }, change);
  list.render(session.table, session.selected, session.options.decks);
  showCounts(document, c);
  $('#on-table-count').textContent = `(${session.table.length})`;
  $('#table').setAttribute('aria-label', tableLabel(c, session.selected.size));
  const busy = !!script;
  for (const id of ['#deal', '#hand', '#all']) $<HTMLButtonElement>(id).disabled = busy || c.remaining === 0;
  $<HTMLButtonElement>('#shuffle').disabled = busy;
  $<HTMLButtonElement>('#return').disabled = busy || session.selected.size === 0;
  form.querySelector('fieldset')!.disabled = busy;
  for (const el of gameForm.querySelectorAll('input')) el.disabled = busy; // no game while the classic demo plays
  const scriptButton = $<HTMLButtonElement>('#script');
  scriptButton.firstChild!.textContent = busy ? 'Stop the demo ' : 'Play the classic demo ';
  scriptButton.setAttribute('aria-pressed', String(busy));
}

function select(card: Card, on: boolean): void {
  if (script) return;
  session.toggle(card, on);
  refresh();
}

function describeDeck(): string {
  const o = session.options;
  const c = session.counts;
  const style = o.style === 'french' ? 'French' : 'German';
  const shoe = o.decks > 1 ? ` (${o.decks} decks)` : '';
  const seed = o.seed ? `seed “${o.seed}”` : 'unseeded';
  return `${c.size} ${style} cards${shoe}, ${session.info.rng}, ${session.info.strategy}, ${seed}`;
}

/** The actions: each changes the session, shows it, announces it, and returns a log line. */
const act = {
  open(o: TableOptions = session.options): string {
    try {
      session.reopen(o);
    } catch (e) {
      toForm(form, session.options);
      announcer.say(`Could not open that deck: ${(e as Error).message}`);
      return 'failed';
    }
    toForm(form, o);
    history.replaceState(null, '', location.pathname + toQuery(o));
    showSecurity($('#security'), session.info, o);
    showFairness($('#fair'), session.info, session.counts.size);
    refresh({ to: 'deck', riffles: 1 });
    announcer.say(`New deck: ${describeDeck()}.`);
    return describeDeck();
  },
  deal(n: number): string {
    if (session.counts.remaining === 0) {
      announcer.say(EMPTY);
      return 'the deck is empty';
    }
    const out: Outcome = session.deal(n);
    refresh({ from: out.from });
    const empty = session.counts.remaining === 0 ? ` ${EMPTY}` : '';
    const what = out.dealt.length === 1 ? out.dealt[0].name : `${out.dealt.length} cards: ${nameCards(out.dealt)}`;
    announcer.say(`Dealt ${what}.${empty}`);
    return what;
  },
  shuffle(times = 1): string {
    const gathered = session.table.length + session.counts.returned;
    for (let i = 0; i < times; i++) session.shuffle();
    refresh({ to: 'deck', riffles: times });
    const how = times === 1 ? 'Shuffled' : `Shuffled ${times} times`;
    announcer.say(`${how}: ${gathered} cards gathered, all ${session.counts.size} in a fresh order.`);
    return `${gathered} cards gathered; ${session.counts.remaining} in a fresh order`;
  },
  returnCards(all: boolean): string {
    const out = all ? session.discard() : session.returnSelected();
    if (out.removed.length === 0) {
      announcer.say('Select cards first: click them on the table, or tick them in the list.');
      return 'nothing selected';
    }
    refresh({ to: 'returned' });
    const what = `${out.removed.length === 1 ? '1 card' : `${out.removed.length} cards`} to the return pile`;
    announcer.say(`Returned ${what}: ${nameCards(out.removed)}.`);
    return what;
  },
};

async function runScript(): Promise<void> {
  if (script) {
    script.stopped = true;
    return;
  }
  const state = (script = { stopped: false });
  steps.clear();
  refresh();
  const host: ScriptHost = {
    open: () => act.open(),
    shuffle: (times) => act.shuffle(times),
    dealAll: () => act.deal(session.counts.remaining),
    dealPart: () => act.deal(session.options.style === 'german' ? 10 : 13),
    discard: () => act.returnCards(true),
    log: (n, title) => steps.add(title, n),
    settle: async () => {
      await view.whenIdle();
      await new Promise((r) => setTimeout(r, view.reducedMotion ? 80 : 600));
    },
    get stopped() {
      return state.stopped;
    },
  };
  const finished = await playClassic(host);
  script = undefined;
  refresh();
  steps.add(finished ? 'Demo finished' : 'Demo stopped');
  announcer.say(finished ? 'The classic demo finished.' : 'The classic demo stopped.');
}

const manual = (title: string, run: () => string) => () => {
  if (!script) steps.add(title)(run());
};
const inGame = (a: Action) => () => mode.run(a);

/** The options a game uses from the "New deck" form: its seed and engine (Hold'em: its strategy too). */
function gameOptions(o: TableOptions): TableOptions {
  return { ...DEFAULTS, seed: o.seed, rng: o.rng, strategy: o.strategy };
}

/** Shows the game mode's counter, notes and form state. */
function showGame(): void {
  const g = mode.game!;
  const remaining = g.remaining;
  showCounts(document, { remaining, returned: 0, dealt: g.size - remaining, undealt: remaining, size: g.size });
}
mode.onChange = showGame;

/**
 * Switches the table: a game (opened with the form's seed and engine) or, with no choice, the free
 * table. The address, the keys listed, the form and the panels follow.
 */
function setGame(choice: GameChoice | undefined, o?: TableOptions): void {
  if (script) return;
  // The form's seed and engine (its disabled fields are missing from fromForm(), and unused).
  const f = fromForm(form);
  const options = gameOptions(o ?? { ...session.options, seed: f.seed, ...pick(f, ['rng', 'strategy']) });
  if (choice) {
    try {
      mode.open(choice, options);
    } catch (e) {
      announcer.say(`Could not open that game: ${(e as Error).message}`);
      toGameForm(mode.choice);
      return;
    }
  } else if (mode.game) {
    // Back to the free table as it was opened.
    mode.close();
    for (const el of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name]')) el.disabled = false;
    act.open(session.options);
  }
  const on = !!choice;
  toGameForm(choice);
  for (const id of ['#controls', '#table', '#on-table-panel', '#classic-panel']) $(id).hidden = on;
  for (const id of ['#game-controls', '#game-table', '#game-panel']) $(id).hidden = !on;
  $('.felt').classList.toggle('game', on);
  const fixed = new Set(choice ? ['style', 'decks', 'jokers', ...(choice.game === 'blackjack' ? ['strategy'] : [])] : []);
  for (const name of ['style', 'decks', 'jokers', 'strategy']) {
    for (const el of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)) el.disabled = fixed.has(name);
  }
  if (choice) {
    toForm(form, { ...options, ...(choice.game === 'blackjack' ? { decks: 6, strategy: 'lazy' } : {}) });
    history.replaceState(null, '', location.pathname + gameQuery(choice, options));
    showSecurity($('#security'), mode.game!.info, options);
    showFairness($('#fair'), mode.game!.info, mode.game!.size);
  }
  listShortcuts($('#keys'), choice ? mode.shortcuts : SHORTCUTS);
  provableKind();
}

/** The fields `keys` of `o` that are set (a blackjack form has no strategy). */
function pick(o: TableOptions, keys: readonly (keyof TableOptions)[]): Partial<TableOptions> {
  return Object.fromEntries(keys.filter((k) => o[k] !== '').map((k) => [k, o[k]]));
}

/** Writes the game picker (game and seats) to match `choice`. */
function toGameForm(choice: GameChoice | undefined): void {
  (gameForm.elements.namedItem('game') as RadioNodeList).value = choice?.game ?? '';
  const seats = gameForm.elements.namedItem('seats') as HTMLInputElement;
  if (choice?.game === 'holdem') seats.value = String(choice.seats);
  seats.closest('label')!.hidden = choice?.game !== 'holdem';
}

/** The game picker's choice. */
function fromGameForm(): GameChoice | undefined {
  const game = (gameForm.elements.namedItem('game') as RadioNodeList).value as GameName | '';
  if (!game) return undefined;
  const seats = Number((gameForm.elements.namedItem('seats') as HTMLInputElement).value);
  return { game, seats: Number.isInteger(seats) ? seats : DEFAULT_SEATS };
}
const actions: Record<Action, () => void> = {
  dealOne: manual('Deal one', () => act.deal(1)),
  dealHand: manual('Deal a hand', () => act.deal(5)),
  dealAll: manual('Deal all', () => act.deal(session.counts.remaining)),
  shuffle: manual('Shuffle', () => act.shuffle()),
  returnSelected: manual('Return selected', () => act.returnCards(false)),
  newDeck: () => (mode.choice ? setGame(mode.choice) : manual('New deck', () => act.open(fromForm(form)))()),
  script: () => void runScript(),
  clearSelection: () => {
    if (script || session.selected.size === 0) return;
    session.clearSelection();
    refresh();
    announcer.say('Selection cleared.');
  },
  gameNext: inGame('gameNext'),
  gameNew: inGame('gameNew'),
  hit: inGame('hit'),
  stand: inGame('stand'),
};

const buttons: [string, Action][] = [['#deal', 'dealOne'], ['#hand', 'dealHand'], ['#all', 'dealAll'], ['#shuffle', 'shuffle'], ['#return', 'returnSelected'], ['#script', 'script']];
for (const [id, action] of buttons) $(id).addEventListener('click', actions[action]);
form.addEventListener('submit', (e) => {
  e.preventDefault();
  actions.newDeck();
});
form.addEventListener('change', (e) => {
  if ((e.target as HTMLElement).getAttribute('name') !== 'seed') actions.newDeck();
});
$('#copy-link').addEventListener('click', () => {
  navigator.clipboard.writeText(location.href).then(
    () => announcer.say('Link copied: it replays this deck’s deals.'),
    () => announcer.say('Copy the address from the address bar to share this deck.'),
  );
});
gameForm.addEventListener('submit', (e) => {
  e.preventDefault();
  setGame(fromGameForm());
});
gameForm.addEventListener('change', () => setGame(fromGameForm()));
bindShortcuts((a) => (script && a !== 'script' ? undefined : actions[a]()), () => (mode.choice ? mode.shortcuts : SHORTCUTS));
listShortcuts($('#keys'));
const provableKind = mountProvable($<HTMLDetailsElement>('#provable'), () => session.options, () => mode.choice);

toForm(form, session.options);
showSecurity($('#security'), session.info, session.options);
showFairness($('#fair'), session.info, session.counts.size);
history.replaceState(null, '', location.pathname + toQuery(session.options));
refresh();
announcer.say(ignored.length ? `Ignored from the address: ${ignored.join(', ')}.` : `Ready: ${describeDeck()}. Press D to deal a card.`);
steps.add('Open a new deck')(describeDeck());
if (askedGame) {
  setGame(askedGame, asked);
  if (ignored.length) announcer.say(`Ignored from the address: ${ignored.join(', ')}. ${GAME_TITLES[askedGame.game]} is ready: press D to deal.`);
}
document.body.dataset.ready = 'true';
