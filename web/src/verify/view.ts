/**
 * fairdeck/verify/view — the verify page's result as a component an app puts on its own page:
 * `renderRound(target, round)` checks a round with `verifyRound` and draws, into `target`, the
 * verdict, who got which card (when the round has a dealing script or stated piles) and the
 * round's deal order, every card drawn with fairdeck/faces; `defineVerifyElement()` registers the
 * same as a custom element, `<fairdeck-verify>`. No framework, no WASM, no `init()`, no network.
 * The repository's verify page (web/verify) is this component under a form. Nothing runs at
 * import, so importing it in Node (or before the DOM) is safe; only the calls need a `document`.
 *
 * What it draws (light DOM, so the page's own CSS styles it; the verify page's verify.css is a
 * complete example): a root `div.fairdeck-verify` holding `p.verdict[data-kind=ok|bad|error]`
 * (role=status), `section.hand` (hidden without piles) with `table.piles` (one row per pile,
 * `tr[data-pile]`, each card `li[data-code][data-match=yes|no|rest]`), and `ol.order` (one
 * `li[data-code][data-match=yes|no|earlier|rest]` per card of the order, first dealt first; `earlier`
 * for the cards before a hand's `offset` in a shoe). Every mark is in the
 * text as well, for screen readers.
 *
 * @module fairdeck/verify/view
 */

import { cardLabel, cardSvg } from '../faces/index.js';
import { verifyRound, type Verdict } from './round.js';
import { checkRound, type Round } from './input.js';

/** At most this many tiles of the order are drawn (a 64-deck shoe has 3 456 cards); the rest are counted. */
export const MAX_TILES = 432;

/** How a card is named and drawn: the round's deck style. */
type Style = 'french' | 'german' | 'generic';

