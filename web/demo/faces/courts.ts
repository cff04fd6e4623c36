/**
 * Court cards (King, Queen, Jack; König, Ober, Unter): a framed, double-headed half figure drawn
 * with paths — robe, head, hair, headwear and a held item differ by rank, colours by suit — and
 * the suit symbol placed where the style puts it (French: by the crown; German Ober high, Unter low).
 */
import { CARD_H, CARD_W, mirrored } from './geometry.js';
import { cap, crown, GOLD, item, OUTLINE, SKIN } from './regalia.js';

/** How to draw one court figure. */
export interface CourtSpec {
  /** Rank of the figure: decides the headwear, the hair and the held item. */
  readonly kind: 'king' | 'queen' | 'jack' | 'ober' | 'unter';
  /** Main robe colour. */
  readonly robe: string;
  /** Trim colour (collar band, pennant, cap feather). */
  readonly trim: string;
  /** Outline ink (the suit's ink). */
  readonly ink: string;
  /** Where the suit symbol sits: by the head (French), high (Ober, König) or low (Unter). */
  readonly emblem: 'corner' | 'high' | 'low';
}

const FRAME = { x: 54, y: 34, w: CARD_W - 108, h: CARD_H - 68 };
const MID = CARD_H / 2;
const CX = CARD_W / 2;

function head(ctx: CanvasRenderingContext2D, spec: CourtSpec): void {
  const hair = spec.kind === 'king' ? '#c9c1b4' : spec.kind === 'queen' ? '#c98a2b' : '#6b4226';
  if (spec.kind === 'queen') {
    ctx.beginPath();
    ctx.moveTo(CX - 22, 84);
    ctx.quadraticCurveTo(CX - 34, 118, CX - 24, 132);
    ctx.lineTo(CX + 24, 132);
    ctx.quadraticCurveTo(CX + 34, 118, CX + 22, 84);
    ctx.fillStyle = hair;
    ctx.fill();
  }
  ctx.fillStyle = SKIN;
  ctx.fillRect(CX - 6, 106, 12, 14);
  ctx.beginPath();
  ctx.arc(CX, 92, 19, 0, 2 * Math.PI);
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 1.4;
  ctx.stroke();
  ctx.fillStyle = hair;
  ctx.beginPath();
  ctx.arc(CX, 88, 19.5, Math.PI * 1.05, Math.PI * 1.95);
  ctx.closePath();
  ctx.fill();
  if (spec.kind === 'king') {
    ctx.beginPath();
    ctx.moveTo(CX - 17, 97);
    ctx.quadraticCurveTo(CX, 136, CX + 17, 97);
    ctx.quadraticCurveTo(CX, 106, CX - 17, 97);
    ctx.fill();
  }
  if (spec.kind === 'ober' || spec.kind === 'unter') {
    ctx.strokeStyle = '#6b4226';
    ctx.lineWidth = 2.2;
    ctx.beginPath();
    ctx.moveTo(CX - 9, 101);
    ctx.quadraticCurveTo(CX, 97, CX + 9, 101);
    ctx.stroke();
  }
  ctx.fillStyle = OUTLINE;
  for (const dx of [-7, 7]) {
    ctx.beginPath();
    ctx.arc(CX + dx, 91, 2, 0, 2 * Math.PI);
    ctx.fill();
  }
}

function body(ctx: CanvasRenderingContext2D, spec: CourtSpec): void {
  ctx.beginPath();
  ctx.moveTo(CX - 56, MID + 2);
  ctx.lineTo(CX - 56, 146);
  ctx.bezierCurveTo(CX - 56, 128, CX - 42, 121, CX - 18, 119);
  ctx.lineTo(CX + 18, 119);
  ctx.bezierCurveTo(CX + 42, 121, CX + 56, 128, CX + 56, 146);
  ctx.lineTo(CX + 56, MID + 2);
  ctx.closePath();
  ctx.fillStyle = spec.robe;
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 1.6;
  ctx.stroke();
  ctx.fillStyle = spec.trim;
  ctx.fillRect(CX - 9, 120, 18, MID - 118);
  ctx.strokeRect(CX - 9, 120, 18, MID - 118);
  ctx.fillStyle = 'rgba(255, 250, 235, 0.55)';
  for (let y = 140; y < MID; y += 12) {
    for (const dx of [-44, -30, 30, 44]) {
      ctx.beginPath();
      ctx.arc(CX + dx, y + (dx > 0 ? 5 : 0), 2.2, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  ctx.beginPath(); // sleeves
  ctx.moveTo(CX - 38, 128);
  ctx.quadraticCurveTo(CX - 30, 150, CX - 40, 164);
  ctx.moveTo(CX + 38, 128);
  ctx.quadraticCurveTo(CX + 30, 150, CX + 40, 164);
  ctx.stroke();
  ctx.fillStyle = GOLD;
  ctx.beginPath();
  ctx.ellipse(CX, 120, 26, 7, 0, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
}

/** Draws the framed, double-headed court figure of `spec`; `pip` draws the suit symbol. */
export function drawCourt(
  ctx: CanvasRenderingContext2D,
  spec: CourtSpec,
  pip: (x: number, y: number, size: number) => void,
): void {
  ctx.save();
  ctx.fillStyle = '#f6eedb';
  ctx.fillRect(FRAME.x, FRAME.y, FRAME.w, FRAME.h);
  mirrored(ctx, () => {
    ctx.save();
    ctx.beginPath();
    ctx.rect(FRAME.x, FRAME.y, FRAME.w, MID - FRAME.y);
    ctx.clip();
    body(ctx, spec);
    head(ctx, spec);
    if (spec.kind === 'king') crown(ctx, 5, 44, false);
    else if (spec.kind === 'queen') crown(ctx, 3, 52, true);
    else cap(ctx, spec);
    item(ctx, spec);
    ctx.restore();
    const [x, y, size] = { corner: [76, 58, 28], high: [84, 58, 30], low: [76, 150, 24] }[spec.emblem];
    if (spec.emblem === 'low') {
      ctx.beginPath();
      ctx.arc(x, y, 17, 0, 2 * Math.PI);
      ctx.fillStyle = '#fffdf8';
      ctx.fill();
      ctx.strokeStyle = spec.ink;
      ctx.lineWidth = 1.6;
      ctx.stroke();
    }
    pip(x, y, size);
  });
  ctx.strokeStyle = spec.ink;
  ctx.lineWidth = 2;
  ctx.strokeRect(FRAME.x, FRAME.y, FRAME.w, FRAME.h);
  ctx.beginPath();
  ctx.moveTo(FRAME.x, MID);
  ctx.lineTo(FRAME.x + FRAME.w, MID);
  ctx.stroke();
  ctx.restore();
}
