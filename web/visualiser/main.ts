/**
 * The fairness visualiser: settings (kept in the URL) → runs split over Web Workers → result
 * cards, the time-vs-N chart and the WASM-vs-JS comparison. This file only wires.
 */
import { ALGORITHM_INFO, ALGORITHMS, DEFAULT_SIZES, init, manifest, type AlgorithmName, type RngName } from 'fairdeck/fairness';
import { Client, type JobRequest } from './client.js';
import { download, toCSV, toJSON, type Results } from './export.js';
import { esc, int, rate, seconds } from './format.js';
import type { Reply, Settings } from './protocol.js';
import { runExperiments, type RunRecord } from './run.js';
import { showScaling } from './scaling-view.js';
import { formatSettings, MAX_PAGE_TRIALS, MAX_PAGE_WORKERS, parseSettings } from './settings.js';
import { createCard, type Card } from './view.js';
import { setupOwnShuffle } from './own-shuffle.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('settings');
const status = $<HTMLElement>('status');
const bar = $<HTMLProgressElement>('progress');
const label = $<HTMLElement>('progress-label');
const buttons = ['run', 'scale', 'compare'].map((id) => $<HTMLButtonElement>(id));
const stop = $<HTMLButtonElement>('stop');
let results: Results | undefined;
let running: AbortController | undefined;
await init();  // the engines' names come from the core (manifest())
const { settings, notes } = parseSettings(location.search);
// The page marks when its workers have warmed up on the URL's settings (data-warm): a run started
// before then includes their compiling (client.ts, worker.ts).
const client = new Client(settings.workers, (message) => finish('error', `A worker failed: ${message}`), (warm) => {
  if (warm) document.body.dataset.warm = '';
  else delete document.body.dataset.warm;
});
client.warm(settings);

const boxes = (name: string, checked: (a: AlgorithmName) => boolean) => ALGORITHMS.map((a) => `<label title="${esc(ALGORITHM_INFO[a].summary)}">
  <input type="checkbox" name="${name}" value="${a}"${checked(a) ? ' checked' : ''}> <span class="name">${a}</span> <small>${ALGORITHM_INFO[a].fair ? 'fair' : 'biased'} · ${ALGORITHM_INFO[a].cost}</small></label>`).join('');
$('algorithms').innerHTML = boxes('alg', () => false);
// The O(N) against O(N²) contrast by default: Fisher–Yates against remove-random.
$('scale-algorithms').innerHTML = boxes('scale-alg', (a) => a === 'fisher-yates' || a === 'remove-random');

function fill(s: Settings): void {
  form.querySelectorAll<HTMLInputElement>('input[name=alg]').forEach((box) => (box.checked = s.algorithms.includes(box.value as AlgorithmName)));
  for (const key of ['n', 'trials', 'rng', 'seed', 'workers'] as const) (form.elements.namedItem(key) as HTMLInputElement).value = String(s[key]);
}

/** The form's settings, or undefined after saying what is wrong. */
function read(): Settings | undefined {
  const data = new FormData(form);
  const algorithms = data.getAll('alg') as AlgorithmName[];
  const n = Number(data.get('n')), trials = Number(data.get('trials')), workers = Number(data.get('workers'));
  const problem = !algorithms.length ? 'Pick at least one algorithm.'
    : !Number.isInteger(n) || n < 2 || n > 64 ? 'n must be a whole number from 2 to 64.'
    : !Number.isInteger(trials) || trials < 1 || trials > MAX_PAGE_TRIALS ? `Trials must be a whole number from 1 to ${int(MAX_PAGE_TRIALS)}.`
    : !Number.isInteger(workers) || workers < 1 || workers > MAX_PAGE_WORKERS ? `Workers must be a whole number from 1 to ${MAX_PAGE_WORKERS}.`
    : '';
  status.textContent = problem;
  if (problem) return undefined;
  const s: Settings = { algorithms, n, trials, rng: data.get('rng') as RngName, seed: String(data.get('seed') ?? ''), workers };
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
  running = undefined;
  busy(false);
}

function begin(): number {
  busy(true);
  bar.dataset.state = 'running';
  bar.value = 0;
  label.textContent = 'Starting…';
  return performance.now();
}

/**
 * The bar and its label are repainted at most every PAINT_EVERY_MS (and at the end): progress
 * arrives every 25 ms from each worker, and each repaint costs the page's main thread a style,
 * layout and paint pass, time the workers need on a machine with few cores.
 */
const PAINT_EVERY_MS = 200;
let painted = 0;
function progress(what: string, done: number, total: number, unit: string, trialsPerSecond: number): void {
  const t = performance.now();
  if (done < total && t - painted < PAINT_EVERY_MS) return;
  painted = t;
  bar.max = total;
  bar.value = done;
  const speed = trialsPerSecond ? ` · ${rate(trialsPerSecond)} shuffles/s` : '';
  label.textContent = `${what}: ${int(done)} of ${int(total)} ${unit}${speed}`;
}