/** Options of renderRound. */
export interface ViewOptions {
  /** The level of the component's headings (`<h3>` by default): the page's own heading is one above. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}

/** The words for one card: its name on a French/German deck, its number on a generic one. */
function nameOf(code: string, style: Style): string {
  if (style === 'generic') return `card ${code}`;
  try {
    return cardLabel(code, { style });
  } catch {
    return code;  // not a card of this style (a claimed code that is wrong): say it as typed
  }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A card's picture (its words are elsewhere: the image is decorative), `width` pixels wide. */
function picture(code: string, style: Style, width: number): HTMLElement {
  if (style === 'generic') return el('span', 'generic-card', code);
  const img = el('img');
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(cardSvg(code, { width, style }))}`;
  img.width = width;
  img.alt = '';  // the caption names the card
  return img;
}

/**
 * One tile per card of `order`: the `dealt.length` from `offset` on marked against `dealt`, the
 * earlier hands' cards before them (a hand inside a shoe) and the rest dimmed.
 */
function orderItems(order: readonly string[], dealt: readonly string[], offset: number, style: Style): HTMLElement[] {
  const items: HTMLElement[] = [];
  const shown = Math.min(order.length, Math.max(MAX_TILES, offset + dealt.length));
  for (let i = 0; i < shown; i++) {
    const code = order[i];
    const li = el('li');
    const status = el('span', 'mark');
    let words: string;
    if (i < offset) {
      li.dataset.match = 'earlier';
      status.textContent = 'earlier hand';
      words = 'dealt to an earlier hand, not checked here';
    } else if (i < offset + dealt.length) {
      const claimed = dealt[i - offset], ok = claimed === code;
      li.dataset.match = ok ? 'yes' : 'no';
      status.textContent = ok ? '✓ matches' : `✗ dealt ${claimed}`;
      words = ok ? 'dealt, matches' : `does not match: the dealt card was ${nameOf(claimed, style)}`;
    } else {
      li.dataset.match = 'rest';
      status.textContent = 'not dealt';
      words = 'not dealt';
    }
    li.dataset.code = code;
    li.append(picture(code, style, 76), el('span', 'caption', `${i + 1}. ${code}`), status,
      el('span', 'visually-hidden', `${nameOf(code, style)}: ${words}`));
    items.push(li);
  }
  if (shown < order.length) items.push(el('li', 'more', `… and ${order.length - shown} more cards, not dealt`));
  return items;
}

/** A pile's name for people: 'hand:0' → 'Seat 1', 'dealer' → 'Dealer', 'board' → 'Board'. */
export function pileLabel(pile: string): string {
  const seat = /^hand:(\d+)$/.exec(pile);
  if (seat) return `Seat ${Number(seat[1]) + 1}`;
  return pile.charAt(0).toUpperCase() + pile.slice(1);
}

/** One row per pile of `piles`, each card marked against the cards `claimed` says the pile got. */
function pileRows(piles: Record<string, string[]>, claimed: Map<string, string[]>, style: Style): HTMLTableRowElement[] {
  return Object.entries(piles).map(([pile, cards]) => {
    const row = el('tr');
    row.dataset.pile = pile;
    const head = el('th', undefined, pileLabel(pile));
    head.scope = 'row';
    head.append(' ', el('span', 'pile-id', pile));
    const said = claimed.get(pile) ?? [];
    const list = el('ul', 'pile-cards');
    let wrong = 0;
    cards.forEach((code, i) => {
      const li = el('li');
      li.dataset.code = code;
      const match = i >= said.length ? 'rest' : said[i] === code ? 'yes' : 'no';
      li.dataset.match = match;
      if (match === 'no') wrong++;
      const caption = el('span', 'caption', match === 'no' ? `${code} ✗ ${said[i]}` : code);
      caption.setAttribute('aria-hidden', 'true');
      li.append(picture(code, style, 52), caption,
        el('span', 'visually-hidden', `${nameOf(code, style)}${match === 'no' ? ` (the round says ${nameOf(said[i], style)})` : ''}`));
      list.append(li);
    });
    const cardsCell = el('td');
    cardsCell.append(list);
    const checked = Math.min(said.length, cards.length);
    const check = el('td', undefined, wrong > 0 ? `✗ ${wrong} of ${cards.length} not as dealt`
      : checked === 0 ? 'not in the dealt cards'
      : checked < cards.length ? `✓ ${checked} of ${cards.length} as dealt` : `✓ all ${cards.length} as dealt`);
    check.dataset.kind = wrong > 0 ? 'bad' : checked === 0 ? 'rest' : 'ok';
    row.append(head, cardsCell, check);
    return row;
  });
}

/**
 * The cards the round says each pile got: its stated `piles`, or else `dealt` split by its
 * dealing script (positions past `dealt` are absent). Empty for a plain deal.
 */
function claimedPiles(round: ReturnType<typeof checkRound>): Map<string, string[]> {
  if (round.piles) return round.piles;
  const out = new Map<string, string[]>();
  let at = 0;
  for (const p of round.deals ?? []) {
    const cards = out.get(p.pile) ?? [];
    out.set(p.pile, cards);
    for (let i = 0; i < p.count && at < round.dealt.length; i++) cards.push(round.dealt[at++]);
  }
  return out;
}

/** A game preset's name for people. */
const GAME_NAMES: Record<string, string> = { holdem: "Texas Hold'em", blackjack: 'Blackjack' };

/** The latest call per target: an earlier call that settles later draws nothing. */
const latest = new WeakMap<Element, object>();

/**
 * Checks `round` (verifyRound's input, exactly) and draws the result into `target`, replacing what
 * it held. Resolves to the verdict; a malformed round draws "Cannot check this round: …" and
 * rejects with verifyRound's error (its message starts with the field, e.g. `nonce must be …`).
 * Calls on the same target may overlap: only the latest one draws.
 */
export async function renderRound(target: Element, round: Round, options: ViewOptions = {}): Promise<Verdict> {
  const level = options.headingLevel ?? 3;
  if (!Number.isInteger(level) || level < 2 || level > 6) {
    throw new RangeError(`options.headingLevel must be 2, 3, 4, 5 or 6, not ${String(level)}`);
  }
  const me = {};
  latest.set(target, me);
  const root = el('div', 'fairdeck-verify');
  const verdict = el('p', 'verdict');
  verdict.setAttribute('role', 'status');
  verdict.setAttribute('aria-live', 'polite');
  verdict.setAttribute('aria-atomic', 'true');
  root.append(verdict);
  let result: Verdict;
  try {
    result = await verifyRound(round);
  } catch (e) {
    if (latest.get(target) === me) {
      verdict.dataset.kind = 'error';
      verdict.textContent = `Cannot check this round: ${(e as Error).message}.`;
      target.replaceChildren(root);
    }
    throw e;
  }
  if (latest.get(target) !== me) return result;
  const checked = checkRound(round);  // verifyRound accepted it: the same reading, for the script and the style
  const style = checked.deck.style;
  const dealt = checked.dealt;
  const h = `h${level}` as 'h3';

  if (result.piles) {
    const claimed = claimedPiles(checked);
    const hand = el('section', 'hand');
    const table = el('table', 'piles');
    table.createCaption().textContent = 'Each pile of the round, replayed from the seeds: its cards in the order they arrived, checked against the round';
    table.caption!.className = 'visually-hidden';
    const headRow = table.createTHead().insertRow();
    for (const t of ['Pile', 'Cards, in the order they arrived', 'Check']) {
      const th = el('th', undefined, t);
      th.scope = 'col';
      headRow.append(th);
    }
    table.createTBody().append(...pileRows(result.piles, claimed, style));
    const total = (checked.deals ?? []).reduce((n, p) => n + p.count, 0);
    const games = checked.presets.map((p) => `${GAME_NAMES[p.game] ?? p.game}, ${p.seats} seat${p.seats === 1 ? '' : 's'}`).join(' then ');
    hand.append(el(h, undefined, 'Who got which card'),
      el('p', 'hint hand-summary', `${games ? `${games}: ` : ''}${checked.deals ? `${total} cards dealt by the round's script, ` : ''}`
        + `${Object.keys(result.piles).length} piles.`),
      table);
    root.append(hand);
  }
  const at = checked.offset;
  const matching = dealt.filter((c, i) => c === result.order[at + i]).length;
  const order = el('ol', 'order');
  order.append(...orderItems(result.order, dealt, at, style));
  root.append(el(h, undefined, "The round's deal order"),
    el('p', 'hint order-summary', `${result.order.length} cards in this round's order; ${at ? `${at} dealt to earlier hands, then ` : ''}`
      + `${dealt.length} dealt${at ? ' in this hand' : ''}, ${matching} of them matching.`),
    order);

  // What an ok does not prove (no card checked, a seat count the order alone cannot show) follows it.
  const notes = result.warnings?.length ? ` Note: ${result.warnings.join('; ')}.` : '';
  verdict.dataset.kind = result.ok ? 'ok' : 'bad';
  verdict.textContent = result.ok
    ? `✓ Fair: the commitment matches the server seed, and all ${result.checked} ${checked.piles ? 'checked' : 'dealt'} cards are the ones these seeds deal${result.piles ? ', to these piles' : ''}.${notes}`
    : `✗ Not verified: ${result.reason}.`;
  target.replaceChildren(root);
  return result;
}

