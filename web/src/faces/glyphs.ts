/**
 * The letters and digits printed on cards (corner indices and JOKER), drawn as stroked centre
 * lines rather than with a font, so every browser, OS and server draws the same card. Each glyph
 * lives in a box 100 units tall (cap height; y grows down, the baseline is y = 100).
 */
import type { Pen } from './pen.js';

interface Glyph {
  readonly width: number;
  /** Centre lines: M x y, L x y, Q cx cy x y, C c1x c1y c2x c2y x y, O cx cy rx ry (an ellipse). */
  readonly path: string;
}

const GLYPHS: Readonly<Record<string, Glyph>> = {
  A: { width: 64, path: 'M0 100L32 0L64 100M12 64L52 64' },
  '0': { width: 56, path: 'O28 50 28 50' },
  '1': { width: 34, path: 'M0 20L28 0L28 100' },
  '2': { width: 58, path: 'M3 24C3 8 15 0 29 0C46 0 56 10 56 26C56 44 40 58 2 100L58 100' },
  '3': { width: 58, path: 'M5 12C12 4 20 0 30 0C46 0 54 10 54 24C54 38 44 46 26 46C46 46 58 56 58 72C58 90 46 100 29 100C17 100 7 95 1 86' },
  '4': { width: 60, path: 'M44 100L44 0L0 70L60 70' },
  '5': { width: 58, path: 'M54 0L10 0L6 44C14 38 21 36 30 36C48 36 58 50 58 67C58 86 46 100 28 100C16 100 7 95 1 88' },
  '6': { width: 58, path: 'M52 8C46 2 39 0 31 0C12 0 3 22 3 56C3 86 14 100 31 100C48 100 58 88 58 70C58 52 48 40 31 40C18 40 8 48 3 60' },
  '7': { width: 58, path: 'M0 0L58 0L20 100' },
  '8': { width: 58, path: 'O29 24 22 24O29 72 28 28' },
  '9': { width: 58, path: 'M6 92C12 98 19 100 27 100C46 100 55 78 55 44C55 14 44 0 27 0C10 0 0 12 0 30C0 48 10 60 27 60C40 60 50 52 55 40' },
  J: { width: 50, path: 'M48 0L48 70C48 90 38 100 24 100C10 100 2 90 2 76' },
  Q: { width: 60, path: 'O30 50 30 50M36 70L62 104' },
  K: { width: 58, path: 'M4 0L4 100M56 0L4 64M22 44L58 100' },
  U: { width: 56, path: 'M2 0L2 68C2 88 12 100 28 100C44 100 54 88 54 68L54 0' },
  O: { width: 60, path: 'O30 50 30 50' },
  E: { width: 50, path: 'M50 0L4 0L4 100L50 100M4 48L42 48' },
  R: { width: 56, path: 'M4 100L4 0L30 0C46 0 54 10 54 26C54 42 46 52 30 52L4 52M28 52L56 100' },
};

/** Stroke width in glyph units (a bold weight). */
const WEIGHT = 15;
/** Gap between glyph boxes in glyph units (the stroke overhangs each box by WEIGHT / 2). */
const SPACING = 24;

const ARGS: Record<string, number> = { M: 2, L: 2, Q: 4, C: 6, O: 4 };

/** Traces one glyph: glyph units scaled by (sx, sy), then offset to (ox, oy). */
function trace(pen: Pen, glyph: Glyph, ox: number, oy: number, sx: number, sy: number): void {
  const tokens = glyph.path.match(/[A-Z]|-?[\d.]+/g) ?? [];
  for (let i = 0; i < tokens.length; ) {
    const op = tokens[i++];
    const v = tokens.slice(i, i + ARGS[op]).map(Number);
    i += ARGS[op];
    const p = v.map((n, j) => (j % 2 === 0 ? ox + n * sx : oy + n * sy));
    if (op === 'M') pen.moveTo(p[0], p[1]);
    else if (op === 'L') pen.lineTo(p[0], p[1]);
    else if (op === 'Q') pen.quadraticCurveTo(p[0], p[1], p[2], p[3]);
    else if (op === 'C') pen.bezierCurveTo(p[0], p[1], p[2], p[3], p[4], p[5]);
    else {
      pen.moveTo(p[0] + v[2] * sx, p[1]);
      pen.ellipse(p[0], p[1], v[2] * sx, v[3] * sy, 0, 0, 2 * Math.PI);
      pen.closePath();
    }
  }
}

/** Width of `text` in glyph units (unknown characters are not drawn and take no room). */
function measure(text: string): number {
  const widths = [...text].map((ch) => GLYPHS[ch]?.width ?? 0);
  return widths.reduce((a, b) => a + b, 0) + SPACING * Math.max(0, widths.length - 1);
}

/** Where and how big `text()` writes. */
export interface TextBox {
  /** Centre of the text line. */
  readonly x: number;
  /** Baseline. */
  readonly y: number;
  /** Cap height in drawing units. */
  readonly height: number;
  /** Widest the text may be; wider text is narrowed (the stroke keeps its weight). */
  readonly maxWidth?: number;
}

/** Writes `text` (letters of card indices: A 0–9 J Q K U O E R) centred at box.x on box.y. */
export function text(pen: Pen, value: string, box: TextBox, ink: string): void {
  const s = box.height / 100;
  const natural = measure(value) * s;
  const sx = box.maxWidth !== undefined && natural > box.maxWidth ? (s * box.maxWidth) / natural : s;
  let x = box.x - (measure(value) * sx) / 2;
  pen.beginPath();
  for (const ch of value) {
    const glyph = GLYPHS[ch];
    if (!glyph) continue;
    trace(pen, glyph, x, box.y - box.height, sx, s);
    x += (glyph.width + SPACING) * sx;
  }
  pen.stroke(ink, WEIGHT * s, { cap: 'round', join: 'round' });
}
