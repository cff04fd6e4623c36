// tests/bench/run.mjs — `npm run bench` after scripts/bench.sh has built everything: waits for a
// quiet machine (load < 1.5, up to --max-wait seconds), runs the native Google Benchmark binary
// and every scenario in its own Node process, prints the tables and the targets, and writes
// BENCHMARKS.md (the one place for measured figures). Usage:
//   node tests/bench/run.mjs --native build/bench/tests/bench/fairdeck_bench [--only deck52,size] [--max-wait 120]
// The WASM/native ratios pair each WASM twin with a native run of the same benchmark, round by
// round (scenarios/native.mjs), so that a change of load between the two cannot skew them.
// Scenarios that time the core alone (large, fairness, native-twin) load their own instances of
// the modules through the Emscripten glue and call the Embind classes directly (core.mjs); the
// rest time the public API, as an app calls it.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allowedCpus, probeOn } from './cpus.mjs';
import { benchmarksMd, printed } from './report.mjs';
import { evaluate } from './targets.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const only = arg('only')?.split(',');
const started = Date.now();

const SCENARIOS = [
  ['deck52', 'deck52.mjs'], ['bulk-u32', 'bulk.mjs', 'u32'], ['bulk-array', 'bulk.mjs', 'array'],
  ['bulk-permutation', 'bulk.mjs', 'permutation'], ['arrays', 'arrays.mjs'], ['large', 'large.mjs'], ['fairness', 'fairness.mjs'],
  ['native-twin', 'native.mjs'], ['size', 'size.mjs'], ['workers', 'workers.mjs'], ['games', 'games.mjs'],
  ['audit-shuffle', 'audit.mjs', 'shuffle'], ['audit', 'audit.mjs', 'log'],
  ['memory', 'memory.mjs'],
  ['simulation', 'simulation.mjs'],
  ['chacha-blocks', 'chacha-blocks.mjs'],
  ['verify', 'verify.mjs'],
  ['trustless', 'trustless.mjs'],
  ['cli', 'cli.mjs'],
];

