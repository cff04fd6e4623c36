/**
 * The time-vs-N chart: time per shuffle against array size, both on log axes, so that O(N)
 * algorithms are lines of slope 1 and O(N²) ones of slope 2 (the dashed grey guides). Each series
 * has its own colour, dash and marker, and its fitted exponent in the legend.
 */
import { ALGORITHM_INFO, type TimeScalingResult } from 'fairdeck/fairness';
import { DASHES, SERIES } from './colour.js';

const NS = 'http://www.w3.org/2000/svg';

function el(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** "16K", "1M": a size for a tick label. */
export const sizeLabel = (n: number) => (n >= 1 << 20 ? `${n / (1 << 20)}M` : n >= 1024 ? `${n / 1024}K` : String(n));
/** "120 ns", "3.4 µs", "12 ms". */
export function durationLabel(ns: number): string {
  const [v, u] = ns >= 1e6 ? [ns / 1e6, 'ms'] : ns >= 1e3 ? [ns / 1e3, 'µs'] : [ns, 'ns'];
  return `${v >= 100 ? v.toFixed(0) : v.toPrecision(2)} ${u}`;
}

/** An SVG chart of `r`, `width` pixels wide. */
export function scalingChart(r: TimeScalingResult, width: number): SVGSVGElement {
  const algorithms = [...new Set(r.points.map((p) => p.algorithm))];
  const narrow = width < 560;  // phones: the legend goes under the plot instead of beside it
  const plotHeight = 340, m = { left: 64, right: narrow ? 12 : 240, top: 12, bottom: 44 };
  const height = plotHeight + (narrow ? algorithms.length * 20 + 8 : 0);
  const svg = el('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': 'Time per shuffle against N, log–log; the fitted slopes and a table of the times follow' }) as SVGSVGElement;
  const w = width - m.left - m.right, h = plotHeight - m.top - m.bottom;
  const sizes = [...new Set(r.points.map((p) => p.n))].sort((a, b) => a - b);
  const x0 = Math.log2(sizes[0]), x1 = Math.log2(sizes.at(-1)!);
  const ys = r.points.map((p) => Math.log10(p.nsPerShuffle));
  const y0 = Math.floor(Math.min(...ys)), y1 = Math.ceil(Math.max(...ys));
  const X = (n: number) => m.left + ((Math.log2(n) - x0) / Math.max(1, x1 - x0)) * w;
  const Y = (ns: number) => m.top + h - ((Math.log10(ns) - y0) / Math.max(1, y1 - y0)) * h;
  svg.append(el('title', {}, 'Time per shuffle against N, log–log'));
  for (let d = y0; d <= y1; d++) {
    svg.append(el('line', { x1: m.left, x2: m.left + w, y1: Y(10 ** d), y2: Y(10 ** d), class: 'grid' }));
    svg.append(el('text', { x: m.left - 6, y: Y(10 ** d) + 4, 'text-anchor': 'end', 'font-size': 11 }, durationLabel(10 ** d)));
  }
  const every = Math.ceil(sizes.length / 8);
  sizes.forEach((n, i) => i % every === 0 &&
    svg.append(el('text', { x: X(n), y: m.top + h + 16, 'text-anchor': 'middle', 'font-size': 11 }, sizeLabel(n))));
  svg.append(el('text', { x: m.left + w / 2, y: plotHeight - 6, 'text-anchor': 'middle', 'font-size': 12 }, 'N (items per shuffle, log scale)'));
  svg.append(el('text', { x: 14, y: m.top + h / 2, 'font-size': 12, 'text-anchor': 'middle', transform: `rotate(-90 14 ${m.top + h / 2})` },
    'time per shuffle (log)'));
  const base = 10 ** y0, first = sizes[0];  // guides from the bottom-left corner: slope 1 and 2
  for (const [k, label] of [[1, '∝ N'], [2, '∝ N²']] as const) {
    const last = Math.min(sizes.at(-1)!, first * (10 ** (y1 - y0)) ** (1 / k));
    svg.append(el('line', { x1: X(first), y1: Y(base), x2: X(last), y2: Y(base * (last / first) ** k), class: 'guide', 'stroke-dasharray': '3 4' }));
    const mid = first * (last / first) ** 0.8;  // label 80% along the guide, inside the plot
    svg.append(el('text', { x: X(mid) + 6, y: Y(base * (mid / first) ** k) + 12, 'font-size': 11, class: 'guide-label' }, label));
  }
  algorithms.forEach((a, i) => {
    const colour = SERIES[i % SERIES.length], dash = DASHES[Math.floor(i / SERIES.length) % DASHES.length] || (ALGORITHM_INFO[a].fair ? '' : '6 3');
    const pts = r.points.filter((p) => p.algorithm === a);
    svg.append(el('polyline', { points: pts.map((p) => `${X(p.n)},${Y(p.nsPerShuffle)}`).join(' '), fill: 'none', stroke: colour,
      'stroke-width': 2, 'stroke-dasharray': dash }));
    for (const p of pts) {
      const dot = el(i % 2 ? 'rect' : 'circle', i % 2
        ? { x: X(p.n) - 3.5, y: Y(p.nsPerShuffle) - 3.5, width: 7, height: 7, fill: colour }
        : { cx: X(p.n), cy: Y(p.nsPerShuffle), r: 4, fill: colour });
      dot.append(el('title', {}, `${a}, N = ${p.n}: ${durationLabel(p.nsPerShuffle)} per shuffle (median of ${p.calls} calls, ${p.implementation})`));
      svg.append(dot);
    }
    const ly = narrow ? plotHeight + 8 + i * 20 : m.top + 8 + i * 20, lx = narrow ? m.left : m.left + w + 16;
    svg.append(el('line', { x1: lx, x2: lx + 22, y1: ly, y2: ly, stroke: colour, 'stroke-width': 2, 'stroke-dasharray': dash }));
    const k = r.exponents[a];
    const js = pts[0]?.implementation === 'js' ? ' (JS)' : '';
    svg.append(el('text', { x: lx + 28, y: ly + 4, 'font-size': 12 }, `${a}${js} ${Number.isFinite(k) ? `≈ N^${k!.toFixed(2)}` : ''}`));
  });
  return svg;
}
