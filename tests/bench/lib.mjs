// tests/bench/lib.mjs — the timing harness every scenario uses.
//
// Contenders of one scenario run in the same process, interleaved: after a warm-up (which also
// lets V8 tier every WASM function up, docs/toolchain.md, pitfall 13), each round times one sample of
// every contender, in an order that rotates from round to round, so that a burst of load from
// another process hits all contenders alike. A sample repeats the operation enough times to last
// about `sampleMs`; the result is the median over the rounds, in ns per operation, with the
// spread (half the interquartile range, in %) as a noise gauge.
//
// The clock is the process's CPU time (user + system, every thread of it), not the wall clock: on a
// shared machine the wall clock also counts the time the process waited for a core, which made
// samples of the same code differ by 5–10× at a load of 20 on 2 cores, while CPU time stayed within
// a few %. For single-threaded work on an idle machine the two agree; what CPU time adds is the
// process's own helper threads (garbage collection, compiling), which the warm-up (also in CPU
// time) leaves idle. BENCH_CLOCK=wall times by the wall clock instead. Asynchronous work that runs
// on other threads (measureAsync, the workers scenario) is timed by the wall clock.
import { performance } from 'node:perf_hooks';

/** Milliseconds of the chosen clock (see above). */
export const now = process.env.BENCH_CLOCK === 'wall' ? () => performance.now() : () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Which clock now() reads, for the reports. */
export const clock = process.env.BENCH_CLOCK === 'wall' ? 'wall' : 'cpu';

let sink = 0;
/** Keeps a value alive so the JIT cannot drop the work that made it. */
export function consume(x) {
  sink = (sink + (typeof x === 'number' ? x : x ? 1 : 0)) | 0;
}
/** The value consume() accumulated (printed by scenarios so it is observable). */
export function sinkValue() {
  return sink;
}

/** Median of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

function quantile(sorted, q) {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
}

/** The median of samples and their spread: half the interquartile range, in % of the median. */
export function centre(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const m = median(sorted);
  return { m, spread: ((quantile(sorted, 0.75) - quantile(sorted, 0.25)) / 2 / m) * 100 };
}

/** Runs f and returns the milliseconds it took (for a contender's setup(): see sample()). */
export function timeMs(f) {
  const t0 = now();
  f();
  return now() - t0;
}

/**
 * ns per call of contender `c` over `reps` calls. A contender with `setup` has it run before each
 * call, outside the timing except for the milliseconds it returns (the part of its work that
 * belongs to the operation, timed by setup itself); each call is then timed on its own, so only
 * for calls that take milliseconds, such as a bulk shuffle whose heap array setup() makes and fills.
 */
function sample(c, reps) {
  const { fn, setup } = c;
  if (setup) {
    let ms = 0;
    for (let i = 0; i < reps; i++) {
      ms += setup() ?? 0;
      const t0 = now();
      fn();
      ms += now() - t0;
    }
    return (ms * 1e6) / reps;
  }
  const t0 = now();
  for (let i = 0; i < reps; i++) fn();
  return ((now() - t0) * 1e6) / reps;
}

/** Warms each contender up, then finds the calls per sample that last about `sampleMs`. */
function calibrate(contenders, { sampleMs, warmupMs, warmupCalls, maxReps = 1e7, reps: fixed }) {
  return contenders.map((c) => {
    const until = now() + warmupMs;
    let calls = 0;
    while (now() < until || calls < warmupCalls) c.setup?.(), c.fn(), calls++;
    if (fixed) return fixed;
    // Calibrate on a batch: per-call timing of sub-microsecond work is mostly timer noise.
    let n = 1;
    while (n < maxReps) {
      const ms = sample(c, n) * n * 1e-6;
      if (ms >= sampleMs / 4) return Math.max(1, Math.min(maxReps, Math.round((n * sampleMs) / ms)));
      n *= 4;
    }
    return maxReps;
  });
}

/**
 * The median of per-round ratios `mine[r] / ref[r]` (and of differences `mine[r] − ref[r]`) of two
 * contenders' samples taken back to back: load from other processes that lasts longer than a pair
 * slows both halves alike, so this is what a guard reads, not a ratio of two medians taken
 * seconds apart. Spreads: half the interquartile range, of the ratios in %, of the differences in ns.
 */
export function pairStats(pairs) {
  const ratios = pairs.map(([a, b]) => a / b), diffs = pairs.map(([a, b]) => a - b);
  const { m: ratio, spread } = centre(ratios);
  const d = [...diffs].sort((a, b) => a - b);
  return { ratio, spread, diff: median(d), diffSpread: (quantile(d, 0.75) - quantile(d, 0.25)) / 2, pairs: pairs.length };
}

