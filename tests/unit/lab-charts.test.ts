// The lab's charts are readable (issue 61, item 6): the orders chart's y labels never overprint,
// whatever the bias, and the heatmap names its axes. The draw functions run on a recording stand-in
// for a canvas (every fillText with where it lands), so what is checked is what the page draws.
import { describe, expect, it } from 'vitest';
import { axisTicks, MIN_TICK_GAP } from '../../web/visualiser/charts/ticks.js';
import { drawHistogram } from '../../web/visualiser/charts/histogram.js';
import { drawBars } from '../../web/visualiser/charts/bars.js';
import { drawHeatmap } from '../../web/visualiser/charts/heatmap.js';

interface Drawn { text: string; x: number; y: number; align: string; rotated: boolean }

/** A canvas whose 2D context records the text drawn (in CSS pixels), with 6 px per character. */
function recordingCanvas(): { canvas: HTMLCanvasElement; texts: Drawn[]; size: () => { width: number; height: number } } {
  const texts: Drawn[] = [];
  let tx = 0, ty = 0, rotated = false;
  const stack: [number, number, boolean][] = [];
  const state: Record<string, unknown> = { textAlign: 'start', textBaseline: 'alphabetic' };
  const ctx = new Proxy(state, {
    get(target, key) {
      if (key === 'fillText') return (text: string, x: number, y: number) => texts.push({ text, x: tx + x, y: ty + y, align: String(target.textAlign), rotated });
      if (key === 'measureText') return (text: string) => ({ width: text.length * 6 });
      if (key === 'save') return () => stack.push([tx, ty, rotated]);
      if (key === 'restore') return () => ([tx, ty, rotated] = stack.pop()!);
      if (key === 'translate') return (x: number, y: number) => { tx += x; ty += y; };
      if (key === 'rotate') return (a: number) => { rotated = a !== 0; };
      if (key in target) return target[key as string];
      return () => undefined;  // fillRect, strokeRect, setTransform, setLineDash, paths: not recorded
    },
    set(target, key, value) {
      target[key as string] = value;
      return true;
    },
  });
  const canvas = { width: 0, height: 0, style: {} as Record<string, string>, getContext: () => ctx } as unknown as HTMLCanvasElement;
  const size = () => ({ width: parseFloat(canvas.style.width), height: parseFloat(canvas.style.height) });
  return { canvas, texts, size };
}

/** The y-axis labels: right-aligned, unrotated, numeric. */
const yLabels = (texts: Drawn[]) => texts.filter((t) => t.align === 'right' && !t.rotated && /^\d+(\.\d+)?$/.test(t.text));

describe('axis ticks', () => {
  it('are at least the minimum gap apart, start at 0, reach the top within a step, and are 1, 2 or 5 × 10^k', () => {
    for (const top of [0.01, 0.3, 1.5, 2, 3.7, 6.1, 10, 47, 108, 999, 4032, 40_320, 1e6]) {
      for (const pixels of [MIN_TICK_GAP, 40, 148, 188, 400]) {
        const ticks = axisTicks(top, pixels);
        const step = ticks.length > 1 ? ticks[1].value - ticks[0].value : Infinity;
        expect(ticks[0]).toEqual({ value: 0, label: '0' });
        if (ticks.length > 1) expect((step / top) * pixels).toBeGreaterThanOrEqual(MIN_TICK_GAP - 1e-9);
        if (ticks.length > 1) expect(top - ticks.at(-1)!.value).toBeLessThan(step + 1e-9);
        if (ticks.length > 1) expect(String(Number((step / 10 ** Math.floor(Math.log10(step) + 1e-9)).toPrecision(6)))).toMatch(/^[125]$/);
        for (const t of ticks) expect(t.label).toBe(String(t.value));  // no 0.30000000000000004
        expect(ticks.every((t, i) => i === 0 || t.value > ticks[i - 1].value)).toBe(true);
      }
    }
  });

  it('keep a minimum step when asked, and say what was wrong with bad input', () => {
    expect(axisTicks(1.5, 188, MIN_TICK_GAP, 0.5).map((t) => t.label)).toEqual(['0', '0.5', '1', '1.5']);
    expect(axisTicks(2.2, 148, MIN_TICK_GAP, 1).map((t) => t.label)).toEqual(['0', '1', '2']);
    expect(() => axisTicks(0, 100)).toThrow(RangeError);
    expect(() => axisTicks(Infinity, 100)).toThrow(/top must be a finite number above 0, got Infinity/);
    expect(() => axisTicks(5, 3)).toThrow(/pixels must be a finite number at least minGap \(16\), got 3/);
  });
});

