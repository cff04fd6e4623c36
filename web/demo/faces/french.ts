/**
 * The French style: ♣ ♦ ♥ ♠ drawn as paths (no font glyphs, so every machine draws the same card),
 * red and black inks, J/Q/K courts, and a navy lattice back.
 */
import { lattice, type FaceStyle } from './card.js';
import type { CourtSpec } from './courts.js';
import { CARD_H, CARD_W, PAPER } from './geometry.js';

/** Red ink of hearts and diamonds (5.8:1 on the card stock). */
export const FRENCH_RED = '#c8102e';
/** Black ink of clubs and spades. */
export const FRENCH_BLACK = '#1a1a1a';

const red = (suit: string) => suit === 'Hearts' || suit === 'Diamonds';

/** Traces a suit in a unit box centred on the origin (−0.5…0.5 both ways). */
function trace(ctx: CanvasRenderingContext2D, suit: string): void {
  ctx.beginPath();
  switch (suit) {
    case 'Hearts':
      ctx.moveTo(0, 0.46);
      ctx.bezierCurveTo(-0.14, 0.3, -0.5, 0.08, -0.5, -0.16);
      ctx.bezierCurveTo(-0.5, -0.42, -0.18, -0.52, 0, -0.26);
      ctx.bezierCurveTo(0.18, -0.52, 0.5, -0.42, 0.5, -0.16);
      ctx.bezierCurveTo(0.5, 0.08, 0.14, 0.3, 0, 0.46);
      break;
    case 'Diamonds':
      ctx.moveTo(0, -0.5);
      ctx.quadraticCurveTo(0.16, -0.2, 0.38, 0);
      ctx.quadraticCurveTo(0.16, 0.2, 0, 0.5);
      ctx.quadraticCurveTo(-0.16, 0.2, -0.38, 0);
      ctx.quadraticCurveTo(-0.16, -0.2, 0, -0.5);
      break;
    case 'Spades':
      ctx.moveTo(0, -0.5);
      ctx.bezierCurveTo(-0.12, -0.3, -0.5, -0.12, -0.5, 0.12);
      ctx.bezierCurveTo(-0.5, 0.34, -0.2, 0.4, -0.05, 0.22);
      ctx.quadraticCurveTo(-0.08, 0.4, -0.2, 0.5);
      ctx.lineTo(0.2, 0.5);
      ctx.quadraticCurveTo(0.08, 0.4, 0.05, 0.22);
      ctx.bezierCurveTo(0.2, 0.4, 0.5, 0.34, 0.5, 0.12);
      ctx.bezierCurveTo(0.5, -0.12, 0.12, -0.3, 0, -0.5);
      break;
    case 'Clubs':
      for (const [x, y] of [[0, -0.25], [-0.25, 0.07], [0.25, 0.07]]) {
        ctx.moveTo(x + 0.23, y);
        ctx.arc(x, y, 0.23, 0, 2 * Math.PI);
      }
      ctx.moveTo(-0.1, 0);
      ctx.lineTo(0.1, 0);
      ctx.lineTo(0.06, 0.2);
      ctx.lineTo(-0.06, 0.2);
      ctx.closePath();
      ctx.moveTo(-0.05, 0.1);
      ctx.quadraticCurveTo(-0.06, 0.38, -0.2, 0.5);
      ctx.lineTo(0.2, 0.5);
      ctx.quadraticCurveTo(0.06, 0.38, 0.05, 0.1);
      ctx.closePath();
      break;
  }
}

function pip(ctx: CanvasRenderingContext2D, suit: string, x: number, y: number, size: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size, size);
  trace(ctx, suit);
  ctx.fillStyle = red(suit) ? FRENCH_RED : FRENCH_BLACK;
  ctx.fill('nonzero');
  ctx.restore();
}

const COURTS: Record<string, CourtSpec['kind']> = { K: 'king', Q: 'queen', J: 'jack' };

function back(ctx: CanvasRenderingContext2D): void {
  lattice(ctx, '#1f3b82', '#3a5cb0', 18);
  ctx.beginPath();
  ctx.ellipse(CARD_W / 2, CARD_H / 2, 58, 78, 0, 0, 2 * Math.PI);
  ctx.fillStyle = '#1f3b82';
  ctx.fill();
  ctx.lineWidth = 4;
  ctx.strokeStyle = PAPER;
  ctx.stroke();
  ctx.save();
  ctx.translate(CARD_W / 2, CARD_H / 2);
  ctx.scale(62, 62);
  trace(ctx, 'Spades');
  ctx.fillStyle = PAPER;
  ctx.fill();
  ctx.restore();
}

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
  back,
};
