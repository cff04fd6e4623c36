/**
 * Draws a round's deal order with fairdeck/faces: one tile per card, first dealt first, each
 * dealt position marked as matching (✓) or not (✗, with the card that was claimed), the rest of
 * the order dimmed. The marks are in the text too, for screen readers.
 */
import { cardLabel, cardSvg } from 'fairdeck/faces';

/** At most this many tiles are drawn (a 64-deck shoe has 3 456 cards); the rest are counted. */
export const MAX_TILES = 432;
const WIDTH = 76;

export type Style = 'french' | 'german' | 'generic';

/** The words for one card: its name on a French/German deck, its number on a generic one. */
export function nameOf(code: string, style: Style): string {
  if (style === 'generic') return `card ${code}`;
  try {
    return cardLabel(code, { style });
  } catch {
    return code;  // not a card of this style (a claimed code that is wrong): say it as typed
  }
}

/** A card's picture (its words are elsewhere: the image is decorative), `width` pixels wide. */
export function picture(code: string, style: Style, width = WIDTH): HTMLElement {
  if (style === 'generic') {
    const tile = document.createElement('span');
    tile.className = 'generic-card';
    tile.textContent = code;
    return tile;
  }
  const img = document.createElement('img');
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(cardSvg(code, { width, style }))}`;
  img.width = width;
  img.alt = '';  // the caption names the card
  return img;
}

/** Fills `list` with `order`, marking the first `dealt.length` positions against `dealt`. */
export function showOrder(list: HTMLOListElement, order: readonly string[], dealt: readonly string[], style: Style): void {
  const items: HTMLElement[] = [];
  const shown = Math.min(order.length, Math.max(MAX_TILES, dealt.length));
  for (let i = 0; i < shown; i++) {
    const code = order[i];
    const li = document.createElement('li');
    const status = document.createElement('span');
    status.className = 'mark';
    let words: string;
    if (i < dealt.length) {
      const ok = dealt[i] === code;
      li.dataset.match = ok ? 'yes' : 'no';
      status.textContent = ok ? '✓ matches' : `✗ dealt ${dealt[i]}`;
      words = ok ? 'dealt, matches' : `does not match: the dealt card was ${nameOf(dealt[i], style)}`;
    } else {
      li.dataset.match = 'rest';
      status.textContent = 'not dealt';
      words = 'not dealt';
    }
    li.dataset.code = code;
    const caption = document.createElement('span');
    caption.className = 'caption';
    caption.textContent = `${i + 1}. ${code}`;
    const said = document.createElement('span');
    said.className = 'visually-hidden';
    said.textContent = `${nameOf(code, style)}: ${words}`;
    li.append(picture(code, style), caption, status, said);
    items.push(li);
  }
  if (shown < order.length) {
    const li = document.createElement('li');
    li.className = 'more';
    li.textContent = `… and ${order.length - shown} more cards, not dealt`;
    items.push(li);
  }
  list.replaceChildren(...items);
}
