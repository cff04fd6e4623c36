/**
 * TEST FIXTURE, not a shipped prover. It plays docs/trustless.md's prover steps (§4 keys, §6
 * shuffles with GenShuffleProof of Haenni et al. as §6.2 rewrites it, §7 shares) with
 * @noble/curves, so that the tests can make transcripts of their own: hands with other seat
 * counts, and forgeries that need a valid proof of a wrong statement. Its randomness is a seeded
 * SHA-512 counter stream — reproducible and public, not §8's seeded mode, so it does not
 * reproduce the C++ vectors byte for byte. Never deal real cards with it.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/curves/utils.js';
import type { TrustlessDeal, TrustlessKeyMessage, TrustlessShareMessage, TrustlessShuffleMessage, TrustlessTranscript } from '../../web/src/verify/trustless.js';
import { Fn, Group, hex, msm, mul, mulBase, scalarFromWide, type Point } from '../../web/src/verify/trustless-group.js';
import { CARDS, PROTOCOL, TAG, cards, context, frame, framed, generators, h2s, shuffleE, shuffleU, type Table } from '../../web/src/verify/trustless-hash.js';
import type { Ciphertext } from '../../web/src/verify/trustless-shuffle.js';

/** Reproducible scalars and permutations from a seed (SHA-512 of seed ‖ counter): for tests only. */
export class TestRandom {
  #counter = 0;
  constructor(readonly seed: string) {}

  scalar(): bigint {
    return scalarFromWide(sha512(new TextEncoder().encode(`${this.seed}/${this.#counter++}`)));
  }

  /** A permutation of 0 … n−1 (sorted by fresh scalars; fine for a fixture). */
  permutation(n: number): number[] {
    const keys = Array.from({ length: n }, () => this.scalar());
    return Array.from({ length: n }, (_, i) => i).sort((x, y) => (keys[x] < keys[y] ? -1 : 1));
  }
}

const deckBytes = (deck: Ciphertext[]) => concatBytes(...deck.flatMap((ct) => [ct.A.toBytes(), ct.B.toBytes()]));
const pointsBytes = (ps: Point[]) => concatBytes(...ps.map((p) => p.toBytes()));
const scalarHex = (s: bigint) => hex(Fn.toBytes(s));
const pointHex = (p: Point) => hex(p.toBytes());

/** How a fixture seat misbehaves in its shuffle (the proof is then made honestly for the deck it publishes). */
export interface ShuffleTwist {
  /** Publish this output deck instead, proving as if it were the honest one (a substitution). */
  deck?: (honest: Ciphertext[]) => Ciphertext[];
  /** Use this ψ instead of a drawn permutation (a map that is no permutation, say). */
  psi?: number[];
}

/** A seeded hand: the transcript, the seats' secrets, and the card at each final position. */
export interface FixtureHand {
  transcript: TrustlessTranscript;
  secrets: bigint[];
  /** finalCards[p]: the card at final-deck position p. */
  finalCards: number[];
  /** The table key Y and the final deck, for tests that forge shares. */
  Y: Point;
  finalDeck: Ciphertext[];
}

/** A Hold'em deal plan of docs/trustless.md §9 for n seats: 2n hole cards round-robin, burn, flop, burn, turn, burn, river. */
export function holdemPlan(n: number): { position: number; to: number | 'all' | 'burn' }[] {
  const plan: { position: number; to: number | 'all' | 'burn' }[] = [];
  let p = 0;
  for (let r = 0; r < 2; r++) for (let s = 0; s < n; s++) plan.push({ position: p++, to: s });
  for (const to of ['burn', 'all', 'all', 'all', 'burn', 'all', 'burn', 'all'] as const) plan.push({ position: p++, to });
  return plan;
}

/** Seat `seat`'s key message (§4). */
export function keyMessage(table: Table, seat: number, x: bigint, rnd: TestRandom): TrustlessKeyMessage {
  const Y = mulBase(x), k = rnd.scalar(), T = mulBase(k);
  const e = h2s(concatBytes(frame(TAG.key), context(table, seat, 0), frame(Y.toBytes()), frame(T.toBytes())));
  return { kind: 'key', seat, step: 0, key: pointHex(Y), proof: { t: pointHex(T), s: scalarHex(Fn.add(k, Fn.mul(e, x))) } };
}