/** What was done for speed, with the effect measured when it was made (see git log). */
const CHANGES = [
  '`Dice::descend` (uniform.hpp): Fisher–Yates and bulk steps keep each batch of dice in locals instead of the dice struct, which the array stores could alias; `noexcept`, so WASM calls it directly instead of through a JS `invoke_` trampoline (exceptions are on); bounds above 8,192 (batches of one) skip the batch code. Same draws. Native 52-card shuffle + deal 151 → 94 ns; WASM 10^6 Fisher–Yates 5.4 → 2.5 ns per element.',
  'Dealing window (web/src/window.ts): while an eager deck has no returned cards, JS deals straight from the core\'s card array in the WASM heap and tells the core how many it took before any other call (`take`, or the argument of `shuffle`). `dealOne()` overhead per card 8–13 ns (one Embind call each) → under 1 ns; `deal(52)` needs no call, so shuffle + deal(52) with xoshiro256 went from ~410 to ~270 ns.',
  'ChaCha20 computes four blocks at once in 32-bit vector lanes (WASM SIMD128, SSE2 natively; same keystream), with the refill kept out of line: engine words 4.9 → 3.4 ns in WASM, 10^6 Fisher–Yates with chacha20 7.0 → 5.2 ns per element.',
  'Cache-aware bulk shuffle from 2^23 items (bulk_cache.hpp: Rao–Sandelius labels, a one-pass scatter into 128–1,024 buckets that grow by 4,096-item blocks, then each bucket gathered back and shuffled in cache): 10^8 in WASM 2.4 s → 0.58 s (xoshiro256), 2.4 s → 0.93 s (chacha20).',
  'Lean (issue 14, docs/size.md): the fairness experiments in a WASM module of their own, loaded only by `fairdeck/fairness`, and the cold exports (construction, state, manifest, faces) compiled -Oz in their own translation unit while the per-deal exports stay -O3: the README example built with Vite went from 54.0 to 47.3 KB gzip (deck module wasm 46.1 → 39.4 KB), hot paths unchanged within noise.',
  'Look-ahead (issue 13): after each `dealOne()` call into the core, a lazy or bitmap deck deals 4, then 8, 16, up to 64 cards in advance (`Deck::look_ahead`), which JS deals from the heap like an eager deck\'s window; cards not handed out before the next core call are undone and dealt again exactly, so every deal, saved state and re-key is unchanged. `dealOne()` overhead per card over `deal(52)` 51–58 → 4–12 ns (lazy and bitmap, both engines; measured on a loaded machine). The look-ahead costs the deck module about 2.7 KB gzip.',
  '`Dice::swap_down` (uniform.hpp, issue 14): Fisher–Yates swaps as it multiplies a batch\'s dice instead of writing bounds and dice to two arrays first; a rejected word (p < 2^-6) is undone by redoing its swaps in reverse. Same words, swaps and pending dice. With it, `Deck::deal` copies four cards at a time through locals and `fd_deck_deal` calls `guard` only when its buffer must grow. WASM 52-card shuffle + deal(52) 261 → 118 ns (xoshiro256) and 275 → 142 ns (chacha20); the native twin, the same core, went 105 → 73 and 120 → 106 ns, so the ratio moved less than the speed (2.48× → 1.61×).',
  'Cache-aware scatter (bulk_cache.hpp): xoshiro256\'s state and the scatter\'s fields in locals. The scatter is bound by its stores (512 write streams), and xoshiro256\'s state was stored back at every word: WASM scatter 9.0 → 7.7 ns per item, 10^8 cache-aware with xoshiro256 1.34 → 1.14 s (with swap_down\'s bucket stage). Same order (a test pins two seeded 2^23 + 12,345 shuffles).',
  'Export tables in V8 fast mode (web/src/instantiate.ts, abi.ts; issue 14): the module\'s exports `m._fd_…` and the bound `abi` were filled by ~30 computed-key stores, which leave a V8 object in dictionary mode, so every call the package made began with a hash lookup (`LoadIC`, 5% of a profiled 52-card shuffle + deal). Built by `Object.fromEntries` instead: a trivial export call 5.3 → 2.6 ns; WASM/native deck52 twin 1.63× → 1.56× (xoshiro256) on an AMD EPYC (Zen 5).',
  'Engine dispatch without `std::visit` under libc++ (rng.hpp, issue 14): Emscripten\'s libc++ visits through a table of function pointers, so each deck operation made an indirect call that could not inline, its captures spilled to the stack in linear memory; a branch on the variant\'s index inlines (libstdc++ natively keeps `std::visit`, already a switch: the branch was 5–10% slower with g++). With `Rng::prepare` reduced to one inline test for engines that never re-key, WASM shuffle + deal(52) 138 → 127 ns (xoshiro256) and 171 → 152 ns (chacha20); deck52 twins 1.34× and 1.25× (were 1.63× and 1.52× on the same machine).',
  'Cache-aware scatter, one cursor per bucket and constant label shifts (bulk_cache.hpp, issue 14): an item costs a load, a store, a mask test and a store instead of two loads, a multiply and two stores, and the bucket counts production uses (2^7–2^10) get copies whose shifts are constants (V8 reloaded the run-time shift counts into CL at every item). Same orders. WASM 10^8 cache-aware 626 → 462 ms (xoshiro256) and 1076 → 932 ms (chacha20); natively 400 → 345 ms, so its WASM/native twin ~1.55× → ~1.34×. Costs shuffle.wasm 1.7 KB gzip (the deck path does not load it).',
  'ChaCha20 in the hot loops (issue 14): `hot(engine)` (uniform.hpp) gives the scatter, Fisher–Yates\'s whole batches and `Rng::fill` a view whose state stays in registers while they store into uint32 arrays (which, for all the compiler knows, could write the engine): xoshiro256 a local copy as before, ChaCha20 a `Reader` that keeps its place in the buffer in a local (it had reloaded and stored its index at every word). And in WASM only ChaCha20\'s 16-bit rotation stays a byte shuffle (V8: pshuflw + pshufhw); 8 is two shifts and an or, not a pshufb whose mask V8 builds at every use: 12–17% less per block. Same stream. WASM engine words 4.95 → 4.0 ns; 10^8 cache-aware chacha20 1.54–1.62 → 1.25–1.33 s (scatter 600–660 → 470–530 ms, buckets 870–1020 → 780–800 ms) on an AMD EPYC (Zen 3), xoshiro256 unchanged.',
  'ChaCha20 words a buffer run at a time (chacha20.hpp, rng.hpp, uniform.hpp; issue 14): a profile of the WASM twins showed ChaCha20\'s block function faster in WASM than natively (3.3 against 3.8 ns per word: V8 emits AVX, g++ the SSE2 baseline) but the loops that draw from it slow: `fd_words_fill` spent 2.5 ns per word in its word loop (0.6 natively), and in Fisher–Yates\'s batches of one V8 spilled the bound, the base and the buffer end around the refill call inside the loop. `ChaCha20::fill` now copies a run of its buffer at a time, and the batches of one (`Dice::singles`, a function of its own) make one Lemire attempt per word read straight from the buffer (`Reader::words()`), with no call in the inner loop. Same words, swaps and order. A/B of two builds in one Node process: engine words 5.34 → 3.56 ns (chacha20), 10^6 Fisher–Yates 0.63–0.69× (chacha20), xoshiro256 rows unchanged; 10^8 plain Fisher–Yates with chacha20 3.47 → 2.12 s and cache-aware 1.28 → 1.15 s, so the cache-aware shuffle\'s lead over plain Fisher–Yates with chacha20 fell from 2.7× to about 1.8×.',
  'Dealing a game (issue 31): the pile bindings at -O3 beside the deal (they had been in the -Oz file, where string_view conversions and small helpers were calls); each pile name checked and hashed once, its key kept by the binding (`PileRef`); a `Deck.pattern` read once into the core\'s `DealPlan` (its distinct piles, each card\'s pile), so a hand opens each pile once and files each card with two stores; a lazy deck\'s `deal(k)` as k Fisher–Yates steps in whole dice batches (`Dice::swap_down`, the same draws and swaps); `move_cards` with stack scratch and, for up to 16 cards, a branch-free rank sort and counting searches (comparison sorts and binary searches mispredicted on a round\'s 6 cards: half of a native round). 9-seat Hold\'em in one `dealPattern` 2.24 µs → 0.55 µs (4.95× → 1.19× of d3-array), a blackjack round + discard 2.43 µs → 0.71 µs, lazy `deal(52)` 1.03 µs → 0.42 µs. Native: a Hold\'em hand 3.4 µs → 0.21 µs, a blackjack round with its discard 0.17 µs.',
  '`fairdeck shuffle` (web/src/cli/commands.ts, issue 59): the lines as bytes in one buffer (a regular file on standard input read in one call, not 64 KB chunks joined, which held the input twice), the order from `permutation(lines)` (a Uint32Array from the core, the same order a seed gives an Array) instead of an Array of 10^7 indices shuffled, and the lines moved in two cache-friendly passes — in input order each appended to the block of 32 K output positions it goes to, then each block, which fits in cache, written in output order — instead of one copy in output order that missed the cache at every line (1.7 s of the run). 10^7 lines of `seq`: 3.2–4.5 s and 490–530 MB (2.3–3.2× shuf\'s time) → 1.36–1.41 s and 393 MB (1.17–1.22× its time, 1.67× its memory); same output for a seed.',
  'Measured and not kept: computing a batch\'s dice side by side instead of chained, a table of batch sizes, a plain-array card lookup in the deal loop (no gain or slower in WASM); staging 16 items per bucket in the scatter and copying them as one line (software write-combining: slower in WASM, which has no non-temporal stores); unrolling swap_down\'s batch loop, or counting its bound down instead of an index (4% slower in WASM); padding each scatter block by a cache line (no gain natively on Zen 5); labels by multiplying (w·B >> 32, then w ·= B) instead of the constant-shift copies (no bigger than before, but no faster in WASM either); ChaCha20 as two blocks of four row vectors (8 live vectors instead of the 4-block layout\'s 16; same keystream): 1.7× slower natively (3.9 → 6.7 ns per word) and 1.5× in WASM (4.4 → 6.5 ns); `-O2` (mixed); `-Os`/`-Oz` (15 KB gzip smaller, but every hot path 2.5–4× slower); in the batches of one, drawing 16 indices before making their 16 swaps (same draws and swaps): the bucket stage got slower (xoshiro256 0.4–0.5 → 0.6 s) while plain Fisher–Yates over DRAM got faster, its misses overlapping (3.1–4.9 → 2.8–3.1 s) — better for neither the shuffle nor the guard; ChaCha20 rotations all as shifts (as fast as the kept mix within noise), or with the inputs re-splatted after the rounds, or its round loop unrolled (no change); `Rng::fill` as a pointer loop unrolled by four, its captures by value (A/B of the two deck modules in one Node process, 31 alternating rounds: 1.00× for both engines\' words and for deck52); ChaCha20 filling raw words a buffer at a time with memcpy instead of word by word through its reader (0.99× then; the plain copy loop kept later, with `Rng::fill` calling it from a function of its own, was 0.66×); the cache-aware scatter reading ChaCha20\'s buffer directly as the batches of one do (10^8 with chacha20, three alternations of three shuffles each: within noise); in the scatter, a read of each bucket\'s scratch 32, 64 or 128 items ahead of its cursor, to bring lines in before the stores (WASM has no prefetch): scatter 0.53 → 0.77–0.87 s; in the batches of one, a read of the item 8, 16 or 32 words ahead would swap: the bucket stage 0.55 → 0.63–0.66 s and plain Fisher–Yates over DRAM no faster; in the scatter, whole words of labels without the end test and `grow` out of line (within noise, 3 alternations); in the scatter, ChaCha20\'s next four blocks computed one double round after every 3, 6 or 16 words (the same words; its arithmetic meant to run while the stores wait): 10^8 scatter with chacha20 455 → 511–596 ms, and as slow with the rounds left to the refill, so the loop\'s new shape cost that and the overlap gained nothing. For the piles (issue 31): `[[clang::minsize]]` on `move_cards` (150 bytes smaller, 200 ns slower a blackjack round), the hot binding file at `-O2` (larger, no faster), the lazy bulk deal out of line (no change to the deck52 twin, whose 1.53× is the same for the build before issue 31\'s speed work measured in the same minutes). And, measured only (each would change what a seed deals for 2^23 items and more): 256, 1,024 or 2,048 buckets at 10^8 instead of 512 took 0.94×, 1.2× and 1.4× the time with chacha20.',
];

