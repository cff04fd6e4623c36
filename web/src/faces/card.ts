/**
 * What every card face shares, whatever its style: the ivory blank, the rank-and-suit corners, the
 * pip layouts of the number cards, the ace, the joker, the back's frame, and the contract a style
 * implements (`FaceStyle`). Everything is drawn with the pen in the unit box of geometry.ts.
 */
import type { Face } from './codes.js';
import { drawCourt, type CourtSpec } from './courts.js';
import { CARD_H, CARD_W, PAPER, cardPath, mirrored, withAlpha } from './geometry.js';
import { text } from './glyphs.js';
import { circle, fillRect, roundRect, type Pen } from './pen.js';

/** A card style: its suit symbols and inks, corner labels, court figures and back. */
export interface FaceStyle {
  /** Style name as the package spells it. */
  readonly name: 'french' | 'german';
  /** Ink for a suit's text and outlines. */
  ink(suit: string): string;
  /** Draws the suit symbol `size` units tall, centred on (x, y). */
  pip(pen: Pen, suit: string, x: number, y: number, size: number): void;
  /** Corner index for a rank: 'A', '10', 'K', 'U', 'O'. */
  corner(rank: string): string;
  /** The court figure for a rank, or undefined for number cards and aces. */
  court(rank: string, suit: string): CourtSpec | undefined;
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

function corners(pen: Pen, face: Face, style: FaceStyle): void {
  const label = style.corner(face.rank);
  const ink = style.ink(face.suit);
  mirrored(pen, () => {
    text(pen, label, { x: 30, y: 62, height: 33, maxWidth: 38 }, ink);
    style.pip(pen, face.suit, 30, 92, 32);
  });
}

function pips(pen: Pen, n: number, suit: string, style: FaceStyle): void {
  const size = n >= 9 ? 42 : 46;
  for (const [col, row] of LAYOUTS[n]) {
    const x = CARD_W / 2 + col * 46;
    const y = 78 + row * 194;
    if (row > 0.5) {
      pen.save();
      pen.translate(x, y);
      pen.rotate(Math.PI);
      style.pip(pen, suit, 0, 0, size);
      pen.restore();
    } else {
      style.pip(pen, suit, x, y, size);
    }
  }
}

function ace(pen: Pen, suit: string, style: FaceStyle): void {
  const ring = withAlpha(style.ink(suit), 0.35);
  pen.beginPath();
  pen.ellipse(CARD_W / 2, CARD_H / 2, 74, 92, 0, 0, 2 * Math.PI);
  pen.stroke(ring, 2);
  pen.beginPath();
  pen.ellipse(CARD_W / 2, CARD_H / 2, 84, 104, 0, 0, 2 * Math.PI);
  pen.stroke(ring, 2, { dash: [3, 7] });
  style.pip(pen, suit, CARD_W / 2, CARD_H / 2, 124);
}

function joker(pen: Pen, face: Face): void {
  const red = face.code === 'X2';
  const ink = red ? '#b3121f' : '#1a1a1a';
  const accent = red ? '#e0a100' : '#6b6b6b';
  mirrored(pen, () => [...'JOKER'].forEach((ch, i) => text(pen, ch, { x: 26, y: 44 + i * 23, height: 15 }, ink)));
  // A jester's cap: three floppy points with bells, over a band.
  const tips: [number, number][] = [[62, 118], [125, 78], [188, 118]];
  tips.forEach(([x, y], i) => {
    pen.beginPath();
    pen.moveTo(82 + i * 30, 214);
    pen.quadraticCurveTo(x + (i - 1) * 8, y + 60, x, y);
    pen.quadraticCurveTo(x + 30 - i * 24, y + 50, 112 + i * 30, 214);
    pen.closePath();
    pen.fill(i === 1 ? accent : ink);
    pen.beginPath();
    circle(pen, x, y, 10);
    pen.fill('#e8b64c');
    pen.stroke('#5d3a1a', 2);
  });
  pen.beginPath();
  roundRect(pen, 74, 210, 102, 20, 8);
  pen.fill(ink);
  text(pen, 'JOKER', { x: CARD_W / 2, y: 280, height: 24 }, ink);
}

/** The ivory card blank with its thin rim, in the card's unit box. */
function blank(pen: Pen): void {
  cardPath(pen);
  pen.fill(PAPER);
  pen.stroke('#c9c1b0', 2);
}

/** Draws the full face of `face` (ivory blank, corners, centre) in the card's unit box. */
export function drawFace(pen: Pen, face: Face, style: FaceStyle): void {
  blank(pen);
  if (face.rank === 'Joker') return joker(pen, face);
  corners(pen, face, style);
  const n = Number(face.rank);
  if (n >= 2 && n <= 10) return pips(pen, n, face.suit, style);
  const spec = style.court(face.rank, face.suit);
  if (spec) return drawCourt(pen, spec, (x, y, s) => style.pip(pen, face.suit, x, y, s));
  ace(pen, face.suit, style);
}

/** Draws a back: `design` inside an ivory rim, clipped to the card. */
export function drawBack(pen: Pen, design: (pen: Pen) => void): void {
  blank(pen);
  pen.save();
  cardPath(pen, 12);
  pen.clip();
  design(pen);
  pen.restore();
}

/** Fills the inside of a back with a lattice of diagonal lines over `fill` (used by the backs). */
export function lattice(pen: Pen, fill: string, line: string, step: number): void {
  fillRect(pen, 0, 0, CARD_W, CARD_H, fill);
  pen.beginPath();
  for (let d = -CARD_H; d < CARD_W + CARD_H; d += step) {
    pen.moveTo(d, 0);
    pen.lineTo(d + CARD_H, CARD_H);
    pen.moveTo(d, CARD_H);
    pen.lineTo(d + CARD_H, 0);
  }
  pen.stroke(line, 3);
}
