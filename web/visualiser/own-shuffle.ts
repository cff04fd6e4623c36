/**
 * "Your shuffle": a visitor's own shuffle, pasted as JavaScript or dropped as a log, tested by
 * fairdeck/fairness's testOrders (the code's orders) or testLog (a log: the reader of
 * `fairdeck-audit` itself, so its items field and its line numbers are the CLI's) with the same
 * charts as the lab.
 *
 * Safety (SECURITY.md, "Your shuffle"): pasted code never runs in this page. It is posted to
 * /sandbox/shuffle-sandbox.html, loaded in an <iframe sandbox="allow-scripts"> (an opaque origin:
 * no access to this page, its storage or cookies), which runs it in a Worker; only plain data
 * comes back (a Float64Array of numbers per batch, or plain arrays), checked by testOrders like any
 * log. Nothing from the code, a log or an
 * error message is inserted as HTML: every such text goes through textContent. A link may carry
 * code (#code=…) into the text box, but it runs only when the visitor presses Run.
 */
import { testLog, testOrders, type ShuffleReport } from 'fairdeck/fairness';
import { drawHeatmap, heatmapLegend } from './charts/heatmap.js';
import { drawHistogram } from './charts/histogram.js';
import { drawBars } from './charts/bars.js';
import { download } from './export.js';
import { int } from './format.js';

const SANDBOX = new URL('../sandbox/shuffle-sandbox.html', location.href).href;
/** Orders per message from the sandbox: about 64 K numbers (512 KB), at least 2,000 orders; eight messages in flight. */
const batchOf = (n: number) => Math.max(2000, Math.floor(65_536 / n));

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** A text element: the only way untrusted text reaches the page. */
function el(tag: string, text = '', className = ''): HTMLElement {
  const e = document.createElement(tag);
  if (text) e.textContent = text;
  if (className) e.className = className;
  return e;
}

/** Runs the pasted code in the sandbox; yields its orders batch by batch. */
function sandboxOrders(code: string, n: number, trials: number, signal: AbortSignal): AsyncIterableIterator<(string | number)[] | Float64Array> {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');  // no allow-same-origin: an opaque origin
  frame.title = 'sandbox for the pasted shuffle (hidden)';
  frame.hidden = true;
  frame.src = SANDBOX;
  // A batch is rows of plain values, or (results of n numbers) one Float64Array of `count` orders
  // back to back, moved from the sandbox's worker without a copy and read through views.
  type Batch = (string | number)[][] | { flat: Float64Array; count: number };
  const queue: (Batch | Error | null)[] = [];
  let wake: (() => void) | undefined;
  const push = (x: Batch | Error | null) => {
    queue.push(x);
    wake?.();
  };
  const onMessage = (e: MessageEvent) => {
    if (e.source !== frame.contentWindow || !e.data || typeof e.data !== 'object') return;
    const m = e.data as { type?: unknown; orders?: unknown; flat?: unknown; count?: unknown; last?: unknown; message?: unknown };
    if (m.type === 'ready') frame.contentWindow!.postMessage({ type: 'run', code, n, trials, batch: batchOf(n) }, '*');
    else if (m.type === 'orders' && (Array.isArray(m.orders) || m.flat instanceof Float64Array)) {
      if (m.flat instanceof Float64Array) {
        const count = typeof m.count === 'number' && Number.isInteger(m.count) ? Math.max(0, Math.min(m.count, Math.floor(m.flat.length / n))) : 0;
        push({ flat: m.flat, count });
      } else push(m.orders as (string | number)[][]);
      if (m.last === true) push(null);
    } else if (m.type === 'error') push(new Error(String(m.message)));
  };
  addEventListener('message', onMessage);
  const close = () => {
    removeEventListener('message', onMessage);
    frame.remove();
  };
  signal.addEventListener('abort', () => push(signal.reason instanceof Error ? signal.reason : new Error('stopped')), { once: true });
  document.body.append(frame);
  // An async iterator, not an async generator: an order of the current batch is handed over as an
  // already-settled promise, one microtask, where a generator's yield cost several (the page ran
  // at 3 M orders/s through one, measured in Node, against 5 M through this).
  type Order = (string | number)[] | Float64Array;
  let rows: (string | number)[][] | undefined, flat: Float64Array | undefined, count = 0, at = 0, closed = false;
  const finish = () => {
    if (!closed) (closed = true), close();
  };
  const take = (): Order | undefined => {
    if (rows && at < rows.length) return rows[at++];
    if (flat && at < count) return flat.subarray(at * n, ++at * n);
    return undefined;
  };
  const wait = async (): Promise<IteratorResult<Order>> => {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const next = queue.shift()!;
      if (next === null || next instanceof Error) {
        finish();
        if (next === null) return { value: undefined, done: true };
        throw next;
      }
      frame.contentWindow?.postMessage({ type: 'ack' }, '*');
      [rows, flat, count, at] = Array.isArray(next) ? [next, undefined, 0, 0] : [undefined, next.flat, next.count, 0];
      const order = take();
      if (order) return { value: order, done: false };
    }
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next() {
      const order = closed ? undefined : take();
      return order ? Promise.resolve({ value: order, done: false }) : closed ? Promise.resolve({ value: undefined, done: true }) : wait();
    },
    return() {  // testOrders stopped early (a bad order): the frame goes
      finish();
      return Promise.resolve({ value: undefined, done: true });
    },
  };
}