async function waitForQuiet(maxWait) {
  const until = Date.now() + maxWait * 1000;
  while (os.loadavg()[0] >= 1.5 && Date.now() < until) {
    process.stdout.write(`bench: load ${os.loadavg()[0].toFixed(2)} ≥ 1.5, waiting…\n`);
    await new Promise((resolve) => setTimeout(resolve, 10000));
  }
}

/** The CPUs this process may pin scenarios to (taskset, util-linux; none without it): a pin holds for the children a scenario spawns. */
const CPUS = allowedCpus();

/**
 * The scenarios pinned to one CPU, each process to the CPU the probe (cpus.mjs) finds fastest just
 * before it starts: the single-threaded ones, and the WASM/native twins, whose native child
 * inherits the pin. In a slow spell of one CPU (tests/README.md) the same code gave other figures
 * on each:
 *  - the twins flapped (1.33–2.10× in six runs of issue 39's sessions) while a WASM process and
 *    its native child could sit on different CPUs (deck52/chacha20 in WASM 170–177 ns on the fast
 *    one, 234–250 on the slow one; natively 124–128 against 132–149); pinned together they read
 *    1.39× on either, and a spell still raised them on its own CPU (deck52/xoshiro256 1.46× and
 *    1.48× there, 1.37× on the other, in one full run);
 *  - the step-by-step Hold'em hand read 1.50–1.56× d3-array on the slow CPU, 1.81–1.90× on the
 *    other: the spell slowed d3-array's JavaScript (1.75×) more than the hand (1.45×).
 * Pinned to the quiet CPU, a scenario measures the code rather than the neighbours, as waiting for
 * a low load average does; a process left free could also move between the two mid-run. The
 * probe's figures before and after each process are kept with its result, so a spell that began
 * during one shows. Size, workers and the audit CLI's runs need both CPUs and are not pinned;
 * testShuffle against its bare loop (audit-shuffle) is: unpinned, it read 0.49× ±11% in a full run
 * where it had read 0.52–0.56×.
 */
