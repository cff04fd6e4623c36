/**
 * What court figures wear and hold: the king's and queen's crowns, the jack's (Ober's, Unter's)
 * feathered cap, and the sceptre, flower or pennant staff with the hand that holds it.
 */
import type { CourtSpec } from './court-spec.js';
import { CARD_H, CARD_W } from './geometry.js';
import { circle, type Pen } from './pen.js';

const CX = CARD_W / 2;
const MID = CARD_H / 2;
/** Skin tone of the court figures. */
export const SKIN = '#f2cba8';
/** Gold of crowns, collars and sceptres. */
export const GOLD = '#e0a100';
/** Outline ink of the figures. */
export const OUTLINE = '#3b2a1a';

/** A crown of `points` points rising to `top`; `round` puts pearls on the points (the queen's). */
export function crown(pen: Pen, points: number, top: number, round: boolean): void {
  const left = CX - 22;
  const step = 44 / (points - 1);
  pen.beginPath();
  pen.moveTo(left, 74);
  for (let i = 0; i < points; i++) {
    pen.lineTo(left + i * step, top);
    if (i < points - 1) pen.lineTo(left + (i + 0.5) * step, top + 14);
  }
  pen.lineTo(left + 44, 74);
  pen.closePath();
  pen.fill(GOLD);
  pen.stroke(OUTLINE, 1.6);
  for (let i = 0; i < points; i++) {
    pen.beginPath();
    circle(pen, left + i * step, top, round ? 4 : 2.6);
    pen.fill(round ? '#f7f0e0' : GOLD);
    pen.stroke(OUTLINE, 1.6);
  }
  pen.beginPath();
  circle(pen, CX, 68, 3.4);
  pen.fill('#b3121f');
}

/** A cap with a feather in the figure's trim colour. */
export function cap(pen: Pen, spec: CourtSpec): void {
  pen.beginPath();
  pen.ellipse(CX + 4, 70, 30, 11, -0.12, 0, 2 * Math.PI);
  pen.fill(spec.robe);
  pen.stroke(OUTLINE, 1.6);
  pen.beginPath();
  pen.moveTo(CX + 22, 64);
  pen.quadraticCurveTo(CX + 52, 40, CX + 40, 36);
  pen.quadraticCurveTo(CX + 38, 52, CX + 16, 62);
  pen.fill(spec.trim);
  pen.stroke(OUTLINE, 1.6);
}

function hand(pen: Pen, x: number, y: number): void {
  pen.beginPath();
  circle(pen, x, y, 6.5);
  pen.fill(SKIN);
  pen.stroke(OUTLINE, 1.2);
}

/** What the figure holds: a sceptre (king), a flower (queen), a pennant staff (jack, Ober, Unter). */
export function item(pen: Pen, spec: CourtSpec): void {
  if (spec.kind === 'queen') {
    pen.beginPath();
    pen.moveTo(CX - 40, MID);
    pen.lineTo(CX - 46, 132);
    pen.stroke('#1e6b2a', 3);
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * 2 * Math.PI;
      pen.beginPath();
      circle(pen, CX - 46 + 7 * Math.cos(a), 126 + 7 * Math.sin(a), 5);
      pen.fill(spec.trim);
    }
    hand(pen, CX - 41, 150);
    return;
  }
  const x = CX + 44;
  pen.beginPath();
  pen.moveTo(x - 4, MID);
  pen.lineTo(x + 4, 100);
  pen.stroke(spec.kind === 'king' ? GOLD : '#8c8c8c', 4);
  pen.beginPath();
  if (spec.kind === 'king') {
    circle(pen, x + 4, 96, 7);
    pen.fill(GOLD);
  } else {
    pen.moveTo(x + 4, 100);
    pen.lineTo(x + 26, 106);
    pen.lineTo(x + 3, 116);
    pen.closePath();
    pen.fill(spec.trim);
  }
  hand(pen, x - 1, 150);
}
