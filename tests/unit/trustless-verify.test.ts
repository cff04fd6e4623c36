/**
 * fairdeck/verify's transcript verifier (docs/trustless.md): it accepts honest hands and says
 * which cards were dealt, and rejects each kind of forgery naming the seat, the step and the
 * failed check — a swapped, substituted, duplicated or changed card in a shuffle, a map that is
 * no permutation, a wrong share, a proof replayed at another table, seat or step, a bad encoding.
 * First the C++ core's seeded known-answer transcript (tests/vectors/trustless-3seat.json, made
 * with libsodium): accepted, its cards as the vector states them, and its forgeries rejected. Then
 * hands from tests/unit/trustless-fixture.ts (a test-only prover on @noble/curves), for forgeries
 * that need a proof made for a forged deck.
 */
import { readFileSync } from 'node:fs';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { verifyTranscript, type TrustlessDeal, type TrustlessTranscript, type TrustlessVerdict } from 'fairdeck/verify';
import { Fn, Group, hex, mul, mulBase } from '../../web/src/verify/trustless-group.js';
import { KeyStream } from '../../web/src/verify/chacha20.js';
import { CARDS, cards, framed, generators, shuffleE, shuffleU, u32be } from '../../web/src/verify/trustless-hash.js';
import { scalarFromWide } from '../../web/src/verify/trustless-group.js';
import { checkShuffleProof } from '../../web/src/verify/trustless-shuffle.js';
import { fixtureHand, holdemPlan, keyMessage, shareMessage, TestRandom } from './trustless-fixture.js';

const CODES = [...'CDHS'].flatMap((s) => [...'A23456789TJQK'].map((r) => r + s));
const scalarHex = (s: bigint) => hex(Fn.toBytes(s));
const hexBytes = (h: string) => Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)));
const clone = <T>(x: T): T => structuredClone(x);
/** A transcript as plain JSON, to mutate freely (readonly in the API's types). */
type Json = any;  // eslint-disable-line @typescript-eslint/no-explicit-any
const mutate = (t: TrustlessTranscript, f: (j: Json) => void): TrustlessTranscript => {
  const j = clone(t) as Json;
  f(j);
  return j as TrustlessTranscript;
};
/** A forgery: a mutation of the transcript's JSON. */
type Forge = (j: Json) => unknown;
/** Who and what a verdict names. */
type Named = { seat: number | null; step: number; check: string };
const cheatOf = (v: TrustlessVerdict) => (v.cheat ? { seat: v.cheat.seat, step: v.cheat.step, check: v.cheat.check } : { ok: v.ok });

/** The vector with its test-only fields: the seed of §8 and each opened deal's card. */
type Vector = Omit<TrustlessTranscript, 'deals'> & { seed: string; deals: (TrustlessDeal & { card: number | null })[] };
const vector = JSON.parse(readFileSync(new URL('../vectors/trustless-3seat.json', import.meta.url), 'utf8')) as Vector;

/**
 * Seat i's secret x_i in §8's seeded mode: the first 64 bytes of the ChaCha20 keystream (nonce 0)
 * keyed by the first 32 bytes of SHA-512(F("fairdeck/trustless/v1/seeded") ‖ F(seed) ‖ F(u32be(i))),
 * reduced mod ℓ — the seat's first draw.
 */
function seededSecret(seedHex: string, seat: number): bigint {
  const key = sha512(framed(new TextEncoder().encode('fairdeck/trustless/v1/seeded'), hexBytes(seedHex), u32be(seat))).slice(0, 32);
  const stream = new KeyStream(key), wide = new Uint8Array(64);
  const view = new DataView(wide.buffer);
  for (let w = 0; w < 16; w++) view.setUint32(4 * w, stream.word(), true);
  return scalarFromWide(wide);
}

describe("docs/trustless.md §2's known answers", () => {
  it('the framing, two card points and two generators are the document\'s (libsodium\'s)', () => {
    expect(hex(framed(new TextEncoder().encode('fairdeck/trustless/v1/card')))).toBe('0000001a666169726465636b2f74727573746c6573732f76312f63617264');
    expect(cards()[0].toHex()).toBe('0ac31d7d9e33e80918bb998fb294d6c837955287e7966fd50a5c15e422213243');
    expect(cards()[51].toHex()).toBe('56aa6b1b24729676e5ae832df9275b5a9d8f8bbc6505f5814b49ce6153f7062d');
    expect(generators()[0].toHex()).toBe('4ef8f2714247e1f78e42831379d62e2b453b58ee2bc77100d9fa97da5ebe8660');
    expect(generators()[52].toHex()).toBe('7c7b517fa776561164c2a52c1dd7da23bd7d8e45644415b2754f82391d92de2c');
    expect(new Set(cards().map((M) => M.toHex())).size).toBe(CARDS);  // §5: the 52 points are distinct
  });
});

