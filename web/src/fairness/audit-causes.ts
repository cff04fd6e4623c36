/**
 * Naming the likely cause of a bias the audit found, from the catalogue of known mistakes
 * (algorithms.ts and docs/fairness-testing.md). Signatures that are certain come first (no fixed
 * point at all: Sattolo; repeated orders: too little generator state); then the item × position
 * deviations are matched against the exact position matrices of the well-known wrong swap loops
 * (computed here item by item, O(n³)), of 1 to 8 riffle shuffles (exact too), and a simulated one
 * for sort-with-a-random-comparator; then
 * the broad patterns (items near their start, neighbours kept together, unreachable cells).
 */
import type { Tally } from './audit-tally.js';
import type { AuditTest, Token } from './audit-types.js';

/** Largest n for which the position matrices of the known mistakes are computed. */
const MODEL_MAX_N = 64;
/** Smallest correlation of the deviations with a model's for the model to be named. */
const MODEL_MIN_CORRELATION = 0.6;

interface Evidence {
  tally: Tally;
  tests: AuditTest[];
  items: Token[];
  /** Orders × fixed points: Σ of the diagonal. */
  diag: number;
  repeats: number;
  repeatLambda: number;
  /** z of the start–end correlation (0 when not run). */
  rhoZ: number;
}

/** A swap loop: for each step, positions i and j (drawn with probabilities q) are swapped. */
type Step = { i: number; q: Float64Array };

/** Exact item × position probabilities after `steps` (row = item, n × n). */
function swapLoopMatrix(n: number, steps: Step[]): Float64Array {
  const P = new Float64Array(n * n);
  for (let i = 0; i < n; i++) P[i * n + i] = 1;
  for (const { i, q } of steps) {
    for (let item = 0; item < n; item++) {
      const row = item * n;
      const at = P[row + i];
      let into = at * q[i];
      for (let p = 0; p < n; p++) {
        if (p === i) continue;
        const v = P[row + p];
        into += v * q[p];
        P[row + p] = v * (1 - q[p]) + at * q[p];
      }
      P[row + i] = into;
    }
  }
  return P;
}

const uniformTo = (n: number, bound: number): Float64Array => {
  const q = new Float64Array(n);
  for (let j = 0; j < bound; j++) q[j] = 1 / bound;
  return q;
};

/** The known wrong swap loops: name, the words for the cause, and its steps for n items. */
const MODELS: { text: string; steps: (n: number) => Step[] | undefined }[] = [
  {
    text: 'the pattern of the "naive" swap, for i from 0 to n−1 swap a[i] with a[j], j = random[0, n): n^n equally likely paths cannot spread evenly over n! orders — draw j from [0, i] (Fisher–Yates)',
    steps: (n) => Array.from({ length: n }, (_, i) => ({ i, q: uniformTo(n, n) })),
  },
  {
    text: 'the pattern of the "naive" swap run backwards, for i from n−1 down to 0 swap a[i] with a[j], j = random[0, n): n^n equally likely paths cannot spread evenly over n! orders — draw j from [0, i] (Fisher–Yates)',
    steps: (n) => Array.from({ length: n }, (_, s) => ({ i: n - 1 - s, q: uniformTo(n, n) })),
  },
  {
    text: 'the pattern of a swap loop whose j never reaches the last position (j = random[0, n−1), the 1999 online-poker bug): the last card never stays last — draw j from [0, i] (Fisher–Yates)',
    steps: (n) => Array.from({ length: n }, (_, i) => ({ i, q: uniformTo(n, n - 1) })),
  },
  {
    text: 'the pattern of Fisher–Yates with j = Math.round(random() × i): rounding gives the two ends of [0, i] half the chance of the others — use Math.floor(random() × (i + 1)) or, better, a rejection-sampled integer',
    steps: (n) => Array.from({ length: n - 1 }, (_, s) => {
      const i = n - 1 - s, q = new Float64Array(n);
      for (let j = 0; j <= i; j++) q[j] = (j === 0 || j === i ? 0.5 : 1) / i;
      return { i, q };
    }),
  },
  {
    text: 'the pattern of modulo bias, Fisher–Yates with j = byte % (i + 1): 256 is not a multiple of i + 1, so small j come up more often — reject bytes ≥ the largest multiple of i + 1 (rejection sampling)',
    steps: (n) => n > 256 ? undefined : Array.from({ length: n - 1 }, (_, s) => {
      const i = n - 1 - s, m = i + 1, q = new Float64Array(n);
      for (let j = 0; j < m; j++) q[j] = (Math.floor(256 / m) + (j < 256 % m ? 1 : 0)) / 256;
      return { i, q };
    }),
  },
];

/** Binomial coefficients C(a, 0…a) for a = 0…n, as doubles (n ≤ 64: C(64, 32) ≈ 1.8 × 10^18, well inside a double's range). */
function binomials(n: number): Float64Array[] {
  const rows: Float64Array[] = [];
  for (let a = 0; a <= n; a++) {
    const row = new Float64Array(a + 1);
    row[0] = row[a] = 1;
    for (let b = 1; b < a; b++) row[b] = rows[a - 1][b - 1] + rows[a - 1][b];
    rows.push(row);
  }
  return rows;
}

