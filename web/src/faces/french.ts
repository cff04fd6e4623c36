/**
 * The French style: ♣ ♦ ♥ ♠ drawn as paths (no font glyphs, so every machine draws the same card),
 * red and black inks and J/Q/K courts.
 */
import type { FaceStyle } from './card.js';
import type { CourtSpec } from './courts.js';
import { circle, type Pen } from './pen.js';

/** Red ink of hearts and diamonds (5.8:1 on the card stock). */
export const FRENCH_RED = '#c8102e';
/** Black ink of clubs and spades. */
export const FRENCH_BLACK = '#1a1a1a';

const red = (suit: string) => suit === 'Hearts' || suit === 'Diamonds';

/** Traces a suit in a unit box centred on the origin (−0.5…0.5 both ways). */
export function trace(pen: Pen, suit: string): void {
  pen.beginPath();
  switch (suit) {
    case 'Hearts':
      pen.moveTo(0, 0.46);
      pen.bezierCurveTo(-0.14, 0.3, -0.5, 0.08, -0.5, -0.16);
      pen.bezierCurveTo(-0.5, -0.42, -0.18, -0.52, 0, -0.26);
      pen.bezierCurveTo(0.18, -0.52, 0.5, -0.42, 0.5, -0.16);
      pen.bezierCurveTo(0.5, 0.08, 0.14, 0.3, 0, 0.46);
      break;
    case 'Diamonds':
      pen.moveTo(0, -0.5);
      pen.quadraticCurveTo(0.16, -0.2, 0.38, 0);
      pen.quadraticCurveTo(0.16, 0.2, 0, 0.5);
      pen.quadraticCurveTo(-0.16, 0.2, -0.38, 0);
      pen.quadraticCurveTo(-0.16, -0.2, 0, -0.5);
      break;
    case 'Spades':
      pen.moveTo(0, -0.5);
      pen.bezierCurveTo(-0.12, -0.3, -0.5, -0.12, -0.5, 0.12);
      pen.bezierCurveTo(-0.5, 0.34, -0.2, 0.4, -0.05, 0.22);
      pen.quadraticCurveTo(-0.08, 0.4, -0.2, 0.5);
      pen.lineTo(0.2, 0.5);
      pen.quadraticCurveTo(0.08, 0.4, 0.05, 0.22);
      pen.bezierCurveTo(0.2, 0.4, 0.5, 0.34, 0.5, 0.12);
      pen.bezierCurveTo(0.5, -0.12, 0.12, -0.3, 0, -0.5);
      break;
    case 'Clubs':
      for (const [x, y] of [[0, -0.25], [-0.25, 0.07], [0.25, 0.07]]) {
        circle(pen, x, y, 0.23);
      }
      pen.moveTo(-0.1, 0);
      pen.lineTo(0.1, 0);
      pen.lineTo(0.06, 0.2);
      pen.lineTo(-0.06, 0.2);
      pen.closePath();
      pen.moveTo(-0.05, 0.1);
      pen.quadraticCurveTo(-0.06, 0.38, -0.2, 0.5);
      pen.lineTo(0.2, 0.5);
      pen.quadraticCurveTo(0.06, 0.38, 0.05, 0.1);
      pen.closePath();
      break;
  }
}

function pip(pen: Pen, suit: string, x: number, y: number, size: number): void {
  pen.save();
  pen.translate(x, y);
  pen.scale(size, size);
  trace(pen, suit);
  pen.fill(red(suit) ? FRENCH_RED : FRENCH_BLACK, 'nonzero');
  pen.restore();
}

const COURTS: Record<string, CourtSpec['kind']> = { K: 'king', Q: 'queen', J: 'jack' };

/** The French style (52 cards: A, 2–10, J, Q, K of clubs, diamonds, hearts, spades; jokers). */
export const french: FaceStyle = {
  name: 'french',
  ink: (suit) => (red(suit) ? FRENCH_RED : FRENCH_BLACK),
  pip,
  corner: (rank) => rank,
  court(rank, suit) {
    const kind = COURTS[rank];
    if (!kind) return undefined;
    const warm = red(suit);
    return {
      kind,
      robe: warm ? '#b3121f' : '#1f3b82',
      trim: warm ? '#1f3b82' : '#b3121f',
      ink: warm ? FRENCH_RED : FRENCH_BLACK,
      emblem: 'corner',
    };
  },
};