describe("the C++ core's known-answer transcript (tests/vectors/trustless-3seat.json)", () => {
  const v = vector, vn = v.seats;
  const verdict = verifyTranscript(v);

  it('is a 3-seat Hold\'em hand as docs/trustless.md §9 describes it', () => {
    expect([v.protocol, v.seats, v.cards]).toEqual(['fairdeck/trustless/v1', 3, 52]);
    expect(v.deals.map((d) => [d.position, d.to])).toEqual(holdemPlan(3).map((d) => [d.position, d.to]));
  });

  it('verifies, and opens the board the vector states', () => {
    expect(verdict.cheat).toBeUndefined();
    expect(verdict.ok).toBe(true);
    const board = v.deals.filter((d) => d.to === 'all');
    expect(verdict.board).toEqual(board.map((d) => CODES[d.card!]));
    for (const d of verdict.deals) expect(d.card).toBe(d.to === 'all' ? v.deals.find((x) => x.position === d.position)!.card : null);
  });

  it("§8's seeded secrets are the seats' keys, and with them every seat's hole cards are the vector's", () => {
    const secrets = Array.from({ length: vn }, (_, i) => seededSecret(v.seed, i));
    secrets.forEach((x, i) => expect(mulBase(x).toHex(), `seat ${i}`).toBe(v.keys[i].key));
    const all = verifyTranscript(v, { secrets: Object.fromEntries(secrets.map((x, i) => [i, scalarHex(x)])) });
    expect(all.ok).toBe(true);
    const holes = (seat: number) => v.deals.filter((d) => d.to === seat).map((d) => CODES[d.card!]);
    expect(all.hands).toEqual([holes(0), holes(1), holes(2)]);
    const cardsOpened = all.deals.filter((d) => d.to !== 'burn').map((d) => d.card);
    expect(new Set(cardsOpened).size).toBe(cardsOpened.length);  // no card twice
  });

  it.each<[string, Forge, Named]>([
    ['two output ciphertexts of seat 1 swapped', (j) => {
      const d = j.shuffles[1].deck;
      [d[3], d[40]] = [d[40], d[3]];
    }, { seat: 1, step: 2, check: 'shuffle.t1' }],
    ["one of seat 2's re-encryptions changed", (j) => {
      const d = j.shuffles[2].deck, Y = v.keys.reduce((acc, k) => acc.add(Group.fromHex(k.key)), Group.ZERO);
      d[7] = [Group.fromHex(d[7][0]).add(mulBase(5n)).toHex(), Group.fromHex(d[7][1]).add(mul(Y, 5n)).toHex()];
    }, { seat: 2, step: 3, check: 'shuffle.t1' }],
    ["a card duplicated in seat 0's output", (j) => (j.shuffles[0].deck[9] = [...j.shuffles[0].deck[20]]), { seat: 0, step: 1, check: 'shuffle.t1' }],
    ["seat 1's s4 changed", (j) => (j.shuffles[1].proof.s4 = scalarHex(Fn.add(Fn.fromBytes(hexBytes(j.shuffles[1].proof.s4)), 1n))), { seat: 1, step: 2, check: 'shuffle.t4' }],
    ["seat 2's ŝ_0 changed", (j) => (j.shuffles[2].proof.shat[0] = scalarHex(Fn.add(Fn.fromBytes(hexBytes(j.shuffles[2].proof.shat[0])), 1n))), { seat: 2, step: 3, check: 'shuffle.that' }],
    ["seat 2's share of the flop's first card changed", (j) => (j.deals[7].shares[2].share = mulBase(9n).toHex()), { seat: 2, step: 1 + vn + 7, check: 'share' }],
    ["seat 0's share of seat 1's first hole card changed", (j) => (j.deals[1].shares[0].share = mulBase(9n).toHex()), { seat: 0, step: 1 + vn + 1, check: 'share' }],
    ['a share moved to another position', (j) => (j.deals[9].shares[1] = { ...j.deals[8].shares[1], position: 9, step: 1 + vn + 9 }), { seat: 1, step: 1 + vn + 9, check: 'share' }],
    ['the transcript replayed under another table id', (j) => (j.table = 'fairdeck-test/3seat-replayed'), { seat: 0, step: 0, check: 'schnorr' }],
    ["seat 0's key and proof replayed as seat 1's", (j) => (j.keys[1] = { ...clone(j.keys[0]), seat: 1 }), { seat: 1, step: 0, check: 'schnorr' }],
    ["seat 0's shuffle replayed as seat 1's (relabelled, same proof)", (j) => (j.shuffles[1] = { ...clone(j.shuffles[0]), seat: 1, step: 2 }), { seat: 1, step: 2, check: 'shuffle.t1' }],
  ])('rejects: %s', (_, forge, named) => {
    expect(cheatOf(verifyTranscript(mutate(v as TrustlessTranscript, forge)))).toEqual(named);
  });
});