/**
 * Exact item × position probabilities after `riffles` Gilbert–Shannon–Reeds riffles (row = item,
 * n × n): each riffle cuts c ~ Binomial(n, 1/2) cards and interleaves the two packets in one of
 * the C(n, c) ways, all equally likely, each packet keeping its order. One riffle takes the card at
 * position i to position j with probability 2^−n · [C(j, i) · S(n−1−j, n−1−i) + C(n−1−j, n−1−i) ·
 * S(j, i)], S(a, b) = Σ_{m ≤ b} C(a, m): the first term is i in the top packet (i cards of the top
 * packet above it, the rest below), the second i in the bottom one. A card's position is a Markov
 * chain over independent riffles, so k riffles are that matrix to the k-th power: the result holds
 * the matrices of 1, 2, … `riffles` riffles, each one product from the one before.
 */
function riffleMatrices(n: number, riffles: number): Float64Array[] {
  const C = binomials(n), S = C.map((row) => { const s = new Float64Array(row.length); let t = 0; for (let m = 0; m < row.length; m++) s[m] = t += row[m]; return s; });
  const c = (a: number, b: number) => (b < 0 || b > a ? 0 : C[a][b]), sum = (a: number, b: number) => (b < 0 ? 0 : S[a][Math.min(b, a)]);
  const M = new Float64Array(n * n), scale = 2 ** -n;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) M[i * n + j] = scale * (c(j, i) * sum(n - 1 - j, n - 1 - i) + c(n - 1 - j, n - 1 - i) * sum(j, i));
  }
  const out = [M];
  for (let r = 1; r < riffles; r++) {
    const P = out[r - 1], Q = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let p = 0; p < n; p++) {
        const v = P[i * n + p];
        if (v !== 0) for (let j = 0; j < n; j++) Q[i * n + j] += v * M[p * n + j];
      }
    }
    out.push(Q);
  }
  return out;
}

/** Riffle counts the cause matcher tries: beyond 8, a riffle's position matrix is too close to uniform to tell apart. */
const RIFFLES_TRIED = 8;

/** How many riffles mix a deck (Bayer and Diaconis, 1992), in the words every riffle cause uses. */
const RIFFLES_NEEDED = 'about 3/2 · log2 n riffles mix n cards (7 for 52)';

/** The words for `riffles` GSR riffles of n cards: the orders one riffle can reach (2^n − n of n!, written out while a double holds it exactly). */
function riffleText(n: number, riffles: number): string {
  const reach = n <= 53 ? (2 ** n - n).toLocaleString('en-US') : `2^${n} − ${n}`;
  return `the pattern of ${riffles === 1 ? 'a single riffle shuffle' : `${riffles} riffle shuffles`} (cut, then the two packets interleaved, each keeping its order): one riffle of ${n} cards reaches only ${reach} of the ${n}! orders — ${RIFFLES_NEEDED}, or use Fisher–Yates`;
}

const SORT_TEXT = 'the pattern of array.sort(() => random() − 0.5): a sort with a random comparator does not shuffle uniformly (how far items move depends on the sort algorithm) — use Fisher–Yates';

/** A small deterministic generator (sfc32) for simulating sort-random: diagnostics only, never a shuffle (the tests' seeded source too). */
export function sfc32(seed: number): () => number {
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = seed | 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/**
 * Item × position probabilities of sort-random, from 20,000 simulated sorts by this engine's own
 * Array.prototype.sort (the one that ran the shuffle, when the page or testShuffle runs it). Each
 * sort gets a fresh packed array [0, 1, …, n−1], as user code and testShuffle build it: V8 sorts
 * a holey array (new Array(n), then filled) by another path, and Chromium's orders at n = 8 differ.
 */
function sortRandomMatrix(n: number): Float64Array {
  const P = new Float64Array(n * n), unit = sfc32(n), trials = 20_000;
  for (let t = 0; t < trials; t++) {
    const a = Array.from({ length: n }, (_, i) => i);
    a.sort(() => unit() - 0.5);
    for (let p = 0; p < n; p++) P[a[p] * n + p] += 1 / trials;
  }
  return P;
}

/** Correlation of the observed deviations from T/n with the model's, over the first k positions. */
function correlation(t: Tally, model: Float64Array): number {
  const { n, k, trials } = t, E = trials / n;
  let xy = 0, xx = 0, yy = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < k; j++) {
      const x = t.positions[i * k + j] - E, y = model[i * n + j] * trials - E;
      xy += x * y;
      xx += x * x;
      yy += y * y;
    }
  }
  return xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
}

const rejects = (tests: AuditTest[], name: string): AuditTest | undefined => tests.find((x) => x.name === name && x.rejects);
const show = (t: Token): string => (typeof t === 'number' ? String(t) : JSON.stringify(t));

