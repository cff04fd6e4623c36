/**
 * Who got which card: a whole hand's piles (verifyRound's `piles`) as a real table — one row per
 * pile (a header cell naming the seat, the dealer, the burn cards, the board …), its cards in the
 * order they arrived, each marked against the card the link says went there, and a check column.
 * The page takes no moves, so a pile's cards are the dealt cards its packets took, in order.
 */
import { gameDeals, type DealPacket } from 'fairdeck/verify';
import { nameOf, picture, type Style } from './order-view.js';

const WIDTH = 52;

/** A pile's name for people: 'hand:0' → 'Seat 1', 'dealer' → 'Dealer', 'board' → 'Board'. */
export function pileLabel(pile: string): string {
  const seat = /^hand:(\d+)$/.exec(pile);
  if (seat) return `Seat ${Number(seat[1]) + 1}`;
  return pile.charAt(0).toUpperCase() + pile.slice(1);
}

/** The cards a link says each pile got: `dealt` split by the game's script (positions past `dealt` are absent). */
export function claimedPiles(dealt: readonly string[], script: readonly DealPacket[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let at = 0;
  for (const p of script) {
    const cards = out.get(p.pile) ?? [];
    out.set(p.pile, cards);
    for (let i = 0; i < p.count && at < dealt.length; i++) cards.push(dealt[at++]);
  }
  return out;
}

/** The script of a game, or undefined if the fields do not name a whole number of seats (verifyRound says why). */
export function scriptOf(game: 'holdem' | 'blackjack', seats: string): DealPacket[] | undefined {
  return /^\d{1,2}$/.test(seats.trim()) ? gameDeals(game, Number(seats)) : undefined;
}

function cell(tag: 'th' | 'td', text: string): HTMLTableCellElement {
  const c = document.createElement(tag);
  c.textContent = text;
  return c;
}

/** Fills `body` (a table's tbody) with one row per pile of `piles`, marking each card against `claimed`. */
export function showPiles(body: HTMLTableSectionElement, piles: Record<string, string[]>, claimed: Map<string, string[]>, style: Style): void {
  const rows = Object.entries(piles).map(([pile, cards]) => {
    const row = document.createElement('tr');
    row.dataset.pile = pile;
    const head = cell('th', pileLabel(pile));
    head.scope = 'row';
    const id = document.createElement('span');
    id.className = 'pile-id';
    id.textContent = pile;
    head.append(' ', id);
    const said = claimed.get(pile) ?? [];
    const list = document.createElement('ul');
    list.className = 'pile-cards';
    let wrong = 0;
    cards.forEach((code, i) => {
      const li = document.createElement('li');
      li.dataset.code = code;
      const match = i >= said.length ? 'rest' : said[i] === code ? 'yes' : 'no';
      li.dataset.match = match;
      if (match === 'no') wrong++;
      const caption = document.createElement('span');
      caption.className = 'caption';
      caption.setAttribute('aria-hidden', 'true');
      caption.textContent = match === 'no' ? `${code} ✗ ${said[i]}` : code;
      const words = document.createElement('span');
      words.className = 'visually-hidden';
      words.textContent = `${nameOf(code, style)}${match === 'no' ? ` (the link says ${nameOf(said[i], style)})` : ''}`;
      li.append(picture(code, style, WIDTH), caption, words);
      list.append(li);
    });
    const cardsCell = document.createElement('td');
    cardsCell.append(list);
    const checked = Math.min(said.length, cards.length);
    const check = wrong > 0 ? `✗ ${wrong} of ${cards.length} not as dealt`
      : checked === 0 ? 'not in the dealt cards'
      : checked < cards.length ? `✓ ${checked} of ${cards.length} as dealt` : `✓ all ${cards.length} as dealt`;
    const checkCell = cell('td', check);
    checkCell.dataset.kind = wrong > 0 ? 'bad' : checked === 0 ? 'rest' : 'ok';
    row.append(head, cardsCell, checkCell);
    return row;
  });
  body.replaceChildren(...rows);
}
