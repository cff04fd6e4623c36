// tests/bench/report.mjs — turns one run's results into the printed table and BENCHMARKS.md, the
// one place for measured figures.
import { describeCpus } from './cpus.mjs';

/** A duration in ns, shown in a readable unit. */
export function time(ns) {
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(2)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e4) return `${(ns / 1e3).toFixed(1)} µs`;
  return `${ns.toFixed(ns < 10 ? 2 : 1)} ns`;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A paired ratio as printed: the median of the per-pair ratios ± half their interquartile range. */
export const pairedRatio = (p) => `${p.ratio.toFixed(2)}× ±${p.spread.toFixed(0)}%`;

/**
 * Rows of a timed scenario as table lines: name, time, spread, ratio, note. When fairdeck's rows
 * were timed back to back with a peer (lib.mjs, measure()'s `vs`), the ratio column is against
 * that peer: the median of the per-pair ratios ± their spread for fairdeck's rows, the ratio of
 * medians for the other peers. Otherwise it is against the fastest peer, a ratio of medians.
 */
function timedTable(rows, { ratioTo = 'peer', unit = '' } = {}) {
  const peers = rows.filter((r) => r.peer);
  const ref = ratioTo === 'peer' ? peers.find((p) => rows.some((r) => r.paired?.[p.name])) : undefined;
  const base = ref ? ref.ns : ratioTo === 'peer' && peers.length ? Math.min(...peers.map((r) => r.ns)) : undefined;
  const head = ['', `time${unit}`, '±', ref ? `vs ${ref.name} (paired)` : base ? 'vs fastest peer' : '', 'randomness / note'];
  const ratio = (r) => (ref && r.paired?.[ref.name] ? pairedRatio(r.paired[ref.name]) : base ? `${(r.ns / base).toFixed(2)}×` : '');
  const body = rows.map((r) => [r.peer ? r.name : `**${r.name}**`, time(r.ns), `${r.spread.toFixed(0)}%`, ratio(r), r.note || (r.peer ? '' : 'fairdeck')]);
  return [head, ...body];
}

function markdown(table) {
  const [head, ...body] = table;
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const align = head.map((_, i) => (i === 0 || (i === head.length - 1 && i > 1 && /note|result/.test(head[i])) ? '---' : '---:'));
  return [line(head), line(align), ...body.map(line)].join('\n');
}

