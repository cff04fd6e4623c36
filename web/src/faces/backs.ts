/**
 * Card backs, by name: 'navy' (a navy lattice with a spade medallion, the French default) and
 * 'oxblood' (an oxblood lattice with an acorn medallion, the German default).
 */
import { drawBack, lattice } from './card.js';
import { trace } from './french.js';
import { CARD_H, CARD_W, PAPER } from './geometry.js';
import { pip } from './german.js';
import type { Pen } from './pen.js';

function navy(pen: Pen): void {
  lattice(pen, '#1f3b82', '#3a5cb0', 18);
  pen.beginPath();
  pen.ellipse(CARD_W / 2, CARD_H / 2, 58, 78, 0, 0, 2 * Math.PI);
  pen.fill('#1f3b82');
  pen.stroke(PAPER, 4);
  pen.save();
  pen.translate(CARD_W / 2, CARD_H / 2);
  pen.scale(62, 62);
  trace(pen, 'Spades');
  pen.fill(PAPER);
  pen.restore();
}

function oxblood(pen: Pen): void {
  lattice(pen, '#6e1b1b', '#8f3434', 22);
  pen.beginPath();
  pen.ellipse(CARD_W / 2, CARD_H / 2, 54, 72, 0, 0, 2 * Math.PI);
  pen.fill(PAPER);
  pen.stroke('#e0a100', 5);
  pip(pen, 'Eichel', CARD_W / 2, CARD_H / 2, 84);
}

/** The name of a card back. */
export type BackName = 'navy' | 'oxblood';

const DESIGNS: Readonly<Record<BackName, (pen: Pen) => void>> = { navy, oxblood };

/** Every back, in the order the gallery shows them. */
export const BACKS: readonly BackName[] = Object.freeze(Object.keys(DESIGNS) as BackName[]);

/** Draws the back called `name` over the whole card box. */
export function drawNamedBack(pen: Pen, name: BackName): void {
  drawBack(pen, DESIGNS[name]);
}
