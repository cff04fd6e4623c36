/**
 * What every card face shares, whatever its style: the ivory blank, the rank-and-suit corners, the
 * pip layouts of the number cards, the ace, the joker, the back's frame, and the contract a style
 * implements (`FaceStyle`). Everything is drawn with canvas paths in the unit box of geometry.ts.
 */
import type { Card } from 'fairdeck';
import { drawCourt, type CourtSpec } from './courts.js';
import { CARD_H, CARD_W, PAPER, SERIF, cardPath, mirrored } from './geometry.js';

/** A card style: its suit symbols and inks, corner labels, court figures and back. */
export interface FaceStyle {
  /** Style name as the package spells it. */
  readonly name: 'french' | 'german';
  /** Ink for a suit's text and outlines. */
  ink(suit: string): string;
  /** Draws the suit symbol `size` units tall, centred on (x, y). */
  pip(ctx: CanvasRenderingContext2D, suit: string, x: number, y: number, size: number): void;
  /** Corner index for a rank: 'A', '10', 'K', 'U', 'O'. */
  corner(rank: string): string;
  /** The court figure for a rank, or undefined for number cards and aces. */
  court(rank: string, suit: string): CourtSpec | undefined;
  /** Draws the back of a card of this style over the whole card box. */
  back(ctx: CanvasRenderingContext2D): void;
}

/** The pip positions of number cards: [column, row] with columns −1, 0, 1 and rows 0…1. */
const LAYOUTS: Record<number, [number, number][]> = {
  2: [[0, 0], [0, 1]],
  3: [[0, 0], [0, 0.5], [0, 1]],
  4: [[-1, 0], [1, 0], [-1, 1], [1, 1]],
  5: [[-1, 0], [1, 0], [0, 0.5], [-1, 1], [1, 1]],
  6: [[-1, 0], [1, 0], [-1, 0.5], [1, 0.5], [-1, 1], [1, 1]],
  7: [[-1, 0], [1, 0], [0, 0.25], [-1, 0.5], [1, 0.5], [-1, 1], [1, 1]],
  8: [[-1, 0], [1, 0], [0, 0.25], [-1, 0.5], [1, 0.5], [0, 0.75], [-1, 1], [1, 1]],
  9: [[-1, 0], [1, 0], [-1, 1 / 3], [1, 1 / 3], [0, 0.5], [-1, 2 / 3], [1, 2 / 3], [-1, 1], [1, 1]],
  10: [[-1, 0], [1, 0], [0, 1 / 6], [-1, 1 / 3], [1, 1 / 3], [-1, 2 / 3], [1, 2 / 3], [0, 5 / 6], [-1, 1], [1, 1]],
};

