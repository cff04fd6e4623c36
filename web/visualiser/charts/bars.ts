/**
 * A bar chart of ratios to expectation (1 = uniform), one bar per item: the "neighbours" chart of
 * "Your shuffle" (how often item i is directly followed by item i + 1, over the uniform rate).
 */
import { BAR, GRID, INK, MUTED, prepare, uniformLine, yTitle, Y_TITLE } from './canvas.js';
import { axisTicks, MIN_TICK_GAP } from './ticks.js';

/** Draws `ratios` (count ÷ expected) into `canvas`, `width` CSS pixels wide. */
export function drawBars(canvas: HTMLCanvasElement, ratios: number[], width: number): void {
  const m = { left: 40 + Y_TITLE, right: 8, top: 12, bottom: 22 };
  const height = 160 + m.bottom;
  const ctx = prepare(canvas, width, height);
  const w = width - m.left - m.right, h = height - m.top - m.bottom;
  const top = Math.max(2, ...ratios.map((v) => v * 1.08));
  const y = (v: number) => m.top + h - (v / top) * h;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const { value, label } of axisTicks(top, h, MIN_TICK_GAP, 1)) {
    ctx.fillStyle = GRID;
    ctx.fillRect(m.left, Math.round(y(value)), w, 1);
    ctx.fillStyle = MUTED;
    ctx.fillText(label, m.left - 4, y(value));
  }
  ctx.fillStyle = BAR;
  const bw = w / Math.max(1, ratios.length), gap = bw > 6 ? 1 : 0;
  ratios.forEach((v, i) => ctx.fillRect(m.left + i * bw + gap / 2, y(v), Math.max(1, bw - gap), y(0) - y(v)));
  uniformLine(ctx, m.left, w, y);
  yTitle(ctx, 'count ÷ expected', m.top + h / 2);
  ctx.fillStyle = INK;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillText('item i (0 … n − 2); dashed: uniform', m.left + w / 2, m.top + h + 6);
}
