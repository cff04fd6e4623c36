/**
 * The verifier's side of the shuffle proof of docs/trustless.md §6.2: CheckShuffleProof of Haenni,
 * Locher, Koenig and Dubuis, "Pseudo-Code Algorithms for Verifiable Re-Encryption Mix-Nets" (the
 * Terelius–Wikström proof), written additively over ristretto255 with 0-based indices and the
 * document's ciphertext order (A, B) = (r·G, M + r·Y). The challenges u and e come from
 * trustless-hash.ts; this file is the algebra, equation by equation as §6.2 states it.
 */
import { Fn, Group, msm, mul, mulBase, type Point } from './trustless-group.js';

/** An ElGamal ciphertext (A, B) = (r·G, M + r·Y). */
export interface Ciphertext {
  A: Point;
  B: Point;
}

/** The proof's first message: t1, t2, t3, t4 = (t4A, t4B) and t̂_0 … t̂_{N−1}. */
export interface ShuffleCommitments {
  t1: Point;
  t2: Point;
  t3: Point;
  t4A: Point;
  t4B: Point;
  that: Point[];
}

/** A shuffle proof (§6.2 step 8): the permutation commitment c, the chain ĉ, the commitments t and the responses. */
export interface ShuffleProof {
  c: Point[];
  chat: Point[];
  t: ShuffleCommitments;
  s1: bigint;
  s2: bigint;
  s3: bigint;
  s4: bigint;
  shat: bigint[];
  sprime: bigint[];
}

/** What the proof is about: the generators, the table key and the two decks. */
export interface ShuffleStatement {
  /** h_0, the chain base. */
  h0: Point;
  /** h_1 … h_N: h[i] is h_{i+1}, which goes with output position i. */
  h: Point[];
  /** The table key Y. */
  Y: Point;
  deckIn: Ciphertext[];
  deckOut: Ciphertext[];
}

/** The checks of §6.2's verifier step 3, in the order it makes them (t4 covers t4A and t4B). */
export type ShuffleCheck = 'shuffle.t1' | 'shuffle.t2' | 'shuffle.t3' | 'shuffle.t4' | 'shuffle.that';

/**
 * CheckShuffleProof, step 3: recomputes t1′ … t̂′ from the responses and the challenges `u`
 * (u_0 … u_{N−1}) and `e`, and returns the first check that fails, or undefined when all hold.
 */
export function checkShuffleProof(st: ShuffleStatement, proof: ShuffleProof, u: bigint[], e: bigint): ShuffleCheck | undefined {
  const N = st.deckIn.length;
  const negE = Fn.neg(e), negS4 = Fn.neg(proof.s4);
  const sum = (points: Point[]) => points.reduce((acc, p) => acc.add(p), Group.ZERO);
  // c̄ = Σ_j c_j − Σ_j h_{j+1}
  const cbar = sum(proof.c).subtract(sum(st.h));
  // ū = Π_j u_j
  const ubar = u.reduce((acc, uj) => Fn.mul(acc, uj), Fn.ONE);
  // ĉ = ĉ_{N−1} − ū·h_0
  const chat = proof.chat[N - 1].subtract(mul(st.h0, ubar));
  // c̃ = Σ_j u_j·c_j; A′ = Σ_j u_j·A_j, B′ = Σ_j u_j·B_j (input deck)
  const ctilde = msm(proof.c, u);
  const Ain = msm(st.deckIn.map((x) => x.A), u);
  const Bin = msm(st.deckIn.map((x) => x.B), u);
  const { t } = proof;
  // t1′ = s1·G − e·c̄
  if (!msm([Group.BASE, cbar], [proof.s1, negE]).equals(t.t1)) return 'shuffle.t1';
  // t2′ = s2·G − e·ĉ
  if (!msm([Group.BASE, chat], [proof.s2, negE]).equals(t.t2)) return 'shuffle.t2';
  // t3′ = s3·G + Σ_i s′_i·h_{i+1} − e·c̃
  if (!msm([Group.BASE, ...st.h, ctilde], [proof.s3, ...proof.sprime, negE]).equals(t.t3)) return 'shuffle.t3';
  // t4A′ = −s4·G + Σ_i s′_i·Ã_i − e·A′
  if (!msm([Group.BASE, ...st.deckOut.map((x) => x.A), Ain], [negS4, ...proof.sprime, negE]).equals(t.t4A)) return 'shuffle.t4';
  // t4B′ = −s4·Y + Σ_i s′_i·B̃_i − e·B′
  if (!msm([st.Y, ...st.deckOut.map((x) => x.B), Bin], [negS4, ...proof.sprime, negE]).equals(t.t4B)) return 'shuffle.t4';
  // t̂′_i = ŝ_i·G + s′_i·ĉ_{i−1} − e·ĉ_i, ĉ_{−1} = h_0
  for (let i = 0; i < N; i++) {
    const previous = i === 0 ? st.h0 : proof.chat[i - 1];
    // (three terms: noble's base-point table and two multiplications beat a 3-point Pippenger)
    if (!mulBase(proof.shat[i]).add(mul(previous, proof.sprime[i])).add(mul(proof.chat[i], negE)).equals(t.that[i])) return 'shuffle.that';
  }
  return undefined;
}
