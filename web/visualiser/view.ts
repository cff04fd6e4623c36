/**
 * One result card per algorithm: what is known about it, the verdicts, the statistics, the
 * permutation histogram (with a table for small n) and the position heatmap with its legend.
 */
import {
  ALGORITHM_INFO, permutationAt, pText, verdict, type AlgorithmName, type MatrixResult, type PermutationResult,
} from 'fairdeck/fairness';
import { drawHeatmap, heatmapLegend, zScore } from './charts/heatmap.js';
import { drawHistogram } from './charts/histogram.js';
import { esc, int, rate, seconds } from './format.js';

/** A result card in the page. */
export interface Card {
  element: HTMLElement;
  showPermutations(r: PermutationResult): void;
  showPositions(r: MatrixResult): void;
}

/** The lab's experiments shuffle [0, 1, …, n−1]: card i is the one that started at position i. */
const HEATMAP_TITLES = { rows: 'card (its starting position) ↓', columns: 'position after the shuffle →' };

const width = (e: HTMLElement) => Math.max(240, Math.min(720, e.clientWidth - 26));

const MISSED: Partial<Record<AlgorithmName, string>> = {
  'bitmap-scan': 'Its bias is mostly in which card follows which, which a position matrix barely sees; the order counts (n ≤ 8) catch it.',
  'random-swaps': 'With many rounds its bias shrinks below what this many shuffles can detect.',
};

function verdictBox(kind: string, r: PermutationResult | MatrixResult): HTMLElement {
  const v = verdict(r.pValue, r.expected);
  const missed = v.kind === 'no-evidence-of-bias' && !ALGORITHM_INFO[r.algorithm].fair
    ? ` <em>This algorithm is known to be biased: this test did not detect it here. ${MISSED[r.algorithm] ?? 'More shuffles or another n may.'}</em>` : '';
  const box = document.createElement('p');
  box.className = `verdict ${v.kind}`;
  box.dataset.verdict = v.kind;
  const [head, ...rest] = v.text.split('. ');
  box.innerHTML = `<strong>${kind}: ${esc(head)}.</strong> ${esc(rest.join('. '))}${missed}`;
  return box;
}

function stats(r: PermutationResult | MatrixResult, extra: string): string {
  return `<p class="stats">χ² = ${r.chiSquare.toFixed(1)} with ${int(r.df)} degrees of freedom · ${pText(r.pValue)} ·
    ${int(r.trials)} shuffles in ${seconds(r.elapsedMs)} = <span class="rate">${rate(r.trialsPerSecond)}</span> shuffles/s
    (${r.implementation === 'wasm' ? 'WASM' : 'JavaScript'}, ${r.rng}${r.seeded ? ', seeded' : ', unseeded'})${extra}</p>`;
}