describe('the orders and neighbours charts', () => {
  // Before: steps of 1 (orders) or 2 (neighbours) whatever the height, so a bar 150× expected put 150 labels in 188 px.
  it('the orders chart labels its y axis without overprinting, however tall the tallest bar', () => {
    for (const ratio of [1.2, 3, 20, 150, 5000]) {
      const counts = new Float64Array(24).fill(1000);
      counts[5] = 1000 * ratio;
      const expected = counts.reduce((a, b) => a + b) / 24;
      const { canvas, texts } = recordingCanvas();
      drawHistogram(canvas, { counts, expected, n: 4 }, 600);
      const ys = yLabels(texts).map((t) => t.y).sort((a, b) => a - b);
      expect(ys.length, `ratio ${ratio}`).toBeGreaterThanOrEqual(3);
      expect(texts.find((t) => t.text === 'count ÷ expected')?.rotated).toBe(true);  // the y axis's title
      for (let i = 1; i < ys.length; i++) expect(ys[i] - ys[i - 1], `ratio ${ratio}: labels ${i - 1} and ${i}`).toBeGreaterThanOrEqual(MIN_TICK_GAP - 1e-9);
    }
  });

  it('the neighbours chart does the same', () => {
    for (const top of [0.5, 4, 9, 40, 300]) {
      const { canvas, texts } = recordingCanvas();
      drawBars(canvas, [1, top, 0.2, 1], 600);
      const ys = yLabels(texts).map((t) => t.y).sort((a, b) => a - b);
      expect(ys.length).toBeGreaterThanOrEqual(2);
      expect(texts.find((t) => t.text === 'count ÷ expected')?.rotated).toBe(true);
      for (let i = 1; i < ys.length; i++) expect(ys[i] - ys[i - 1], `top ${top}`).toBeGreaterThanOrEqual(MIN_TICK_GAP - 1e-9);
    }
  });
});

describe('the heatmap', () => {
  const titles = { rows: 'card (its starting position) ↓', columns: 'position after the shuffle →' };

  it('titles both axes, clear of the numbers and inside the canvas, for small and large n', () => {
    for (const n of [2, 3, 8, 52]) {
      const { canvas, texts, size } = recordingCanvas();
      drawHeatmap(canvas, { counts: new Float64Array(n * n).fill(10), expected: 10, n }, 700, titles);
      const { width, height } = size();
      const columns = texts.find((t) => t.text === titles.columns)!, rows = texts.find((t) => t.text === titles.rows)!;
      expect(columns, `n = ${n}`).toBeDefined();
      expect(rows, `n = ${n}`).toBeDefined();
      expect(rows.rotated).toBe(true);
      // Inside the canvas: the columns' title across, the rows' (turned) down.
      const half = (s: string) => (s.length * 6) / 2;
      expect(columns.x - half(columns.text)).toBeGreaterThanOrEqual(0);
      expect(columns.x + half(columns.text)).toBeLessThanOrEqual(width);
      expect(rows.y - half(rows.text)).toBeGreaterThanOrEqual(0);
      expect(rows.y + half(rows.text)).toBeLessThanOrEqual(height);
      // Clear of the numbers: the columns' title above the column numbers (baseline bottom at y),
      // the rows' title left of the row numbers (right-aligned at x).
      const numbers = texts.filter((t) => /^\d+$/.test(t.text));
      const columnNumbers = numbers.filter((t) => t.align === 'center'), rowNumbers = numbers.filter((t) => t.align === 'right');
      expect(columnNumbers.length).toBeGreaterThan(0);
      expect(rowNumbers.length).toBeGreaterThan(0);
      for (const c of columnNumbers) expect(c.y - 11).toBeGreaterThanOrEqual(columns.y + 11);
      for (const r of rowNumbers) expect(r.x - r.text.length * 6).toBeGreaterThanOrEqual(rows.x + 11);
    }
  });
});