/** §6.1 and §6.2's prover: seat `seat` shuffles `deckIn` with ψ and ρ and proves it. */
export function shuffleMessage(table: Table, seat: number, keys: Uint8Array, Y: Point, deckIn: Ciphertext[], rnd: TestRandom, twist: ShuffleTwist = {}): { message: TrustlessShuffleMessage; deck: Ciphertext[] } {
  const N = table.cards, step = 1 + seat;
  const drawn = rnd.permutation(N), psi = twist.psi ?? drawn;
  const rho = Array.from({ length: N }, () => rnd.scalar());
  const honest = psi.map((j, i) => ({ A: deckIn[j].A.add(mulBase(rho[i])), B: deckIn[j].B.add(mul(Y, rho[i])) }));
  const deckOut = twist.deck ? twist.deck(honest) : honest;
  const [h0, ...h] = generators().slice(0, N + 1);
  // 1. c_j = r_j·G + h_{i+1}, j = ψ(i)
  const r: bigint[] = Array.from({ length: N }, () => rnd.scalar());
  const c: Point[] = r.map((rj) => mulBase(rj));  // as the core does: a c_j no i reaches stays r_j·G
  psi.forEach((j, i) => (c[j] = mulBase(r[j]).add(h[i])));
  const hashed = { table, seat, step, keys, Y: Y.toBytes(), deckIn: deckBytes(deckIn), deckOut: deckBytes(deckOut), c: pointsBytes(c) };
  // 2. u_j, u′_i = u_ψ(i)
  const u = shuffleU(hashed), uPrime = psi.map((j) => u[j]);
  // 3. ĉ_i = r̂_i·G + u′_i·ĉ_{i−1}
  const rHat = Array.from({ length: N }, () => rnd.scalar());
  const chat: Point[] = [];
  for (let i = 0; i < N; i++) chat.push(mulBase(rHat[i]).add(mul(i === 0 ? h0 : chat[i - 1], uPrime[i])));
  // 4. nonces; 5. the first message
  const w = [rnd.scalar(), rnd.scalar(), rnd.scalar(), rnd.scalar()];
  const wHat = Array.from({ length: N }, () => rnd.scalar()), wPrime = Array.from({ length: N }, () => rnd.scalar());
  const negW4 = Fn.neg(w[3]);
  const t = {
    t1: mulBase(w[0]),
    t2: mulBase(w[1]),
    t3: msm([Group.BASE, ...h], [w[2], ...wPrime]),
    t4A: msm([Group.BASE, ...deckOut.map((x) => x.A)], [negW4, ...wPrime]),
    t4B: msm([Y, ...deckOut.map((x) => x.B)], [negW4, ...wPrime]),
    that: chat.map((_, i) => msm([Group.BASE, i === 0 ? h0 : chat[i - 1]], [wHat[i], wPrime[i]])),
  };
  // 6. the challenge
  const e = shuffleE(hashed, pointsBytes(chat), { t1: t.t1.toBytes(), t2: t.t2.toBytes(), t3: t.t3.toBytes(), t4A: t.t4A.toBytes(), t4B: t.t4B.toBytes(), that: pointsBytes(t.that) });
  // 7. responses: v_{N−1} = 1, v_{i−1} = u′_i·v_i
  const v: bigint[] = new Array(N);
  v[N - 1] = Fn.ONE;
  for (let i = N - 1; i > 0; i--) v[i - 1] = Fn.mul(uPrime[i], v[i]);
  const sum = (xs: bigint[]) => xs.reduce((a, x) => Fn.add(a, x), Fn.ZERO);
  const resp = (omega: bigint, x: bigint) => Fn.add(omega, Fn.mul(e, x));
  const message: TrustlessShuffleMessage = {
    kind: 'shuffle', seat, step,
    deck: deckOut.map((x) => [pointHex(x.A), pointHex(x.B)] as const),
    proof: {
      c: c.map(pointHex), chat: chat.map(pointHex),
      t1: pointHex(t.t1), t2: pointHex(t.t2), t3: pointHex(t.t3), t4: [pointHex(t.t4A), pointHex(t.t4B)], that: t.that.map(pointHex),
      s1: scalarHex(resp(w[0], sum(r))),
      s2: scalarHex(resp(w[1], sum(rHat.map((x, i) => Fn.mul(x, v[i]))))),
      s3: scalarHex(resp(w[2], sum(r.map((x, j) => Fn.mul(x, u[j]))))),
      s4: scalarHex(resp(w[3], sum(rho.map((x, i) => Fn.mul(x, uPrime[i]))))),
      shat: wHat.map((x, i) => scalarHex(resp(x, rHat[i]))),
      sprime: wPrime.map((x, i) => scalarHex(resp(x, uPrime[i]))),
    },
  };
  return { message, deck: deckOut };
}