// Two honest hands made once: 3 seats (the shape of the C++ vector) at two tables with the same
// seed, so that the fixture's draws — secrets, permutations, re-encryptions — are the same in both
// and only the table id differs (the replays below), and a 2-seat hand.
const hand = fixtureHand('room-7/hand-42', 3, 'trustless-verify');
const twin = fixtureHand('room-7/hand-43', 3, 'trustless-verify');
const n = 3, shareStep = (p: number) => 1 + n + p;
const plan = holdemPlan(n);

describe('an honest hand', () => {
  const verdict = verifyTranscript(hand.transcript);

  it('verifies, and opens the board (public cards) as dealt', () => {
    expect(verdict.cheat).toBeUndefined();
    expect(verdict.ok).toBe(true);
    const publicPositions = plan.filter((d) => d.to === 'all').map((d) => d.position);
    expect(verdict.board).toEqual(publicPositions.map((p) => CODES[hand.finalCards[p]]));
    expect(verdict.board).toHaveLength(5);
    expect(new Set(hand.finalCards).size).toBe(CARDS);  // the fixture's final deck is a permutation of the 52
  });

  it('leaves the private cards unopened without their holder, and burns unopened', () => {
    expect(verdict.hands).toEqual([[null, null], [null, null], [null, null]]);
    for (const d of verdict.deals) if (d.to !== 'all') expect(d.card).toBeNull();
    expect(verdict.deals.map((d) => d.position)).toEqual(plan.map((d) => d.position));
  });

  it("opens a seat's hole cards with its secret (a seat's own view), and only that seat's", () => {
    const v = verifyTranscript(hand.transcript, { secrets: { 1: scalarHex(hand.secrets[1]) } });
    expect(v.ok).toBe(true);
    const mine = plan.filter((d) => d.to === 1).map((d) => CODES[hand.finalCards[d.position]]);
    expect(v.hands).toEqual([[null, null], mine, [null, null]]);
  });

  it("refuses a private card with its holder's share too (§9: n − 1 shares; a reveal has no form yet)", () => {
    const p = 0, holder = 0;
    const reveal = shareMessage({ id: new TextEncoder().encode('room-7/hand-42'), seats: n, cards: CARDS }, holder, hand.secrets[holder],
      keysOf(hand), hand.finalDeck[p], p, new TestRandom('reveal'));
    const t = mutate(hand.transcript, (j) => j.deals[0].shares.unshift(reveal));
    expect(cheatOf(verifyTranscript(t))).toEqual({ seat: 0, step: shareStep(0), check: 'schedule: share count' });
  });

  it('rejects a secret that is not the seat\'s', () => {
    expect(() => verifyTranscript(hand.transcript, { secrets: { 1: scalarHex(hand.secrets[0]) } })).toThrow(RangeError);
  });

  it('a 2-seat hand verifies too', () => {
    const two = fixtureHand('two', 2, 'two-seats', { plan: [{ position: 0, to: 0 }, { position: 1, to: 1 }, { position: 2, to: 'all' }] });
    const v = verifyTranscript(two.transcript, { secrets: { 0: scalarHex(two.secrets[0]) } });
    expect(v.ok).toBe(true);
    expect(v.board).toEqual([CODES[two.finalCards[2]]]);
    expect(v.hands).toEqual([[CODES[two.finalCards[0]]], [null]]);
  });
});

