/**
 * The German style (the 32-card Skat deck): Eichel (acorn), Grün (leaf), Herz (heart) and Schellen
 * (hawk bell) drawn as shapes, each in its own colours; 7–10, Unter, Ober, König and Ass (Daus).
 */
import type { FaceStyle } from './card.js';
import type { CourtSpec } from './courts.js';
import { circle, fillRect, type Pen } from './pen.js';

/** Text inks per suit (each ≥ 5:1 on the card stock). */
export const GERMAN_INK: Readonly<Record<string, string>> = {
  Eichel: '#5d3a1a',
  'Grün': '#1e6b2a',
  Herz: '#c8102e',
  Schellen: '#9c4a00',
};

const OUTLINE = '#3b2a1a';

function acorn(pen: Pen): void {
  pen.beginPath();
  pen.moveTo(0, -0.36);
  pen.quadraticCurveTo(0.06, -0.46, 0.02, -0.52);
  pen.stroke(OUTLINE, 0.06);
  pen.beginPath();
  pen.moveTo(-0.22, -0.1);
  pen.bezierCurveTo(-0.26, 0.2, -0.12, 0.42, 0, 0.5);
  pen.bezierCurveTo(0.12, 0.42, 0.26, 0.2, 0.22, -0.1);
  pen.closePath();
  pen.fill('#c98a2b');
  pen.stroke(OUTLINE, 0.035);
  pen.beginPath();
  pen.ellipse(0, -0.12, 0.29, 0.25, 0, Math.PI, 2 * Math.PI);
  pen.quadraticCurveTo(0, -0.02, -0.29, -0.12);
  pen.closePath();
  pen.fill('#6b4226');
  pen.stroke(OUTLINE, 0.035);
  pen.save();
  pen.clip();
  pen.beginPath();
  for (let d = -0.6; d < 0.6; d += 0.1) {
    pen.moveTo(d, -0.4);
    pen.lineTo(d + 0.3, 0);
    pen.moveTo(d + 0.3, -0.4);
    pen.lineTo(d, 0);
  }
  pen.stroke('#a8794a', 0.025);
  pen.restore();
}

function leaf(pen: Pen): void {
  pen.beginPath();
  pen.moveTo(0, -0.5);
  pen.bezierCurveTo(0.2, -0.34, 0.48, -0.14, 0.42, 0.1);
  pen.bezierCurveTo(0.38, 0.3, 0.14, 0.36, 0, 0.28);
  pen.bezierCurveTo(-0.14, 0.36, -0.38, 0.3, -0.42, 0.1);
  pen.bezierCurveTo(-0.48, -0.14, -0.2, -0.34, 0, -0.5);
  pen.closePath();
  pen.fill('#2e7d32');
  pen.stroke('#1b4d20', 0.035);
  pen.beginPath();
  pen.moveTo(0.01, 0.5);
  pen.lineTo(0, -0.38);
  for (const y of [-0.22, -0.06, 0.1]) {
    pen.moveTo(0, y + 0.08);
    pen.lineTo(0.22, y - 0.04);
    pen.moveTo(0, y + 0.08);
    pen.lineTo(-0.22, y - 0.04);
  }
  pen.stroke('#b9dfba', 0.035);
  pen.beginPath();
  pen.moveTo(0, 0.28);
  pen.lineTo(0.03, 0.5);
  pen.stroke('#1b4d20', 0.06);
}

function heart(pen: Pen): void {
  pen.beginPath();
  pen.moveTo(0, 0.46);
  pen.bezierCurveTo(-0.2, 0.28, -0.5, 0.1, -0.48, -0.16);
  pen.bezierCurveTo(-0.46, -0.44, -0.12, -0.5, 0, -0.24);
  pen.bezierCurveTo(0.12, -0.5, 0.46, -0.44, 0.48, -0.16);
  pen.bezierCurveTo(0.5, 0.1, 0.2, 0.28, 0, 0.46);
  pen.closePath();
  pen.fill('#c8102e');
  pen.stroke('#7a0a1c', 0.03);
  pen.beginPath();
  pen.ellipse(-0.22, -0.2, 0.08, 0.12, -0.5, 0, 2 * Math.PI);
  pen.fill('rgba(255, 255, 255, 0.45)');
}

function bell(pen: Pen): void {
  pen.beginPath();
  circle(pen, 0, -0.43, 0.07);
  pen.stroke('#7a3e00', 0.04);
  pen.beginPath();
  circle(pen, 0, 0.05, 0.42);
  pen.fill('#e0a100');
  pen.save();
  pen.clip();
  fillRect(pen, -0.5, -0.06, 1, 0.14, '#c8102e');
  pen.beginPath();
  pen.ellipse(-0.16, -0.18, 0.1, 0.07, -0.6, 0, 2 * Math.PI);
  pen.fill('rgba(255, 250, 220, 0.6)');
  pen.restore();
  pen.beginPath();
  circle(pen, 0, 0.05, 0.42);
  pen.stroke('#7a3e00', 0.04);
  pen.beginPath();
  circle(pen, 0, 0.26, 0.06);
  pen.fill(OUTLINE);
  pen.moveTo(0, 0.3);
  pen.lineTo(0, 0.47);
  pen.stroke(OUTLINE, 0.05);
}

const SHAPES: Record<string, (pen: Pen) => void> = { Eichel: acorn, 'Grün': leaf, Herz: heart, Schellen: bell };

/** Draws a German suit symbol `size` units tall, centred on (x, y). */
export function pip(pen: Pen, suit: string, x: number, y: number, size: number): void {
  pen.save();
  pen.translate(x, y);
  pen.scale(size, size);
  SHAPES[suit]?.(pen);
  pen.restore();
}

const CORNERS: Record<string, string> = { Unter: 'U', Ober: 'O', 'König': 'K', Ass: 'A' };
const COURTS: Record<string, CourtSpec['kind']> = { Unter: 'unter', Ober: 'ober', 'König': 'king' };
const ROBES: Record<string, [string, string]> = {
  Eichel: ['#6b4226', '#2e7d32'],
  'Grün': ['#1e6b2a', '#e0a100'],
  Herz: ['#b3121f', '#1e6b2a'],
  Schellen: ['#b86200', '#1f3b82'],
};

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
};
