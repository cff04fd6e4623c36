/**
 * Where things sit on the table: the card size for the canvas size, the deck and return piles in
 * a column on the left, and a slot for each card on the table — one row of spread cards for a
 * hand, overlapping rows (corner indices still showing) for a long deal. Pure functions of sizes.
 */

/** A position and turn on the table, in CSS pixels (the card's centre) and radians. */
export interface Place {
  readonly x: number;
  readonly y: number;
  readonly rot: number;
}

/** The table's geometry for one canvas size and one number of cards on the table. */
export interface Layout {
  /** Card width and height in CSS pixels. */
  readonly cw: number;
  readonly ch: number;
  /** Centre of the deck pile (undealt cards). */
  readonly deck: Place;
  /** Centre of the return pile. */
  readonly returned: Place;
  /** The slot of the i-th card on the table (0 = first dealt). */
  slot(i: number, id: number): Place;
}

const MARGIN = 18;
const GAP = 12;

/** A small, fixed "hand-placed" offset and turn per card id (no randomness: a hash of the id). */
export function jitter(id: number): { dx: number; dy: number; rot: number } {
  let h = Math.imul(id + 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  const u = (shift: number) => ((h >>> shift) & 0xff) / 255 - 0.5;
  return { dx: u(0) * 3, dy: u(8) * 3, rot: (u(16) * 2.4 * Math.PI) / 180 };
}

/** True for a narrow table (a phone): the piles sit side by side above the cards. */
export function narrow(width: number): boolean {
  return width < 560;
}

/** Card width for a canvas of `width` × `height` CSS pixels. */
export function cardWidth(width: number, height: number): number {
  if (narrow(width)) return Math.round(Math.max(44, Math.min(84, width / 5.4, (height - 2 * MARGIN - 80) / 2.6 / 1.4)));
  const byWidth = width / 8.2;
  const byHeight = (height - 2 * MARGIN - 48) / 2 / 1.4;
  return Math.round(Math.max(44, Math.min(118, byWidth, byHeight)));
}

/** Chooses rows and steps so `n` cards fit an area of `aw` × `ah` with corners readable. */
function grid(n: number, aw: number, ah: number, cw: number, ch: number) {
  const maxRows = Math.max(1, Math.floor((ah - ch) / (ch * 0.3)) + 1);
  const fit = (rows: number) => {
    const cols = Math.ceil(n / rows);
    const sx = cols > 1 ? Math.min(cw + GAP, (aw - cw) / (cols - 1)) : 0;
    const sy = rows > 1 ? Math.min(ch + GAP, (ah - ch) / (rows - 1)) : 0;
    return { rows, cols, sx, sy };
  };
  for (const wanted of [0.4, 0.25]) {
    for (let rows = 1; rows <= maxRows; rows++) {
      const g = fit(rows);
      if (g.cols <= 1 || g.sx >= cw * wanted) return g;
    }
  }
  return fit(maxRows);
}

/** The layout for a canvas of `width` × `height` CSS pixels holding `n` cards on the table. */
export function layout(width: number, height: number, n: number): Layout {
  const cw = cardWidth(width, height);
  const ch = Math.round(cw * 1.4);
  const deck = { x: MARGIN + cw / 2 + 4, y: MARGIN + ch / 2 + 4, rot: 0 };
  let returned: Place;
  let left: number;
  let top: number;
  if (narrow(width)) {
    returned = { x: deck.x + cw + 2 * MARGIN, y: deck.y, rot: 0 };
    left = MARGIN;
    top = deck.y + ch / 2 + 40;
  } else {
    returned = { x: deck.x, y: Math.min(height - MARGIN - ch / 2 - 22, deck.y + ch + 44), rot: 0 };
    left = deck.x + cw / 2 + 2 * MARGIN;
    top = MARGIN;
  }
  const aw = width - left - MARGIN;
  const ah = height - top - MARGIN - 6;
  const g = grid(Math.max(n, 1), aw, ah, cw, ch);
  const blockW = cw + (g.cols - 1) * g.sx;
  const blockH = ch + (g.rows - 1) * g.sy;
  const x0 = left + (aw - blockW) / 2 + cw / 2;
  const y0 = top + (ah - blockH) / 2 + ch / 2 + 6;
  return {
    cw,
    ch,
    deck,
    returned,
    slot(i, id) {
      const j = jitter(id);
      const row = Math.floor(i / g.cols);
      const col = i % g.cols;
      return { x: x0 + col * g.sx + j.dx, y: y0 + row * g.sy + j.dy, rot: j.rot };
    },
  };
}

/** True if the point (x, y) lies on a card of `cw` × `ch` centred and turned at `at`. */
export function inside(at: Place, x: number, y: number, cw: number, ch: number): boolean {
  const dx = x - at.x;
  const dy = y - at.y;
  const c = Math.cos(-at.rot);
  const s = Math.sin(-at.rot);
  return Math.abs(dx * c - dy * s) <= cw / 2 && Math.abs(dx * s + dy * c) <= ch / 2;
}