/** The likely causes of a bias, most specific first. */
export function likelyCauses(ev: Evidence): string[] {
  const { tally: t, tests, items } = ev;
  const { n, k, trials: T } = t;
  const out: string[] = [];
  if (k === n && ev.diag === 0 && T >= 20) {
    out.push(`no item ever stays in place (0 fixed points in ${T} orders, ${T} expected): this looks like Sattolo's j < i (j = random[0, i)) where Fisher–Yates needs j ≤ i (j = random[0, i])`);
    return out;
  }
  const orders = rejects(tests, 'orders');
  if (orders && t.orders) {
    let seen = 0;
    for (let r = 0; r < t.orders.length; r++) if (t.orders[r] > 0) seen++;
    const expectedSeen = t.orders.length * (1 - Math.exp(-T / t.orders.length));
    if (seen < 0.9 * expectedSeen && T / t.orders.length >= 5) {
      out.push(`only ${seen} of ${t.orders.length} ${k === n ? 'orders' : 'hands'} ever came up (chance: about ${Math.round(expectedSeen)}): some orders are unreachable — too little generator state, or an algorithm with fewer equally likely paths than orders`);
    }
  }
  const positional = rejects(tests, 'positions') ?? rejects(tests, 'largest cell') ?? rejects(tests, 'start–end correlation');
  let matched = false;
  if (positional && n <= MODEL_MAX_N && n >= 3) {
    let best = { r: 0, text: '' };
    for (const m of MODELS) {
      const steps = m.steps(n);
      if (!steps) continue;
      const r = correlation(t, swapLoopMatrix(n, steps));
      if (r > best.r) best = { r, text: m.text };
    }
    riffleMatrices(n, RIFFLES_TRIED).forEach((P, i) => {
      const r = correlation(t, P);
      if (r > best.r) best = { r, text: riffleText(n, i + 1) };
    });
    // Tried whatever the others gave: at n = 5 to 8 a single riffle's matrix correlates above the
    // threshold with sort-random's too (0.62 to 0.75), and the better fit is the one named.
    const r = correlation(t, sortRandomMatrix(n));
    if (r > best.r) best = { r, text: SORT_TEXT };
    if (best.r >= MODEL_MIN_CORRELATION) {
      out.push(`${best.text} (the item × position deviations correlate ${best.r.toFixed(2)} with it)`);
      matched = true;
    }
  }
  // Repeats beyond chance, unless a known loop explains the orders (a biased order distribution repeats too).
  // The words follow the count: one repeat is an order seen twice, not orders "again and again".
  if (!matched && rejects(tests, 'repeats')) {
    const what = k === n ? 'order' : 'hand', sample = Math.min(T, t.hashes?.length ?? T), chance = ev.repeatLambda.toPrecision(2);
    out.push(ev.repeats === 1
      ? `one ${what} came up twice (1 repeat among the first ${sample}, where chance expects ${chance}): a fair shuffle all but never repeats one — the same order logged twice, or a generator started twice from the same seed or state (a 16- or 32-bit seed, or one taken from the clock)`
      : `the same ${what}s come up again and again (${ev.repeats} repeats among the first ${sample}, where chance expects ${chance}): only a small fraction of the ${what}s can ever come up — the random generator has too little state (a 16- or 32-bit seed or state, or one reseeded from the clock), or the shuffle itself makes only a few ${what}s`);
  }
  const rho = rejects(tests, 'start–end correlation');
  if (!matched && rho && ev.rhoZ > 0) {
    out.push('items stay near where they started (start–end correlation above 0): too few swaps or riffles, or a loop that moves each item only a little');
  }
  const neighbours = rejects(tests, 'neighbours'), rising = rejects(tests, 'rising sequences');
  if (!matched && (neighbours || rising)) {
    let succ = 0;
    for (let i = 0; i < n; i++) succ += t.successions[i];
    const ratio = succ / (T * ((k - 1) / n));
    const fewerRising = rising !== undefined && t.risingSum < T * ((n + 1) / 2);
    // Each clause only when it is what was measured: a ratio at or below chance is never called "together".
    const together = neighbours !== undefined && ratio > 1;
    if (together || fewerRising) {
      const what = [
        together ? `original neighbours stay together (item i followed by item i + 1 ${ratio.toFixed(1)}× as often as chance)` : '',
        fewerRising ? `there are too few rising sequences (${(t.risingSum / T).toFixed(2)} per order, ${((n + 1) / 2).toFixed(2)} expected)` : '',
      ].filter(Boolean).join(' and ');
      out.push(`${what}: too few riffles or cuts — a riffle keeps runs of the deck in order (${RIFFLES_NEEDED})`);
    }
  }
  if (!matched && out.length === 0 && k >= 2) {
    const E = T / n;
    if (E >= 30) {
      for (let i = 0; i < n && out.length === 0; i++) {
        for (let j = 0; j < k; j++) {
          if (t.positions[i * k + j] === 0) {
            out.push(`item ${show(items[i])} never lands at position ${j} (${Math.round(E)} times expected): some orders cannot come up — look for an off-by-one in the range j is drawn from, or a loop that stops one step short`);
            break;
          }
        }
      }
    }
  }
  if (out.length === 0) out.push('the pattern matches none of the known mistakes; the cells and orders below deviate most');
  return out;
}
