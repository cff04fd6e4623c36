/**
 * The no-dealer table (docs/trustless.md): a Hold'em hand among 3 to 6 seats, each a worker of
 * its own (seat-worker.ts) holding its own secret. The seats talk only over a BroadcastChannel,
 * with fairdeck/trustless's JSON messages, and each checks every message before it takes it. The
 * page shows what each seat's player would see on their own screen — their hole cards face up,
 * the others' face down, the board, the proofs they checked — and, as a spectator, listens to
 * the channel: when the hand is over it checks the whole transcript with the independent verifier
 * of fairdeck/verify (TypeScript on @noble/curves, no WebAssembly). It can open the board but no
 * hole card. The "cheat" control makes one seat tamper with its own messages; the others name it.
 */
import { backSvg, cardLabel, cardSvg } from 'fairdeck/faces';
import { verifyTranscript, type TrustlessDeal, type TrustlessShareMessage, type TrustlessTranscript } from 'fairdeck/verify';
import type { TrustlessPlanEntry } from 'fairdeck/trustless';
import { STREETS, streetPositions, type Cheat, type Command, type Report, type Street, type WireMessage } from './protocol.js';

const $ = <T extends HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector<T>(sel)!;
const form = $<HTMLFormElement>('#controls');
const seatsView = $('#seats');
const spectator = $('#spectator');
const status = $('#status');

/** A seat that says nothing for this long while it is due is stalling: the hand is void. */
const STALL_MS = 5000;
const CARD_W = 54;

interface SeatView {
  worker: Worker;
  root: HTMLElement;
  hole: (string | null)[];
  board: (string | null)[];
  streets: Set<Street>;
  deck: boolean;
}

let plan: readonly TrustlessPlanEntry[] = [];
let seats: SeatView[] = [];
let wire: BroadcastChannel | undefined;
let heard: WireMessage[] = [];
let stall: ReturnType<typeof setTimeout> | undefined;
let voided = false;
let street = -1;
let n = 0;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: (Node | string)[]) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
};
const face = (code: string | null) => {
  const span = el('span', { className: 'card' });
  span.innerHTML = code === null ? backSvg({ width: CARD_W }) : cardSvg(code, { width: CARD_W });
  if (code !== null) span.dataset.code = code;
  return span;
};
const ms = (t: number) => `${t < 10 ? t.toFixed(1) : Math.round(t)} ms`;

function say(text: string, kind: 'idle' | 'busy' | 'ok' | 'bad'): void {
  status.textContent = text;
  status.dataset.kind = kind;
}

/** A seat's screen: its hole cards, the other seats' backs, the board, and its log. */
function seatPanel(seat: number, count: number, cheat: boolean): HTMLElement {
  const others = el('ul', { className: 'others' });
  for (let s = 0; s < count; s++) {
    if (s === seat) continue;
    others.append(el('li', {}, el('span', { className: 'who' }, `Seat ${s}`), face(null), face(null)));
  }
  const root = el('section', { className: 'panel seat', ariaLabel: `Seat ${seat}'s screen` },
    el('h2', {}, `Seat ${seat}`, cheat ? el('span', { className: 'cheat-badge' }, 'cheats') : ''),
    el('p', { className: 'seat-status' }, 'Sitting down…'),
    el('div', { className: 'hole', ariaLabel: 'My hole cards' }),
    others,
    el('div', { className: 'board', ariaLabel: 'The board' }),
    el('ol', { className: 'checks', tabIndex: 0, ariaLabel: `What seat ${seat} checked` }));  // focusable: it scrolls
  root.dataset.seat = String(seat);
  return root;
}

function drawCards(v: SeatView): void {
  const hole = $('.hole', v.root);
  hole.replaceChildren(...v.hole.map(face));
  $('.board', v.root).replaceChildren(...v.board.filter((c) => c !== null).map(face));
  hole.dataset.open = String(v.hole.every((c) => c !== null));
  v.root.dataset.hole = v.hole.map((c) => c ?? '').join(',');
  v.root.dataset.board = v.board.filter((c) => c !== null).join(',');
}

function log(v: SeatView, text: string, kind: 'ok' | 'sent' | 'bad' | 'cheat'): void {
  const list = $('.checks', v.root);
  list.append(el('li', { className: kind }, text));
  list.scrollTop = list.scrollHeight;
}

function void_(text: string): void {
  if (voided) return;
  voided = true;
  clearTimeout(stall);
  say(text, 'bad');
  document.body.dataset.state = 'void';
  settle();
}
/** After a void hand, the spectator checks what it heard once the channel has been quiet a moment (messages already sent are still arriving). */
function settle(): void {
  const count = heard.length;
  setTimeout(() => (heard.length === count ? endHand() : settle()), 400);
}