function keysOf(h: typeof hand): Uint8Array {
  const out = new Uint8Array(32 * h.secrets.length);
  h.secrets.forEach((x, i) => out.set(mulBase(x).toBytes(), 32 * i));
  return out;
}

describe('forged shuffles are named: seat, step, check', () => {
  const deckOf = (j: Json, seat: number) => j.shuffles[seat].deck as [string, string][];

  it.each<[string, Forge, Named]>([
    ['two output ciphertexts swapped after proving', (j: Json) => {
      const d = deckOf(j, 1);
      [d[3], d[40]] = [d[40], d[3]];
    }, { seat: 1, step: 2, check: 'shuffle.t1' }],
    ['one output ciphertext re-encrypted again (a changed re-encryption)', (j: Json) => {
      const d = deckOf(j, 2);
      const A = Group.fromHex(d[7][0]).add(mulBase(5n)), B = Group.fromHex(d[7][1]).add(mul(hand.Y, 5n));
      d[7] = [A.toHex(), B.toHex()];
    }, { seat: 2, step: 3, check: 'shuffle.t1' }],
    ['one output ciphertext copied over another (a duplicated card)', (j: Json) => {
      const d = deckOf(j, 0);
      d[9] = [...d[20]];
    }, { seat: 0, step: 1, check: 'shuffle.t1' }],
    ['a card substituted: an output replaced by a fresh encryption of another card', (j: Json) => {
      const d = deckOf(j, 1);
      d[0] = [mulBase(7n).toHex(), cards()[0].add(mul(hand.Y, 7n)).toHex()];
    }, { seat: 1, step: 2, check: 'shuffle.t1' }],
    ['s1 changed', (j: Json) => (j.shuffles[1].proof.s1 = scalarHex(Fn.add(Fn.fromBytes(hexBytes(j.shuffles[1].proof.s1)), 1n))), { seat: 1, step: 2, check: 'shuffle.t1' }],
    ['s2 changed', (j: Json) => (j.shuffles[1].proof.s2 = scalarHex(Fn.add(Fn.fromBytes(hexBytes(j.shuffles[1].proof.s2)), 1n))), { seat: 1, step: 2, check: 'shuffle.t2' }],
    ['s3 changed', (j: Json) => (j.shuffles[1].proof.s3 = scalarHex(Fn.add(Fn.fromBytes(hexBytes(j.shuffles[1].proof.s3)), 1n))), { seat: 1, step: 2, check: 'shuffle.t3' }],
    ['s4 changed', (j: Json) => (j.shuffles[1].proof.s4 = scalarHex(Fn.add(Fn.fromBytes(hexBytes(j.shuffles[1].proof.s4)), 1n))), { seat: 1, step: 2, check: 'shuffle.t4' }],
    ['one ŝ changed', (j: Json) => (j.shuffles[2].proof.shat[30] = scalarHex(Fn.add(Fn.fromBytes(hexBytes(j.shuffles[2].proof.shat[30])), 1n))), { seat: 2, step: 3, check: 'shuffle.that' }],
    ['one s′ changed', (j: Json) => (j.shuffles[0].proof.sprime[5] = scalarHex(Fn.add(Fn.fromBytes(hexBytes(j.shuffles[0].proof.sprime[5])), 1n))), { seat: 0, step: 1, check: 'shuffle.t3' }],
    ['one t̂ changed', (j: Json) => (j.shuffles[0].proof.that[51] = mulBase(3n).toHex()), { seat: 0, step: 1, check: 'shuffle.t1' }],
  ])('%s', (_, forge, named) => {
    expect(cheatOf(verifyTranscript(mutate(hand.transcript, forge)))).toEqual(named);
  });

  // Forgeries that carry a proof made for the forged deck: the challenges then match the deck,
  // and it is the equations that tie the output to the input that fail.
  it('a substituted card with a proof made for the forged deck fails shuffle.t4', () => {
    const forged = fixtureHand('room-7/hand-42', 3, 'trustless-verify', {
      twists: { 1: { deck: (d) => d.map((ct, i) => (i === 0 ? { A: mulBase(7n), B: cards()[0].add(mul(hand.Y, 7n)) } : ct)) } },
    });
    expect(cheatOf(verifyTranscript(forged.transcript))).toEqual({ seat: 1, step: 2, check: 'shuffle.t4' });
  });

  it('a duplicated card with a proof made for the forged deck fails shuffle.t4', () => {
    const forged = fixtureHand('room-7/hand-42', 3, 'trustless-verify', { twists: { 2: { deck: (d) => d.map((ct, i) => (i === 4 ? d[7] : ct)) } } });
    expect(cheatOf(verifyTranscript(forged.transcript))).toEqual({ seat: 2, step: 3, check: 'shuffle.t4' });
  });

  it('a map that is no permutation (input 0 twice, input 1 dropped), honestly re-encrypted and proved, fails shuffle.t1', () => {
    const psi = [0, 0, ...Array.from({ length: CARDS - 2 }, (_, i) => i + 2)];
    const forged = fixtureHand('room-7/hand-42', 3, 'trustless-verify', { twists: { 0: { psi } } });
    expect(cheatOf(verifyTranscript(forged.transcript))).toEqual({ seat: 0, step: 1, check: 'shuffle.t1' });
  });
});