function smallTable(r: PermutationResult): string {
  const paths = r.n ** r.n;
  const rows = Array.from(r.counts, (c, k) => {
    const share = c / r.trials;
    const classic = r.n === 3 ? `<td>${(share * paths).toFixed(2)}/${paths}</td>` : '';
    return `<tr><td>${permutationAt(k, r.n).join('')}</td><td>${int(c)}</td><td>${(share * 100).toFixed(3)}%</td>${classic}<td>${(c / r.expected).toFixed(3)}</td></tr>`;
  }).join('');
  const head = r.n === 3 ? '<th>share × 27</th>' : '';
  return `<div class="table-wrap"><table class="counts"><caption>Counts of every order</caption><thead><tr><th scope="col">order</th><th scope="col">count</th><th scope="col">share</th>${head}<th scope="col">÷ expected</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** A closed <details> whose table is built when opened (40,320 rows for n = 8 cost nothing until asked for). */
function lazyTable(summary: string, build: () => string): HTMLDetailsElement {
  const details = document.createElement('details');
  details.className = 'data';
  details.innerHTML = `<summary>${summary}</summary><div class="table-wrap"></div>`;
  details.addEventListener('toggle', () => {
    const wrap = details.querySelector('.table-wrap')!;
    if (details.open && !wrap.childElementCount) wrap.innerHTML = build();
  });
  return details;
}

function allOrders(r: PermutationResult): string {
  const rows = Array.from(r.counts, (c, k) => `<tr><th scope="row">${permutationAt(k, r.n).join(' ')}</th><td>${int(c)}</td><td>${(c / r.expected).toFixed(3)}</td></tr>`).join('');
  return `<table class="counts"><caption>Counts of every order, lexicographic</caption><thead><tr><th scope="col">order</th><th scope="col">count</th><th scope="col">÷ expected</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function matrixTable(r: MatrixResult): string {
  const head = Array.from({ length: r.n }, (_, j) => `<th scope="col">${j}</th>`).join('');
  const rows = Array.from({ length: r.n }, (_, i) => `<tr><th scope="row">card ${i}</th>${Array.from({ length: r.n }, (_, j) => `<td>${int(r.counts[i * r.n + j])}</td>`).join('')}</tr>`).join('');
  return `<table class="counts matrix"><caption>Times each card (row) ended at each position (column); ${int(r.expected)} expected per cell</caption><thead><tr><th scope="col">card ↓ position →</th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** Creates the card of `algorithm` inside `parent`. */
export function createCard(parent: HTMLElement, algorithm: AlgorithmName): Card {
  const info = ALGORITHM_INFO[algorithm];
  const element = document.createElement('section');
  element.className = 'card';
  element.dataset.algorithm = algorithm;
  element.innerHTML = `<h3>${algorithm} <span class="tag ${info.fair ? 'fair' : 'biased'}">${info.fair ? 'known fair' : 'known biased'}</span>
    <span class="cost">${info.cost}</span></h3><p class="summary">${esc(info.summary)}</p>
    <div class="verdicts"></div><div class="perm"></div><div class="pos"></div>`;
  parent.append(element);
  const verdicts = element.querySelector<HTMLElement>('.verdicts')!;
  return {
    element,
    showPermutations(r) {
      verdicts.prepend(verdictBox('Orders', r));
      const box = element.querySelector<HTMLElement>('.perm')!;
      const m = r.mostFrequent, l = r.leastFrequent;
      box.innerHTML = `<h4>How often each of the ${int(r.counts.length)} orders came up</h4>
        ${stats(r, ` · most frequent ${m.order.join('')} (${(m.count / r.expected).toFixed(3)}× expected), least ${l.order.join('')} (${(l.count / r.expected).toFixed(3)}×)`)}`;
      const canvas = document.createElement('canvas');
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', `Histogram of ${r.counts.length} orders for ${algorithm}; counts from ${(l.count / r.expected).toFixed(2)} to ${(m.count / r.expected).toFixed(2)} times the expected count`);
      box.append(canvas);
      drawHistogram(canvas, r, width(element));
      box.insertAdjacentHTML('beforeend', `<p class="hint">Bars: count ÷ expected, on an axis from 0. Dashed line: the uniform law.
        Grey band: ±3σ, where a fair shuffle's bars fall by chance.</p>`);
      if (r.n <= 4) box.insertAdjacentHTML('beforeend', smallTable(r));
      else box.append(lazyTable(`The ${int(r.counts.length)} counts as a table`, () => allOrders(r)));
    },
    showPositions(r) {
      verdicts.append(verdictBox('Positions', r));
      const box = element.querySelector<HTMLElement>('.pos')!;
      const d = r.largestDeviation;
      box.innerHTML = `<h4>Where each card ended up (rows: card, columns: position)</h4>
        ${stats(r, ` · X² scaled by (n−1)/n for fixed margins · largest deviation: card ${d.card} at position ${d.position}, ${int(d.count)} vs ${int(d.expected)} expected (${(d.relative * 100).toFixed(1)}%)`)}`;
      const canvas = document.createElement('canvas');
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', `Heatmap of card by position for ${algorithm}`);
      const readout = document.createElement('p');
      readout.className = 'readout';
      readout.textContent = 'Point at a cell for its count.';
      const legend = heatmapLegend();
      box.append(canvas, legend, readout, lazyTable(`The ${r.n} × ${r.n} counts as a table`, () => matrixTable(r)));
      const hit = drawHeatmap(canvas, r, width(element), HEATMAP_TITLES);
      legend.style.maxWidth = `${Math.max(240, canvas.clientWidth - 34)}px`;
      canvas.addEventListener('mousemove', (e) => {
        const c = hit(e.offsetX, e.offsetY);
        if (!c) return;
        const count = r.counts[c.card * r.n + c.position];
        readout.textContent = `Card ${c.card} at position ${c.position}: ${int(count)} times, expected ${int(r.expected)} (z = ${zScore(count, r.expected, r.n).toFixed(1)}).`;
      });
    },
  };
}
