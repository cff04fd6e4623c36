/**
 * The fairness visualiser: settings (kept in the URL) → worker → result cards, the time-vs-N
 * chart and the WASM-vs-JS comparison. Computation happens in the worker; this file only wires.
 */
import { ALGORITHM_INFO, ALGORITHMS, DEFAULT_SIZES, MAX_PERMUTATION_N, type AlgorithmName, type RngName } from 'fairdeck/fairness';
import { scalingChart } from './charts/scaling.js';
import { Client, type JobRequest } from './client.js';
import { download, toCSV, toJSON, type Results } from './export.js';
import { esc, int, rate, seconds } from './format.js';
import type { Reply, Settings } from './protocol.js';
import { formatSettings, MAX_PAGE_TRIALS, parseSettings } from './settings.js';
import { createCard, type Card } from './view.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('settings');
const status = $<HTMLElement>('status');
const bar = $<HTMLProgressElement>('progress');
const label = $<HTMLElement>('progress-label');
const buttons = ['run', 'scale', 'compare'].map((id) => $<HTMLButtonElement>(id));
const stop = $<HTMLButtonElement>('stop');
let results: Results | undefined;
const client = new Client((message) => finish('error', `The worker failed: ${message}`));

// Algorithm checkboxes, fair ones first.
$('algorithms').innerHTML = ALGORITHMS.map((a) => `<label title="${esc(ALGORITHM_INFO[a].summary)}">
  <input type="checkbox" name="alg" value="${a}"> ${a} <small>${ALGORITHM_INFO[a].fair ? 'fair' : 'biased'}</small></label>`).join('');

function fill(s: Settings): void {
  form.querySelectorAll<HTMLInputElement>('input[name=alg]').forEach((box) => (box.checked = s.algorithms.includes(box.value as AlgorithmName)));
  (form.elements.namedItem('n') as HTMLInputElement).value = String(s.n);
  (form.elements.namedItem('trials') as HTMLInputElement).value = String(s.trials);
  (form.elements.namedItem('rng') as HTMLSelectElement).value = s.rng;
  (form.elements.namedItem('seed') as HTMLInputElement).value = s.seed;
}

/** The form's settings, or undefined after saying what is wrong. */
function read(): Settings | undefined {
  const data = new FormData(form);
  const algorithms = data.getAll('alg') as AlgorithmName[];
  const n = Number(data.get('n')), trials = Number(data.get('trials'));
  const problem = !algorithms.length ? 'Pick at least one algorithm.'
    : !Number.isInteger(n) || n < 2 || n > 64 ? 'n must be a whole number from 2 to 64.'
    : !Number.isInteger(trials) || trials < 1 || trials > MAX_PAGE_TRIALS ? `Trials must be a whole number from 1 to ${int(MAX_PAGE_TRIALS)}.`
    : '';
  status.textContent = problem;
  if (problem) return undefined;
  const s: Settings = { algorithms, n, trials, rng: data.get('rng') as RngName, seed: String(data.get('seed') ?? '') };
  history.replaceState(null, '', formatSettings(s));
  return s;
}

function busy(on: boolean): void {
  buttons.forEach((b) => (b.disabled = on));
  stop.disabled = !on;
  $('exports').querySelectorAll('button').forEach((b) => (b.disabled = on || !results));
}

function finish(state: 'done' | 'stopped' | 'error', text: string): void {
  bar.dataset.state = state;
  if (state === 'done') bar.value = bar.max;
  label.textContent = text;
  busy(false);
}

