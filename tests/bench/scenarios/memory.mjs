// Scenario 9 (issue 38): what a deck costs to make, to keep and to forget. Construction is timed
// against one shuffle() of a reused deck in the same process (`new Deck()` + `dispose()`, secure
// and seeded, each entry); the bytes each live deck holds are the RSS over 50,000 decks kept in an
// array, and over 50,000 more (a child process per entry and strategy, started with --expose-gc so the collector can be
// run before and after); the forgotten-deck loop is a child process making a deck per hand
// (`new Deck()` + `dealHands(6, 2)`, fairdeck/games) 10^6 times, never disposing one, yielding to
// the event loop every 1,000 hands, as a server written the natural way does: its peak RSS.
import { spawnSync } from 'node:child_process';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { consume, measure, report } from '../lib.mjs';

const [mode, ...args] = process.argv.slice(2);
const load = async (entry) => (entry === 'games' ? import('fairdeck/games') : import('fairdeck'));
const say = (x) => process.stdout.write(`@@child ${JSON.stringify(x)}\n`);

/**
 * RSS per kept object, `make(i)` made n times and kept, then n more (a child process, --expose-gc):
 * the first figure as issue 38 measures decks, the second what one more costs once V8's young
 * generation and the WASM heap have grown to their working size (both paid once, by the first tens
 * of thousands of objects any program keeps). Also V8's young generation (its new space, committed
 * whole: what of the first figure is the collector's working room, docs/memory.md) and the JS heap
 * in use (live objects, not the pages around them). 200 made first warm the paths' allocations.
 */
function perKept(n, make) {
  for (let i = 0; i < 200; i++) make(i);
  globalThis.gc(), globalThis.gc();
  const young = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
  const used = () => v8.getHeapStatistics().used_heap_size;
  const rss = [process.memoryUsage().rss], keep = new Array(2 * n), newSpace = [young()], heap = [used()];
  for (const half of [0, 1]) {
    for (let i = half * n; i < (half + 1) * n; i++) keep[i] = make(i);
    globalThis.gc(), globalThis.gc();
    rss.push(process.memoryUsage().rss), newSpace.push(young()), heap.push(used());
  }
  return { bytes: (rss[1] - rss[0]) / n, marginal: (rss[2] - rss[1]) / n, young: (newSpace[1] - newSpace[0]) / n, heap: (heap[1] - heap[0]) / n, n, kept: keep.length };
}

if (mode === 'live') {
  const [entry, strategy, n] = [args[0], args[1], Number(args[2])];
  const m = await load(entry);
  await m.init();
  const options = strategy === 'shoe' ? { decks: 6, strategy: 'lazy', penetration: 0.75 } : { strategy };
  const use = (d) => (entry === 'games' ? d.dealHands(6, 2) : d.deal(12));
  say(perKept(n, () => {
    const d = new m.Deck(options);
    use(d);
    return d;
  }));
} else if (mode === 'control') {
  // The same measurement of a stand-in with no WASM at all: per deck, an object with the Deck's
  // own fields, a record with its paged-out record's fields, and a string as long as the part of
  // a games deck's saved state (after a hand) that a paged-out deck keeps (the text from its first
  // '['; the head before it is shared). What the method charges for the JavaScript a paged-out
  // deck cannot do without (docs/memory.md), beside the guard: not a guard itself.
  const n = Number(args[0]);
  const m = await load('games');
  await m.init();
  const deck = new m.Deck();
  deck.dealHands(6, 2);
  const text = JSON.stringify(deck.toJSON({ includeSecret: true })), chars = text.length - text.indexOf('[');
  deck.dispose();
  class StandIn {
    #c; #core; #p; #cards; #info;
    constructor(i) {
      this.#c = null, this.#p = 0, this.#cards = null, this.#info = undefined, this.size = 52;
      this.#core = { prev: null, next: null, h: null, head: '', saved: String(1e9 + i).padEnd(chars, '.'), w: false, c: null, pinned: false };
      this.cloning = i;
    }
  }
  say({ ...perKept(n, (i) => new StandIn(i)), chars });
} else if (mode === 'forget') {
  const hands = Number(args[0]);
  const m = await load('games');
  await m.init();
  let peak = process.memoryUsage().rss;
  const t0 = performance.now();
  for (let i = 1; i <= hands; i++) {
    new m.Deck().dealHands(6, 2);
    if (i % 1000 === 0) {
      peak = Math.max(peak, process.memoryUsage().rss);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  say({ peak, hands, seconds: (performance.now() - t0) / 1000 });
} else {
  const child = (...a) => {
    const p = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), ...a.map(String)], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const line = (p.stdout ?? '').split('\n').find((l) => l.startsWith('@@child '));
    if (p.status !== 0 || !line) throw new Error(`memory scenario child ${a.join(' ')} failed (exit ${p.status}):\n${p.stderr}`);
    return JSON.parse(line.slice('@@child '.length));
  };
  const contenders = [];
  for (const entry of ['fairdeck', 'games']) {
    const m = await load(entry);
    await m.init();
    const reused = new m.Deck();
    // Each guard's row is timed back to back with the row it is set against (`vs`, issue 39
    // item 7): construction with the reused deck's shuffle(), a first hand (new deck, hand,
    // dispose) with the same deck made and disposed without one, a later hand with its shuffle()
    // alone; targets.mjs reads the per-pair ratios and differences, and their spreads.
    const shuffleRow = `${entry}: shuffle() of a reused deck`, makeRow = `${entry}: new Deck() + dispose(), secure`;
    contenders.push({ name: shuffleRow, group: entry, fn: () => consume(reused.shuffle().remaining) });
    contenders.push({ name: makeRow, group: entry, vs: shuffleRow, fn: () => { const d = new m.Deck(); consume(d.size); d.dispose(); } });
    let seed = 0;
    contenders.push({ name: `${entry}: new Deck({ seed }) + dispose()`, group: entry, vs: shuffleRow, fn: () => { const d = new m.Deck({ seed: ++seed }); consume(d.size); d.dispose(); } });
    if (entry === 'games') {
      contenders.push({ name: 'games: new Deck() + dealHands(6, 2) + dispose()', group: entry, vs: makeRow, fn: () => { const d = new m.Deck(); consume(d.dealHands(6, 2).length); d.dispose(); } });
      contenders.push({ name: 'games: shuffle() + dealHands(6, 2) of a reused deck', group: entry, vs: shuffleRow, fn: () => consume(reused.shuffle().dealHands(6, 2).length) });
    }
  }
  // 41 rounds of 30 ms samples (issue 58, item 6): the first hand is the difference of two
  // construction-sized samples, and with 15 rounds of 20 ms it moved ±7–14% between runs.
  const rows = measure(contenders, { rounds: 41, sampleMs: 30 });
  const live = [];
  for (const entry of ['fairdeck', 'games'])
    for (const strategy of ['eager', 'lazy', 'bitmap', 'shoe']) live.push({ entry, strategy, ...child('live', entry, strategy, 50000) });
  const control = child('control', 50000);
  const forgotten = child('forget', 1e6);
  report('memory', rows, { live, control, forgotten });
}
