/**
 * What court figures wear and hold: the king's and queen's crowns, the jack's (Ober's, Unter's)
 * feathered cap, and the sceptre, flower or pennant staff with the hand that holds it.
 */
import type { CourtSpec } from './courts.js';
import { CARD_H, CARD_W } from './geometry.js';

const CX = CARD_W / 2;
const MID = CARD_H / 2;
/** Skin tone of the court figures. */
export const SKIN = '#f2cba8';
/** Gold of crowns, collars and sceptres. */
export const GOLD = '#e0a100';
/** Outline ink of the figures. */
export const OUTLINE = '#3b2a1a';

/** A crown of `points` points rising to `top`; `round` puts pearls on the points (the queen's). */
export function crown(ctx: CanvasRenderingContext2D, points: number, top: number, round: boolean): void {
  const left = CX - 22;
  const step = 44 / (points - 1);
  ctx.beginPath();
  ctx.moveTo(left, 74);
  for (let i = 0; i < points; i++) {
    ctx.lineTo(left + i * step, top);
    if (i < points - 1) ctx.lineTo(left + (i + 0.5) * step, top + 14);
  }
  ctx.lineTo(left + 44, 74);
  ctx.closePath();
  ctx.fillStyle = GOLD;
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 1.6;
  ctx.stroke();
  for (let i = 0; i < points; i++) {
    ctx.beginPath();
    ctx.arc(left + i * step, top, round ? 4 : 2.6, 0, 2 * Math.PI);
    ctx.fillStyle = round ? '#f7f0e0' : GOLD;
    ctx.fill();
    ctx.stroke();
  }
  ctx.fillStyle = '#b3121f';
  ctx.beginPath();
  ctx.arc(CX, 68, 3.4, 0, 2 * Math.PI);
  ctx.fill();
}

/** A cap with a feather in the figure's trim colour. */
export function cap(ctx: CanvasRenderingContext2D, spec: CourtSpec): void {
  ctx.beginPath();
  ctx.ellipse(CX + 4, 70, 30, 11, -0.12, 0, 2 * Math.PI);
  ctx.fillStyle = spec.robe;
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 1.6;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(CX + 22, 64);
  ctx.quadraticCurveTo(CX + 52, 40, CX + 40, 36);
  ctx.quadraticCurveTo(CX + 38, 52, CX + 16, 62);
  ctx.fillStyle = spec.trim;
  ctx.fill();
  ctx.stroke();
}

function hand(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  ctx.beginPath();
  ctx.arc(x, y, 6.5, 0, 2 * Math.PI);
  ctx.fillStyle = SKIN;
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 1.2;
  ctx.stroke();
}

/** What the figure holds: a sceptre (king), a flower (queen), a pennant staff (jack, Ober, Unter). */
export function item(ctx: CanvasRenderingContext2D, spec: CourtSpec): void {
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 1.4;
  if (spec.kind === 'queen') {
    ctx.strokeStyle = '#1e6b2a';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(CX - 40, MID);
    ctx.lineTo(CX - 46, 132);
    ctx.stroke();
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * 2 * Math.PI;
      ctx.beginPath();
      ctx.arc(CX - 46 + 7 * Math.cos(a), 126 + 7 * Math.sin(a), 5, 0, 2 * Math.PI);
      ctx.fillStyle = spec.trim;
      ctx.fill();
    }
    hand(ctx, CX - 41, 150);
    return;
  }
  const x = CX + 44;
  ctx.lineWidth = 4;
  ctx.strokeStyle = spec.kind === 'king' ? GOLD : '#8c8c8c';
  ctx.beginPath();
  ctx.moveTo(x - 4, MID);
  ctx.lineTo(x + 4, 100);
  ctx.stroke();
  if (spec.kind === 'king') {
    ctx.beginPath();
    ctx.arc(x + 4, 96, 7, 0, 2 * Math.PI);
    ctx.fillStyle = GOLD;
    ctx.fill();
  } else {
    ctx.beginPath();
    ctx.moveTo(x + 4, 100);
    ctx.lineTo(x + 26, 106);
    ctx.lineTo(x + 3, 116);
    ctx.closePath();
    ctx.fillStyle = spec.trim;
    ctx.fill();
  }
  hand(ctx, x - 1, 150);
}