/** Wires the panel (called once the page is ready). */
export function setupOwnShuffle(): void {
  const code = $<HTMLTextAreaElement>('own-code'), file = $<HTMLInputElement>('own-log'), drop = $('own-drop');
  const nInput = $<HTMLInputElement>('own-n'), trialsInput = $<HTMLInputElement>('own-trials'), itemsInput = $<HTMLInputElement>('own-items');
  const run = $<HTMLButtonElement>('own-run'), stop = $<HTMLButtonElement>('own-stop'), exportButton = $<HTMLButtonElement>('own-export');
  const progress = $<HTMLProgressElement>('own-progress'), label = $('own-progress-label'), status = $('own-status'), out = $('own-results');
  let controller: AbortController | undefined, report: ShuffleReport | undefined, dropped: File | undefined;

  // A link may carry code; it is shown for reading, never run without a click.
  const fromLink = new URLSearchParams(location.hash.slice(1)).get('code');
  if (fromLink !== null) {
    code.value = fromLink;
    status.textContent = 'The link filled in the code above. Read it: it runs, sandboxed, only when you press Run.';
  }
  const busy = (on: boolean) => {
    run.disabled = on;
    stop.disabled = !on;
    progress.dataset.state = on ? 'running' : 'done';
  };
  const choose = (f: File | undefined) => {
    dropped = f;
    $('own-file-name').textContent = f ? `Log: ${f.name} (${int(f.size)} bytes). Run tests it; clear the file to test the code instead.` : '';
  };
  file.addEventListener('change', () => choose(file.files?.[0]));
  drop.addEventListener('dragover', (e) => e.preventDefault());
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    choose(e.dataTransfer?.files[0]);
  });

  run.addEventListener('click', async () => {
    const n = Number(nInput.value), trials = Number(trialsInput.value);
    if (!dropped && !(Number.isInteger(n) && n >= 2 && n <= 64)) return void (status.textContent = 'n must be an integer from 2 to 64.');
    if (!dropped && !(Number.isInteger(trials) && trials >= 1 && trials <= 10_000_000)) return void (status.textContent = 'Shuffles must be an integer from 1 to 10,000,000.');
    if (!dropped && !code.value.trim()) return void (status.textContent = 'Paste a shuffle function, or choose a log file.');
    controller = new AbortController();
    busy(true);
    out.replaceChildren();
    exportButton.disabled = true;
    status.textContent = '';
    const total = dropped ? dropped.size : trials;
    progress.max = 1;
    progress.value = 0;
    try {
      const onProgress = (p: { done: number; trialsPerSecond: number }) => {
        if (!dropped) progress.value = p.done / total;
        label.textContent = `${int(p.done)} ${dropped ? 'orders read' : `of ${int(total)} shuffles`}, ${int(p.trialsPerSecond)}/s`;
      };
      const items = itemsInput.value.trim();
      report = dropped
        ? await testLog(dropped, { items: items === '' ? undefined : items, signal: controller.signal, onProgress })
        // The code shuffles [0, 1, …, n−1]: that is its starting order (the items field is for logs).
        : await testOrders(sandboxOrders(code.value, n, trials, controller.signal), { n, signal: controller.signal, onProgress });
      progress.value = 1;
      show(out, report);
      exportButton.disabled = false;
    } catch (e) {
      status.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      busy(false);
      controller = undefined;
    }
  });
  stop.addEventListener('click', () => controller?.abort(new Error('Stopped.')));
  exportButton.addEventListener('click', () => {
    if (report) download('fairdeck-shuffle-audit.json', JSON.stringify(report, null, 2), 'application/json');
  });
}