/** Starts a single-worker job; `onResult` gets every reply that is not progress or end. */
function start(request: JobRequest, unit: string, onResult: (reply: Reply) => void): void {
  const t0 = begin();
  client.start(request, (reply) => {
    if (reply.type === 'progress') progress(reply.label, reply.done, reply.total, unit, reply.trialsPerSecond);
    else if (reply.type === 'done') {
      const took = seconds(performance.now() - t0);
      finish(reply.stopped ? 'stopped' : 'done', reply.stopped ? `Stopped after ${took}; finished results are shown.` : `Done in ${took}.`);
    } else if (reply.type === 'error') finish('error', reply.message);
    else onResult(reply);
  });
}

$('run').addEventListener('click', async () => {
  const s = read();
  if (!s) return;
  client.resize(s.workers);
  const record: RunRecord = { seed: undefined, workers: s.workers };
  const r: Results = (results = { settings: s, workers: s.workers, seed: undefined, permutations: [], positions: [] });
  const cards = new Map<AlgorithmName, Card>();
  const host = $('results');
  host.replaceChildren();
  if (s.n > manifest().limits.maxPermutationN) host.insertAdjacentHTML('beforeend', `<p class="note">n = ${s.n} has ${s.n}! orders, too many to count: only the position matrix is measured (permutations need n ≤ ${manifest().limits.maxPermutationN}).</p>`);
  for (const a of s.algorithms) cards.set(a, createCard(host, a));
  const t0 = begin();
  const controller = (running = new AbortController());
  const workers = `${s.workers} worker${s.workers === 1 ? '' : 's'}`;
  try {
    await runExperiments(s, client.workers, controller.signal, {
      progress: (what, done, total, speed) => progress(`${what} · ${workers}`, done, total, 'shuffles', speed),
      permutations: (p) => (r.permutations.push(p), cards.get(p.algorithm)!.showPermutations(p)),
      positions: (m) => (r.positions.push(m), cards.get(m.algorithm)!.showPositions(m)),
    }, record);
    r.seed = record.seed;
    finish('done', `Done in ${seconds(performance.now() - t0)} on ${workers}.${s.seed === '' && record.seed ? ` Master seed (drawn, in the export): ${record.seed.hex.slice(0, 16)}…` : ''}`);
  } catch (error) {
    r.seed = record.seed;
    if (controller.signal.aborted) finish('stopped', `Stopped after ${seconds(performance.now() - t0)}; finished results are shown.`);
    else finish('error', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
});

$('scale').addEventListener('click', () => {
  const s = read();
  if (!s) return;
  const algorithms = [...document.querySelectorAll<HTMLInputElement>('input[name=scale-alg]:checked')].map((b) => b.value as AlgorithmName);
  if (!algorithms.length) return void (status.textContent = 'Pick at least one algorithm to time.');
  start({ type: 'scale', algorithms, sizes: [...DEFAULT_SIZES], rng: s.rng, seed: s.seed }, 'points', (reply) => {
    if (reply.type !== 'scale') return;
    results = { ...(results ?? { settings: s, workers: s.workers, seed: undefined, permutations: [], positions: [] }), scaling: reply.result };
    showScaling($('scaling'), reply.result);
  });
});

$('compare').addEventListener('click', () => {
  const s = read();
  if (!s) return;
  const n = Math.min(s.n), trials = Math.min(s.trials, 10_000_000);
  start({ type: 'compare', n, trials, seed: s.seed }, 'shuffles', (reply) => {
    if (reply.type !== 'compare') return;
    results = { ...(results ?? { settings: s, workers: s.workers, seed: undefined, permutations: [], positions: [] }), comparison: reply.rows };
    const js = reply.rows.at(-1)!.trialsPerSecond;
    $('comparison').innerHTML = `<div class="table-wrap"><table><caption>Counting ${int(trials)} shuffles of n = ${n}, one after the other in the same worker</caption>
      <thead><tr><th scope="col">implementation</th><th scope="col">time</th><th scope="col">shuffles/s</th><th scope="col">vs plain JS</th><th scope="col">p</th></tr></thead><tbody>${reply.rows
        .map((row) => `<tr><th scope="row">${row.label}</th><td>${seconds(row.elapsedMs)}</td><td>${rate(row.trialsPerSecond)}</td><td>${(row.trialsPerSecond / js).toFixed(2)}×</td><td>${row.pValue.toPrecision(2)}</td></tr>`)
        .join('')}</tbody></table></div>`;
  });
});

stop.addEventListener('click', () => (running ? running.abort(new Error('stopped')) : client.stop()));
$('export-json').addEventListener('click', () => results && download('fairdeck-fairness.json', toJSON(results, location.href), 'application/json'));
$('export-csv').addEventListener('click', () => results && download('fairdeck-fairness.csv', toCSV(results), 'text/csv'));

fill(settings);
status.textContent = notes.length ? `Ignored from the URL: ${notes.join('; ')}.` : '';
busy(false);
$('settings').addEventListener('submit', (e) => e.preventDefault());  // no inline handler: the page's CSP allows no inline script
// Changed settings: the workers warm up on them, before the next run (client.warm).
form.addEventListener('change', () => {
  const s = read();
  if (s) client.warm(s);
});
setupOwnShuffle();
// Every control is wired (after init(), which the engine names need): tests and scripts wait for this.
document.body.dataset.ready = '';
