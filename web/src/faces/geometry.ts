/**
 * The card's geometry in drawing units (a 250 × 350 box, the poker ratio) and the path helpers
 * every face and back uses. drawCard and cardSvg scale these units to the requested width.
 */
import { roundRect, type Pen } from './pen.js';

/** Card width in drawing units. */
export const CARD_W = 250;
/** Card height in drawing units. */
export const CARD_H = 350;
/** Corner radius in drawing units. */
export const CARD_R = 16;
/** The ivory of the card stock (every ink colour passes WCAG AA, ≥ 4.5:1, against it). */
export const PAPER = '#fffdf8';

/** Traces the card's rounded outline, inset by `inset` units (a fresh path). */
export function cardPath(pen: Pen, inset = 0): void {
  pen.beginPath();
  roundRect(pen, inset, inset, CARD_W - 2 * inset, CARD_H - 2 * inset, Math.max(2, CARD_R - inset));
}

/** Runs `draw` once as is and once turned half a revolution about the card's centre. */
export function mirrored(pen: Pen, draw: () => void): void {
  draw();
  pen.save();
  pen.translate(CARD_W, CARD_H);
  pen.rotate(Math.PI);
  draw();
  pen.restore();
}

/** `#rrggbb` with an opacity, as `rgba(r, g, b, a)`. */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