/** What `defineVerifyElement` registers. */
export interface VerifyElement extends HTMLElement {
  /** The round to check (verifyRound's input); setting it checks and draws it. */
  round: Round | undefined;
  /** The last verdict drawn, or undefined (none yet, or the round was malformed). */
  readonly verdict: Verdict | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    /** Registered by `defineVerifyElement()` from fairdeck/verify/view. */
    'fairdeck-verify': VerifyElement;
  }
}

/**
 * Registers `<fairdeck-verify>` (or `name`) and returns its class; calling it again returns the
 * same class. The element checks and draws its round, given as the `round` property (an object)
 * or the `round` attribute (the round as JSON), with `heading-level` for the headings. After each
 * check it fires `verdict` (detail: the verdict) or, for a malformed round, `round-error` (detail:
 * the error), both bubbling.
 */
export function defineVerifyElement(name = 'fairdeck-verify'): {
  /** A new element (as document.createElement(name) makes one). */
  new (): VerifyElement;
} {
  if (typeof customElements === 'undefined') throw new TypeError('defineVerifyElement needs a browser: customElements is not defined here');
  const existing = customElements.get(name);
  if (existing) return existing as unknown as { new (): VerifyElement };
  class FairdeckVerify extends HTMLElement implements VerifyElement {
    static observedAttributes = ['round', 'heading-level'];
    #round: Round | undefined;
    #verdict: Verdict | undefined;
    get round(): Round | undefined { return this.#round; }
    set round(value: Round | undefined) {
      this.#round = value;
      void this.#draw();
    }
    get verdict(): Verdict | undefined { return this.#verdict; }
    connectedCallback(): void { void this.#draw(); }
    attributeChangedCallback(attr: string): void {
      if (attr === 'round') {
        const text = this.getAttribute('round');
        if (text === null) this.#round = undefined;
        else {
          try {
            this.#round = JSON.parse(text) as Round;
          } catch (e) {
            this.#fail(new TypeError(`the round attribute must be the round as JSON: ${(e as Error).message}`));
            return;
          }
        }
      }
      void this.#draw();
    }
    #fail(error: Error): void {
      this.#verdict = undefined;
      const p = el('p', 'verdict', `Cannot check this round: ${error.message}.`);
      p.dataset.kind = 'error';
      p.setAttribute('role', 'status');
      const root = el('div', 'fairdeck-verify');
      root.append(p);
      this.replaceChildren(root);
      this.dispatchEvent(new CustomEvent('round-error', { detail: error, bubbles: true }));
    }
    async #draw(): Promise<void> {
      if (!this.isConnected || this.#round === undefined) return;
      const level = Number(this.getAttribute('heading-level') ?? 3) as ViewOptions['headingLevel'];
      const round = this.#round;
      try {
        const v = await renderRound(this, round, { headingLevel: level });
        if (round !== this.#round) return;
        this.#verdict = v;
        this.dispatchEvent(new CustomEvent('verdict', { detail: v, bubbles: true }));
      } catch (e) {
        if (round !== this.#round) return;
        this.#verdict = undefined;
        this.dispatchEvent(new CustomEvent('round-error', { detail: e, bubbles: true }));
      }
    }
  }
  customElements.define(name, FairdeckVerify);
  return FairdeckVerify;
}
