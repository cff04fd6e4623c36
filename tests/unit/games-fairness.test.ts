/**
 * Seat fairness of a dealt game (issue 31, item 7): 6-seat Texas Hold'em dealt by the public API
 * (dealHands(6, 2), then burn, flop 3, burn, turn, burn, river), N = 100,000 hands from one seeded
 * deck shuffled before each hand. Three questions, each a Pearson χ² against the exact law of a
 * fair deal, each with a negative control that the same statistic must reject:
 *  1. seat × card: does any card favour a seat? (6 × 52 table of hole cards, df 306);
 *  2. seat 0's two hole cards form a uniform pair (1,326 unordered pairs, df 1,325);
 *  3. the board does not depend on the seats: (seat 0's first card, the first flop card) is
 *     uniform over the 2,652 ordered pairs of distinct cards (df 2,651), and, with more power
 *     against dealers whose order keeps some structure, their relation (rank difference mod 13,
 *     suit difference mod 4) is uniform over the 51 non-zero differences (df 50).
 *
 * Threshold: reject at p < α = 10⁻⁶ (ALPHA, as in every statistical test here, docs/fairness-testing.md).
 * A fair deck fails an assertion with probability ≤ 10⁻⁶ whatever the seed, so over this file's
 * four fair assertions a false failure has probability ≤ 4 × 10⁻⁶ for a new seed; and the seed is
 * fixed, so the outcome is deterministic anyway: it cannot flake.
 *
 * p-values come from the χ² survival function below (the regularized upper incomplete gamma,
 * Q(df/2, x/2), by its series or continued fraction), checked here against the package's own
 * (`fairdeck/fairness`, stdlib's gammainc). Every test logs its statistic and p-value.
 *
 * The controls are dealers written in this file on unbiased integers from fairdeck's engine
 * (`fairdeck/random`, Lemire's rejection), so only their algorithm is wrong; they deal a Hold'em
 * hand from their array in the same order as the Deck (a[s] and a[s + 6] to seat s, burn a[12],
 * flop a[13…15], burn, turn a[17], burn, river a[19]).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck/games';
import { ALPHA, chiSquarePValue } from 'fairdeck/fairness';
import { RandomStream } from 'fairdeck/random';

beforeAll(() => init());

const SEATS = 6;
const CARDS = 52;
// 100,000 hands: the smallest expected cell count is 37.7 (the 2,652 ordered pairs), 75.4 for the
// 1,326 pairs, 3,846 in the seat × card table. The fair side takes about 1 s.
const N = 100_000;

// ---------------------------------------------------------------------------------------------
// χ² survival function: P(χ²(df) ≥ x) = Q(df/2, x/2), the regularized upper incomplete gamma.

/** ln Γ(z) for z > 0: Lanczos (g = 7, 9 terms), relative error below 10⁻¹⁵. */
function lnGamma(z: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - lnGamma(1 - z);
  z -= 1;
  let s = c[0];
  for (let i = 1; i < 9; i++) s += c[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(s);
}

/** Q(a, x) = Γ(a, x)/Γ(a): the series for P when x < a + 1, else Lentz's continued fraction for Q. */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = a * Math.log(x) - x - lnGamma(a);  // ln(x^a e^−x / Γ(a))
  if (x < a + 1) {
    let term = 1 / a, sum = term;
    for (let n = 1; n < 100_000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) sum += (term *= x / (a + n));
    return 1 - sum * Math.exp(front);
  }
  const tiny = 1e-300;
  let b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (let i = 1; i < 100_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return Math.exp(front) * h;
}

/** P(χ²(df) ≥ x). Below 10⁻³⁰⁸ it underflows to 0 (logged as "p < 1e-300"). */
const chiSquareSurvival = (x: number, df: number): number => gammaQ(df / 2, x / 2);

// ---------------------------------------------------------------------------------------------
// The deals: a Hold'em hand as the card ids of each seat and of the board.

interface Hand {
  seats: number[][];  // seats[s] = [first card, second card]
  board: number[];    // flop (3), turn, river
}

/** N fair hands from the package: one seeded Deck, shuffled before each hand. */
function* fairHands(seed: string, n: number): Generator<Hand> {
  using deck = new Deck({ seed });
  for (let t = 0; t < n; t++) {
    deck.shuffle();
    const seats = deck.dealHands(SEATS, 2).map((h) => h.map((c) => c.id));
    deck.burn();
    const board = deck.dealTo('board', 3);
    deck.burn(), board.push(...deck.dealTo('board'));
    deck.burn(), board.push(...deck.dealTo('board'));
    yield { seats, board: board.map((c) => c.id) };
  }
}

/** Uniform integers from fairdeck's engine (unbiased: Lemire's rejection), for the biased dealers. */
function uniformSource(seed: string) {
  const stream = new RandomStream({ seed, rng: 'xoshiro256' });
  let words = stream.nextUint32(1 << 16), at = 0;
  const word = () => {
    if (at === words.length) (words = stream.nextUint32(1 << 16)), (at = 0);
    return words[at++];
  };
  return {
    below(s: number): number {
      for (;;) {
        const m = word() * s;  // < 2^53: exact
        if (m % 2 ** 32 >= 2 ** 32 % s) return Math.floor(m / 2 ** 32);
      }
    },
    byte: () => word() & 0xff,
    dispose: () => stream.dispose(),
  };
}

/**
 * Known-biased dealers (each starts every hand from a new deck, ids 0…51 in order):
 *  - 'modulo-8bit': Fisher–Yates drawing j = byte % (i + 1): the modulo bias the core avoids;
 *  - 'riffles-5': five Gilbert–Shannon–Reeds riffle shuffles, a hurried human dealer (about
 *    seven are needed for 52 cards; five leave the deck visibly ordered in total variation);
 *  - 'cut-only': a session deck shuffled fairly once, then only cut (uniformly) before each hand:
 *    every card reaches every seat equally often, but the cards come in the same cyclic order;
 *  - 'sattolo': Fisher–Yates with j drawn from [0, i) (off by one): no card stays where it was.
 */
type Dealer = 'modulo-8bit' | 'riffles-5' | 'cut-only' | 'sattolo';
function* biasedHands(dealer: Dealer, seed: string, n: number): Generator<Hand> {
  const rand = uniformSource(seed);
  const a = new Array<number>(CARDS), b = new Array<number>(CARDS), session = new Array<number>(CARDS);
  for (let i = 0; i < CARDS; i++) session[i] = i;
  for (let i = CARDS - 1; i > 0; i--) {
    const j = rand.below(i + 1);
    [session[i], session[j]] = [session[j], session[i]];
  }
  try {
    for (let t = 0; t < n; t++) {
      for (let i = 0; i < CARDS; i++) a[i] = i;
      switch (dealer) {
        case 'modulo-8bit':
          for (let i = CARDS - 1; i > 0; i--) {
            const j = rand.byte() % (i + 1);
            [a[i], a[j]] = [a[j], a[i]];
          }
          break;
        case 'sattolo':
          for (let i = CARDS - 1; i > 0; i--) {
            const j = rand.below(i);
            [a[i], a[j]] = [a[j], a[i]];
          }
          break;
        case 'riffles-5':
          for (let r = 0; r < 5; r++) {
            let cut = 0;
            for (let i = 0; i < CARDS; i++) cut += rand.below(2);
            // Drop from the left packet with probability left / (left + right) (GSR).
            let l = 0, k = cut, out = 0;
            while (out < CARDS) {
              const left = cut - l, right = CARDS - k;
              b[out++] = rand.below(left + right) < left ? a[l++] : a[k++];
            }
            for (let i = 0; i < CARDS; i++) a[i] = b[i];
          }
          break;
        case 'cut-only': {
          const c = rand.below(CARDS);
          for (let i = 0; i < CARDS; i++) a[i] = session[(c + i) % CARDS];
          break;
        }
      }
      yield {
        seats: Array.from({ length: SEATS }, (_, s) => [a[s], a[s + SEATS]]),
        board: [a[13], a[14], a[15], a[17], a[19]],
      };
    }
  } finally {
    rand.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// The statistics.

interface Result {
  name: string;
  x2: number;
  df: number;
  p: number;
  minExpected: number;
}

/** Pearson's X² of counts against expected counts. */
function pearson(counts: ArrayLike<number>, expected: (i: number) => number): number {
  let x2 = 0;
  for (let i = 0; i < counts.length; i++) {
    const e = expected(i);
    if (e > 0) x2 += ((counts[i] - e) * (counts[i] - e)) / e;
    else if (counts[i] !== 0) return Infinity;  // a cell a fair deal never fills
  }
  return x2;
}

/**
 * 1. The seat × card table: counts[s·52 + c] = hands in which card c was one of seat s's hole
 * cards. Against the uniform E = 2N/52 the plain X² is NOT χ²: every row sums to 2N, and a card is
 * in at most one seat. Per hand, the covariance of the 312 indicators has eigenvalues (relative to
 * the mean p = 2/52) of 52/51 on the seat-by-card interaction (5 · 51 dimensions), (52 − 12)/51 on
 * the card totals (51 dimensions: how often a card is in any hole) and 0 on the row sums. So the
 * interaction X² is scaled by 51/52 and the card-total X² by 51/40, and their sum is χ²(6 · 51 = 306)
 * (the same correction as the position matrices' (n − 1)/n, docs/fairness-testing.md).
 */
function seatByCard(hands: Iterable<Hand>): Result {
  const counts = new Float64Array(SEATS * CARDS);
  let n = 0;
  for (const h of hands) {
    n++;
    for (let s = 0; s < SEATS; s++) for (const c of h.seats[s]) counts[s * CARDS + c]++;
  }
  const e = (2 * n) / CARDS;
  const rows = new Float64Array(SEATS), cols = new Float64Array(CARDS);
  for (let s = 0; s < SEATS; s++) for (let c = 0; c < CARDS; c++) (rows[s] += counts[s * CARDS + c]), (cols[c] += counts[s * CARDS + c]);
  let interaction = 0, totals = 0;
  for (let s = 0; s < SEATS; s++) {
    for (let c = 0; c < CARDS; c++) {
      const r = counts[s * CARDS + c] - rows[s] / CARDS - cols[c] / SEATS + (2 * n * SEATS) / (SEATS * CARDS);
      interaction += (r * r) / e;
    }
  }
  for (let c = 0; c < CARDS; c++) totals += (cols[c] - SEATS * e) ** 2 / (SEATS * e);
  const x2 = (interaction * (CARDS - 1)) / CARDS + (totals * (CARDS - 1)) / (CARDS - 2 * SEATS);
  const df = SEATS * (CARDS - 1);
  return { name: 'seat × card (6 × 52)', x2, df, p: chiSquareSurvival(x2, df), minExpected: e };
}

/** Index of the unordered pair {i, j}, i ≠ j, among the C(52, 2) = 1,326. */
function pairIndex(i: number, j: number): number {
  const [lo, hi] = i < j ? [i, j] : [j, i];
  return (hi * (hi - 1)) / 2 + lo;
}

/** 2. Seat 0's two hole cards: uniform over the 1,326 pairs, df 1,325. */
function seatPair(hands: Iterable<Hand>): Result {
  const cells = (CARDS * (CARDS - 1)) / 2, counts = new Float64Array(cells);
  let n = 0;
  for (const h of hands) n++, counts[pairIndex(h.seats[0][0], h.seats[0][1])]++;
  const x2 = pearson(counts, () => n / cells);
  return { name: "seat 0's pair (1,326 pairs)", x2, df: cells - 1, p: chiSquareSurvival(x2, cells - 1), minExpected: n / cells };
}

/**
 * 3a. (seat 0's first card c, the first flop card d): a fair deal makes d uniform on the 51 other
 * cards whatever the seats hold, so the ordered pair is uniform on the 2,652 cells c ≠ d; the 52
 * cells c = d expect 0. df 2,651.
 */
function boardPair(hands: Iterable<Hand>): Result {
  const counts = new Float64Array(CARDS * CARDS);
  let n = 0;
  for (const h of hands) n++, counts[h.seats[0][0] * CARDS + h.board[0]]++;
  const cells = CARDS * (CARDS - 1), e = n / cells;
  const x2 = pearson(counts, (i) => (Math.floor(i / CARDS) === i % CARDS ? 0 : e));
  return { name: '(seat 0 card, flop card) (2,652 pairs)', x2, df: cells - 1, p: chiSquareSurvival(x2, cells - 1), minExpected: e };
}

/**
 * 3b. The same pair seen as a relation: (rank(d) − rank(c) mod 13, suit(d) − suit(c) mod 4). A fair
 * deal maps the 51 cards d ≠ c one to one onto the 51 non-zero differences, so they are uniform
 * (N/51 each, df 50): fewer cells, so more power against an order with structure left in it.
 * Ids: suit = ⌊id / 13⌋, rank = id mod 13 (any bijection with 13 × 4 would do).
 */
function boardRelation(hands: Iterable<Hand>): Result {
  const counts = new Float64Array(CARDS);
  let n = 0;
  for (const h of hands) {
    n++;
    const c = h.seats[0][0], d = h.board[0];
    counts[((((d % 13) - (c % 13) + 13) % 13) * 4) + ((Math.floor(d / 13) - Math.floor(c / 13) + 4) % 4)]++;
  }
  const e = n / (CARDS - 1);
  const x2 = pearson(counts, (i) => (i === 0 ? 0 : e));
  return { name: '(seat 0 card, flop card) relation (51 differences)', x2, df: CARDS - 2, p: chiSquareSurvival(x2, CARDS - 2), minExpected: e };
}

const show = (r: Result) =>
  `${r.name}: X² = ${r.x2.toFixed(1)}, df = ${r.df}, p = ${r.p === 0 ? '< 1e-300' : r.p.toExponential(2)}, expected/cell ≥ ${r.minExpected.toFixed(1)}`;
function passes(r: Result) {
  console.log(`fair:    ${show(r)}`);
  expect(r.minExpected, show(r)).toBeGreaterThanOrEqual(5);
  expect(r.p, `a fair deal must not be rejected: ${show(r)}`).toBeGreaterThanOrEqual(ALPHA);
}
function rejects(r: Result, dealer: string) {
  console.log(`control: ${dealer}: ${show(r)}`);
  expect(r.p, `the negative control must be rejected: ${show(r)}`).toBeLessThan(ALPHA);
}

describe('the χ² survival function', () => {
  it('matches values computed with mpmath (40 digits) to 10⁻¹⁰, relative, up to df 2,651 and p ≈ 10⁻⁶⁶', () => {
    const known: [df: number, x: number, p: number][] = [
      [306, 500, 1.5694956828029012e-11], [1325, 1500, 0.000531650430308138], [1325, 2354, 1.6121217011534139e-60],
      [2651, 2651, 0.49634741137530448], [2651, 3100, 2.3419141704441942e-9], [2651, 4100, 4.6709790301173159e-66],
    ];
    for (const [df, x, p] of known) expect(Math.abs(chiSquareSurvival(x, df) - p) / p, `df ${df}, x ${x}`).toBeLessThan(1e-10);
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 12);  // the 5% point of χ²(1)
    expect(chiSquareSurvival(7, 2)).toBeCloseTo(Math.exp(-3.5), 14);       // χ²(2) is exponential
  });

  // Only up to df 306: stdlib's gammainc 0.3.1 (behind the package's chiSquarePValue) drifts from
  // mpmath in the far tail at df 1,325 (0.19% at p ≈ 10⁻⁶⁰) and everywhere above df ≈ 2,000 (df 2,601
  // at x = df: 0.5074 for 0.4963; about 0.5% near p = 10⁻⁶), so the known values above are mpmath's.
  it('agrees with the package’s (stdlib’s gammainc) to 10⁻⁹, relative, for df ≤ 306', () => {
    for (const df of [1, 2, 5, 50, 306]) {
      for (const z of [-3, -1, 0, 1, 3, 6, 10, 20]) {  // x around df + z·√(2 df)
        const x = Math.max(0.01, df + z * Math.sqrt(2 * df));
        const mine = chiSquareSurvival(x, df), ref = chiSquarePValue(x, df);
        expect(Math.abs(mine - ref) / ref, `df ${df}, x ${x}`).toBeLessThan(1e-9);
      }
    }
  });
});

// Each deal is made once and read by every statistic (each statistic is its own assertion at α).
const SEED = 'games-fairness';
const memo = new Map<string, Hand[]>();
const fair = () => memo.get('fair') ?? memo.set('fair', [...fairHands(SEED, N)]).get('fair')!;
const biased = (d: Dealer) => memo.get(d) ?? memo.set(d, [...biasedHands(d, `games-fairness-${d}`, N)]).get(d)!;
describe(`6-seat Hold'em, ${N.toLocaleString('en')} hands (p ≥ 10⁻⁶)`, () => {
  it('seat × card: no card favours a seat (df 306)', () => {
    passes(seatByCard(fair()));
  });
  it.each(['modulo-8bit', 'riffles-5'] as const)('negative control: %s is rejected by the same test', (dealer) => {
    rejects(seatByCard(biased(dealer)), dealer);
  });

  it("seat 0's hole cards are a uniform pair (df 1,325)", () => {
    passes(seatPair(fair()));
  });
  it.each(['cut-only', 'riffles-5'] as const)('negative control: %s is rejected by the same test', (dealer) => {
    rejects(seatPair(biased(dealer)), dealer);
  });

  it("the board's first card is uniform given seat 0's first card (df 2,651)", () => {
    passes(boardPair(fair()));
  });
  it("the board's first card is unrelated to seat 0's first card (df 50)", () => {
    passes(boardRelation(fair()));
  });
  it.each(['cut-only', 'riffles-5'] as const)('negative control: %s is rejected by both board tests', (dealer) => {
    rejects(boardPair(biased(dealer)), dealer);
    rejects(boardRelation(biased(dealer)), dealer);
  });

  it('what the seat × card test cannot see: a dealer who only cuts passes it (why tests 2 and 3 exist)', () => {
    const r = seatByCard(biased('cut-only'));
    console.log(`blind:   cut-only: ${show(r)}`);
    expect(r.p).toBeGreaterThanOrEqual(ALPHA);
  });
});