function plain(table) {
  const cells = table.map((row) => row.map((c) => String(c).replace(/\*\*/g, '')));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  return cells.map((row) => row.map((c, i) => (i === 0 || i === row.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd()).join('\n');
}

/**
 * Engine words per item of the 10^8 cache-aware shuffle: 3 labels of 512 buckets per word, then one
 * word per Fisher–Yates step in the buckets (plain Fisher–Yates: one per item).
 */
const CA_WORDS = 4 / 3;

/** Scenario 3: how many times faster the cache-aware shuffle ran than plain Fisher–Yates with `rng` (undefined without both rows). */
export function leadOverPlain(rows, rng) {
  const ca = rows.find((x) => x.name === `core cache-aware ${rng}`), fy = rows.find((x) => x.name === `core Fisher–Yates ${rng}`);
  if (!ca || !fy) return undefined;
  const p = ca.paired?.[fy.name];  // timed back to back (the guard's engine): the median of the pairs' ratios
  return p ? 1 / p.ratio : fy.ns / ca.ns;
}

/**
 * Why the cache-aware lead is smaller with chacha20 (the guard is on xoshiro256: targets.mjs), with
 * what the engine's words alone cost each side, from the words/chacha20 twin's WASM ns per word.
 * The twin also stores every word it makes, which the shuffles do not, so that is an upper
 * estimate of the words' share, and the ratio of the rest a high one.
 */
function largeNote(rows, twin) {
  const lead = leadOverPlain(rows, 'chacha20');
  if (lead === undefined) return '';
  const find = (name) => rows.find((x) => x.name === name);
  const ca = find('core cache-aware chacha20'), fy = find('core Fisher–Yates chacha20');
  let note = `The guard on this comparison is xoshiro256's (issue 14). With chacha20 the cache-aware shuffle leads by ${lead.toFixed(2)}×: ` +
    `it draws about ${CA_WORDS.toFixed(2)} words per item against Fisher–Yates's 1, and ChaCha20's words are dearer`;
  const perWord = twin?.find((t) => t.name === 'words/chacha20')?.wasm;
  if (perWord !== undefined) {
    const caWords = 1e8 * CA_WORDS, fyWords = 1e8, rest = (fy.ns - fyWords * perWord) / (ca.ns - caWords * perWord);
    note += ` (${perWord.toFixed(2)} ns each, as the words/chacha20 twin of §5 makes and stores them): its ${CA_WORDS.toFixed(2)}·10^8 words take up to ` +
      `${((caWords * perWord) / 1e9).toFixed(2)} s of its time and Fisher–Yates's 10^8 up to ${((fyWords * perWord) / 1e9).toFixed(2)} s, ` +
      `which would leave the rest of the cache-aware shuffle up to ${rest.toFixed(2)}× faster than the rest of Fisher–Yates`;
  }
  return note + '. Plain Fisher–Yates over DRAM also varies from run to run with the memory traffic of the host.';
}

/**
 * The audit scenario's rows, undefined if neither part ran: testShuffle's come from 'audit-shuffle'
 * (pinned), the log reader's and the CLI's from 'audit' (run.mjs).
 */
export function auditRows(r) {
  return r.audit || r['audit-shuffle'] ? [...(r['audit-shuffle']?.rows ?? []), ...(r.audit?.rows ?? [])] : undefined;
}

/** The sections of the report, each { title, intro, table } (tables as arrays of rows). */
export function sections(r) {
  const out = [];
  const timed = (id, title, intro, opts) => r[id] && out.push({ title, intro, table: timedTable(r[id].rows, opts) });
  timed('deck52', '1. 52 cards: shuffle, then deal all 52', 'Per shuffle + full deal. Peers shuffle an Array of 52 card objects and read every card; fairdeck shuffles a `Deck` and deals 52 `Card`s.');
  timed('bulk-u32', '2a. Shuffle a 10^6-element Uint32Array', 'Per shuffle (fairdeck copies the array into the WASM heap and back).');
  timed('bulk-array', '2b. Shuffle a 10^6-element Array of numbers', 'Per shuffle (fairdeck draws the swap partners in WASM; JS applies the swaps).');
  timed('bulk-permutation', '2c. permutation(10^6)', 'Per call; peers fill 0…n−1 into a Uint32Array and shuffle it.');
  timed('arrays', '2d. Shuffle an Array, 10 to 10^7 items', 'Per item, unseeded (fairdeck\'s default engine) against d3-array in the same run, each pair back to back. Up to 2,048 items fairdeck shuffles in JavaScript with words of the platform; above, WASM makes the choices and JavaScript the swaps (from 2^23 items the cache-aware scatter and bucket swaps).');
  if (r.large) {
    const { rows } = r.large, table = timedTable(rows, { ratioTo: 'none' });
    table[0][3] = 'vs plain Fisher–Yates';
    rows.forEach((row, i) => {
      const lead = row.name.startsWith('core cache-aware ') ? leadOverPlain(rows, row.name.slice('core cache-aware '.length)) : undefined;
      if (lead !== undefined) table[i + 1][3] = `${lead.toFixed(2)}× faster`;
    });
    out.push({ title: '3. 10^8 items (400 MB of uint32)', intro: '"core" rows run the algorithm alone on a WASM heap array through the core\'s Embind class (CoreBulk, driven directly; each shuffle\'s array filled before it, untimed), in calls of 2^18 units. ' + largeNote(rows, r.twin), table });
  }
  if (r.fairness) {
    const rows = r.fairness.rows;
    const table = [['', 'per trial', '±', 'trials/s', 'vs plain JS (sfc32)']];
    for (const row of rows) {
      const jsName = `${row.name.split(':')[0]}: plain JS (sfc32)`, js = rows.find((x) => x.name === jsName), p = row.paired?.[jsName];
      // Paired rows (timed back to back with the JS loop): the median of the pairs' ratios ± spread.
      const faster = p ? `${(1 / p.ratio).toFixed(2)}× faster ±${p.spread.toFixed(0)}% (paired)` : `${(js.ns / row.ns).toFixed(2)}× faster`;
      table.push([row.name, time(row.ns), `${row.spread.toFixed(0)}%`, `${(1e9 / row.ns / 1e6).toFixed(1)} M`, faster]);
    }
    out.push({ title: '4. Fairness experiments (Fisher–Yates)', intro: 'Per trial (one shuffle, counted). "core" is the fairness module: its Embind class `CoreExperiment`, driven directly, `run(trials)` in bounded calls; "fairdeck/fairness" the public API (yields to the event loop between chunks); plain JS runs the same loops (tests/bench/jsloops.mjs).', table });
  }
  if (r.twin?.length) {
    const table = [['', 'WASM', 'native', 'WASM / native', '±', 'each process']];
    for (const t of r.twin) {
      table.push([t.name, time(t.wasm), time(t.native), `${t.ratio.toFixed(2)}×`, `${t.spread.toFixed(0)}%`, (t.processes ?? []).map((v) => `${v.toFixed(2)}×`).join(' ')]);
    }
    out.push({ title: '5. WASM vs native (same core, same algorithm)', intro: 'Per item (shuffle, element, word or trial). Native: the same headers built with g++ -O3 (x86-64 baseline, SSE2) and Google Benchmark; WASM: tests/bench/scenarios/native.mjs through the Embind classes of the shipped modules, driven directly (the deck52 rows include two Embind method calls, shuffle and deal, and run 16 shuffles per call of the harness\'s timing loop, as Google Benchmark runs many per timing, so that the harness\'s own call is not counted as WASM\'s; the bulk rows fill each shuffle\'s heap array before the call, untimed, as the native side shuffles one array made once; the 10^8 row runs the shuffle alone, back to back, as the native side does, where scenario 3 interleaves it with passes over other 400 MB arrays). Each twin runs in 3 processes, each pinned to the CPU that timed fastest just before it (taskset; the native child it spawns inherits the pin): the machine\'s two vCPUs at times differ by about 1.4× for these loops, so a WASM process and its native child on different CPUs made the ratio flap, and a slow spell raises the ratio even on one CPU; its row is the process with the median ratio; "each process" lists the three ratios. In a process, each twin is timed in rounds of one WASM sample (~100 ms) and one native run of the same benchmark (a child process, Google Benchmark\'s 0.1 s minimum), back to back in alternating order: 21 rounds, 5 for the 10^8 row. WASM and native are the medians of their samples; WASM / native is the median of the per-round ratios, ± half their interquartile range: load from other processes that lasts longer than a round slows both halves of a pair alike.', table });
  }
  if (r.workers) {
    const rows = r.workers.rows;
    const table = [['', 'per trial', 'trials/s', 'cores used (CPU / wall)', 'trials per CPU-second', '2 workers vs 1']];
    for (const row of rows) {
      const one = rows.find((x) => x.group === row.group);
      const p = row.paired?.[one.name];  // the median of the rounds' ratios, 1 and 2 workers back to back
      table.push([row.name, time(row.ns), `${(1e9 / row.ns / 1e6).toFixed(1)} M`, row.cores.toFixed(2), `${(1e9 / row.ns / row.cores / 1e6).toFixed(1)} M`,
        row === one ? '' : p ? `${(1 / p.ratio).toFixed(2)}× ±${p.spread.toFixed(0)}%` : `${(one.ns / row.ns).toFixed(2)}×`]);
    }
    out.push({ title: '7. Fairness experiments over worker_threads', intro: 'Per trial, wall clock of one whole `positionMatrix`/`countPermutations` call with `workers: 1` or `2` (threads started, WASM loaded, chunks run, counts added; medians of the rounds, 1 and 2 alternating; "2 workers vs 1" is the median of the rounds\' ratios ± half their interquartile range). The counts are checked identical for 1 and 2 workers. "Cores used" is the process\'s CPU time over the wall time: what the scheduler gave it; trials per CPU-second is the cost of the work, which does not depend on the load: equal for 1 and 2 workers means a second core is all gain.' +
      (r.workers.cpus?.some(Boolean) ? ` Around the run (tests/bench/cpus.mjs, each CPU timed pinned, before and after): ${r.workers.cpus.filter(Boolean).map(describeCpus).join('; then ')}.` : ''), table });
  }
  if (r.games) {  // one table per game, each against its own peer
    const intro = 'Per hand or round. Hold\'em: 9 seats, 18 hole cards round by round, 3 burns and a 5-card board, from a fresh shuffle of a secure deck (chacha20, keyed from platform entropy), every card landing in its pile in the core (hand:0 … hand:8, burn, board) and read as a `Card`; the peer shuffles 52 card objects with d3-array and reads the same 26. "Step by step" is `dealHands` + `burn`/`dealTo` six times (7 calls); "one dealPattern" deals the whole hand in one call. Blackjack: player and dealer three cards each in turn from a 6-deck lazy shoe with a cut card at 75% (one `dealPattern` onto the player\'s and dealer\'s piles; the shoe reshuffled when the cut card is out, every 39th round), and the same round with its cards then moved to a discard pile (`moveCards`); the peer shuffles 312 card objects with d3-array and reads 6.';
    for (const [group, title] of [['holdem', "8a. Dealing a game: a 9-seat Hold'em hand"], ['blackjack', '8b. Dealing a game: a blackjack round from a 6-deck shoe']]) {
      out.push({ title, intro: group === 'holdem' ? intro : '', table: timedTable(r.games.rows.filter((row) => row.group === group)) });
    }
  }
  const audit = auditRows(r);
  if (audit) {  // two tables: the harness against its peer ('audit-shuffle', pinned), and the log reader alone
    if (audit.some((row) => row.group === 'audit-shuffle')) out.push({ title: '9a. Testing any shuffle: testShuffle (fairdeck/fairness)', intro: 'Per trial: d3-array\'s shuffle of a fresh [0…51] under test, against the same loop bare (the harness checks and counts every order); one call of 200,000 trials each, back to back in alternating order, on the CPU clock, in a process pinned to the quieter CPU (scenario audit-shuffle).', table: timedTable(audit.filter((row) => row.group === 'audit-shuffle')) });
    if (audit.some((row) => row.group === 'audit-log')) out.push({ title: '9b. Testing any shuffle: fairdeck-audit', intro: 'Per byte of log text: the CLI\'s reader on a file of one shuffled 52-card deck per line (card codes), parsed and counted by one thread in the bench\'s process, then the whole CLI run in a fresh process with `--workers 1` and `--workers 2` (both start cold; back to back in alternating order, the speed-up is the median of the rounds\' ratios of wall times); MB/s = 1000 / ns per byte, and per CPU-second (the process\'s CPU time, every thread, over the wall clock is "cores used").', table: timedTable(audit.filter((row) => row.group === 'audit-log'), { ratioTo: 'none' }) });
  }
  if (r.memory) {
    const m = r.memory;
    out.push({ title: '10a. What a deck costs to make', intro: 'Per call; "vs" is the ratio to one `shuffle()` of a reused deck of the same entry, measured in the same rounds. A secure deck takes its key from a block of 2,048 keys drawn by one `crypto.getRandomValues` call (SECURITY.md).', table: timedTable(m.rows, { ratioTo: 'none' }) });
    const table = [['entry', 'strategy', 'bytes per live deck (RSS), first 50,000', 'of which V8\'s young generation', 'JS heap in use', 'the next 50,000']];
    const cell = (v) => (v === undefined ? '' : `${Math.round(v)}`);
    for (const l of m.live) table.push([l.entry === 'games' ? 'fairdeck/games, after dealHands(6, 2)' : 'fairdeck, after deal(12)', l.strategy === 'shoe' ? '6-deck lazy shoe, cut card' : l.strategy, `${Math.round(l.bytes)}`, cell(l.young), cell(l.heap), `${Math.round(l.marginal)}`]);
    if (m.control) table.push([`control, no WASM: a Deck-shaped object, its record and ${m.control.chars} characters of saved state`, '', `${Math.round(m.control.bytes)}`, cell(m.control.young), cell(m.control.heap), `${Math.round(m.control.marginal)}`]);
    table.push([`a deck per hand, never disposed (${m.forgotten.hands.toLocaleString('en')} hands, yielding every 1,000)`, '', `peak RSS ${(m.forgotten.peak / 2 ** 20).toFixed(0)} MB`, '', '', '']);
    out.push({ title: '10b. What a deck costs to keep, and to forget', intro: 'RSS over 50,000 decks held in an array, after two collections, per deck, then over 50,000 more (a child process each, `--expose-gc`; the first 50,000 also pay once for V8\'s young generation and the WASM heap growing to their working size: the young generation\'s growth, its new space committed whole, is its own column): past 4,096 live core decks the oldest are paged out to a saved state in the JS heap (docs/memory.md). The control row measures, the same way, what a paged-out games deck keeps in JavaScript with no WASM at all (an object with the Deck\'s fields, one with its record\'s, and a string as long as its saved state past the shared head): not a guard, the floor the method puts under one. The forgotten-deck loop: `new Deck()` + `dealHands(6, 2)` per hand, never disposed.', table });
  }
  if (r.size) {
    const s = r.size;
    const table = [['entry point (bundler)', 'JS gzip', 'wasm gzip', 'total gzip', 'total brotli']];
    for (const row of s.rows) table.push([row.name, kb(row.js), kb(row.wasm), `**${kb(row.gzip)}**`, kb(row.brotli)]);
    table.push(['package files (gzip): ' + Object.entries(s.pkg).map(([f, g]) => `${f} ${kb(g)}`).join(', '), '', '', '', '']);
    table.push([`start-up: \`await init()\` in a fresh Node process (median of ${s.startup.nodeRuns})`, '', '', `${s.startup.nodeInitMs.toFixed(1)} ms`, '']);
    table.push([`start-up: \`await init()\` in a fresh Chromium ${s.startup.chromiumVersion} page, Vite build over HTTP (median of ${s.startup.chromiumRuns})`, '', '', `${s.startup.chromiumInitMs.toFixed(1)} ms`, '']);
    table.push([`start-up: \`initSync()\` in a fresh Node process (median of ${s.startup.nodeRuns}, interleaved with the row above it)`, '', '', `${s.startup.nodeInitSyncMs.toFixed(1)} ms`, '']);
    table.push([`start-up: \`initSync()\` on a fresh Chromium page's main thread, Vite build over HTTP (median of ${s.startup.chromiumRuns}, interleaved)`, '', '', `${s.startup.chromiumInitSyncMs.toFixed(1)} ms`, '']);
    // Where `await init()` spends its time (tests/bench/startup.mjs, docs/startup.md): each step's median.
    for (const [where, steps, deckMs] of [['Node', s.startup.nodeSteps, s.startup.nodeDeckMs], ['Chromium', s.startup.chromiumSteps, s.startup.chromiumDeckMs]]) {
      for (const step of steps ?? []) table.push([`start-up, ${where}, \`await init()\` step: ${step.label}`, '', '', `${step.ms.toFixed(1)} ms`, '']);
      if (deckMs !== undefined) table.push([`start-up, ${where}: the first \`new Deck()\` after it (not part of init())`, '', '', `${deckMs.toFixed(1)} ms`, '']);
    }
    if (s.startup.load !== undefined) table.push([`start-up: the machine's load average when they were measured (${s.startup.cores} cores)`, '', '', s.startup.load.toFixed(2), '']);
    out.push({ title: '6. Size and start-up', intro: 'Per entry point, a minimal app (tests/size/apps.mjs; for `fairdeck` the README example: `init`, `new Deck()`, `deal(5)`) built with Vite and with webpack 5; every emitted .js and .wasm counted. `fairdeck/fairness` loads the deck module and its own fairness module (docs/size.md). The size check in `npm test` holds the README example under ' + kb(s.budget) + ' gzip in both builds.', table });
  }
  if (r['chacha-blocks']) {
    // Issue 58: the engine's own four-lane block against libsodium's, the same stream (docs/cryptography.md).
    const { rows } = r['chacha-blocks'];
    const table = [['', 'SIMD block (shipped)', 'libsodium block', 'libsodium / SIMD (paired)']];
    for (const row of rows.filter((x) => x.paired)) {
      const [simdName, p] = Object.entries(row.paired)[0], simd = rows.find((x) => x.name === simdName);
      table.push([row.name.replace(/, libsodium block$/, ''), time(simd.ns), time(row.ns), `${p.ratio.toFixed(2)}× ±${p.spread.toFixed(0)}%`]);
    }
    out.push({ title: '11. ChaCha20: which block runs', intro: 'The same keystream from two blocks: the engine\'s four-lane SIMD block, which the package ships, and libsodium\'s `crypto_stream_chacha20` (the core built with `-DFAIRDECK_CHACHA20_LIBSODIUM=ON`, bench only), per 52-card shuffle + `deal(52)` and per engine word, each pair timed back to back in alternating order (WASM: 21 rounds in one process; natively: the two Google Benchmark binaries, 9 rounds). Natively libsodium\'s block is its portable C here, as in WASM: fairdeck never calls `sodium_init()`, which would choose its SSSE3/AVX2 code on x86-64. The SIMD block stays because it is the faster in WASM; tests/cpp/chacha20_libsodium_test.cpp holds it to libsodium in every `npm test` (SECURITY.md, docs/cryptography.md).', table });
  }
  if (r.verify) {
    timed('verify', '12. Verifying one hand of a shoe', 'Per `verifyRound` call (fairdeck/verify: WebCrypto HMAC, the whole order of a 6-deck shoe dealt in TypeScript), in batches of 120 calls: hand 1 and hand 40 (by its `offset`) back to back in alternating order, 21 rounds, on the CPU clock, pinned; "vs" is the median of the rounds\' ratios. The last row checks hand 40 the way a player had to before `offset` existed, by replaying every hand before it.', { ratioTo: 'peer' });
    timed('trustless', '13. A table no one can stack (fairdeck/trustless)', 'Per operation, 52 cards, CPU clock, in Node: the seats run trustless.wasm (libsodium\'s ristretto255); the verifier rows are fairdeck/verify\'s second implementation in TypeScript on @noble/curves. Medians over 5 fresh hands (each shuffle and check of every hand counted).', { ratioTo: 'none' });
  }
  if (r.cli) {
    timed('cli', '13. The command line: shuffling 10^7 lines', `Per run of the tool on \`seq 1 10000000\` (${(r.cli.bytes / 1e6).toFixed(1)} MB) from a file on standard input, output to /dev/null: wall time, with peak RSS and CPU time in the note, each run a child of a Python process reading its rusage; the two tools back to back in alternating order, ${r.cli.rows[0].rounds} rounds; "vs" is the median of the rounds' time ratios. fairdeck moves the lines in two cache-friendly passes (web/src/cli/commands.ts).`, { ratioTo: 'peer' });
  }
  return out;
}

/** The console version of everything. */
export function printed(r, targets) {
  const parts = sections(r).map((s) => `\n${s.title}\n${plain(s.table)}`);
  const t = [['target', 'measured', '']].concat(targets.map((x) => [x.target, x.value, x.met === null ? 'reported' : x.met ? 'met' : 'MISSED']));
  return parts.join('\n') + `\n\nTargets\n${plain(t)}\n`;
}

/**
 * Where the single-threaded scenarios ran (run.mjs pins each to the CPU the probe finds fastest
 * just before it: tests/README.md says why) and the probe's figures, so that a slow spell of a
 * CPU during a scenario shows.
 */
function cpuLines(r) {
  const pinned = Object.entries(r).filter(([, v]) => v?.cpu?.length);
  if (!pinned.length) return [];
  const run = (c) => `CPU ${c.cpu} (${c.before.map((n) => n.toFixed(0)).join(' / ')} ns before, ${c.after.toFixed(0)} after)`;
  const one = ([id, v]) => `${id} ${v.cpu.length > 1 ? `in ${v.cpu.length} processes on ` : 'on '}${v.cpu.map(run).join(', ')}`;
  return ['**CPUs:** each single-threaded scenario, and each process of the WASM/native twins, ran pinned to the CPU that timed fastest just before it (tests/bench/cpus.mjs: ns per 52-card ChaCha20 shuffle + deal on each CPU, then on its own CPU after it); deck52, games, simulation and the twins ran in 3 processes, each row taken from the process with the median ratio: ' +
    `${pinned.map(one).join('; ')}.`, ''];
}

/** BENCHMARKS.md. */
export function benchmarksMd(r, targets, env) {
  const lines = [
    '# fairdeck benchmarks',
    '',
    `Generated by \`npm run bench\` (scripts/bench.sh → tests/bench/run.mjs) on ${env.date}; the whole run took ${env.minutes} min. Do not edit by hand.`,
    '',
    `**Machine:** ${env.cpu}, ${env.cores} cores, ${env.memGb} GB RAM, ${env.os}. Load average (1 min) ${env.loadBefore} before the run, ${env.loadAfter} after — shared with other work, which is why every scenario interleaves its contenders and reports medians.`,
    `**Versions:** fairdeck ${env.version} (${env.commit}), Node ${env.node} (V8 ${env.v8}), Emscripten ${env.emscripten}, ${env.gxx}, Google Benchmark ${env.gbench}.`,
    '',
    '**Method:** one Node process per scenario; inside it every contender (peers and fairdeck) is warmed up, then timed in rounds that visit the contenders in a rotating order; each sample repeats the operation for ~20–60 ms of the process\'s CPU time (user + system: on a shared machine the wall clock also counts the time spent waiting for a core; the workers scenario and the public fairness API, which run on other threads, are timed by the wall clock, and the WASM/native twins read Google Benchmark\'s CPU time to match); a time is the median over the rounds, ± half the interquartile range. Every ratio a target reads is paired: at its turn in each round a fairdeck row is sampled back to back with the peer it is compared with (and a `dealOne()` row with its `deal(52)` row), the two in an order that alternates from round to round, and the ratio (or difference) is the median over the rounds of the pair\'s ratios, ± half their interquartile range; load that lasts longer than a pair slows both halves alike. Columns headed "(paired)" are such ratios; other ratios are of medians. Ratios are within one run. Peers use their own randomness (d3-array, lodash and fast-shuffle: Math.random; pure-rand: xoroshiro128+; random-js: MT19937 or Node crypto); fairdeck never uses Math.random.',
    '',
    ...cpuLines(r),
    '## Targets',
    '',
    markdown([['target', 'measured', 'result']].concat(targets.map((t) => [t.target, t.value, t.met === null ? `reported, not guarded — ${t.why}` : t.met ? '**met**' : `**missed** — ${t.why}`]))),
    '',
  ];
  for (const s of sections(r)) lines.push(`## ${s.title}`, '', s.intro, '', markdown(s.table), '');
  lines.push('## What made it faster', '', 'Effects as measured when each change was made (interleaved A/B runs on this machine; see `git log`), so they need not match the tables above to the nanosecond.', '', ...env.changes.map((c) => `- ${c}`), '');
  return lines.join('\n');
}
