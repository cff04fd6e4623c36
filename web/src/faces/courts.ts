/**
 * Court cards (King, Queen, Jack; König, Ober, Unter): a framed, double-headed half figure drawn
 * with the pen — robe, head, hair, headwear and a held item differ by rank, colours by suit — and
 * the suit symbol placed where the style puts it (French: by the crown; German Ober high, Unter low).
 */
import { CARD_H, CARD_W, mirrored } from './geometry.js';
import { circle, fillRect, strokeRect, type Pen } from './pen.js';
import type { CourtSpec } from './court-spec.js';
import { cap, crown, GOLD, item, OUTLINE, SKIN } from './regalia.js';

export type { CourtSpec } from './court-spec.js';


const FRAME = { x: 54, y: 34, w: CARD_W - 108, h: CARD_H - 68 };
const MID = CARD_H / 2;
const CX = CARD_W / 2;

function head(pen: Pen, spec: CourtSpec): void {
  const hair = spec.kind === 'king' ? '#c9c1b4' : spec.kind === 'queen' ? '#c98a2b' : '#6b4226';
  if (spec.kind === 'queen') {
    pen.beginPath();
    pen.moveTo(CX - 22, 84);
    pen.quadraticCurveTo(CX - 34, 118, CX - 24, 132);
    pen.lineTo(CX + 24, 132);
    pen.quadraticCurveTo(CX + 34, 118, CX + 22, 84);
    pen.closePath();
    pen.fill(hair);
  }
  fillRect(pen, CX - 6, 106, 12, 14, SKIN);
  pen.beginPath();
  circle(pen, CX, 92, 19);
  pen.fill(SKIN);
  pen.stroke(OUTLINE, 1.4);
  pen.beginPath();
  pen.ellipse(CX, 88, 19.5, 19.5, 0, Math.PI * 1.05, Math.PI * 1.95);
  pen.closePath();
  pen.fill(hair);
  if (spec.kind === 'king') {
    pen.beginPath();
    pen.moveTo(CX - 17, 97);
    pen.quadraticCurveTo(CX, 136, CX + 17, 97);
    pen.quadraticCurveTo(CX, 106, CX - 17, 97);
    pen.fill(hair);
  }
  if (spec.kind === 'ober' || spec.kind === 'unter') {
    pen.beginPath();
    pen.moveTo(CX - 9, 101);
    pen.quadraticCurveTo(CX, 97, CX + 9, 101);
    pen.stroke('#6b4226', 2.2);
  }
  for (const dx of [-7, 7]) {
    pen.beginPath();
    circle(pen, CX + dx, 91, 2);
    pen.fill(OUTLINE);
  }
}

function body(pen: Pen, spec: CourtSpec): void {
  pen.beginPath();
  pen.moveTo(CX - 56, MID + 2);
  pen.lineTo(CX - 56, 146);
  pen.bezierCurveTo(CX - 56, 128, CX - 42, 121, CX - 18, 119);
  pen.lineTo(CX + 18, 119);
  pen.bezierCurveTo(CX + 42, 121, CX + 56, 128, CX + 56, 146);
  pen.lineTo(CX + 56, MID + 2);
  pen.closePath();
  pen.fill(spec.robe);
  pen.stroke(OUTLINE, 1.6);
  pen.beginPath();
  pen.rect(CX - 9, 120, 18, MID - 118);
  pen.fill(spec.trim);
  pen.stroke(OUTLINE, 1.6);
  for (let y = 140; y < MID; y += 12) {
    for (const dx of [-44, -30, 30, 44]) {
      pen.beginPath();
      circle(pen, CX + dx, y + (dx > 0 ? 5 : 0), 2.2);
      pen.fill('rgba(255, 250, 235, 0.55)');
    }
  }
  pen.beginPath(); // sleeves
  pen.moveTo(CX - 38, 128);
  pen.quadraticCurveTo(CX - 30, 150, CX - 40, 164);
  pen.moveTo(CX + 38, 128);
  pen.quadraticCurveTo(CX + 30, 150, CX + 40, 164);
  pen.stroke(OUTLINE, 1.6);
  pen.beginPath();
  pen.ellipse(CX, 120, 26, 7, 0, 0, 2 * Math.PI);
  pen.fill(GOLD);
  pen.stroke(OUTLINE, 1.6);
}

/** Draws the framed, double-headed court figure of `spec`; `pip` draws the suit symbol. */
export function drawCourt(pen: Pen, spec: CourtSpec, pip: (x: number, y: number, size: number) => void): void {
  fillRect(pen, FRAME.x, FRAME.y, FRAME.w, FRAME.h, '#f6eedb');
  mirrored(pen, () => {
    pen.save();
    pen.beginPath();
    pen.rect(FRAME.x, FRAME.y, FRAME.w, MID - FRAME.y);
    pen.clip();
    body(pen, spec);
    head(pen, spec);
    if (spec.kind === 'king') crown(pen, 5, 44, false);
    else if (spec.kind === 'queen') crown(pen, 3, 52, true);
    else cap(pen, spec);
    item(pen, spec);
    pen.restore();
    const [x, y, size] = { corner: [76, 58, 28], high: [84, 58, 30], low: [76, 150, 24] }[spec.emblem];
    if (spec.emblem === 'low') {
      pen.beginPath();
      circle(pen, x, y, 17);
      pen.fill('#fffdf8');
      pen.stroke(spec.ink, 1.6);
    }
    pip(x, y, size);
  });
  strokeRect(pen, FRAME.x, FRAME.y, FRAME.w, FRAME.h, spec.ink, 2);
  pen.beginPath();
  pen.moveTo(FRAME.x, MID);
  pen.lineTo(FRAME.x + FRAME.w, MID);
  pen.stroke(spec.ink, 2);
}
