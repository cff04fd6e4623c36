/**
 * The time-vs-N section's results: the log–log chart, the fitted slopes in words, and the
 * measured points as a table (the chart's text alternative, reachable by screen readers).
 */
import { ALGORITHM_INFO, type TimeScalingResult } from 'fairdeck/fairness';
import { durationLabel, scalingChart } from './charts/scaling.js';
import { int } from './format.js';

/** "≈ N^1.02, as O(N) predicts". */
function slope(k: number | undefined, cost: string): string {
  if (k === undefined || !Number.isFinite(k)) return 'not enough points to fit';
  return `time ∝ N^${k.toFixed(2)} (its cost is ${cost}: slope ${cost.includes('²') ? 2 : cost.includes('log') ? '≈ 1.1' : 1} expected)`;
}

/** Replaces the contents of `host` with the chart, the slopes and the table of `r`. */
export function showScaling(host: HTMLElement, r: TimeScalingResult): void {
  host.replaceChildren(scalingChart(r, Math.min(900, host.clientWidth || 900)));
  const algorithms = [...new Set(r.points.map((p) => p.algorithm))];
  const slopes = algorithms.map((a) => `<li data-algorithm="${a}"><strong>${a}</strong>: ${slope(r.exponents[a], ALGORITHM_INFO[a].cost)}</li>`).join('');
  host.insertAdjacentHTML('beforeend', `<h3 class="slopes-heading">Fitted slopes (least squares on log time against log N, N ≥ 64)</h3><ul class="slopes">${slopes}</ul>`);
  if (r.skipped.length) {
    host.insertAdjacentHTML('beforeend', `<p class="note">Skipped (one shuffle would take over 250 ms): ${r.skipped.map((p) => `${p.algorithm} at N = ${int(p.n)}`).join(', ')}.</p>`);
  }
  const sizes = [...new Set(r.points.map((p) => p.n))].sort((a, b) => a - b);
  const cell = (a: string, n: number) => {
    const p = r.points.find((q) => q.algorithm === a && q.n === n);
    return `<td>${p ? durationLabel(p.nsPerShuffle) : '—'}</td>`;
  };
  host.insertAdjacentHTML('beforeend', `<details class="data"><summary>The measured times as a table</summary><div class="table-wrap">
    <table><caption>Median time per shuffle</caption><thead><tr><th scope="col">N</th>${algorithms.map((a) => `<th scope="col">${a}</th>`).join('')}</tr></thead>
    <tbody>${sizes.map((n) => `<tr><th scope="row">${int(n)}</th>${algorithms.map((a) => cell(a, n)).join('')}</tr>`).join('')}</tbody></table></div></details>`);
}
