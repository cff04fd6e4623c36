/**
 * The statistical suite, through the public Deck API: for every strategy, engine and composition,
 * seeded decks are shuffled and dealt many times and the outcomes are tested against the uniform
 * law with the χ² code the visualiser uses (`fairdeck/fairness`: Pearson's X², stdlib's χ²
 * survival function).
 *
 * Threshold: every assertion is p ≥ α = 10⁻⁶ (ALPHA). A fair deck fails one with probability at
 * most 10⁻⁶ for ANY seed, so the fixed seeds below never make the suite flaky: summed over the 69
 * fair-deck assertions a false alarm has probability ≤ 6.9 × 10⁻⁵ for new seeds (the three
 * unseeded decks draw new keys each run: ≤ 3 × 10⁻⁶ per run). FAIRDECK_STATS_LOG=1 prints each X².
 * Expected counts are ≥ 5 per cell everywhere (MIN_EXPECTED), ≥ 50 for orders and 52/54-card
 * matrices.
 *
 * Negative controls: each test function also runs, with the same trials and threshold, on decks
 * with a planted, well-known bias (TS decks drawing unbiased numbers from fairdeck's own engine,
 * so only the algorithm is wrong) and must reject them with p < α:
 *  - naive swap (for each i: swap(a[i], a[rand[0, n)])): n^n paths onto n! orders (docs/fairness-testing.md);
 *  - Fisher–Yates with `x % (i + 1)` on 8-bit draws: the modulo bias the core avoids;
 *  - a lazy deal that never picks the last undealt card, and a return pile dealt unshuffled.
 * Statistics (docs/fairness-testing.md): orders n = 3…6 (df n! − 1); 52-, 54- and 32-card position matrices
 * (X²·(n−1)/n against χ²((n−1)²), rows and columns being fixed); a 6-deck shoe's 312 positions
 * (df 96,721); deal paths — dealOne one by one, deal(n), after fromJSON, after returnCards, after
 * shuffleRemaining, after a shuffle mid-deal, unseeded (secure) decks, and the first 3 cards of 6.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type DeckOptions, type RngName, type StrategyName } from 'fairdeck';
import { ALPHA, chiSquarePValue, chiSquareUniform, matrixChiSquare, permutationRank } from 'fairdeck/fairness';
import { RandomStream } from 'fairdeck/random';

beforeAll(() => init());

const STRATEGIES: StrategyName[] = ['eager', 'lazy', 'bitmap'];
const ENGINES: RngName[] = ['chacha20', 'xoshiro256'];

/** What a test needs from a deck: a way to produce one arrangement (the ids in deal order). */
interface Trials {
  next(): ArrayLike<number>;
  dispose(): void;
}

/** A fair Deck dealt in full after each shuffle, in one of several ways (the deal paths). */
type Path = 'deal' | 'dealOne' | 'fromJSON' | 'returned' | 'shuffleRemaining' | 'midDealShuffle';
function deckTrials(options: DeckOptions, path: Path = 'deal', take?: number): Trials {
  let deck = new Deck(options);
  const n = deck.size, k = take ?? n;
  const ids = new Array<number>(k);
  return {
    next() {
      switch (path) {
        case 'deal':
          deck.shuffle();
          break;
        case 'dealOne': {
          deck.shuffle();
          for (let i = 0; i < k; i++) ids[i] = deck.dealOne()!.id;
          return ids;
        }
        case 'fromJSON': {
          deck.shuffle();
          const copy = Deck.fromJSON(deck.toJSON());
          deck.dispose();
          deck = copy;
          break;
        }
        case 'returned': // deal everything, return it all: the return pile must be dealt shuffled
          deck.shuffle();
          deck.returnCards(deck.deal(n));
          break;
        case 'shuffleRemaining': // two cards out and back, then shuffleRemaining
          deck.shuffle();
          deck.returnCards(deck.deal(2));
          deck.shuffleRemaining();
          break;
        case 'midDealShuffle':
          deck.deal(2);
          deck.shuffle();
          break;
      }
      const cards = deck.deal(k);
      for (let i = 0; i < k; i++) ids[i] = cards[i].id;
      return ids;
    },
    dispose: () => deck.dispose(),
  };
}

/** Uniform integers from fairdeck's engine (unbiased: Lemire's rejection), for the controls. */
function uniformSource(seed: string) {
  const stream = new RandomStream({ seed, rng: 'xoshiro256' });
  let words = stream.nextUint32(1 << 16), at = 0;
  const word = () => {
    if (at === words.length) (words = stream.nextUint32(1 << 16)), (at = 0);
    return words[at++];
  };
  return {
    /** Uniform in [0, s). */
    below(s: number): number {
      for (;;) {
        const m = word() * s; // < 2^53: exact
        const low = m % 2 ** 32;
        if (low >= 2 ** 32 % s) return Math.floor(m / 2 ** 32);
      }
    },
    byte: () => word() & 0xff,
    dispose: () => stream.dispose(),
  };
}