describe('forged shares are named', () => {
  // deals[k] of the Hold'em plan: 0–5 hole cards (seats 0, 1, 2, 0, 1, 2), 6 burn, 7–9 the flop…
  it.each<[string, Forge, Named]>([
    ['a share replaced by another point (a wrong share for a public card)', (j: Json) => (j.deals[7].shares[2].share = mulBase(9n).toHex()), { seat: 2, step: shareStep(7), check: 'share' }],
    ["a wrong share for seat 0's hole card, from seat 1", (j: Json) => (j.deals[0].shares[0].share = mulBase(9n).toHex()), { seat: 1, step: shareStep(0), check: 'share' }],
    ['a share proof whose s is changed', (j: Json) => (j.deals[13].shares[0].proof.s = scalarHex(1n)), { seat: 0, step: shareStep(13), check: 'share' }],
    ['a share moved to another position (step and position relabelled)', (j: Json) => {
      const moved = { ...j.deals[8].shares[1], position: 9, step: shareStep(9) };
      j.deals[9].shares[1] = moved;
    }, { seat: 1, step: shareStep(9), check: 'share' }],
    ['a share whose step is not 1 + n + position', (j: Json) => (j.deals[11].shares[1].step = 0), { seat: 1, step: shareStep(11), check: 'schedule' }],
    ['the shares of a public card out of seat order', (j: Json) => j.deals[7].shares.reverse(), { seat: 0, step: shareStep(7), check: 'schedule' }],
  ])('%s', (_, forge, named) => {
    expect(cheatOf(verifyTranscript(mutate(hand.transcript, forge)))).toEqual(named);
  });

  it('a share of the right seat whose D is x·A of another seat\'s key, with a proof for it, fails', () => {
    const t = { id: new TextEncoder().encode('room-7/hand-42'), seats: n, cards: CARDS };
    const p = 7, ct = hand.finalDeck[p];
    // Seat 2 publishes seat 0's share value for the card, proving with its own secret: the proof
    // binds D to Y_2, so it cannot hold.
    const forged = shareMessage(t, 2, hand.secrets[2], keysOf(hand), ct, p, new TestRandom('forge'), mul(ct.A, hand.secrets[0]));
    const v = verifyTranscript(mutate(hand.transcript, (j) => (j.deals[7].shares[2] = forged)));
    expect(cheatOf(v)).toEqual({ seat: 2, step: shareStep(p), check: 'share' });
  });
});

