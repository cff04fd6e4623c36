/**
 * The provable scheme is as uniform as Fisher–Yates over CONSECUTIVE NONCES: one server seed and
 * client seed, rounds nonce, nonce + 1, … (what a table deals), each dealt in full by the WASM
 * deck. Same method and threshold as statistics.test.ts: Pearson's X² against the uniform law,
 * every assertion p ≥ α = 10⁻⁶ (a correct scheme fails with probability ≤ 10⁻⁶ for any seed, so
 * the fixed seeds cannot make this flaky), expected counts ≥ 50 per cell.
 *
 * Negative controls: the same tests, trials and threshold on the same per-nonce ChaCha20 streams
 * (round keys by the scheme's HMAC derivation, node:crypto here so that 24,000 keys are quick) with a planted bias must give p < α: naive swap
 * (j uniform in [0, n) for every i: n^n paths onto n! orders) and Fisher–Yates with
 * `(word & 0xff) % (i + 1)` (the modulo bias the scheme's rejection avoids).
 */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck';
import { ALPHA, chiSquarePValue, chiSquareUniform, matrixChiSquare, permutationRank } from 'fairdeck/fairness';
import { KeyStream } from '../../web/src/verify/chacha20.js';
import { roundMessage } from '../../web/src/verify/scheme.js';

beforeAll(() => init());

const SERVER = 'c0ffee00'.repeat(8);
const FACTORIAL = [1, 1, 2, 6, 24, 120];

/** Full deal orders (ids) of rounds nonce 0, 1, …, N − 1 of a provable deck. */
function provableRounds(n: number, N: number, returned = false): number[][] {
  const deck = new Deck({ provable: { serverSeed: SERVER, clientSeed: `stats-${n}-${returned}`, nonce: 0 }, size: n });
  const out: number[][] = [];
  for (let t = 0; t < N; t++) {
    if (t > 0) deck.shuffle();
    if (returned) deck.returnCards(deck.deal(n)); // every card out and back: the reshuffled return pile is dealt
    out.push(deck.deal(n).map((c) => c.id));
  }
  expect(deck.info.provable?.nonce).toBe(N - 1);
  deck.dispose();
  return out;
}

/** The same consecutive-nonce streams with a biased shuffle (the negative controls). */
function biasedRounds(n: number, N: number, bias: 'naive-swap' | 'modulo-8bit'): number[][] {
  const seed = Buffer.from(SERVER, 'hex');
  const out: number[][] = [];
  for (let t = 0; t < N; t++) {
    const words = new KeyStream(createHmac('sha256', seed).update(roundMessage(2, `control-${bias}`, t, `generic:size=${n}`)).digest());
    const a = Array.from({ length: n }, (_, i) => i);
    if (bias === 'naive-swap') {
      for (let i = 0; i < n; i++) {
        const j = draw(words, n);
        [a[i], a[j]] = [a[j], a[i]];
      }
    } else {
      for (let i = n - 1; i > 0; i--) {
        const j = (words.word() & 0xff) % (i + 1);
        [a[i], a[j]] = [a[j], a[i]];
      }
    }
    out.push(a.reverse());
  }
  return out;
}

/** Uniform in [0, s) by the scheme's own method (mask and reject). */
function draw(words: KeyStream, s: number): number {
  let mask = 1;
  while (mask < s) mask *= 2;
  for (;;) {
    const x = (words.word() & (mask - 1)) >>> 0;
    if (x < s) return x;
  }
}

interface Result { x2: number; df: number; p: number; expected: number }
const show = (r: Result) => `X² = ${r.x2.toFixed(1)}, df = ${r.df}, p = ${r.p.toExponential(2)}, expected/cell = ${r.expected.toFixed(1)}`;

function orders(rounds: number[][], n: number): Result {
  const counts = new Float64Array(FACTORIAL[n]);
  for (const r of rounds) counts[permutationRank(r)]++;
  const x2 = chiSquareUniform(counts), df = counts.length - 1;
  return { x2, df, p: chiSquarePValue(x2, df), expected: rounds.length / counts.length };
}

function positions(rounds: number[][], n: number): Result {
  const counts = new Float64Array(n * n);
  for (const r of rounds) r.forEach((card, pos) => counts[card * n + pos]++);
  const x2 = matrixChiSquare(counts, n), df = (n - 1) * (n - 1);
  return { x2, df, p: chiSquarePValue(x2, df), expected: rounds.length / n };
}

function passes(r: Result) {
  if (process.env.FAIRDECK_STATS_LOG) console.log(`provable: ${show(r)}`);
  expect(r.expected, show(r)).toBeGreaterThanOrEqual(50);
  expect(r.p, `the scheme must not be rejected: ${show(r)}`).toBeGreaterThanOrEqual(ALPHA);
}
function rejects(r: Result) {
  if (process.env.FAIRDECK_STATS_LOG) console.log(`control:  ${show(r)}`);
  expect(r.p, `the negative control must be rejected: ${show(r)}`).toBeLessThan(ALPHA);
}

// Orders of 4 cards over 24,000 consecutive nonces (1,000 per order); statistics.test.ts sizes
// N ≈ 5,000 for naive swap at n = 4 with α = β = 10⁻⁶, so both controls are rejected with margin.
const ORDERS_N = 24_000;
// 52-card position matrix over 15,600 consecutive nonces: 300 per cell, df = 2,601. At 5,200 the
// 8-bit modulo control gave p ≈ 10⁻⁸, too close to α; at 15,600 its excess X² triples.
const POSITIONS_N = 15_600;

describe('provable rounds over consecutive nonces (p ≥ 10⁻⁶)', () => {
  it('orders of a 4-card deck are uniform (N = 24,000)', () => passes(orders(provableRounds(4, ORDERS_N), 4)));
  it('orders of a reshuffled return pile are uniform (N = 24,000)', () => passes(orders(provableRounds(4, ORDERS_N, true), 4)));
  it('positions of a 52-card deck are uniform (N = 15,600)', () => passes(positions(provableRounds(52, POSITIONS_N), 52)));
  it('negative control: naive swap on the same streams is rejected', () => rejects(orders(biasedRounds(4, ORDERS_N, 'naive-swap'), 4)));
  it('negative control: 8-bit modulo draws on the same streams are rejected (52 positions)', () =>
    rejects(positions(biasedRounds(52, POSITIONS_N, 'modulo-8bit'), 52)));
});