function corners(ctx: CanvasRenderingContext2D, card: Card, style: FaceStyle): void {
  const label = style.corner(card.rank ?? '');
  const ink = style.ink(card.suit ?? '');
  mirrored(ctx, () => {
    ctx.save();
    ctx.fillStyle = ink;
    ctx.font = `bold 48px ${SERIF}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.translate(30, 62);
    if (label.length > 1) ctx.scale(0.72, 1);
    ctx.fillText(label, 0, 0);
    ctx.restore();
    style.pip(ctx, card.suit ?? '', 30, 92, 32);
  });
}

function pips(ctx: CanvasRenderingContext2D, n: number, suit: string, style: FaceStyle): void {
  const size = n >= 9 ? 42 : 46;
  for (const [col, row] of LAYOUTS[n]) {
    const x = CARD_W / 2 + col * 46;
    const y = 78 + row * 194;
    if (row > 0.5) {
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(Math.PI);
      style.pip(ctx, suit, 0, 0, size);
      ctx.restore();
    } else {
      style.pip(ctx, suit, x, y, size);
    }
  }
}

function ace(ctx: CanvasRenderingContext2D, suit: string, style: FaceStyle): void {
  ctx.save();
  ctx.strokeStyle = style.ink(suit);
  ctx.globalAlpha = 0.35;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.ellipse(CARD_W / 2, CARD_H / 2, 74, 92, 0, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.setLineDash([3, 7]);
  ctx.beginPath();
  ctx.ellipse(CARD_W / 2, CARD_H / 2, 84, 104, 0, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.restore();
  style.pip(ctx, suit, CARD_W / 2, CARD_H / 2, 124);
}

function joker(ctx: CanvasRenderingContext2D, card: Card): void {
  const red = card.code === 'X2';
  const ink = red ? '#b3121f' : '#1a1a1a';
  const accent = red ? '#e0a100' : '#6b6b6b';
  mirrored(ctx, () => {
    ctx.fillStyle = ink;
    ctx.font = `bold 22px ${SERIF}`;
    ctx.textAlign = 'center';
    [...'JOKER'].forEach((ch, i) => ctx.fillText(ch, 26, 44 + i * 23));
  });
  // A jester's cap: three floppy points with bells, over a band.
  const tips: [number, number][] = [[62, 118], [125, 78], [188, 118]];
  tips.forEach(([x, y], i) => {
    ctx.beginPath();
    ctx.moveTo(82 + i * 30, 214);
    ctx.quadraticCurveTo(x + (i - 1) * 8, y + 60, x, y);
    ctx.quadraticCurveTo(x + 30 - i * 24, y + 50, 112 + i * 30, 214);
    ctx.closePath();
    ctx.fillStyle = i === 1 ? accent : ink;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(x, y, 10, 0, 2 * Math.PI);
    ctx.fillStyle = '#e8b64c';
    ctx.fill();
    ctx.strokeStyle = '#5d3a1a';
    ctx.lineWidth = 2;
    ctx.stroke();
  });
  ctx.fillStyle = ink;
  ctx.beginPath();
  ctx.roundRect(74, 210, 102, 20, 8);
  ctx.fill();
  ctx.font = `bold 34px ${SERIF}`;
  ctx.textAlign = 'center';
  ctx.fillText('JOKER', CARD_W / 2, 280);
}

/** The ivory card blank with its thin rim, in the card's unit box. */
function blank(ctx: CanvasRenderingContext2D): void {
  cardPath(ctx);
  ctx.fillStyle = PAPER;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#c9c1b0';
  ctx.stroke();
}

/** Draws the full face of `card` (ivory blank, corners, centre) in the card's unit box. */
export function drawFace(ctx: CanvasRenderingContext2D, card: Card, style: FaceStyle): void {
  blank(ctx);
  if (card.rank === 'Joker') return joker(ctx, card);
  corners(ctx, card, style);
  const suit = card.suit ?? '';
  const n = Number(card.rank);
  if (n >= 2 && n <= 10) return pips(ctx, n, suit, style);
  const spec = style.court(card.rank ?? '', suit);
  if (spec) return drawCourt(ctx, spec, (x, y, s) => style.pip(ctx, suit, x, y, s));
  ace(ctx, suit, style);
}

/** Draws the back of a card of `style`: the style's own design inside an ivory rim. */
export function drawBack(ctx: CanvasRenderingContext2D, style: FaceStyle): void {
  blank(ctx);
  ctx.save();
  cardPath(ctx, 12);
  ctx.clip();
  style.back(ctx);
  ctx.restore();
}

/** Fills the inside of a back with a lattice of diagonal lines over `fill` (used by both styles). */
export function lattice(ctx: CanvasRenderingContext2D, fill: string, line: string, step: number): void {
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, CARD_W, CARD_H);
  ctx.strokeStyle = line;
  ctx.lineWidth = 3;
  ctx.beginPath();
  for (let d = -CARD_H; d < CARD_W + CARD_H; d += step) {
    ctx.moveTo(d, 0);
    ctx.lineTo(d + CARD_H, CARD_H);
    ctx.moveTo(d, CARD_H);
    ctx.lineTo(d + CARD_H, 0);
  }
  ctx.stroke();
}