describe('replays: a proof is bound to its table, seat and step', () => {
  it('the same seeded hand at another table has other proofs (the table id is hashed)', () => {
    expect(twin.transcript.shuffles[0].deck).toEqual(hand.transcript.shuffles[0].deck);  // same draws…
    expect(twin.transcript.keys[0].proof.s).not.toBe(hand.transcript.keys[0].proof.s);  // …other challenges
  });

  it.each<[string, Forge, Named]>([
    ['the whole transcript presented under another table id', (j: Json) => (j.table = 'room-7/hand-43'), { seat: 0, step: 0, check: 'schnorr' }],
    ["seat 1's key message from the other table", (j: Json) => (j.keys[1] = clone(twin.transcript.keys[1])), { seat: 1, step: 0, check: 'schnorr' }],
    ["seat 0's key proof presented as seat 1's (a copied key)", (j: Json) => (j.keys[1] = { ...clone(j.keys[0]), seat: 1 }), { seat: 1, step: 0, check: 'schnorr' }],
    ["seat 1's shuffle (same decks) from the other table", (j: Json) => (j.shuffles[1] = clone(twin.transcript.shuffles[1])), { seat: 1, step: 2, check: 'shuffle.t1' }],
    ["seat 2's share (same card) from the other table", (j: Json) => (j.deals[9].shares[2] = clone(twin.transcript.deals[9].shares![2])), { seat: 2, step: shareStep(9), check: 'share' }],
  ])('%s', (_, forge, named) => {
    expect(cheatOf(verifyTranscript(mutate(hand.transcript, forge)))).toEqual(named);
  });

  it('a shuffle proof checked as another seat or at another step, all else equal, fails', () => {
    const [h0, ...h] = generators();
    const msg = hand.transcript.shuffles[0];
    const pts = (xs: readonly string[]) => xs.map((x) => Group.fromHex(x));
    const deckIn = cards().map((M) => ({ A: Group.ZERO, B: M }));
    const deckOut = msg.deck.map(([A, B]) => ({ A: Group.fromHex(A), B: Group.fromHex(B) }));
    const bytes = (d: { A: { toBytes(): Uint8Array }; B: { toBytes(): Uint8Array } }[]) => Uint8Array.from(d.flatMap((x) => [...x.A.toBytes(), ...x.B.toBytes()]));
    const p = msg.proof;
    const proof = { c: pts(p.c), chat: pts(p.chat), t: { t1: Group.fromHex(p.t1), t2: Group.fromHex(p.t2), t3: Group.fromHex(p.t3), t4A: Group.fromHex(p.t4[0]), t4B: Group.fromHex(p.t4[1]), that: pts(p.that) },
      s1: Fn.fromBytes(hexBytes(p.s1)), s2: Fn.fromBytes(hexBytes(p.s2)), s3: Fn.fromBytes(hexBytes(p.s3)), s4: Fn.fromBytes(hexBytes(p.s4)),
      shat: p.shat.map((s) => Fn.fromBytes(hexBytes(s))), sprime: p.sprime.map((s) => Fn.fromBytes(hexBytes(s))) };
    const check = (seat: number, step: number) => {
      const x = { table: { id: new TextEncoder().encode('room-7/hand-42'), seats: n, cards: CARDS }, seat, step, keys: keysOf(hand), Y: hand.Y.toBytes(),
        deckIn: bytes(deckIn), deckOut: bytes(deckOut), c: Uint8Array.from(proof.c.flatMap((q) => [...q.toBytes()])) };
      const e = shuffleE(x, Uint8Array.from(proof.chat.flatMap((q) => [...q.toBytes()])), { t1: proof.t.t1.toBytes(), t2: proof.t.t2.toBytes(), t3: proof.t.t3.toBytes(),
        t4A: proof.t.t4A.toBytes(), t4B: proof.t.t4B.toBytes(), that: Uint8Array.from(proof.t.that.flatMap((q) => [...q.toBytes()])) });
      return checkShuffleProof({ h0, h, Y: hand.Y, deckIn, deckOut }, proof, shuffleU(x), e);
    };
    expect(check(0, 1)).toBeUndefined();  // where it was made
    expect(check(1, 1)).toBe('shuffle.t1');  // another seat
    expect(check(0, 2)).toBe('shuffle.t1');  // another step
  });
});

describe('the first failing message is the one named', () => {
  it('a bad shuffle of seat 1 is named before a bad share, and a bad key before both', () => {
    const bad = (j: Json) => {
      j.deals[7].shares[0].share = mulBase(9n).toHex();
      const d = j.shuffles[1].deck;
      [d[0], d[1]] = [d[1], d[0]];
    };
    expect(cheatOf(verifyTranscript(mutate(hand.transcript, bad)))).toEqual({ seat: 1, step: 2, check: 'shuffle.t1' });
    expect(cheatOf(verifyTranscript(mutate(hand.transcript, (j) => {
      bad(j);
      j.keys[2].proof.s = scalarHex(2n);
    })))).toEqual({ seat: 2, step: 0, check: 'schnorr' });
  });

  it('keys that each prove knowledge but sum to the identity are named (seat 0, step 0, key)', () => {
    const t = { id: new TextEncoder().encode('room-7/hand-42'), seats: n, cards: CARDS }, rnd = new TestRandom('rogue');
    const x = [11n, 22n, Fn.neg(33n)];
    const forged = mutate(hand.transcript, (j) => (j.keys = x.map((xi, s) => keyMessage(t, s, xi, rnd))));
    expect(cheatOf(verifyTranscript(forged))).toEqual({ seat: 0, step: 0, check: 'key' });
  });

  it('a void hand reports no cards', () => {
    const v = verifyTranscript(mutate(hand.transcript, (j) => (j.deals[7].shares[0].share = mulBase(9n).toHex())));
    expect(v).toMatchObject({ ok: false, hands: [], board: [], deals: [] });
    expect(v.cheat!.reason).toMatch(/seat 0, step 11: .*Chaum–Pedersen/);
  });
});

