/**
 * CheckShuffleProof of Haenni, Locher, Koenig and Dubuis, "Pseudo-Code Algorithms for Verifiable
 * Re-Encryption Mix-Nets" (FC 2017, Algorithm 4), the Terelius–Wikström proof that one deck of
 * ElGamal ciphertexts is a re-encrypted permutation of another, written additively over
 * ristretto255. The challenges are docs/trustless.md's (the caller hashes them); this file is only
 * the algebra, line by line as the paper gives it.
 */
import { Fn, Group, msm, mul, type Point } from './trustless-group.js';

/** An ElGamal ciphertext (a, b) = (M + r·PK, r·G): `a` carries the card, `b` the randomness. */
export interface Ciphertext {
  a: Point;
  b: Point;
}

/** The proof's commitments t: t₁, t₂, t₃, t₄ = (t₄,₁, t₄,₂) and t̂₁…t̂_N. */
export interface ShuffleCommitments {
  t1: Point;
  t2: Point;
  t3: Point;
  t41: Point;
  t42: Point;
  tHat: Point[];
}

/** The proof's responses s: s₁…s₄, ŝ₁…ŝ_N and s′₁…s′_N. */
export interface ShuffleResponses {
  s1: bigint;
  s2: bigint;
  s3: bigint;
  s4: bigint;
  sHat: bigint[];
  sPrime: bigint[];
}

/** π = (t, s, c, ĉ): commitments, responses, the permutation commitment c₁…c_N and the chain ĉ₁…ĉ_N. */
export interface ShuffleProof {
  t: ShuffleCommitments;
  s: ShuffleResponses;
  c: Point[];
  cHat: Point[];
}

/** What the check needs besides the proof: the generators, the key and the two decks. */
export interface ShuffleStatement {
  /** The commitment generators h₁…h_N. */
  h: Point[];
  /** The chain's base h (ĉ₀ = h). */
  h0: Point;
  /** The table key the deck is encrypted to. */
  pk: Point;
  /** The input deck e₁…e_N. */
  input: Ciphertext[];
  /** The output deck e′₁…e′_N. */
  output: Ciphertext[];
}

/** The two Fiat–Shamir hashes: u = GetChallenges(N, y′) after c is known; c = GetChallenge(y, t). */
export interface ShuffleChallenges {
  /** u₁…u_N, from the statement and the permutation commitment. */
  u(proof: ShuffleProof): bigint[];
  /** The challenge, from the statement, ĉ and the commitments t. */
  c(proof: ShuffleProof, t: ShuffleCommitments): bigint;
}

/**
 * The commitments t′ the verifier recomputes from the responses (Algorithm 4, lines 5–18), given
 * the challenges u and c. A valid proof has t′ = t.
 */
export function recomputeCommitments(st: ShuffleStatement, proof: ShuffleProof, u: bigint[], c: bigint): ShuffleCommitments {
  const N = st.input.length;
  const { s } = proof;
  // c̄ = Π cᵢ / Π hᵢ
  const cBar = proof.c.reduce((acc, ci) => acc.add(ci), Group.ZERO).subtract(st.h.reduce((acc, hi) => acc.add(hi), Group.ZERO));
  // u = Π uᵢ
  const uProd = u.reduce((acc, ui) => Fn.mul(acc, ui), Fn.ONE);
  // ĉ = ĉ_N / h^u
  const cHat = proof.cHat[N - 1].subtract(mul(st.h0, uProd));
  // c̃ = Π cᵢ^uᵢ, a′ = Π aᵢ^uᵢ, b′ = Π bᵢ^uᵢ
  const cTilde = msm(proof.c, u);
  const aPrime = msm(st.input.map((e) => e.a), u);
  const bPrime = msm(st.input.map((e) => e.b), u);
  const negC = Fn.neg(c);
  // t̂′ᵢ = ĉᵢ^−c · g^ŝᵢ · ĉᵢ₋₁^s′ᵢ
  const tHat = proof.cHat.map((chi, i) => msm([chi, Group.BASE, i === 0 ? st.h0 : proof.cHat[i - 1]], [negC, s.sHat[i], s.sPrime[i]]));
  const negS4 = Fn.neg(s.s4);
  return {
    // t′₁ = c̄^−c · g^s₁
    t1: msm([cBar, Group.BASE], [negC, s.s1]),
    // t′₂ = ĉ^−c · g^s₂
    t2: msm([cHat, Group.BASE], [negC, s.s2]),
    // t′₃ = c̃^−c · g^s₃ · Π hᵢ^s′ᵢ
    t3: msm([cTilde, Group.BASE, ...st.h], [negC, s.s3, ...s.sPrime]),
    // t′₄,₁ = a′^−c · pk^−s₄ · Π a′ᵢ^s′ᵢ (a′ᵢ the output's)
    t41: msm([aPrime, st.pk, ...st.output.map((e) => e.a)], [negC, negS4, ...s.sPrime]),
    // t′₄,₂ = b′^−c · g^−s₄ · Π b′ᵢ^s′ᵢ
    t42: msm([bPrime, Group.BASE, ...st.output.map((e) => e.b)], [negC, negS4, ...s.sPrime]),
    tHat,
  };
}