/** Renders a report: verdict, causes, detectable bias, the tests, the charts. Text only. */
function show(out: HTMLElement, r: ShuffleReport): void {
  const lines = r.toString().split('\n');
  const verdict = el('p', lines[0], 'verdict');
  verdict.dataset.verdict = r.fair ? 'no-evidence-of-bias' : 'biased';
  verdict.id = 'own-verdict';
  out.append(verdict, el('p', lines[1], 'note'));
  const assumed = lines.find((l) => l.startsWith('Starting order assumed'));  // the report's warning when no items were given
  if (assumed) out.append(el('p', assumed, 'note'));
  if (r.causes.length) {
    const list = el('ul', '', 'causes');
    list.setAttribute('aria-label', 'Likely causes');
    for (const c of r.causes) list.append(el('li', `Likely cause: ${c}`));
    out.append(list);
  }
  const detect = lines.find((l) => /with 99% power/.test(l));
  if (detect) out.append(el('p', detect, 'note'));
  const table = el('table');
  const caption = el('caption', 'Tests: each p, and after Holm\'s correction for the tests run together');
  const head = el('thead');
  const hr = el('tr');
  for (const h of ['test', 'statistic', 'df', 'p', 'p (Holm)', 'observed']) {
    const th = el('th', h);
    th.setAttribute('scope', 'col');
    hr.append(th);
  }
  head.append(hr);
  const body = el('tbody');
  for (const t of r.tests) {
    const tr = el('tr');
    const th = el('th', `${t.rejects ? '✗' : '✓'} ${t.name}`);
    th.setAttribute('scope', 'row');
    tr.append(th, el('td', t.statistic.toPrecision(4)), el('td', t.df === null ? '—' : String(t.df)), el('td', t.p.toPrecision(2)), el('td', t.pCorrected.toPrecision(2)), el('td', t.observed));
    body.append(tr);
  }
  table.append(caption, head, body);
  const wrap = el('div', '', 'table-wrap');
  wrap.append(table);
  out.append(wrap);
  const cells = el('p', lines.find((l) => l.startsWith('Most deviant cells')) ?? '', 'note');
  out.append(cells);
  const width = Math.min(out.clientWidth || 600, 720);
  if (r.orderCounts && r.n <= 8) {
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `Orders histogram: each of the ${r.orderCounts.length} orders as count ÷ expected`);
    out.append(el('h3', 'Orders'), canvas);
    drawHistogram(canvas, { counts: r.orderCounts, expected: r.trials / r.orderCounts.length, n: r.n }, width);
  }
  if (r.k === r.n && r.n <= 64) {
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', 'Position heatmap: item (row) against position (column), colour = z-score');
    out.append(el('h3', 'Item × position'), canvas, heatmapLegend());
    // Rows follow report.items: the starting order when given (or testShuffle's 0…n−1), else the items sorted.
    drawHeatmap(canvas, { counts: r.counts, expected: r.trials / r.n, n: r.n }, width, {
      rows: r.itemOrder === 'given' ? 'item, in starting order ↓' : 'item, sorted (order assumed) ↓',
      columns: 'position in the shuffled order →',
    });
  }
  if (r.n >= 3) {
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', 'Neighbours: how often item i is directly followed by item i + 1, as count ÷ expected');
    out.append(el('h3', 'Neighbours: item i directly followed by item i + 1'), canvas);
    drawBars(canvas, Array.from(r.successions.subarray(0, r.n - 1), (c) => c / (r.trials * ((r.k - 1) / r.n) / (r.n - 1))), width);
  }
}