/** A biased deck of n cards (0…n−1), for the negative controls. */
type Bias = 'naive-swap' | 'modulo-8bit' | 'lazy-skips-last' | 'unshuffled-returns';
function biasedTrials(n: number, bias: Bias, seed: string): Trials {
  const rand = uniformSource(seed);
  const a = new Array<number>(n);
  return {
    next() {
      for (let i = 0; i < n; i++) a[i] = i;
      switch (bias) {
        case 'naive-swap':
          for (let i = 0; i < n; i++) {
            const j = rand.below(n);
            [a[i], a[j]] = [a[j], a[i]];
          }
          break;
        case 'modulo-8bit':
          for (let i = n - 1; i > 0; i--) {
            const j = rand.byte() % (i + 1);
            [a[i], a[j]] = [a[j], a[i]];
          }
          break;
        case 'lazy-skips-last': // a lazy deal picking from [0, remaining − 1) while more than 2 remain
          for (let r = n; r > 1; r--) {
            const j = rand.below(r > 2 ? r - 1 : r);
            [a[r - 1], a[j]] = [a[j], a[r - 1]];
          }
          break;
        case 'unshuffled-returns': // a fair deal, but returned cards come back in the order returned
          for (let i = n - 1; i > 0; i--) {
            const j = rand.below(i + 1);
            [a[i], a[j]] = [a[j], a[i]];
          }
          a.sort((x, y) => x - y); // all n returned (ids ascending, as the core sorts them) and dealt as is
          if (rand.below(2)) a.reverse();
          break;
      }
      return a;
    },
    dispose: () => rand.dispose(),
  };
}

interface Result {
  x2: number;
  df: number;
  p: number;
  expected: number;
}

/** Orders of a full deal of n cards: counts of each of the n! arrangements. */
function orderTest(trials: Trials, n: number, N: number): Result {
  const cells = [1, 1, 2, 6, 24, 120, 720][n];
  const counts = new Float64Array(cells);
  for (let t = 0; t < N; t++) counts[permutationRank(trials.next())]++;
  trials.dispose();
  const x2 = chiSquareUniform(counts);
  return { x2, df: cells - 1, p: chiSquarePValue(x2, cells - 1), expected: N / cells };
}

/** The first k cards of a deal of n: counts of each of the n!/(n−k)! ordered k-subsets. */
function partialTest(trials: Trials, n: number, k: number, N: number): Result {
  let cells = 1;
  for (let i = 0; i < k; i++) cells *= n - i;
  const counts = new Float64Array(cells);
  const used = new Array<boolean>(n);
  for (let t = 0; t < N; t++) {
    const a = trials.next();
    used.fill(false);
    let index = 0;
    for (let i = 0; i < k; i++) { // mixed radix: digit i = rank of a[i] among the unused ids
      let smaller = 0;
      for (let v = 0; v < a[i]; v++) if (!used[v]) smaller++;
      used[a[i]] = true;
      index = index * (n - i) + smaller;
    }
    counts[index]++;
  }
  trials.dispose();
  const x2 = chiSquareUniform(counts);
  return { x2, df: cells - 1, p: chiSquarePValue(x2, cells - 1), expected: N / cells };
}

/** Position matrix: counts[card · n + position]; X²·(n−1)/n against χ²((n−1)²). */
function positionTest(trials: Trials, n: number, N: number): Result {
  const counts = new Float64Array(n * n);
  for (let t = 0; t < N; t++) {
    const a = trials.next();
    for (let pos = 0; pos < n; pos++) counts[a[pos] * n + pos]++;
  }
  trials.dispose();
  const x2 = matrixChiSquare(counts, n);
  const df = (n - 1) * (n - 1);
  return { x2, df, p: chiSquarePValue(x2, df), expected: N / n };
}

const show = (r: Result) => `X² = ${r.x2.toFixed(1)}, df = ${r.df}, p = ${r.p.toExponential(2)}, expected/cell = ${r.expected.toFixed(1)}`;
function passes(r: Result) {
  if (process.env.FAIRDECK_STATS_LOG) console.log(`fair:    ${show(r)}`);
  expect(r.expected, show(r)).toBeGreaterThanOrEqual(5);
  expect(r.p, `a fair deck must not be rejected: ${show(r)}`).toBeGreaterThanOrEqual(ALPHA);
}
function rejects(r: Result) {
  if (process.env.FAIRDECK_STATS_LOG) console.log(`control: ${show(r)}`);
  expect(r.p, `the negative control must be rejected: ${show(r)}`).toBeLessThan(ALPHA);
}

// Orders, n = 3…6: N = 36,000 (50 per order at n = 6). Power: docs/fairness-testing.md sizes N ≈ 9,000
// (n = 3) and 5,000–6,300 (n = 4–6) against naive swap at α = β = 10⁻⁶; 36,000 is a wide margin.
const ORDERS_N = 36_000;
describe.each([3, 4, 5, 6])('orders of a %i-card deck (N = 36,000, p ≥ 10⁻⁶)', (n) => {
  it.each(STRATEGIES.flatMap((s) => ENGINES.map((e) => [s, e] as const)))('%s / %s is uniform', (strategy, rng) => {
    passes(orderTest(deckTrials({ size: n, strategy, rng, seed: `orders-${n}-${strategy}-${rng}` }), n, ORDERS_N));
  });
  it('negative control: naive swap is rejected by the same test', () => {
    rejects(orderTest(biasedTrials(n, 'naive-swap', `naive-${n}`), n, ORDERS_N));
  });
});

