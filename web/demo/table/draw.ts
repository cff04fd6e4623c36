/**
 * Painting the table, with no state of its own: the felt, a pile (a stack of backs with its label,
 * or a dashed outline when empty), and one card at a pose — turned by its flip, lifted and ringed
 * when selected. Works in CSS pixels; the caller sets the devicePixelRatio transform.
 */
import type { Sprite } from './sprites.js';
import type { Pose } from './motion.js';

/** Felt colours (labels on it are #f1f5ee: ≥ 5.8:1, WCAG AA). */
const FELT_CENTRE = '#1f7047';
const FELT_EDGE = '#134a2f';
/** Label ink on the felt. */
export const LABEL = '#f1f5ee';
/** Ring around selected cards. */
export const SELECTED = '#ffd166';

/** Paints the felt over the whole `w` × `h` canvas, with a faint printed line inside the edge. */
export function felt(ctx: CanvasRenderingContext2D, w: number, h: number): void {
  const g = ctx.createRadialGradient(w * 0.55, h * 0.45, 0, w * 0.55, h * 0.45, Math.max(w, h) * 0.75);
  g.addColorStop(0, FELT_CENTRE);
  g.addColorStop(1, FELT_EDGE);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = 'rgba(241, 245, 238, 0.14)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(8, 8, w - 16, h - 16, 14);
  ctx.stroke();
}

/** Draws a sprite centred at the origin for a card of `cw` × `ch` CSS pixels. */
function blit(ctx: CanvasRenderingContext2D, sprite: Sprite, cw: number, ch: number): void {
  ctx.drawImage(sprite.image, -cw / 2 - sprite.pad, -ch / 2 - sprite.pad, cw + 2 * sprite.pad, ch + 2 * sprite.pad);
}

/** Options of `card()`. */
export interface CardLook {
  readonly face: Sprite;
  readonly back: Sprite;
  readonly cw: number;
  readonly ch: number;
  readonly selected: boolean;
}

/** Draws one card at `pose`: the back while flip < ½, the face after, squeezed as it turns. */
export function card(ctx: CanvasRenderingContext2D, pose: Pose, look: CardLook): void {
  const { cw, ch } = look;
  const turn = Math.abs(Math.cos(pose.flip * Math.PI));
  const lift = look.selected ? -ch * 0.16 : 0;
  ctx.save();
  ctx.translate(pose.x, pose.y + lift);
  ctx.rotate(pose.rot);
  ctx.scale(Math.max(0.02, turn), 1);
  blit(ctx, pose.flip < 0.5 ? look.back : look.face, cw, ch);
  if (look.selected) {
    ctx.strokeStyle = SELECTED;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.roundRect(-cw / 2 - 2.5, -ch / 2 - 2.5, cw + 5, ch + 5, cw * 0.08);
    ctx.stroke();
  }
  ctx.restore();
}

/** Options of `pile()`. */
export interface PileLook {
  readonly back: Sprite;
  readonly cw: number;
  readonly ch: number;
  readonly label: string;
  /** Backs to draw instead of the squared pile (a riffle in progress). */
  readonly riffle?: Pose[];
}

/** Draws a pile of `count` face-down cards centred at (x, y), with its label underneath. */
export function pile(ctx: CanvasRenderingContext2D, x: number, y: number, count: number, look: PileLook): void {
  const { cw, ch } = look;
  ctx.save();
  if (count === 0 && !look.riffle) {
    ctx.setLineDash([6, 5]);
    ctx.strokeStyle = 'rgba(241, 245, 238, 0.55)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.roundRect(x - cw / 2, y - ch / 2, cw, ch, cw * 0.07);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = LABEL;
    ctx.font = `italic ${Math.round(cw * 0.15)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillText('empty', x, y + 5);
  } else if (look.riffle) {
    for (const pose of look.riffle) card(ctx, pose, { face: look.back, back: look.back, cw, ch, selected: false });
  } else {
    const layers = Math.min(9, Math.ceil(count / 6));
    for (let l = 0; l < layers; l++) {
      card(ctx, { x: x - l * 0.5, y: y - l * 0.9, rot: 0, flip: 0 }, { face: look.back, back: look.back, cw, ch, selected: false });
    }
  }
  ctx.restore();
  if (look.label) label(ctx, x, y + ch / 2 + 9, look.label);
}

/** A label's box on the canvas, in CSS pixels (its backing plate). */
export interface LabelBox {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Writes a 13-px label centred at x with its top at y, on a dark plate of the felt's colour, so
 * it stays readable when a card passes over the felt under it; returns the plate's box.
 */
export function label(ctx: CanvasRenderingContext2D, x: number, y: number, text: string, ink = LABEL): LabelBox {
  ctx.save();
  ctx.font = '600 13px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const w = Math.ceil(ctx.measureText(text).width) + 10;
  const box = { text, x: x - w / 2, y: y - 3, w, h: 19 };
  ctx.fillStyle = 'rgba(12, 46, 29, 0.78)';
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.w, box.h, 6);
  ctx.fill();
  ctx.fillStyle = ink;
  ctx.fillText(text, x, y);
  ctx.restore();
  return box;
}

/**
 * Writes a quiet hint centred at (x, y) (shown on an empty table), broken into as many lines as
 * it takes to stay within `maxWidth` (a phone's table is narrower than the sentence).
 */
export function hint(ctx: CanvasRenderingContext2D, x: number, y: number, text: string, maxWidth = Infinity): void {
  ctx.save();
  ctx.fillStyle = LABEL;
  ctx.font = 'italic 15px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && ctx.measureText(`${lines[last]} ${word}`).width <= maxWidth) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  lines.forEach((line, i) => ctx.fillText(line, x, y + (i - (lines.length - 1) / 2) * 20));
  ctx.restore();
}
