/**
 * fairdeck/provable and `new Deck({ provable })` (the WASM core): the golden vectors of both scheme
 * versions, the same deals as the independent verifier for fresh seeds, version 2's binding of the
 * composition, info.provable, and bad input for every field.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck';
import { commitRound, commitmentOf } from 'fairdeck/provable';
import { verifyRound } from 'fairdeck/verify';
import { provableVectors, roundsOf, vectorNamed, versionOf } from './provable-vectors.js';

beforeAll(() => init());

const SEED = '9f1c2e3d4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0';
const ok = { serverSeed: SEED, clientSeed: 'player', nonce: 0 };

describe('provable decks deal the golden vectors (tests/vectors/provable.json)', () => {
  it('has the scheme tags the specification names, and vectors of both versions', () => {
    expect(provableVectors.schemes).toEqual(['fairdeck/provable/v1', 'fairdeck/provable/v2']);
    const counts = [1, 2].map((n) => provableVectors.vectors.filter((v) => versionOf(v) === n).length);
    expect(counts[0]).toBe(13);
    expect(counts[1]).toBeGreaterThan(counts[0]);
  });

  it.each(provableVectors.vectors)('$name', (v) => {
    const version = versionOf(v);
    const deck = new Deck({ provable: { serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce, version }, ...v.deck });
    expect(deck.info.provable?.commitment).toBe(v.commitment);
    expect(deck.info.provable?.version).toBe(version);
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
  it('on fresh seeds, nonces, compositions and both versions, dealt card by card and in hands', async () => {
    const shapes = [{}, { style: 'german' as const, jokers: 2 }, { decks: 3, jokers: 1 }, { size: 7 }, { size: 300 }];
    for (let t = 0; t < 10; t++) {
      const { serverSeed, commitment } = commitRound();
      const version = t < 5 ? undefined : 1;  // each shape under the default (2) and under 1
      const deck = new Deck({ provable: { serverSeed, clientSeed: `c${t} ✓`, nonce: t * 1_000_003, version }, ...shapes[t % shapes.length] });
      expect(deck.info.provable?.version).toBe(version ?? 2);
      const dealt = [...deck.deal(3).map(String), deck.dealOne()!.code];
      const returned = dealt.slice(1, 3);
      deck.returnCards(returned);
      dealt.push(...[...deck].map(String));
      const verdict = await verifyRound({ commitment, serverSeed, clientSeed: `c${t} ✓`, nonce: t * 1_000_003, version,
        deck: shapes[t % shapes.length], dealt, history: [{ after: 4, returnCards: returned }] });
      expect(verdict).toEqual({ ok: true, order: dealt, checked: dealt.length });
      deck.dispose();
    }
  });
});

describe('version 2 binds the composition into the round key', () => {
  const dealAll = (version: 1 | 2, options: object) => {
    const deck = new Deck({ provable: { ...ok, version }, ...options });
    const ids = deck.deal(deck.size).map((c) => c.id);
    deck.dispose();
    return ids;
  };

  it('version 1: a generic deck of 52 deals the French deck\'s order; version 2: its own', () => {
    expect(dealAll(1, { size: 52 })).toEqual(dealAll(1, {}));  // the weakness version 2 removes
    expect(dealAll(2, { size: 52 })).not.toEqual(dealAll(2, {}));
  });

  it('version 2 deals a fresh order for each joker count; the default composition is french:decks=1:jokers=0', () => {
    const orders = [0, 1, 2].map((jokers) => dealAll(2, { jokers }).filter((id) => id < 52).join());
    expect(new Set(orders).size).toBe(3);
    expect(dealAll(2, {})).toEqual(dealAll(2, { style: 'french', decks: 1, jokers: 0 }));
  });

  it('a client seed is hashed as given: "\u00e9" (NFC) and "e\u0301" (NFD) deal differently', () => {
    const nfc = vectorNamed('v2: client seed e-acute NFC (U+00E9)'), nfd = vectorNamed('v2: client seed e-acute NFD (U+0065 U+0301)');
    // The vector file holds both forms (a tool that normalised it would make them equal).
    expect([nfc.clientSeed, nfd.clientSeed]).toEqual(['\u00e9', 'e\u0301']);
    const deal = (clientSeed: string) => {
      const deck = new Deck({ provable: { serverSeed: nfc.serverSeed, clientSeed, nonce: 0 } });
      const codes = deck.deal(52).map(String);
      deck.dispose();
      return codes;
    };
    expect(deal('\u00e9')).toEqual(nfc.history[0].cards);
    expect(deal('e\u0301')).toEqual(nfd.history[0].cards);
    expect(nfc.history[0].cards).not.toEqual(nfd.history[0].cards);
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
  it('shows the commitment, client seed, current nonce and version, never the server seed', () => {
    const deck = new Deck({ provable: ok });
    expect(deck.info.provable).toEqual({ commitment: commitmentOf(SEED), clientSeed: 'player', nonce: 0, version: 2 });
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

describe('a strategy with provable', () => {
  it('is accepted and changes nothing: the scheme deals (info.strategy is eager)', () => {
    for (const strategy of ['eager', 'lazy', 'bitmap'] as const) {
      using plain = new Deck({ decks: 2, penetration: 0.5, provable: ok });
      using withStrategy = new Deck({ decks: 2, penetration: 0.5, provable: ok, strategy });
      expect(withStrategy.deal(60).map(String)).toEqual(plain.deal(60).map(String));
      withStrategy.shuffle(), plain.shuffle();
      expect(withStrategy.deal(7).map(String)).toEqual(plain.deal(7).map(String));
      expect(withStrategy.info.strategy).toBe('eager');
    }
    expect(() => new Deck({ provable: ok, strategy: 'quick' as never })).toThrow(/strategy/);
  });
});

describe('bad input for every field of new Deck({ provable })', () => {
  const cases: [string, unknown, typeof TypeError | typeof RangeError, RegExp][] = [
    ['combined with seed', { provable: ok, seed: 1 }, TypeError, /provable cannot be combined with seed/],
    ['combined with rng', { provable: ok, rng: 'chacha20' }, TypeError, /provable cannot be combined with rng/],
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
    ['version string', { provable: { ...ok, version: '2' } }, TypeError, /^provable\.version must be 1 or 2, got "2"$/],
    ['version null', { provable: { ...ok, version: null } }, TypeError, /^provable\.version must be 1 or 2, got null$/],
    ['version bigint', { provable: { ...ok, version: 2n } }, TypeError, /^provable\.version must be 1 or 2/],
    ['version 3', { provable: { ...ok, version: 3 } }, RangeError, /^provable\.version must be 1 or 2, got 3$/],
    ['version 0', { provable: { ...ok, version: 0 } }, RangeError, /^provable\.version must be 1 or 2, got 0$/],
    ['version 1.5', { provable: { ...ok, version: 1.5 } }, RangeError, /^provable\.version must be 1 or 2, got 1\.5$/],
    ['version NaN', { provable: { ...ok, version: NaN } }, RangeError, /^provable\.version must be 1 or 2, got NaN$/],
    ['with a bad composition', { provable: ok, decks: 0 }, RangeError, /decks must be an integer from 1 to 64/],
    ['with size and style', { provable: ok, size: 5, style: 'german' }, TypeError, /size makes a generic deck/],
  ];
  it.each(cases)('%s', (_, options, kind, message) => {
    expect(() => new Deck(options as never)).toThrow(kind);
    expect(() => new Deck(options as never)).toThrow(message);
  });
});
