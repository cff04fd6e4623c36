/**
 * Contact sheets: every card of a style, then both jokers and every back, in a grid on the felt.
 * The gallery shows them (?sheet=french), the golden-image tests render them in Chromium and in
 * Node (@napi-rs/canvas), and the README shows the references. Imports only fairdeck/faces.
 */
import { BACKS, CARD_ASPECT, drawCard, type Context2D, type FaceStyleName } from 'fairdeck/faces';

/** The codes of a style in the core's order, suit by suit. */
export const CODES: Readonly<Record<FaceStyleName, readonly string[]>> = {
  french: 'CDHS'.split('').flatMap((s) => 'A23456789TJQK'.split('').map((r) => r + s)),
  german: 'EGHS'.split('').flatMap((s) => '789TUOKA'.split('').map((r) => r + s)),
};

/** Card width, gap and felt of a sheet (CSS px). */
export const SHEET = { card: 72, gap: 8, felt: '#1f7047' } as const;

/** One cell of a sheet: a code to draw, face up or as the named back. */
interface Cell {
  readonly code: string;
  readonly back?: (typeof BACKS)[number];
}

function cells(style: FaceStyleName): { columns: number; rows: Cell[][] } {
  const columns = style === 'french' ? 13 : 8;
  const rows: Cell[][] = [];
  const codes = CODES[style];
  for (let i = 0; i < codes.length; i += columns) rows.push(codes.slice(i, i + columns).map((code) => ({ code })));
  rows.push([{ code: 'X1' }, { code: 'X2' }, ...BACKS.map((back) => ({ code: 'X1', back }))]);
  return { columns, rows };
}

/** The sheet's size in CSS px. */
export function sheetSize(style: FaceStyleName): { width: number; height: number } {
  const { columns, rows } = cells(style);
  const h = Math.round(SHEET.card * CARD_ASPECT);
  return { width: SHEET.gap + columns * (SHEET.card + SHEET.gap), height: SHEET.gap + rows.length * (h + SHEET.gap) };
}

/**
 * Draws the sheet of `style` at the context's current transform (scale it for a sharper sheet).
 * `swap` draws another card in a card's place ({ '7H': '7D' }): the golden tests' control.
 */
export function drawSheet(
  ctx: Context2D & { fillRect(x: number, y: number, w: number, h: number): void },
  style: FaceStyleName,
  swap: Readonly<Record<string, string>> = {},
): void {
  const { width, height } = sheetSize(style);
  ctx.fillStyle = SHEET.felt;
  ctx.fillRect(0, 0, width, height);
  const h = Math.round(SHEET.card * CARD_ASPECT);
  cells(style).rows.forEach((row, r) => row.forEach((cell, c) => {
    const x = SHEET.gap + c * (SHEET.card + SHEET.gap);
    const y = SHEET.gap + r * (h + SHEET.gap);
    drawCard(ctx, swap[cell.code] ?? cell.code, { x, y, width: SHEET.card, style, faceUp: !cell.back, back: cell.back });
  }));
}