// Deal paths on 4 cards (24 orders), N = 24,000 (1,000 per order).
const PATH_N = 24_000;
describe('deal paths, 4 cards (N = 24,000, p ≥ 10⁻⁶)', () => {
  const paths: Path[] = ['dealOne', 'fromJSON', 'returned', 'shuffleRemaining', 'midDealShuffle'];
  it.each(STRATEGIES.flatMap((s) => paths.map((p) => [s, p] as const)))('%s deck, %s', (strategy, path) => {
    passes(orderTest(deckTrials({ size: 4, strategy, seed: `path-${strategy}-${path}` }, path), 4, PATH_N));
  });
  it.each(STRATEGIES)('unseeded (secure, reseeding) %s deck', (strategy) => {
    passes(orderTest(deckTrials({ size: 4, strategy }), 4, PATH_N));
  });
  it.each(STRATEGIES)('a 2-deck French shoe dealt in full after returns (%s)', (strategy) => {
    // Positions would need a 104×104 matrix; here: the order of the first 4 cards' relative ranks
    // is uniform too (24 orders of 4 distinct ids), after the whole shoe was returned.
    passes(orderTest(relativeOrder(deckTrials({ decks: 2, strategy, seed: `shoe2-${strategy}` }, 'returned', 4)), 4, PATH_N));
  });
  it.each([
    ['naive swap', 'naive-swap'],
    ['a lazy deal that never picks the last card', 'lazy-skips-last'],
    ['returned cards dealt in the order returned', 'unshuffled-returns'],
  ] as const)('negative control: %s is rejected by the same test', (_name, bias) => {
    rejects(orderTest(biasedTrials(4, bias, `path-control-${bias}`), 4, PATH_N));
  });
});

/** The relative order (0…k−1) of k distinct ids: ranks them so an order test applies. */
function relativeOrder(t: Trials): Trials {
  return {
    next() {
      const a = Array.from(t.next());
      const sorted = [...a].sort((x, y) => x - y);
      return a.map((x) => sorted.indexOf(x));
    },
    dispose: () => t.dispose(),
  };
}

describe('partial deals: the first 3 cards of 6 (120 ordered triples, N = 36,000, p ≥ 10⁻⁶)', () => {
  it.each(STRATEGIES)('%s deck', (strategy) => {
    passes(partialTest(deckTrials({ size: 6, strategy, seed: `partial-${strategy}` }, 'deal', 3), 6, 3, ORDERS_N));
  });
  it('negative control: naive swap is rejected by the same test', () => {
    rejects(partialTest(biasedTrials(6, 'naive-swap', 'partial-naive'), 6, 3, ORDERS_N));
  });
});

// 52-, 54- and 32-card position matrices: N = 20,000 deals (385, 370, 625 per cell); df 2601,
// 2809, 961.
const MATRIX_N = 20_000;
describe.each([
  ['52-card French deck', {} as DeckOptions, 52],
  ['54-card French deck with jokers', { jokers: 2 } as DeckOptions, 54],
  ['32-card German deck', { style: 'german' } as DeckOptions, 32],
] as const)('position matrix of a %s (N = 20,000, p ≥ 10⁻⁶)', (_name, composition, n) => {
  it.each(STRATEGIES.flatMap((s) => ENGINES.map((e) => [s, e] as const)))('%s / %s is uniform', (strategy, rng) => {
    passes(positionTest(deckTrials({ ...composition, strategy, rng, seed: `matrix-${n}-${strategy}-${rng}` }), n, MATRIX_N));
  });
  // 8-bit modulo bias vanishes for power-of-two bounds, so at 32 cards it is too weak to be a
  // control with a wide margin (X² ≈ 1,255 against a critical 1,184); naive swap is rejected everywhere.
  it.each(n === 32 ? (['naive-swap'] as const) : (['naive-swap', 'modulo-8bit'] as const))(
    'negative control: %s is rejected by the same test',
    (bias) => {
      rejects(positionTest(biasedTrials(n, bias, `matrix-control-${n}-${bias}`), n, MATRIX_N));
    },
  );
});

// A 6-deck shoe: 312×312 positions, N = 6,000 (19 per cell), df 96,721.
const SHOE_N = 6_000;
describe('position matrix of a 6-deck shoe (312 cards, N = 6,000, p ≥ 10⁻⁶)', () => {
  it.each(STRATEGIES)('%s deck is uniform', (strategy) => {
    passes(positionTest(deckTrials({ decks: 6, strategy, seed: `shoe-${strategy}` }), 312, SHOE_N));
  });
  it('negative control: naive swap is rejected by the same test', () => {
    rejects(positionTest(biasedTrials(312, 'naive-swap', 'shoe-naive'), 312, SHOE_N));
  });
});
