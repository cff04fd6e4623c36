/**
 * fairdeck/provable and `new Deck({ provable })` (the WASM core): the golden vectors, the same
 * deals as the independent verifier for fresh seeds, info.provable, and bad input for every field.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck';
import { commitRound, commitmentOf } from 'fairdeck/provable';
import { verifyRound } from 'fairdeck/verify';
import { provableVectors, roundsOf } from './provable-vectors.js';

beforeAll(() => init());

const SEED = '9f1c2e3d4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0';
const ok = { serverSeed: SEED, clientSeed: 'player', nonce: 0 };

describe('provable decks deal the golden vectors (tests/vectors/provable.json)', () => {
  it('has the scheme tag the specification names', () => expect(provableVectors.scheme).toBe('fairdeck/provable/v1'));

  it.each(provableVectors.vectors)('$name', (v) => {
    const deck = new Deck({ provable: { serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce }, ...v.deck });
    expect(deck.info.provable?.commitment).toBe(v.commitment);
    let nonce = v.nonce;
    for (const op of v.history) {
      if (op.op === 'deal') expect(deck.deal(op.n!).map(String)).toEqual(op.cards);
      else if (op.op === 'returnCards') deck.returnCards(op.cards!);
      else if (op.op === 'shuffleRemaining') deck.shuffleRemaining();
      else deck.shuffle(), nonce++;
      expect(deck.info.provable?.nonce).toBe(nonce);
    }
    deck.dispose();
  });
});

describe('the deck and the independent verifier agree', () => {
  it('on fresh seeds, nonces and compositions, dealt card by card and in hands', async () => {
    const shapes = [{}, { style: 'german' as const, jokers: 2 }, { decks: 3, jokers: 1 }, { size: 7 }, { size: 300 }];
    for (let t = 0; t < 10; t++) {
      const { serverSeed, commitment } = commitRound();
      const deck = new Deck({ provable: { serverSeed, clientSeed: `c${t} ✓`, nonce: t * 1_000_003 }, ...shapes[t % shapes.length] });
      const dealt = [...deck.deal(3).map(String), deck.dealOne()!.code];
      const returned = dealt.slice(1, 3);
      deck.returnCards(returned);
      dealt.push(...[...deck].map(String));
      const verdict = await verifyRound({ commitment, serverSeed, clientSeed: `c${t} ✓`, nonce: t * 1_000_003,
        deck: shapes[t % shapes.length], dealt, history: [{ after: 4, returnCards: returned }] });
      expect(verdict).toEqual({ ok: true, order: dealt });
      deck.dispose();
    }
  });
});

describe('commitRound and commitmentOf', () => {
  it('gives a fresh 32-byte seed and SHA-256 of its bytes, both 64 lowercase hex characters', () => {
    const a = commitRound(), b = commitRound();
    expect(a.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(a.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(a.serverSeed).not.toBe(b.serverSeed);
    expect(a.commitment).toBe(createHash('sha256').update(Buffer.from(a.serverSeed, 'hex')).digest('hex'));
    expect(commitmentOf(a.serverSeed)).toBe(a.commitment);
    expect(commitmentOf('0'.repeat(64))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    expect(() => commitmentOf('A'.repeat(64))).toThrow(TypeError);
  });
});

describe('info.provable', () => {
  it('shows the commitment, client seed and current nonce, never the server seed', () => {
    const deck = new Deck({ provable: ok });
    expect(deck.info.provable).toMatchObject({ commitment: commitmentOf(SEED), clientSeed: 'player', nonce: 0 });
    expect(deck.info.seeded).toBe(true);
    expect(JSON.stringify(deck.info)).not.toContain(SEED);
    deck.shuffle().shuffle();
    expect(deck.info.provable?.nonce).toBe(2);
    expect(() => deck.toJSON()).toThrow(TypeError);
    deck.dispose();
  });

  it('stops at nonce 2^53 − 1: shuffle() throws a RangeError and changes nothing', () => {
    const deck = new Deck({ provable: { ...ok, nonce: Number.MAX_SAFE_INTEGER } });
    const hand = deck.deal(5);
    expect(() => deck.shuffle()).toThrow(/provable\.nonce cannot pass 2\^53 − 1/);
    expect(deck.remaining).toBe(47);
    expect(deck.info.provable?.nonce).toBe(Number.MAX_SAFE_INTEGER);
    expect(deck.dealt).toEqual(expect.arrayContaining(hand));
    deck.dispose();
  });
});

describe('bad input for every field of new Deck({ provable })', () => {
  const cases: [string, unknown, typeof TypeError | typeof RangeError, RegExp][] = [
    ['combined with seed', { provable: ok, seed: 1 }, TypeError, /provable cannot be combined with seed/],
    ['combined with rng', { provable: ok, rng: 'chacha20' }, TypeError, /provable cannot be combined with rng/],
    ['combined with strategy', { provable: ok, strategy: 'eager' }, TypeError, /provable cannot be combined with strategy/],
    ['not an object', { provable: 'x' }, TypeError, /provable must be an object/],
    ['null', { provable: null }, TypeError, /provable must be an object/],
    ['unknown field', { provable: { ...ok, extra: 1 } }, TypeError, /unknown option 'extra' in provable/],
    ['serverSeed missing', { provable: { clientSeed: '', nonce: 0 } }, TypeError, /provable\.serverSeed must be 64 lowercase hex/],
    ['serverSeed uppercase', { provable: { ...ok, serverSeed: SEED.toUpperCase() } }, TypeError, /provable\.serverSeed/],
    ['serverSeed short', { provable: { ...ok, serverSeed: SEED.slice(2) } }, TypeError, /provable\.serverSeed/],
    ['serverSeed bytes', { provable: { ...ok, serverSeed: new Uint8Array(32) } }, TypeError, /provable\.serverSeed/],
    ['clientSeed missing', { provable: { serverSeed: SEED, nonce: 0 } }, TypeError, /provable\.clientSeed must be a string/],
    ['clientSeed number', { provable: { ...ok, clientSeed: 5 } }, TypeError, /provable\.clientSeed must be a string, got 5/],
    ['clientSeed lone surrogate', { provable: { ...ok, clientSeed: 'a\uD800b' } }, TypeError, /provable\.clientSeed must be well-formed Unicode.*index 1/],
    ['clientSeed lone low surrogate', { provable: { ...ok, clientSeed: '\uDC00' } }, TypeError, /provable\.clientSeed/],
    ['nonce missing', { provable: { serverSeed: SEED, clientSeed: '' } }, TypeError, /provable\.nonce must be an integer, got undefined/],
    ['nonce string', { provable: { ...ok, nonce: '1' } }, TypeError, /provable\.nonce must be an integer/],
    ['nonce bigint', { provable: { ...ok, nonce: 1n } }, TypeError, /provable\.nonce/],
    ['nonce negative', { provable: { ...ok, nonce: -1 } }, RangeError, /provable\.nonce must be an integer from 0 to 2\^53 − 1, got -1/],
    ['nonce fraction', { provable: { ...ok, nonce: 1.5 } }, RangeError, /provable\.nonce/],
    ['nonce 2^53', { provable: { ...ok, nonce: 2 ** 53 } }, RangeError, /provable\.nonce/],
    ['nonce NaN', { provable: { ...ok, nonce: NaN } }, RangeError, /provable\.nonce/],
    ['with a bad composition', { provable: ok, decks: 0 }, RangeError, /decks must be an integer from 1 to 64/],
    ['with size and style', { provable: ok, size: 5, style: 'german' }, TypeError, /size makes a generic deck/],
  ];
  it.each(cases)('%s', (_, options, kind, message) => {
    expect(() => new Deck(options as never)).toThrow(kind);
    expect(() => new Deck(options as never)).toThrow(message);
  });
});