/** A seat that is due and silent for STALL_MS: it can only stop the hand, never change it. */
function watch(): void {
  clearTimeout(stall);
  if (voided || document.body.dataset.state === 'done') return;
  stall = setTimeout(() => {
    const who = silent();
    if (who.length === 0) return void_(`Hand void: nothing moved for ${STALL_MS / 1000} s.`);
    for (const s of who) seats[s]?.root.setAttribute('data-named', 'stall');
    const names = who.map((s) => `seat ${s}`).join(' and ');
    void_(`Hand void: ${names} sent nothing for ${STALL_MS / 1000} s while the table waited for ${who.length === 1 ? 'it' : 'them'}${street < 0 ? ' to shuffle' : ''}. A stalling seat can stop a hand, not change it.`);
  }, STALL_MS);
}
/** Who the table is waiting for, by what the channel carried: the shuffler due, or the seats short of the street's shares. */
function silent(): number[] {
  if (seats.some((v) => !v.root.dataset.ready)) return seats.flatMap((v, s) => (v.root.dataset.ready ? [] : [s]));
  const keys = new Set(heard.filter((m) => m.kind === 'key').map((m) => m.seat));
  if (keys.size < n) return seats.flatMap((_, s) => (keys.has(s) ? [] : [s]));
  const shuffles = heard.filter((m) => m.kind === 'shuffle').length;
  if (street < 0) return shuffles < n ? [shuffles] : [];
  const positions = new Set(streetPositions(plan, STREETS[street]));
  return seats.flatMap((_, s) => {
    const owed = plan.filter((e) => positions.has(e.position) && !(e.to === 'seat' && e.seat === s)).length;
    const sent = heard.filter((m) => m.kind === 'share' && m.seat === s && positions.has(m.position)).length;
    return sent < owed ? [s] : [];
  });
}
function onReport(r: Report): void {
  const v = seats[r.seat];
  switch (r.type) {
    case 'ready':
      plan = r.plan;
      $('.seat-status', v.root).textContent = `Seated: module loaded and secret drawn in ${ms(r.ms)}.`;
      v.root.dataset.ready = 'true';
      if (seats.every((s) => s.root.dataset.ready)) {
        say('Every seat is seated. Keys, then each seat shuffles in turn…', 'busy');
        for (const s of seats) s.worker.postMessage({ type: 'keys' } satisfies Command);
        watch();
      }
      break;
    case 'checked':
      log(v, `✓ seat ${r.from}'s ${r.what} — ${ms(r.ms)}`, 'ok');
      watch();
      break;
    case 'sent':
      log(v, `→ sent ${r.what} — ${ms(r.ms)}`, 'sent');
      watch();
      break;
    case 'cheated':
      log(v, `✗ cheats: ${r.what}`, 'cheat');
      break;
    case 'deck':
      v.deck = true;
      $('.seat-status', v.root).textContent = 'Has checked every shuffle: the deck is fixed, and no one knows its order.';
      if (seats.every((x) => x.deck)) nextStreet();
      break;
    case 'cards':
      v.hole = r.hole, v.board = r.board;
      drawCards(v);
      break;
    case 'street-done':
      v.streets.add(r.street);
      $('.seat-status', v.root).textContent = r.street === 'hole' ? 'Has its hole cards.' : `Has seen the ${r.street}.`;
      if (seats.every((s) => s.streets.has(r.street))) nextStreet();
      break;
    case 'caught':
      log(v, `✗ refused seat ${r.from}'s message: ${r.message}`, 'bad');
      v.root.dataset.caught = String(r.from);
      seats[r.from].root.setAttribute('data-named', 'cheat');
      void_(`Hand void: seat ${r.from} cheated, caught by seat ${r.seat} — ${r.message}`);
      break;
    case 'failed':
      log(v, `✗ ${r.message}`, 'bad');
      void_(`Seat ${r.seat} could not sit down: ${r.message}`);
      break;
  }
}

/** Every seat has the last street (or the deck, for the first): the clock opens the next one. */
function nextStreet(): void {
  if (voided) return;
  street += 1;
  if (street === STREETS.length) return finish();
  say(`Opening the ${STREETS[street] === 'hole' ? 'hole cards' : STREETS[street]}: every seat sends its shares, every other seat checks them…`, 'busy');
  setTimeout(() => { for (const s of seats) s.worker.postMessage({ type: 'street', street: STREETS[street] } satisfies Command); }, 250);
  watch();
}

/** The spectator's transcript of the hand so far: the keys, the shuffles and the deals whose shares it heard. */
function transcript(table: string): TrustlessTranscript {
  const keys = heard.filter((m) => m.kind === 'key').sort((a, b) => a.seat - b.seat);
  const shuffles = heard.filter((m) => m.kind === 'shuffle').sort((a, b) => a.seat - b.seat);
  const shares = heard.filter((m): m is TrustlessShareMessage => m.kind === 'share');
  const deals = plan.flatMap((e): TrustlessDeal[] => {
    if (e.to === 'burn') return [{ position: e.position, to: 'burn' }];
    const of = shares.filter((m) => m.position === e.position).sort((a, b) => a.seat - b.seat);
    const want = e.to === 'all' ? n : n - 1;
    return of.length === want ? [{ position: e.position, to: e.to === 'all' ? 'all' : e.seat, shares: of }] : [];
  });
  return { protocol: 'fairdeck/trustless/v1', table, seats: n, cards: 52, keys, shuffles, deals } as TrustlessTranscript;
}
let tableId = '';

