/**
 * The position heatmap: row = card (or item), column = position, colour = how far the count is from the
 * uniform expectation in standard deviations (z), on ColorBrewer's PuOr scale clipped at ±6σ.
 * Purple: rarer than uniform; orange: more often; near white: within noise (|z| < 2 is common).
 */
import { diverging, divergingGradient } from './colour.js';
import { INK, MUTED, prepare, textWidth } from './canvas.js';

/** |z| at which the colour saturates. */
export const Z_LIMIT = 6;

/** What the heatmap needs from a MatrixResult. */
export interface HeatmapData {
  counts: Float64Array;
  expected: number;
  n: number;
}

/** z-score of one cell: a cell's count is binomial(trials, 1/n). */
export function zScore(count: number, expected: number, n: number): number {
  return (count - expected) / Math.sqrt(expected * (1 - 1 / n));
}

/** The axis titles: what a row is (an item, by where it started) and what a column is (where it ended). */
export interface HeatmapTitles {
  rows: string;
  columns: string;
}

/** Pixels of the titles' band, left of the row numbers and above the column numbers. */
const TITLE = 16;

/**
 * Draws `r` at most `width` CSS pixels wide, with `titles` on its axes (the columns' above their
 * numbers, the rows' turned a quarter left of theirs); returns a hit test from CSS pixel offsets
 * to a cell.
 */
export function drawHeatmap(canvas: HTMLCanvasElement, r: HeatmapData, width: number, titles: HeatmapTitles) {
  const { n } = r;
  const m = { left: 34 + TITLE, top: 20 + TITLE, right: 4, bottom: 4 };
  const cell = Math.max(3, Math.min(56, Math.floor(Math.min(width - m.left - m.right, 440) / n)));
  // A title longer than the grid widens (or heightens) the canvas rather than leave it.
  const across = Math.max(n * cell, Math.ceil(textWidth(canvas, titles.columns)));
  const down = Math.max(n * cell, Math.ceil(textWidth(canvas, titles.rows)));
  const ctx = prepare(canvas, m.left + across + m.right, m.top + down + m.bottom);
  for (let card = 0; card < n; card++) {
    for (let pos = 0; pos < n; pos++) {
      ctx.fillStyle = diverging(zScore(r.counts[card * n + pos], r.expected, n) / Z_LIMIT);
      ctx.fillRect(m.left + pos * cell, m.top + card * cell, cell, cell);
    }
  }
  ctx.strokeStyle = MUTED;
  ctx.strokeRect(m.left - 0.5, m.top - 0.5, n * cell + 1, n * cell + 1);
  ctx.fillStyle = INK;
  const every = n <= 10 ? 1 : n <= 20 ? 5 : 10;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  for (let i = 0; i < n; i += every) ctx.fillText(String(i), m.left + (i + 0.5) * cell, m.top - 3);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < n; i += every) ctx.fillText(String(i), m.left - 4, m.top + (i + 0.5) * cell);
  // The titles, centred on the grid, in the bands left free for them (clear of the numbers).
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillText(titles.columns, m.left + across / 2, 2);
  ctx.save();
  ctx.translate(2, m.top + down / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(titles.rows, 0, 0);
  ctx.restore();
  return (x: number, y: number): { card: number; position: number } | undefined => {
    const position = Math.floor((x - m.left) / cell), card = Math.floor((y - m.top) / cell);
    return position >= 0 && position < n && card >= 0 && card < n ? { card, position } : undefined;
  };
}

/** The heatmap's legend as an HTML element. */
export function heatmapLegend(): HTMLElement {
  const box = document.createElement('div');
  box.className = 'legend';
  box.innerHTML = `
    <div class="legend-bar" style="background: ${divergingGradient()}"></div>
    <div class="legend-labels"><span>−${Z_LIMIT}σ rarer</span><span>0 = uniform</span><span>+${Z_LIMIT}σ more often</span></div>
    <p class="hint">Colour: (count − expected) ÷ its standard deviation, clipped at ±${Z_LIMIT}σ. A fair shuffle's cells
    are mostly pale (|z| &lt; 2); structure or dark cells mean bias.</p>`;
  return box;
}
