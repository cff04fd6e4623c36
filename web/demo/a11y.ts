/**
 * Accessibility: the polite live region that names every dealt card, the canvas's short label,
 * and the text alternative of the table — a list of the cards on it, each with a checkbox, so
 * selecting cards to return works from the keyboard and a screen reader as well as by clicking.
 */
import type { Card } from 'fairdeck/games';
import type { Counts } from './session.js';

/** Speaks through an `aria-live="polite"` element (which also shows the text on screen). */
export class Announcer {
  readonly #el: HTMLElement;
  constructor(el: HTMLElement) {
    this.#el = el;
  }
  /** Replaces the message; a repeat of the same words is still announced. */
  say(text: string): void {
    // Screen readers skip an unchanged text node: alternate a trailing no-break space.
    this.#el.textContent = this.#el.textContent === text ? `${text}\u00a0` : text;
  }
  /** The current message. */
  get text(): string {
    return this.#el.textContent ?? '';
  }
}

/** Names a few cards for speech: all of them up to `max`, else the first ones and a count. */
export function nameCards(cards: readonly Card[], max = 5): string {
  if (cards.length <= max) return cards.map((c) => c.name).join(', ');
  return `${cards.slice(0, max).map((c) => c.name).join(', ')} and ${cards.length - max} more`;
}

/** A card's name, with its deck number when it comes from a shoe of several decks. */
export function fullName(card: Card, decks: number): string {
  return decks > 1 ? `${card.name} (deck ${card.deck + 1})` : card.name;
}

/** The canvas's accessible label: a one-line summary (the list gives the detail). */
export function tableLabel(counts: Counts, selected: number): string {
  const on = counts.dealt === 1 ? '1 card' : `${counts.dealt} cards`;
  const sel = selected ? `, ${selected} selected` : '';
  return `Card table: ${on} on the table${sel}; ${counts.undealt} in the deck, ${counts.returned} in the return pile.`;
}

/** The list of cards on the table, one checkbox per card, kept in step with the canvas. */
export class CardList {
  readonly #list: HTMLOListElement;
  #cards: readonly Card[] = [];

  /** `onToggle(card, on)` runs when a box is ticked or cleared. */
  constructor(list: HTMLOListElement, onToggle: (card: Card, on: boolean) => void) {
    this.#list = list;
    list.addEventListener('change', (e) => {
      const box = e.target as HTMLInputElement;
      const card = this.#cards[Number(box.dataset.index)];
      if (card) onToggle(card, box.checked);
    });
  }

  /** Shows `cards` (in deal order) with `selected` ticked. */
  render(cards: readonly Card[], selected: ReadonlySet<Card>, decks: number): void {
    this.#cards = cards;
    const items = cards.map((card, i) => {
      const li = document.createElement('li');
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.dataset.index = String(i);
      box.checked = selected.has(card);
      label.append(box, ` ${fullName(card, decks)}`);
      li.append(label);
      if (box.checked) li.className = 'selected';
      return li;
    });
    this.#list.replaceChildren(...items);
  }
}