/**
 * Times contenders interleaved. Each contender: { name, fn, ops = 1, group, peer, note, setup, vs }.
 * `fn` performs `ops` operations per call (a 10^6-element shuffle is one op; ns are per op);
 * `setup`, if given, runs before every call of `fn`, untimed but for the ms it returns (sample()).
 * `vs`: names of other contenders this one is compared with (a guard's peer, or the batch call a
 * per-card call is set against). At its turn in a round such a contender is sampled back to back
 * with each of them, in an order that alternates from round to round, and its row gets `paired`:
 * name → pairStats() of those pairs (the peers' own samples are not mixed into their rows).
 * Options: rounds, sampleMs, warmupMs, warmupCalls (minimum), maxReps (cap on calls per sample),
 * reps (fixed calls per sample: skips calibration, for operations that take seconds).
 * Returns rows { name, group, peer, note, ns, spread, rounds, reps, paired? }.
 */
export function measure(contenders, { rounds = 15, sampleMs = 20, warmupMs = 300, warmupCalls = 2, maxReps = 1e7, reps: fixed } = {}) {
  const reps = calibrate(contenders, { sampleMs, warmupMs, warmupCalls, maxReps, reps: fixed });
  const index = new Map(contenders.map((c, i) => [c.name, i]));
  const refsOf = contenders.map((c) => [c.vs ?? []].flat().map((name) => {
    if (!index.has(name)) throw new Error(`bench: ${c.name} is compared with "${name}", which is not measured`);
    return index.get(name);
  }));
  const one = (i) => sample(contenders[i], reps[i]) / (contenders[i].ops ?? 1);
  const times = contenders.map(() => []);
  const pairs = refsOf.map((refs) => refs.map(() => []));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < contenders.length; k++) {
      const i = (k + r) % contenders.length, refs = refsOf[i];
      if (!refs.length) {
        times[i].push(one(i));
        continue;
      }
      // Each reference right before or right after this contender's sample, alternating.
      const before = (r + k) % 2 === 0, theirs = [];
      if (before) refs.forEach((j) => theirs.push(one(j)));
      const mine = one(i);
      if (!before) refs.forEach((j) => theirs.push(one(j)));
      times[i].push(mine);
      theirs.forEach((t, q) => pairs[i][q].push([mine, t]));
    }
  }
  return contenders.map((c, i) => {
    const { m, spread } = centre(times[i]);
    const row = { name: c.name, group: c.group ?? '', peer: !!c.peer, note: c.note ?? '', ns: m, spread, rounds, reps: reps[i] };
    if (refsOf[i].length) row.paired = Object.fromEntries(refsOf[i].map((j, q) => [contenders[j].name, pairStats(pairs[i][q])]));
    return row;
  });
}

/**
 * Times each contender against a twin measured elsewhere, in pairs: a round takes one sample of
 * the contender and one of `other(contender)` (which returns ns per operation, e.g. from a native
 * process), in an order that alternates from round to round. Load from other processes that lasts
 * longer than a pair slows both halves alike, so the median of the per-pair ratios is steadier
 * than a ratio of two medians taken seconds apart. Options as measure(), plus rounds per contender.
 * Returns rows { name, ns, other, ratio, spread (of the ratios, %), rounds, reps }.
 */
export function measurePaired(contenders, other, { rounds = 9, sampleMs = 100, warmupMs = 300, warmupCalls = 2, reps: fixed } = {}) {
  return contenders.map((c) => {
    const [reps] = calibrate([c], { sampleMs, warmupMs, warmupCalls, reps: fixed });
    const mine = () => sample(c, reps) / (c.ops ?? 1);
    const own = [], theirs = [], ratios = [];
    for (let r = 0; r < rounds; r++) {
      let w, n;
      if (r % 2 === 0) w = mine(), n = other(c);
      else n = other(c), w = mine();
      own.push(w), theirs.push(n), ratios.push(w / n);
    }
    const { m: ratio, spread } = centre(ratios);
    return { name: c.name, group: c.group ?? '', peer: false, note: c.note ?? '', ns: median(own), other: median(theirs), ratio, spread, rounds, reps };
  });
}

/** measure() for functions returning promises (the public fairness API yields between chunks). */
export async function measureAsync(contenders, { rounds = 7, warmupCalls = 2 } = {}) {
  for (const c of contenders) for (let i = 0; i < warmupCalls; i++) await c.fn();
  const times = contenders.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < contenders.length; k++) {
      const i = (k + r) % contenders.length;
      const t0 = performance.now();
      await contenders[i].fn();
      times[i].push(((performance.now() - t0) * 1e6) / (contenders[i].ops ?? 1));
    }
  }
  return contenders.map((c, i) => {
    const { m, spread } = centre(times[i]);
    return { name: c.name, group: c.group ?? '', peer: !!c.peer, note: c.note ?? '', ns: m, spread, rounds, reps: 1 };
  });
}

/** Prints a scenario's result as the one JSON line run.mjs reads (after any other output). */
export function report(scenario, rows, extra = {}) {
  process.stdout.write(`\n@@result ${JSON.stringify({ scenario, rows, sink: sinkValue(), ...extra })}\n`);
}

/** A seeded 8-byte integer seed for core.mjs's engines (EngineSpec.seed with seedKinds.integer). */
export function seedBytes(seed) {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt(seed), true);
  return b;
}