const PINNED = new Set(['deck52', 'bulk-u32', 'bulk-array', 'bulk-permutation', 'arrays', 'large', 'fairness', 'native-twin', 'games', 'audit-shuffle', 'memory', 'simulation', 'chacha-blocks', 'verify', 'trustless']);

/**
 * Processes per pinned scenario whose guards are quick to run again (1 if not listed). Even pinned
 * to a quiet CPU, one process gives one draw of its JIT and memory layout: the step-by-step
 * Hold'em hand read 1.66× and 1.83× d3-array in two processes a minute apart, each ±1 % within
 * itself. Each row is then the one of the process with the median ratio (a twin's WASM/native, else
 * its first paired ratio, else its time), and `processes` lists every process's.
 */
const PROCESSES = { deck52: 3, 'native-twin': 3, games: 3, simulation: 3 };

/**
 * One process of a scenario, pinned to the fastest CPU now, with the probe's figures (every CPU
 * before; its CPU after); unpinned, without figures, if there is nothing to pin to or the probe fails.
 */
async function pinnedRun(id, file, extra) {
  const before = [];
  try {
    for (const cpu of CPUS) before.push(await probeOn(cpu));
  } catch {
    return runScenario(id, file, extra);
  }
  if (!before.length) return runScenario(id, file, extra);
  const cpu = CPUS[before.indexOf(Math.min(...before))];
  const result = runScenario(id, file, extra, cpu);
  return { ...result, cpu: { cpu, before, after: await probeOn(cpu) } };
}

