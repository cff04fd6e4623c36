/**
 * The permutation histogram: one bar per arrangement, as count ÷ expected, on an axis from 0 so
 * that nothing is exaggerated; the dashed line is the uniform law and the grey band ±3σ of
 * sampling noise around it. With more arrangements than pixels, each pixel column shows the
 * range (min to max) of the arrangements it covers.
 */
import { permutationAt } from 'fairdeck/fairness';
import { BAND, BAR, GRID, INK, MUTED, prepare, uniformLine, yTitle, Y_TITLE } from './canvas.js';
import { axisTicks, MIN_TICK_GAP } from './ticks.js';

/** What the histogram needs from a PermutationResult. */
export interface HistogramData {
  counts: Float64Array;
  expected: number;
  n: number;
}

/** Draws `r` into `canvas`, `width` CSS pixels wide. */
export function drawHistogram(canvas: HTMLCanvasElement, r: HistogramData, width: number): void {
  const k = r.counts.length;
  const labelled = k <= 24;
  const m = { left: 40 + Y_TITLE, right: 8, top: 12, bottom: labelled ? (k > 6 ? 40 : 24) : 30 };
  const height = 200 + m.bottom;
  const ctx = prepare(canvas, width, height);
  const w = width - m.left - m.right, h = height - m.top - m.bottom;
  const ratios = Array.from(r.counts, (c) => c / r.expected);
  const sigma = Math.sqrt((k - 1) / (r.expected * k));  // sd of count/expected for one cell
  const top = Math.max(1.5, Math.max(...ratios) * 1.08, 1 + 3.5 * sigma);
  const y = (v: number) => m.top + h - (v / top) * h;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const { value, label } of axisTicks(top, h, MIN_TICK_GAP, 0.5)) {
    ctx.fillStyle = GRID;
    ctx.fillRect(m.left, Math.round(y(value)), w, 1);
    ctx.fillStyle = MUTED;
    ctx.fillText(label, m.left - 4, y(value));
  }
  ctx.fillStyle = BAND;
  ctx.fillRect(m.left, y(1 + 3 * sigma), w, Math.max(1, y(1 - 3 * sigma) - y(1 + 3 * sigma)));
  ctx.fillStyle = BAR;
  if (k <= w) {
    const bw = w / k, gap = bw > 6 ? 2 : 0;
    ratios.forEach((v, i) => ctx.fillRect(m.left + i * bw + gap / 2, y(v), Math.max(1, bw - gap), y(0) - y(v)));
  } else {
    for (let px = 0; px < w; px++) {
      let lo = Infinity, hi = -Infinity;
      for (let i = Math.floor((px * k) / w); i < Math.floor(((px + 1) * k) / w); i++) (lo = Math.min(lo, ratios[i])), (hi = Math.max(hi, ratios[i]));
      ctx.fillRect(m.left + px, y(hi), 1, Math.max(1, y(lo) - y(hi)));
    }
  }
  uniformLine(ctx, m.left, w, y);
  yTitle(ctx, 'count ÷ expected', m.top + h / 2);
  ctx.fillStyle = INK;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillText('uniform', m.left + w - 2, y(1 + 3 * sigma) - 2);
  ctx.textBaseline = 'top';
  if (labelled) {
    const bw = w / k;
    for (let i = 0; i < k; i++) {
      const label = permutationAt(i, r.n).join('');
      ctx.save();
      ctx.translate(m.left + (i + 0.5) * bw, m.top + h + 4);
      if (k > 6) ctx.rotate(-Math.PI / 3), (ctx.textAlign = 'right'), (ctx.textBaseline = 'middle');
      else ctx.textAlign = 'center';
      ctx.fillText(label, 0, 0);
      ctx.restore();
    }
  } else {
    ctx.textAlign = 'center';
    ctx.fillText(`arrangements in lexicographic order (0 … ${k - 1})${k > w ? ', each column the min–max of its range' : ''}`, m.left + w / 2, m.top + h + 8);
  }
}
