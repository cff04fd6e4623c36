/**
 * docs/trustless.md's hash inputs (§2–§7): the framing F(b) = u32be(len b) ‖ b, the context
 * ctx(s, k), the card points M_c, the generators h_k, the Fiat–Shamir challenges of the key, shuffle
 * and share proofs, and the checks of the two small proofs (Schnorr, Chaum–Pedersen). Hashing is
 * @noble/hashes' SHA-512; group and scalar operations are trustless-group.ts's @noble/curves calls.
 */
import { concatBytes } from '@noble/curves/utils.js';
import { Fn, Group, msm, pointFromWide, scalarFromWide, sha512Of, type Point } from './trustless-group.js';
import type { ShuffleCommitments } from './trustless-shuffle.js';

const utf8 = /* @__PURE__ */ new TextEncoder();

/** The protocol name a transcript carries, and the prefix of every tag. */
export const PROTOCOL = 'fairdeck/trustless/v1';

/** The tags of §3 and §5–§8. */
export const TAG = /* @__PURE__ */ (() => ({
  key: utf8.encode(`${PROTOCOL}/key`),
  shuffleU: utf8.encode(`${PROTOCOL}/shuffle/u`),
  shuffleC: utf8.encode(`${PROTOCOL}/shuffle/c`),
  share: utf8.encode(`${PROTOCOL}/share`),
  card: utf8.encode(`${PROTOCOL}/card`),
  generator: utf8.encode(`${PROTOCOL}/generator`),
}))();

/** The cards of one French deck, N = 52: the most a table deals (fewer only in tests, §9). */
export const CARDS = 52;

/** u32be(x): 4 bytes, big-endian. */
export function u32be(x: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, x);
  return out;
}

/** F(b) = u32be(len(b)) ‖ b. */
export function frame(b: Uint8Array): Uint8Array {
  return concatBytes(u32be(b.length), b);
}

/** F(b_1) ‖ F(b_2) ‖ …: a hash input of framed fields. */
export function framed(...fields: Uint8Array[]): Uint8Array {
  return concatBytes(...fields.map(frame));
}

/** H2S(b): SHA-512(b) as a little-endian integer mod ℓ. */
export function h2s(b: Uint8Array): bigint {
  return scalarFromWide(sha512Of(b));
}

/** H2P(tag, d_1, …, d_k) = from_hash(SHA-512(F(tag) ‖ F(d_1) ‖ … ‖ F(d_k))). */
export function h2p(tag: Uint8Array, ...data: Uint8Array[]): Point {
  return pointFromWide(sha512Of(framed(tag, ...data)));
}

/** A table's shape: its id's UTF-8 bytes, n seats and N cards. */
export interface Table {
  id: Uint8Array;
  seats: number;
  cards: number;
}

/** ctx(s, k) = F(table id) ‖ F(u32be(n)) ‖ F(u32be(N)) ‖ F(u32be(s)) ‖ F(u32be(k)). */
export function context(table: Table, seat: number, step: number): Uint8Array {
  return framed(table.id, u32be(table.seats), u32be(table.cards), u32be(seat), u32be(step));
}

let cardPoints: Point[] | undefined;
let cardIndex: Map<string, number> | undefined;
let generatorPoints: Point[] | undefined;

/** M_c = H2P("…/card", u32be(c)) for c = 0 … 51 (computed once). */
export function cards(): Point[] {
  return (cardPoints ??= Array.from({ length: CARDS }, (_, c) => h2p(TAG.card, u32be(c))));
}

/** The card c < N with M_c == M (by the 32-byte encoding), or undefined when M is no such card. */
export function cardOf(M: Point, N: number): number | undefined {
  cardIndex ??= new Map(cards().map((p, c) => [bytesKey(p.toBytes()), c]));
  const c = cardIndex.get(bytesKey(M.toBytes()));
  return c !== undefined && c < N ? c : undefined;
}

const bytesKey = (b: Uint8Array) => String.fromCharCode(...b);

/** h_k = H2P("…/generator", u32be(k)) for k = 0 … 52 (computed once; a deck of N uses h_0 … h_N). */
export function generators(): Point[] {
  return (generatorPoints ??= Array.from({ length: CARDS + 1 }, (_, k) => h2p(TAG.generator, u32be(k))));
}

/**
 * The Schnorr key proof of §4: e = H2S(F(tag) ‖ ctx(i, 0) ‖ F(Y_i) ‖ F(T)); valid when
 * s·G == T + e·Y_i. (Y_i ≠ O is the caller's encoding check.)
 */
