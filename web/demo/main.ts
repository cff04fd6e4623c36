/**
 * The demo page: a card table on a canvas, dealt by fairdeck. This file wires the pieces —
 * session (deck + table), table view (canvas, motion), words (counter, notes, live region, list),
 * controls (buttons, form, keys, URL) and the classic demo script. Imports only 'fairdeck'.
 */
import { init, type Card } from 'fairdeck';
import { Announcer, CardList, nameCards, tableLabel } from './a11y.js';
import { bindShortcuts, listShortcuts, type Action } from './keys.js';
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
const actions: Record<Action, () => void> = {
  dealOne: manual('Deal one', () => act.deal(1)),
  dealHand: manual('Deal a hand', () => act.deal(5)),
  dealAll: manual('Deal all', () => act.deal(session.counts.remaining)),
  shuffle: manual('Shuffle', () => act.shuffle()),
  returnSelected: manual('Return selected', () => act.returnCards(false)),
  newDeck: manual('New deck', () => act.open(fromForm(form))),
  script: () => void runScript(),
  clearSelection: () => {
    if (script || session.selected.size === 0) return;
    session.clearSelection();
    refresh();
    announcer.say('Selection cleared.');
  },
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
bindShortcuts((a) => (script && a !== 'script' ? undefined : actions[a]()));
listShortcuts($('#keys'));
mountProvable($<HTMLDetailsElement>('#provable'), () => session.options);

toForm(form, session.options);
showSecurity($('#security'), session.info, session.options);
showFairness($('#fair'), session.info, session.counts.size);
history.replaceState(null, '', location.pathname + toQuery(session.options));
refresh();
announcer.say(ignored.length ? `Ignored from the address: ${ignored.join(', ')}.` : `Ready: ${describeDeck()}. Press D to deal a card.`);
steps.add('Open a new deck')(describeDeck());
document.body.dataset.ready = 'true';