/** Starts a job with a progress bar; `onResult` gets every reply that is not progress or end. */
function start(request: JobRequest, unit: string, onResult: (reply: Reply) => void): void {
  busy(true);
  bar.dataset.state = 'running';
  bar.value = 0;
  label.textContent = 'Starting…';
  const t0 = performance.now();
  client.start(request, (reply) => {
    if (reply.type === 'progress') {
      bar.max = reply.total;
      bar.value = reply.done;
      const speed = reply.trialsPerSecond ? ` · ${rate(reply.trialsPerSecond)} shuffles/s` : '';
      label.textContent = `${reply.label}: ${int(reply.done)} of ${int(reply.total)} ${unit}${speed}`;
    } else if (reply.type === 'done') {
      const took = seconds(performance.now() - t0);
      finish(reply.stopped ? 'stopped' : 'done', reply.stopped ? `Stopped after ${took}; finished results are shown.` : `Done in ${took}.`);
    } else if (reply.type === 'error') finish('error', reply.message);
    else onResult(reply);
  });
}

$('run').addEventListener('click', () => {
  const s = read();
  if (!s) return;
  results = { settings: s, permutations: [], positions: [] };
  const cards = new Map<AlgorithmName, Card>();
  const host = $('results');
  host.replaceChildren();
  if (s.n > MAX_PERMUTATION_N) host.insertAdjacentHTML('beforeend', `<p class="note">n = ${s.n} has ${s.n}! orders, too many to count: only the position matrix is measured (permutations need n ≤ ${MAX_PERMUTATION_N}).</p>`);
  for (const a of s.algorithms) cards.set(a, createCard(host, a));
  start({ type: 'run', settings: s }, 'shuffles', (reply) => {
    if (reply.type === 'permutations') results!.permutations.push(reply.result), cards.get(reply.result.algorithm)!.showPermutations(reply.result);
    if (reply.type === 'positions') results!.positions.push(reply.result), cards.get(reply.result.algorithm)!.showPositions(reply.result);
  });
});

$('scale').addEventListener('click', () => {
  const s = read();
  if (!s) return;
  start({ type: 'scale', algorithms: s.algorithms, sizes: [...DEFAULT_SIZES], rng: s.rng, seed: s.seed }, 'points', (reply) => {
    if (reply.type !== 'scale') return;
    results = { ...(results ?? { settings: s, permutations: [], positions: [] }), scaling: reply.result };
    const skipped = reply.result.skipped.length ? `<p class="note">Skipped (one shuffle would take over 250 ms): ${reply.result.skipped.map((p) => `${p.algorithm} at N = ${int(p.n)}`).join(', ')}.</p>` : '';
    $('scaling').replaceChildren(scalingChart(reply.result, Math.min(900, $('scaling').clientWidth || 900)));
    $('scaling').insertAdjacentHTML('beforeend', skipped);
  });
});

$('compare').addEventListener('click', () => {
  const s = read();
  if (!s) return;
  const n = Math.min(s.n, MAX_PERMUTATION_N), trials = Math.min(s.trials, 10_000_000);
  start({ type: 'compare', n, trials, seed: s.seed }, 'shuffles', (reply) => {
    if (reply.type !== 'compare') return;
    results = { ...(results ?? { settings: s, permutations: [], positions: [] }), comparison: reply.rows };
    const js = reply.rows.at(-1)!.trialsPerSecond;
    $('comparison').innerHTML = `<table><caption>Counting ${int(trials)} shuffles of n = ${n}, one after the other in the same worker</caption>
      <thead><tr><th>implementation</th><th>time</th><th>shuffles/s</th><th>vs plain JS</th><th>p</th></tr></thead><tbody>${reply.rows
        .map((r) => `<tr><td>${r.label}</td><td>${seconds(r.elapsedMs)}</td><td>${rate(r.trialsPerSecond)}</td><td>${(r.trialsPerSecond / js).toFixed(2)}×</td><td>${r.pValue.toPrecision(2)}</td></tr>`)
        .join('')}</tbody></table>`;
  });
});

stop.addEventListener('click', () => client.stop());
$('export-json').addEventListener('click', () => results && download('fairdeck-fairness.json', toJSON(results, location.href), 'application/json'));
$('export-csv').addEventListener('click', () => results && download('fairdeck-fairness.csv', toCSV(results), 'text/csv'));

const { settings, notes } = parseSettings(location.search);
fill(settings);
status.textContent = notes.length ? `Ignored from the URL: ${notes.join('; ')}.` : '';
busy(false);
