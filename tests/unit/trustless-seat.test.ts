/**
 * fairdeck/trustless's Seat (the C++ Seat in trustless.wasm): seats that see only each other's JSON
 * messages deal a Hold'em hand. Seeded with the known-answer vector's seed, the WASM seats send
 * exactly the messages the native core wrote into tests/vectors/trustless-3seat.json (native and
 * WASM agree byte for byte); the hand they make passes the independent verifier of
 * fairdeck/verify; a bad or out-of-turn message is an Error naming the seat, the step and the
 * check, and changes nothing; unseeded seats deal every card at most once.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { init, Seat } from 'fairdeck/trustless';
import { verifyTranscript, type TrustlessShareMessage, type TrustlessTranscript } from 'fairdeck/verify';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
/** Card c's code: fairdeck's numbering of one French deck (suits C, D, H, S; A to K), as fairdeck/verify reports it. */
const CODES = [...'CDHS'].flatMap((suit) => [...'A23456789TJQK'].map((rank) => rank + suit));
const vector: Json = JSON.parse(readFileSync(new URL('../vectors/trustless-3seat.json', import.meta.url), 'utf8'));

beforeAll(() => init());

/** Plays a hand among `seats`, every message through JSON text; returns the transcript of §9. */
function play(seats: Seat[]): TrustlessTranscript {
  const n = seats.length;
  const keys = seats.map((s) => s.keyMessage());
  for (const to of seats) for (const k of keys) if (k.seat !== to.seat) to.receiveKey(JSON.stringify(k));
  const shuffles = [];
  for (const from of seats) {
    expect(from.nextShuffler).toBe(from.seat);
    const m = from.shuffle();
    shuffles.push(m);
    for (const to of seats) if (to !== from) to.receiveShuffle(m);
  }
  const shares = new Map<number, TrustlessShareMessage[]>();
  for (const from of seats) {
    for (const e of from.plan) {
      if (e.to === 'burn' || (e.to === 'seat' && e.seat === from.seat)) continue;
      const m = from.share(e.position);
      for (const to of seats) if (to !== from) to.receiveShare(JSON.stringify(m));
      shares.set(e.position, [...(shares.get(e.position) ?? []), m]);
    }
  }
  const deals = seats[0].plan.map((e) => (e.to === 'burn' ? { position: e.position, to: 'burn' as const }
    : { position: e.position, to: e.to === 'seat' ? e.seat : ('all' as const), shares: (shares.get(e.position) ?? []).sort((a, b) => a.seat - b.seat) }));
  return { protocol: 'fairdeck/trustless/v1', table: seats[0].table, seats: n, cards: 52, keys, shuffles, deals } as unknown as TrustlessTranscript;
}

describe('seats in WASM', () => {
  it('seeded with the vector\'s seed, send the native core\'s messages byte for byte, and see only their own cards', () => {
    const seats = [0, 1, 2].map((seat) => new Seat({ table: vector.table, seats: 3, seat, seed: vector.seed }));
    const hand = play(seats) as Json;
    expect(JSON.stringify(hand.keys)).toBe(JSON.stringify(vector.keys));
    expect(JSON.stringify(hand.shuffles)).toBe(JSON.stringify(vector.shuffles));
    expect(JSON.stringify(hand.deals.map((d: Json) => d.shares ?? null))).toBe(JSON.stringify(vector.deals.map((d: Json) => d.shares ?? null)));
    const verdict = verifyTranscript(hand);
    expect(verdict.ok).toBe(true);
    for (const d of vector.deals as Json[]) {
      for (const s of seats) {
        const sees = d.to === 'all' || d.to === s.seat;
        const code = s.card(d.position);
        if (sees) expect(code, `seat ${s.seat}, position ${d.position}`).toBe(CODES[d.card]);  // the native core's card
        else expect(code, `seat ${s.seat} must not see position ${d.position}`).toBeNull();
      }
    }
    expect(seats[0].board()).toEqual([7, 8, 9, 11, 13]);
    expect(seats[2].holeCards()).toEqual([2, 5]);
    expect(seats.map((s) => s.board().map((p) => s.card(p)))).toEqual([0, 1, 2].map(() => verdict.board));
    seats.forEach((s) => s.dispose());
  });

  it('unseeded: six seats deal 17 distinct cards, and the verifier agrees', () => {
    const seats = [0, 1, 2, 3, 4, 5].map((seat) => new Seat({ table: 'unseeded-test', seats: 6, seat }));
    const hand = play(seats);
    expect(verifyTranscript(hand).ok).toBe(true);
    const seen = seats.flatMap((s) => [...s.holeCards(), ...(s.seat === 0 ? s.board() : [])].map((p) => s.card(p)));
    expect(seen).toHaveLength(17);
    expect(new Set(seen).size).toBe(17);
    expect(seen.every((c) => typeof c === 'string')).toBe(true);
    seats.forEach((s) => s.dispose());
  });
});

describe('a bad message changes nothing', () => {
  it('names the seat, the step and the check; the right message is then accepted', () => {
    const seats = [0, 1, 2].map((seat) => new Seat({ table: 't', seats: 3, seat, seed: 'ab'.repeat(32) }));
    const keys = seats.map((s) => s.keyMessage());
    expect(() => seats[0].shuffle()).toThrow(/cannot shuffle yet: 2 key\(s\) missing/);
    const forged = structuredClone(keys[1]) as Json;
    forged.proof.s = keys[2].proof.s;
    expect(() => seats[0].receiveKey(forged)).toThrow(/^seat 1, step 0: schnorr failed .*the message was not applied$/);
    for (const to of seats) for (const k of keys) if (k.seat !== to.seat) to.receiveKey(k);
    const first = seats[0].shuffle();
    const swapped = structuredClone(first) as Json;
    [swapped.deck[0], swapped.deck[1]] = [swapped.deck[1], swapped.deck[0]];
    expect(() => seats[1].receiveShuffle(swapped)).toThrow(/^seat 0, step 1: shuffle\.t1 failed/);
    expect(() => seats[1].receiveShuffle({ ...first, step: 2 })).toThrow(/^seat 0, step 2: schedule failed/);
    seats[1].receiveShuffle(first);  // accepted after the refusals: nothing had changed
    expect(seats[1].nextShuffler).toBe(1);
    expect(() => seats[1].receiveShuffle('{"kind":"shuffle"')).toThrow(TypeError);
    expect(() => seats[1].receiveShuffle(42 as never)).toThrow(/message must be a message object or its JSON text, got 42/);
    expect(() => seats[1].share(99)).toThrow(RangeError);
  });

  it('options are checked like every other fairdeck options object', () => {
    expect(() => new Seat({ table: 't', seats: 3, seat: 3 })).toThrow(/seat must be below the table's 3 seats, got 3/);
    expect(() => new Seat({ table: 't', seats: 11, seat: 0 })).toThrow(/seats must be from 2 to 10, got 11/);
    expect(() => new Seat({ table: 't', seats: 3, seat: 0, dealer: 1 } as never)).toThrow(TypeError);
    expect(() => new Seat(JSON.parse('{"table":"t","seats":3,"seat":0,"__proto__":{"seed":"00"}}'))).toThrow(TypeError);
    expect(() => new Seat({ table: 't', seats: 3, seat: 0, seed: 'short' })).toThrow(/seed must be 32 bytes or 64 lower-case hex digits/);
    const s = new Seat({ table: 't', seats: 3, seat: 0 });
    s.dispose();
    s.dispose();
    expect(() => s.keyMessage()).toThrow(/disposed/);
  });
});