export function keyProofHolds(table: Table, seat: number, Yi: Point, YiBytes: Uint8Array, T: Point, TBytes: Uint8Array, s: bigint): boolean {
  const e = h2s(concatBytes(frame(TAG.key), context(table, seat, 0), frame(YiBytes), frame(TBytes)));
  return Group.BASE.multiplyUnsafe(s).equals(T.add(Yi.multiplyUnsafe(e)));
}

/** The byte strings a shuffle's challenges hash, besides the proof's own points. */
export interface ShuffleHashInput {
  table: Table;
  seat: number;
  step: number;
  /** keys = Y_0 ‖ … ‖ Y_{n−1}. */
  keys: Uint8Array;
  /** The table key Y's encoding. */
  Y: Uint8Array;
  deckIn: Uint8Array;
  deckOut: Uint8Array;
  /** c_0 ‖ … ‖ c_{N−1}. */
  c: Uint8Array;
}

/** §6.2 step 2: u_j = H2S(P_u ‖ F(u32be(j))), P_u = F(tag) ‖ ctx(s, k) ‖ F(keys) ‖ F(Y) ‖ F(deck_in) ‖ F(deck_out) ‖ F(c). */
export function shuffleU(x: ShuffleHashInput): bigint[] {
  const prefix = concatBytes(frame(TAG.shuffleU), context(x.table, x.seat, x.step), framed(x.keys, x.Y, x.deckIn, x.deckOut, x.c));
  return Array.from({ length: x.table.cards }, (_, j) => h2s(concatBytes(prefix, frame(u32be(j)))));
}

/**
 * §6.2 step 6: e = H2S(F(tag) ‖ ctx(s, k) ‖ F(keys) ‖ F(Y) ‖ F(deck_in) ‖ F(deck_out) ‖ F(c) ‖ F(ĉ)
 * ‖ F(t1) ‖ F(t2) ‖ F(t3) ‖ F(t4A) ‖ F(t4B) ‖ F(t̂)), from the proof's t values (their encodings).
 */
export function shuffleE(x: ShuffleHashInput, chat: Uint8Array, t: { t1: Uint8Array; t2: Uint8Array; t3: Uint8Array; t4A: Uint8Array; t4B: Uint8Array; that: Uint8Array }): bigint {
  return h2s(concatBytes(frame(TAG.shuffleC), context(x.table, x.seat, x.step),
    framed(x.keys, x.Y, x.deckIn, x.deckOut, x.c, chat, t.t1, t.t2, t.t3, t.t4A, t.t4B, t.that)));
}

/** The encodings of a shuffle proof's t values, as shuffleE hashes them. */
export function commitmentBytes(t: ShuffleCommitments): { t1: Uint8Array; t2: Uint8Array; t3: Uint8Array; t4A: Uint8Array; t4B: Uint8Array; that: Uint8Array } {
  return { t1: t.t1.toBytes(), t2: t.t2.toBytes(), t3: t.t3.toBytes(), t4A: t.t4A.toBytes(), t4B: t.t4B.toBytes(), that: concatBytes(...t.that.map((p) => p.toBytes())) };
}

/** A decryption share's statement and proof, points with their encodings. */
export interface ShareInput {
  table: Table;
  seat: number;
  step: number;
  keys: Uint8Array;
  Yi: Point;
  YiBytes: Uint8Array;
  A: Point;
  ABytes: Uint8Array;
  BBytes: Uint8Array;
  D: Point;
  DBytes: Uint8Array;
  T1: Point;
  T1Bytes: Uint8Array;
  T2: Point;
  T2Bytes: Uint8Array;
  s: bigint;
}

/**
 * The Chaum–Pedersen share proof of §7: e = H2S(F(tag) ‖ ctx(i, 1+n+p) ‖ F(keys) ‖ F(Y_i) ‖ F(A) ‖
 * F(B) ‖ F(D_i) ‖ F(T1) ‖ F(T2)); valid when s·G == T1 + e·Y_i and s·A == T2 + e·D_i.
 */
export function shareProofHolds(x: ShareInput): boolean {
  const e = h2s(concatBytes(frame(TAG.share), context(x.table, x.seat, x.step),
    framed(x.keys, x.YiBytes, x.ABytes, x.BBytes, x.DBytes, x.T1Bytes, x.T2Bytes)));
  return msm([Group.BASE, x.Yi], [x.s, Fn.neg(e)]).equals(x.T1) && msm([x.A, x.D], [x.s, Fn.neg(e)]).equals(x.T2);
}