/** The hand is over (played out or void): the spectator checks what it heard, if there is a deck to check. */
function endHand(): void {
  const box = $('.verdict', spectator);
  const count = $('.heard', spectator);
  count.textContent = `Heard on the channel: ${heard.filter((m) => m.kind === 'key').length} keys, ${heard.filter((m) => m.kind === 'shuffle').length} shuffles, ${heard.filter((m) => m.kind === 'share').length} shares.`;
  if (heard.filter((m) => m.kind === 'shuffle').length < n) {
    box.textContent = 'The deck never got every seat\'s shuffle, so there is no hand to check: the seats\' own checks above are the verdict.';
    box.dataset.kind = 'idle';
    spectator.dataset.verdict = 'incomplete';
    return;
  }
  const t0 = performance.now();
  const tr = transcript(tableId);
  const v = verifyTranscript(tr);
  const took = performance.now() - t0;
  $('.spectator-board', spectator).replaceChildren(...v.board.map(face));
  if (v.ok) {
    box.textContent = `Every proof holds (${n} keys, ${n} shuffles, ${tr.deals.reduce((s, d) => s + (d.shares?.length ?? 0), 0)} shares; checked in ${ms(took)}). The board is ${v.board.map((c) => cardLabel(c)).join(', ') || 'not dealt yet'}; the hole cards stay face down — only each holder can open its own.`;
    box.dataset.kind = 'ok';
  } else {
    box.textContent = `The independent verifier names seat ${v.cheat!.seat} (${v.cheat!.check}): ${v.cheat!.reason}`;
    box.dataset.kind = 'bad';
  }
  spectator.dataset.verdict = v.ok ? 'ok' : `cheat:${v.cheat!.seat}:${v.cheat!.check}`;
}

function finish(): void {
  clearTimeout(stall);
  document.body.dataset.state = 'done';
  say('The hand is dealt: each seat opened its own hole cards and the board, and checked every proof on the way.', 'ok');
  endHand();
}

function stop(): void {
  clearTimeout(stall);
  for (const s of seats) s.worker.terminate();
  wire?.close();
  seats = [];
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function play(): void {
  stop();
  const data = new FormData(form);
  n = Number(data.get('seats'));
  const cheatKind = String(data.get('cheat')) as Cheat | 'none';
  const cheater = cheatKind === 'none' ? -1 : Math.min(Number(data.get('cheater')), n - 1);
  tableId = `fairdeck-demo-${hex(crypto.getRandomValues(new Uint8Array(8)))}`;
  const channel = `fairdeck-trustless-${tableId}`;
  heard = [], voided = false, street = -1;
  document.body.dataset.state = 'playing';
  delete spectator.dataset.verdict;
  $('.verdict', spectator).textContent = 'Listening…';
  $('.verdict', spectator).dataset.kind = 'idle';
  $('.heard', spectator).textContent = '';
  $('.spectator-board', spectator).replaceChildren();
  $('.table-id', spectator).textContent = tableId;
  wire = new BroadcastChannel(channel);
  wire.onmessage = (e: MessageEvent<WireMessage>) => void heard.push(e.data);
  seatsView.replaceChildren();
  say(`Seating ${n} players, each in a worker of its own…`, 'busy');
  seats = Array.from({ length: n }, (_, seat) => {
    const worker = new Worker(new URL('./seat-worker.ts', import.meta.url), { type: 'module' });
    const root = seatPanel(seat, n, seat === cheater);
    seatsView.append(root);
    const v: SeatView = { worker, root, hole: [null, null], board: [], streets: new Set(), deck: false };
    worker.onmessage = (e: MessageEvent<Report>) => onReport(e.data);
    worker.onerror = (e) => void_(`Seat ${seat}'s worker failed: ${e.message}`);
    worker.postMessage({ type: 'start', channel, table: tableId, seats: n, seat, cheat: seat === cheater ? (cheatKind as Cheat) : null } satisfies Command);
    return v;
  });
  watch();
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  play();
});
const cheatField = form.elements.namedItem('cheat') as HTMLSelectElement;
const cheaterField = form.elements.namedItem('cheater') as HTMLSelectElement;
const sync = () => { cheaterField.disabled = cheatField.value === 'none'; };
cheatField.addEventListener('change', sync);
// ?seats=4&cheat=bad-share&cheater=2 presets the form (links, tests).
const q = new URLSearchParams(location.search);
for (const name of ['seats', 'cheat', 'cheater']) {
  const f = form.elements.namedItem(name) as HTMLSelectElement;
  const v = q.get(name);
  if (v !== null && [...f.options].some((o) => o.value === v)) f.value = v;
}
sync();
document.body.dataset.ready = 'true';
