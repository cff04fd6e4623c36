/**
 * The German style (the 32-card Skat deck): Eichel (acorn), Grün (leaf), Herz (heart) and Schellen
 * (hawk bell) drawn as shapes, each in its own colours; 7–10, Unter, Ober, König and Ass (Daus);
 * an oxblood back with an acorn medallion.
 */
import { lattice, type FaceStyle } from './card.js';
import type { CourtSpec } from './courts.js';
import { CARD_H, CARD_W, PAPER } from './geometry.js';

/** Text inks per suit (each ≥ 5:1 on the card stock). */
export const GERMAN_INK: Readonly<Record<string, string>> = {
  Eichel: '#5d3a1a',
  'Grün': '#1e6b2a',
  Herz: '#c8102e',
  Schellen: '#9c4a00',
};

const OUTLINE = '#3b2a1a';

function acorn(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.moveTo(0, -0.36);
  ctx.quadraticCurveTo(0.06, -0.46, 0.02, -0.52);
  ctx.lineWidth = 0.06;
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(-0.22, -0.1);
  ctx.bezierCurveTo(-0.26, 0.2, -0.12, 0.42, 0, 0.5);
  ctx.bezierCurveTo(0.12, 0.42, 0.26, 0.2, 0.22, -0.1);
  ctx.closePath();
  ctx.fillStyle = '#c98a2b';
  ctx.fill();
  ctx.lineWidth = 0.035;
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(0, -0.12, 0.29, 0.25, 0, Math.PI, 2 * Math.PI);
  ctx.quadraticCurveTo(0, -0.02, -0.29, -0.12);
  ctx.fillStyle = '#6b4226';
  ctx.fill();
  ctx.stroke();
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = '#a8794a';
  ctx.lineWidth = 0.025;
  ctx.beginPath();
  for (let d = -0.6; d < 0.6; d += 0.1) {
    ctx.moveTo(d, -0.4);
    ctx.lineTo(d + 0.3, 0);
    ctx.moveTo(d + 0.3, -0.4);
    ctx.lineTo(d, 0);
  }
  ctx.stroke();
  ctx.restore();
}

function leaf(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.moveTo(0, -0.5);
  ctx.bezierCurveTo(0.2, -0.34, 0.48, -0.14, 0.42, 0.1);
  ctx.bezierCurveTo(0.38, 0.3, 0.14, 0.36, 0, 0.28);
  ctx.bezierCurveTo(-0.14, 0.36, -0.38, 0.3, -0.42, 0.1);
  ctx.bezierCurveTo(-0.48, -0.14, -0.2, -0.34, 0, -0.5);
  ctx.fillStyle = '#2e7d32';
  ctx.fill();
  ctx.strokeStyle = '#1b4d20';
  ctx.lineWidth = 0.035;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(0.01, 0.5);
  ctx.lineTo(0, -0.38);
  for (const y of [-0.22, -0.06, 0.1]) {
    ctx.moveTo(0, y + 0.08);
    ctx.lineTo(0.22, y - 0.04);
    ctx.moveTo(0, y + 0.08);
    ctx.lineTo(-0.22, y - 0.04);
  }
  ctx.strokeStyle = '#b9dfba';
  ctx.lineWidth = 0.035;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(0, 0.28);
  ctx.lineTo(0.03, 0.5);
  ctx.strokeStyle = '#1b4d20';
  ctx.lineWidth = 0.06;
  ctx.stroke();
}

function heart(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.moveTo(0, 0.46);
  ctx.bezierCurveTo(-0.2, 0.28, -0.5, 0.1, -0.48, -0.16);
  ctx.bezierCurveTo(-0.46, -0.44, -0.12, -0.5, 0, -0.24);
  ctx.bezierCurveTo(0.12, -0.5, 0.46, -0.44, 0.48, -0.16);
  ctx.bezierCurveTo(0.5, 0.1, 0.2, 0.28, 0, 0.46);
  ctx.fillStyle = '#c8102e';
  ctx.fill();
  ctx.strokeStyle = '#7a0a1c';
  ctx.lineWidth = 0.03;
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(-0.22, -0.2, 0.08, 0.12, -0.5, 0, 2 * Math.PI);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.45)';
  ctx.fill();
}

function bell(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.arc(0, -0.43, 0.07, 0, 2 * Math.PI);
  ctx.strokeStyle = '#7a3e00';
  ctx.lineWidth = 0.04;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(0, 0.05, 0.42, 0, 2 * Math.PI);
  ctx.fillStyle = '#e0a100';
  ctx.fill();
  ctx.save();
  ctx.clip();
  ctx.fillStyle = '#c8102e';
  ctx.fillRect(-0.5, -0.06, 1, 0.14);
  ctx.fillStyle = 'rgba(255, 250, 220, 0.6)';
  ctx.beginPath();
  ctx.ellipse(-0.16, -0.18, 0.1, 0.07, -0.6, 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(0, 0.26, 0.06, 0, 2 * Math.PI);
  ctx.moveTo(0, 0.3);
  ctx.lineTo(0, 0.47);
  ctx.fillStyle = '#3b2a1a';
  ctx.fill();
  ctx.lineWidth = 0.05;
  ctx.strokeStyle = '#3b2a1a';
  ctx.stroke();
}

const SHAPES: Record<string, (ctx: CanvasRenderingContext2D) => void> = { Eichel: acorn, 'Grün': leaf, Herz: heart, Schellen: bell };

function pip(ctx: CanvasRenderingContext2D, suit: string, x: number, y: number, size: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size, size);
  SHAPES[suit]?.(ctx);
  ctx.restore();
}

const CORNERS: Record<string, string> = { Unter: 'U', Ober: 'O', 'König': 'K', Ass: 'A' };
const COURTS: Record<string, CourtSpec['kind']> = { Unter: 'unter', Ober: 'ober', 'König': 'king' };
const ROBES: Record<string, [string, string]> = {
  Eichel: ['#6b4226', '#2e7d32'],
  'Grün': ['#1e6b2a', '#e0a100'],
  Herz: ['#b3121f', '#1e6b2a'],
  Schellen: ['#b86200', '#1f3b82'],
};

function back(ctx: CanvasRenderingContext2D): void {
  lattice(ctx, '#6e1b1b', '#8f3434', 22);
  ctx.beginPath();
  ctx.ellipse(CARD_W / 2, CARD_H / 2, 54, 72, 0, 0, 2 * Math.PI);
  ctx.fillStyle = PAPER;
  ctx.fill();
  ctx.lineWidth = 5;
  ctx.strokeStyle = '#e0a100';
  ctx.stroke();
  pip(ctx, 'Eichel', CARD_W / 2, CARD_H / 2, 84);
}

/** The German style (32 cards: 7, 8, 9, 10, Unter, Ober, König, Ass of each suit; jokers). */
export const german: FaceStyle = {
  name: 'german',
  ink: (suit) => GERMAN_INK[suit] ?? '#1a1a1a',
  pip,
  corner: (rank) => CORNERS[rank] ?? rank,
  court(rank, suit) {
    const kind = COURTS[rank];
    if (!kind) return undefined;
    const [robe, trim] = ROBES[suit] ?? ['#1f3b82', '#b3121f'];
    return { kind, robe, trim, ink: GERMAN_INK[suit] ?? '#1a1a1a', emblem: kind === 'unter' ? 'low' : 'high' };
  },
  back,
};