/** A pinned scenario in PROCESSES[id] processes: per row, the median process's. */
async function pinnedScenario(id, file, extra) {
  const runs = [];
  for (let i = 0; i < (PROCESSES[id] ?? 1); i++) runs.push(await pinnedRun(id, file, extra));
  const cpu = runs.map((r) => r.cpu).filter(Boolean);
  if (runs.length === 1) return { ...runs[0], cpu };
  const key = (row) => row.ratio ?? Object.values(row.paired ?? {})[0]?.ratio ?? row.ns;  // a twin without the native binary: its WASM time
  return {
    ...runs[0],
    cpu,
    rows: runs[0].rows.map((row, i) => {
      const all = runs.map((r) => r.rows[i]);
      if (all.some((x) => x.name !== row.name)) throw new Error(`${id} scenario: row ${i} is ${all.map((x) => x.name).join(' / ')} across its processes`);
      const mid = [...all].sort((a, b) => key(a) - key(b))[Math.floor(all.length / 2)];
      return { ...mid, processes: all.map(key) };
    }),
  };
}

/** Runs a scenario in a process of its own (pinned to `cpu` if given); its result. */
function runScenario(id, file, extra, cpu) {
  const t0 = Date.now();
  const argv = [process.execPath, '--max-old-space-size=8192', `tests/bench/scenarios/${file}`, ...(extra ? [extra] : [])];
  const pin = cpu !== undefined ? ['taskset', '-c', String(cpu)] : [];
  const [cmd, ...args] = [...pin, ...argv];
  const p = spawnSync(cmd, args,
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } });
  const line = (p.stdout ?? '').split('\n').find((l) => l.startsWith('@@result '));
  if (p.status !== 0 || !line) throw new Error(`scenario ${id} failed (exit ${p.status}):\n${p.stderr}`);
  process.stdout.write(`bench: ${id} done in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  return JSON.parse(line.slice('@@result '.length));
}

const sh = (cmd, args) => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } }).trim();
  } catch {
    return 'unknown';
  }
};

function environment(loadBefore) {
  const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? os.cpus()[0]?.model ?? 'unknown CPU';
  const osName = readFileSync('/etc/os-release', 'utf8').match(/PRETTY_NAME="([^"]*)"/)?.[1] ?? os.type();
  const dirty = sh('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no', '--', '.', ':!BENCHMARKS.md'])
    ? ', uncommitted changes in the tree' : '';  // the two files this script writes do not count
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), cpu, cores: os.cpus().length, memGb: Math.round(os.totalmem() / 2 ** 30),
    os: osName, loadBefore: loadBefore.toFixed(2), loadAfter: os.loadavg()[0].toFixed(2),
    version: JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version, commit: sh('git', ['-C', root, 'rev-parse', '--short', 'HEAD']) + dirty,
    node: process.versions.node, v8: process.versions.v8, emscripten: sh('em++', ['--version']).match(/\d+\.\d+\.\d+/)?.[0] ?? 'unknown',
    gxx: sh('g++', ['--version']).split('\n')[0], gbench: sh('dpkg-query', ['-W', '-f=${Version}', 'libbenchmark-dev']),
    minutes: ((Date.now() - started) / 60000).toFixed(1), changes: CHANGES,
  };
}

await waitForQuiet(Number(arg('max-wait', 120)));
const loadBefore = os.loadavg()[0];
const results = {};
const native = arg('native') && resolve(arg('native'));
for (const [id, file, extra] of SCENARIOS) {
  if (only && !only.includes(id)) continue;
  // The twins run the native binary themselves; the ChaCha20 blocks scenario both native builds.
  const given = id === 'native-twin' ? native : id === 'chacha-blocks' ? native && `${native},${resolve(arg('native-sodium-blocks', native))}` : extra;
  results[id] = PINNED.has(id) ? await pinnedScenario(id, file, given) : runScenario(id, file, given);
}

// WASM / native for the twins (per item; the ratio is the median of paired rounds, scenarios/native.mjs).
const paired = results['native-twin']?.rows.filter((r) => r.ratio !== undefined) ?? [];
if (paired.length) results.twin = paired.map((r) => ({ name: r.name, wasm: r.ns, native: r.other, ratio: r.ratio, spread: r.spread, processes: r.processes }));

const targets = evaluate(results);
const env = environment(loadBefore);
process.stdout.write(printed(results, targets));
mkdirSync(`${root}build/bench`, { recursive: true });
writeFileSync(`${root}build/bench/results.json`, JSON.stringify({ results, targets, env }, null, 1));
if (!only) {
  writeFileSync(`${root}BENCHMARKS.md`, benchmarksMd(results, targets, env));
  process.stdout.write(`\nbench: wrote BENCHMARKS.md (${env.minutes} min); measured figures live there only\n`);
}