describe('encodings (§2) and places in the schedule (§9) are checked', () => {
  const L = Fn.ORDER;
  const le = (x: bigint) => {
    const b = new Uint8Array(32);
    for (let i = 0; i < 32; i++) b[i] = Number((x >> BigInt(8 * i)) & 0xffn);
    return hex(b);
  };
  it.each<[string, Forge, Named]>([
    ['a point that is no ristretto255 encoding', (j: Json) => (j.shuffles[1].deck[2][0] = 'ff'.repeat(32)), { seat: 1, step: 2, check: 'encoding' }],
    ['a non-canonical scalar (s + ℓ)', (j: Json) => (j.keys[1].proof.s = le(Fn.fromBytes(hexBytes(j.keys[1].proof.s)) + L)), { seat: 1, step: 0, check: 'encoding' }],
    ['a non-canonical share scalar', (j: Json) => (j.deals[3].shares[1].proof.s = 'ff'.repeat(32)), { seat: 2, step: shareStep(3), check: 'encoding' }],
    ['a deck of 51 ciphertexts', (j: Json) => j.shuffles[1].deck.pop(), { seat: 1, step: 2, check: 'encoding' }],
    ['a proof list of the wrong length', (j: Json) => j.shuffles[1].proof.that.push(j.shuffles[1].proof.that[0]), { seat: 1, step: 2, check: 'encoding' }],
    ['a seat key that is the identity', (j: Json) => (j.keys[0].key = '00'.repeat(32)), { seat: 0, step: 0, check: 'key' }],
    ["a shuffle message whose seat is not its place's", (j: Json) => (j.shuffles[1].seat = 2), { seat: 1, step: 2, check: 'schedule' }],
    ["a key message whose step is not 0", (j: Json) => (j.keys[2].step = 1), { seat: 2, step: 0, check: 'schedule' }],
  ])('%s', (_, forge, named) => {
    expect(cheatOf(verifyTranscript(mutate(hand.transcript, forge)))).toEqual(named);
  });

  it('extra fields are ignored', () => {
    const t = mutate(hand.transcript, (j) => {
      j.seed = 'abc';
      j.deals[7].card = 3;
      j.shuffles[0].note = 'hello';
    });
    expect(verifyTranscript(t).ok).toBe(true);
  });
});