/** §7: seat `seat`'s share of ciphertext `ct` at `position`, with its Chaum–Pedersen proof; `D` forges the share. */
export function shareMessage(table: Table, seat: number, x: bigint, keys: Uint8Array, ct: Ciphertext, position: number, rnd: TestRandom, D = mul(ct.A, x)): TrustlessShareMessage {
  const step = 1 + table.seats + position, Yi = mulBase(x);
  const k = rnd.scalar(), T1 = mulBase(k), T2 = mul(ct.A, k);
  const e = h2s(concatBytes(frame(TAG.share), context(table, seat, step),
    framed(keys, Yi.toBytes(), ct.A.toBytes(), ct.B.toBytes(), D.toBytes(), T1.toBytes(), T2.toBytes())));
  return { kind: 'share', seat, step, position, share: pointHex(D), proof: { t1: pointHex(T1), t2: pointHex(T2), s: scalarHex(Fn.add(k, Fn.mul(e, x))) } };
}

/**
 * A whole seeded hand among `seats` seats at table `table`: keys, every seat's shuffle in turn, and
 * the deals of `plan` (default Hold'em) opened as §7 says. `twists[s]` makes seat s misbehave.
 */
export function fixtureHand(table: string, seats: number, seed: string, opts: { plan?: ReturnType<typeof holdemPlan>; twists?: Record<number, ShuffleTwist>; cards?: number } = {}): FixtureHand {
  const rnd = new TestRandom(seed);
  const N = opts.cards ?? CARDS;
  const t: Table = { id: new TextEncoder().encode(table), seats, cards: N };
  const secrets = Array.from({ length: seats }, () => rnd.scalar());
  const keyMessages = secrets.map((x, s) => keyMessage(t, s, x, rnd));
  const keys = concatBytes(...secrets.map((x) => mulBase(x).toBytes()));
  const Y = secrets.reduce((acc, x) => acc.add(mulBase(x)), Group.ZERO);
  let deck: Ciphertext[] = cards().slice(0, N).map((M) => ({ A: Group.ZERO, B: M }));
  const shuffles: TrustlessShuffleMessage[] = [];
  for (let s = 0; s < seats; s++) {
    const out = shuffleMessage(t, s, keys, Y, deck, rnd, opts.twists?.[s]);
    shuffles.push(out.message);
    deck = out.deck;
  }
  const x = Fn.neg(secrets.reduce((a, b) => Fn.add(a, b), Fn.ZERO));
  const finalCards = deck.map((ct) => cards().findIndex((M) => M.equals(ct.B.add(mul(ct.A, x)))));
  const deals: TrustlessDeal[] = (opts.plan ?? holdemPlan(seats)).map(({ position, to }) => {
    if (to === 'burn') return { position, to };
    const sharers = secrets.flatMap((_, s) => (s === to ? [] : [s]));
    return { position, to, shares: sharers.map((s) => shareMessage(t, s, secrets[s], keys, deck[position], position, rnd)) };
  });
  return {
    transcript: { protocol: PROTOCOL, table, seats, cards: N, keys: keyMessages, shuffles, deals },
    secrets, finalCards, Y, finalDeck: deck,
  };
}
