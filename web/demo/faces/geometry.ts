/**
 * The card's geometry in drawing units (a 250 × 350 box, the poker ratio) and two path helpers
 * every face and back uses. `sprites.ts` scales these units to device pixels.
 */

/** Card width in drawing units. */
export const CARD_W = 250;
/** Card height in drawing units. */
export const CARD_H = 350;
/** Corner radius in drawing units. */
export const CARD_R = 16;
/** The ivory of the card stock (every ink colour passes WCAG AA, ≥ 4.5:1, against it). */
export const PAPER = '#fffdf8';
/** Serif font stack for indices (DejaVu Serif is on Debian; the rest are fallbacks). */
export const SERIF = '"DejaVu Serif", Georgia, "Times New Roman", serif';

/** Traces the card's rounded outline, inset by `inset` units. */
export function cardPath(ctx: CanvasRenderingContext2D, inset = 0): void {
  ctx.beginPath();
  ctx.roundRect(inset, inset, CARD_W - 2 * inset, CARD_H - 2 * inset, Math.max(2, CARD_R - inset));
}

/** Runs `draw` once as is and once turned half a revolution about the card's centre. */
export function mirrored(ctx: CanvasRenderingContext2D, draw: () => void): void {
  draw();
  ctx.save();
  ctx.translate(CARD_W, CARD_H);
  ctx.rotate(Math.PI);
  draw();
  ctx.restore();
}