describe('a transcript that is not one is a TypeError or RangeError, before any check', () => {
  it.each<[string, Forge | (() => null), ErrorConstructor, RegExp]>([
    ['not an object', () => null, TypeError, /transcript object/],
    ['another protocol', (j: Json) => (j.protocol = 'fairdeck/trustless/v2'), TypeError, /protocol/],
    ['an empty table id', (j: Json) => (j.table = ''), RangeError, /1 to 256 bytes/],
    ['one seat', (j: Json) => (j.seats = 1), RangeError, /seats/],
    ['eleven seats', (j: Json) => (j.seats = 11), RangeError, /seats/],
    ['53 cards', (j: Json) => (j.cards = 53), RangeError, /cards must be an integer from 2 to 52/],
    ['upper-case hex', (j: Json) => (j.shuffles[2].proof.c[0] = j.shuffles[2].proof.c[0].toUpperCase()), TypeError, /shuffles\[2\]\.proof\.c\[0\] must be 64 lowercase hex/],
    ['a scalar of 31 bytes', (j: Json) => (j.shuffles[0].proof.s2 = j.shuffles[0].proof.s2.slice(2)), TypeError, /proof\.s2 must be 64 lowercase hex/],
    ['a missing proof field', (j: Json) => delete j.shuffles[2].proof.s4, TypeError, /shuffles\[2\]\.proof\.s4/],
    ['a key message of the wrong kind', (j: Json) => (j.keys[2].kind = 'share'), TypeError, /keys\[2\]\.kind must be 'key'/],
    ['a ciphertext that is no pair', (j: Json) => j.shuffles[0].deck[0].push(j.shuffles[0].deck[0][0]), TypeError, /deck\[0\] must be a pair/],
    ['a deal to no kind of recipient', (j: Json) => (j.deals[0].to = 'seat 0'), TypeError, /to must be a seat number/],
    ['a seat that is not an integer', (j: Json) => (j.deals[7].shares[0].seat = '0'), TypeError, /shares\[0\]\.seat must be an integer/],
    ['a malformed message after a failing one (the whole transcript is read first)', (j: Json) => {
      j.keys[0].proof.s = scalarHex(1n);
      delete j.deals[13].shares[2].proof;
    }, TypeError, /deals\[13\]\.shares\[2\]\.proof must be an object/],
  ])('%s', (_, forge, kind, message) => {
    const t = forge.length === 0 ? (forge as () => null)() : mutate(hand.transcript, forge as (j: Json) => void);
    expect(() => verifyTranscript(t as TrustlessTranscript)).toThrow(kind);
    expect(() => verifyTranscript(t as TrustlessTranscript)).toThrow(message);
  });
});

describe("a deal that the schedule does not allow is named (seat 0, the deal's step)", () => {
  it.each<[string, Forge, Named]>([
    ['a key message missing', (j: Json) => j.keys.pop(), { seat: 0, step: 0, check: 'schedule: key count' }],
    ['a shuffle message too many', (j: Json) => j.shuffles.push(clone(j.shuffles[2])), { seat: 0, step: 0, check: 'schedule: shuffle count' }],
    ['a position dealt twice', (j: Json) => (j.deals[8].position = 7), { seat: 0, step: shareStep(7), check: 'schedule: position' }],
    ['a position past the deck', (j: Json) => (j.deals[6].position = 52), { seat: 0, step: shareStep(52), check: 'schedule: position' }],
    ['a deal to no seat', (j: Json) => (j.deals[0].to = 3), { seat: 0, step: shareStep(0), check: 'schedule: holder' }],
    ['a public card without every share', (j: Json) => j.deals[7].shares.pop(), { seat: 0, step: shareStep(7), check: 'schedule: share count' }],
    ['a private card missing a share', (j: Json) => j.deals[1].shares.shift(), { seat: 0, step: shareStep(1), check: 'schedule: share count' }],
    ['two shares of one seat', (j: Json) => (j.deals[2].shares[1] = clone(j.deals[2].shares[0])), { seat: 1, step: shareStep(2), check: 'schedule' }],
    ['a burned card with shares', (j: Json) => (j.deals[6].shares = clone(j.deals[7].shares)), { seat: 0, step: shareStep(6), check: 'schedule: share count' }],
  ])('%s', (_, forge, named) => {
    expect(cheatOf(verifyTranscript(mutate(hand.transcript, forge)))).toEqual(named);
  });

  it('a burned card with an empty shares list is a burn', () => {
    expect(verifyTranscript(mutate(hand.transcript, (j) => (j.deals[6].shares = []))).ok).toBe(true);
  });
});

describe('a deck of fewer than 52 cards (tests only, §9)', () => {
  it('an 8-card hand between 2 seats verifies and opens cards 0 … 7 only', () => {
    const small = fixtureHand('small', 2, 'eight', { cards: 8, plan: [{ position: 0, to: 0 }, { position: 1, to: 1 }, { position: 5, to: 'all' }, { position: 7, to: 'all' }] });
    expect(new Set(small.finalCards)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7]));
    const v = verifyTranscript(small.transcript, { secrets: { 1: scalarHex(small.secrets[1]) } });
    expect(v.cheat).toBeUndefined();
    expect(v.board).toEqual([CODES[small.finalCards[5]], CODES[small.finalCards[7]]]);
    expect(v.hands).toEqual([[null], [CODES[small.finalCards[1]]]]);
    expect(cheatOf(verifyTranscript(mutate(small.transcript, (j) => (j.deals[2].position = 8))))).toEqual({ seat: 0, step: 1 + 2 + 8, check: 'schedule: position' });
  });
});
