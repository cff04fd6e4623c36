/**
 * fairdeck/verify, the independent verifier: it never calls init() (no WASM is loaded in this
 * file), reproduces the golden vectors, rejects tampering in plain words, rejects bad input for
 * every field, and imports nothing outside web/src/verify.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyRound, type Round } from 'fairdeck/verify';
import { compositionText, roundMessage } from '../../web/src/verify/scheme.js';
import { provableVectors, roundsOf, vectorNamed, versionOf, type ProvableVector } from './provable-vectors.js';

/** The first 10 cards of a vector's first round (the first vector: version 2, the default). */
const base = (v = provableVectors.vectors[0]) => ({ commitment: v.commitment, serverSeed: v.serverSeed,
  clientSeed: v.clientSeed, nonce: v.nonce, deck: v.deck, dealt: v.history[0].cards!.slice(0, 10) });

/** Every round of a vector, as verifyRound takes it (`version` given unless told to leave it out). */
const roundsToVerify = (v: ProvableVector, withVersion = true) => roundsOf(v).map((r) => ({ commitment: v.commitment,
  serverSeed: v.serverSeed, clientSeed: v.clientSeed, ...(withVersion ? { version: versionOf(v) } : {}), deck: v.deck, ...r }));

describe('verifyRound reproduces every round of the golden vectors', () => {
  it.each(provableVectors.vectors)('$name', async (v) => {
    for (const round of roundsToVerify(v)) {
      const verdict = await verifyRound(round);
      expect(verdict.reason).toBeUndefined();
      expect(verdict.ok).toBe(true);
      expect(verdict.order.slice(0, round.dealt.length)).toEqual(round.dealt);
    }
  });
});

describe('the scheme versions', () => {
  it('version 2 is the default: a version 2 round verifies without `version`, a version 1 round does not', async () => {
    const v2 = provableVectors.vectors.filter((v) => versionOf(v) === 2), v1 = provableVectors.vectors.filter((v) => versionOf(v) === 1);
    for (const v of v2) for (const r of roundsToVerify(v, false)) expect((await verifyRound(r)).ok).toBe(true);
    for (const v of v1) {
      const [r] = roundsToVerify(v, false);  // its first round's first cards, before any return (which may not fit another order)
      const dealt = r.dealt.slice(0, r.history[0]?.after ?? r.dealt.length);
      if (dealt.length > 1) expect((await verifyRound({ ...r, dealt, history: [] })).reason, v.name).toMatch(/does not match the seeds/);
    }
  });

  it('the wrong version does not verify', async () => {
    expect((await verifyRound({ ...base(), version: 1 })).ok).toBe(false);
    expect((await verifyRound({ ...base(), version: 2 })).ok).toBe(true);
  });

  it('version 2\'s message: tag, client seed, nonce, then the composition text, each field length-prefixed', () => {
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const field = (t: string) => Buffer.concat([Buffer.from([0, 0, 0, Buffer.byteLength(t)]), Buffer.from(t)]).toString('hex');
    expect(hex(roundMessage(1, 'ab', 1, 'generic:size=7'))).toBe(`${field('fairdeck/provable/v1')}${field('ab')}0000000000000001`);
    expect(hex(roundMessage(2, 'ab', 2 ** 53 - 1, 'generic:size=7')))
      .toBe(`${field('fairdeck/provable/v2')}${field('ab')}001fffffffffffff${field('generic:size=7')}`);
    expect(compositionText({ style: 'french', decks: 1, jokers: 0, size: 0 })).toBe('french:decks=1:jokers=0');
    expect(compositionText({ style: 'german', decks: 64, jokers: 2, size: 0 })).toBe('german:decks=64:jokers=2');
    expect(compositionText({ style: 'generic', decks: 1, jokers: 0, size: 52 })).toBe('generic:size=52');
  });

  it('every version 2 vector names the composition text its key was made with', () => {
    for (const v of provableVectors.vectors.filter((x) => versionOf(x) === 2)) {
      const d = v.deck;
      const text = d.size !== undefined ? `generic:size=${d.size}` : `${d.style ?? 'french'}:decks=${d.decks ?? 1}:jokers=${d.jokers ?? 0}`;
      expect(v.composition, v.name).toBe(text);
    }
  });

  it('an omitted deck is the default composition, french:decks=1:jokers=0', async () => {
    const v = vectorNamed('v2: default composition (no deck given)');
    expect(v.deck).toEqual({});
    const [r] = roundsToVerify(v);
    const { deck: _, ...withoutDeck } = r;
    expect((await verifyRound(withoutDeck)).ok).toBe(true);
    expect((await verifyRound({ ...r, deck: { style: 'french', decks: 1, jokers: 0 } })).ok).toBe(true);
    expect((await verifyRound({ ...r, deck: { jokers: 1 } })).ok).toBe(false);
  });

  it('a return pile is shuffled at the next deal, not when the undealt pile empties', async () => {
    const v = vectorNamed('v2: return pile shuffled at the next deal, not when the undealt pile empties');
    const [r] = roundsToVerify(v);
    expect(r.history.map((e) => e.after)).toEqual([40, 52]);  // 3 returned, the pile runs out, 4 more returned
    const verdict = await verifyRound(r);
    expect(verdict.ok).toBe(true);
    expect(verdict.order).toHaveLength(59);  // 52, then one shuffle of all 7 returned cards
  });

  it('a client seed is hashed as given: the NFD round does not verify with the NFC seed', async () => {
    const nfc = vectorNamed('v2: client seed e-acute NFC (U+00E9)'), nfd = vectorNamed('v2: client seed e-acute NFD (U+0065 U+0301)');
    expect([nfc.clientSeed, nfd.clientSeed]).toEqual(['\u00e9', 'e\u0301']);
    const [r] = roundsToVerify(nfd);
    expect((await verifyRound(r)).ok).toBe(true);
    expect((await verifyRound({ ...r, clientSeed: nfc.clientSeed })).ok).toBe(false);
  });
});

describe('tampering is rejected, in plain words', () => {
  it('accepts the honest round', async () => expect((await verifyRound(base())).ok).toBe(true));

  it('a swapped pair: names the first position that differs and both cards', async () => {
    const round = base();
    [round.dealt[3], round.dealt[4]] = [round.dealt[4], round.dealt[3]];
    const verdict = await verifyRound(round);
    expect(verdict.ok).toBe(false);
    expect(verdict.reason).toBe(`card 4 dealt was ${round.dealt[3]}, but this round deals ${round.dealt[4]} there: the deal does not match the seeds`);
  });

  it('a wrong nonce', async () => {
    const verdict = await verifyRound({ ...base(), nonce: 1 });
    expect(verdict.ok).toBe(false);
    expect(verdict.reason).toMatch(/^card \d+ dealt was/);
  });

  it('a wrong client seed', async () => {
    expect((await verifyRound({ ...base(), clientSeed: 'player-2' })).ok).toBe(false);
  });

  it('a commitment to another seed', async () => {
    const other = provableVectors.vectors.find((v) => v.serverSeed !== provableVectors.vectors[0].serverSeed)!;
    const verdict = await verifyRound({ ...base(), commitment: other.commitment });
    expect(verdict.ok).toBe(false);
    expect(verdict.reason).toMatch(/^the commitment does not match the server seed: SHA-256 of the seed is [0-9a-f]{64}, the commitment was /);
    expect(verdict.order.slice(0, 10)).toEqual(base().dealt);
  });

  it('more cards than the round deals, or a return that was not dealt', async () => {
    const v = provableVectors.vectors[0];
    const all = v.history[0].cards!;
    expect((await verifyRound({ ...base(), dealt: [...all, all[0]] })).reason).toBe('53 cards were dealt, but this round deals only 52');
    // A well-formed history these seeds cannot apply is a verdict (issue 59, item 6), not a throw.
    const returned = await verifyRound({ ...base(), history: [{ after: 2, returnCards: [all[5]] }] });
    expect(returned).toMatchObject({ ok: false, checked: 0,
      reason: `the round's history does not match these seeds: history[0].returnCards: "${all[5]}" was not out of the deck after 2 cards with these seeds` });
  });
});

describe('every well-formed round gets a verdict, commitment first (issue 59, item 6)', () => {
  const v = provableVectors.vectors[0], all = v.history[0].cards!;
  it('a wrong server seed with a history is "the commitment does not match", not a history error', async () => {
    const wrong = base().serverSeed.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const verdict = await verifyRound({ ...base(), serverSeed: wrong, history: [{ after: 2, returnCards: [all[0], all[1]] }] });
    expect(verdict.ok).toBe(false);
    expect(verdict.reason).toMatch(/^the commitment does not match the server seed/);
    expect(verdict.checked).toBe(0);
  });
  it('says how many cards it checked, and warns when it checked none', async () => {
    const ten = await verifyRound(base());
    expect(ten).toMatchObject({ ok: true, checked: 10 });
    expect(ten.warnings).toBeUndefined();
    const none = await verifyRound({ ...base(), dealt: [] });
    expect(none.ok).toBe(true);
    expect(none.checked).toBe(0);
    expect(none.warnings).toEqual([expect.stringMatching(/^no card was checked/)]);
    const wrongAt = await verifyRound({ ...base(), dealt: [all[0], all[1], all[3]] });
    expect(wrongAt).toMatchObject({ ok: false, checked: 3 });
  });
  it('warns that a preset\'s seat count is not confirmed without piles, and not with them', async () => {
    const order = (await verifyRound({ ...base(), dealt: all.slice(0, 17) })).order;
    const round = { ...base(), dealt: order.slice(0, 17), deals: { game: 'holdem' as const, seats: 6 } };
    const bare = await verifyRound(round);
    expect(bare.ok).toBe(true);
    expect(bare.warnings).toEqual([expect.stringMatching(/^the seat count is not confirmed: .*holdem for 6 seats/)]);
    const withPiles = await verifyRound({ ...round, piles: bare.piles });
    expect(withPiles.ok).toBe(true);
    expect(withPiles.warnings).toBeUndefined();
    expect(withPiles.checked).toBe(17 + Object.values(bare.piles!).flat().length);
  });
});

describe('bad input for every field (TypeError or RangeError naming it)', () => {
  const b = base();
  const cases: [string, unknown, typeof TypeError | typeof RangeError, RegExp][] = [
    ['round', null, TypeError, /^round must be an object/],
    ['unknown field', { ...b, seed: 1 }, TypeError, /unknown field 'seed' in round/],
    ['commitment', { ...b, commitment: 'abc' }, TypeError, /^commitment must be 64 lowercase hex characters, got "abc"/],
    ['serverSeed', { ...b, serverSeed: b.serverSeed.toUpperCase() }, TypeError, /^serverSeed must be 64 lowercase hex/],
    ['clientSeed', { ...b, clientSeed: 1 }, TypeError, /^clientSeed must be a string, got 1/],
    ['clientSeed surrogate', { ...b, clientSeed: '\uD83D' }, TypeError, /^clientSeed must be well-formed Unicode/],
    ['nonce type', { ...b, nonce: '0' }, TypeError, /^nonce must be an integer, got "0"/],
    ['nonce range', { ...b, nonce: -1 }, RangeError, /^nonce must be an integer from 0 to 9007199254740991, got -1/],
    ['nonce 2^53', { ...b, nonce: 2 ** 53 }, RangeError, /^nonce must be an integer/],
    ['version type', { ...b, version: '2' }, TypeError, /^version must be 1 or 2, got "2"$/],
    ['version null', { ...b, version: null }, TypeError, /^version must be 1 or 2, got null$/],
    ['version range', { ...b, version: 3 }, RangeError, /^version must be 1 or 2, got 3$/],
    ['version fraction', { ...b, version: 1.5 }, RangeError, /^version must be 1 or 2, got 1\.5$/],
    ['deck', { ...b, deck: 'french' }, TypeError, /^deck must be an object/],
    ['deck.style', { ...b, deck: { style: 'tarot' } }, TypeError, /^deck\.style must be 'french' or 'german', got "tarot"/],
    ['deck.decks', { ...b, deck: { decks: 65 } }, RangeError, /^deck\.decks must be an integer from 1 to 64, got 65/],
    ['deck.jokers', { ...b, deck: { jokers: 3 } }, RangeError, /^deck\.jokers must be an integer from 0 to 2/],
    ['deck.size', { ...b, deck: { size: 0 } }, RangeError, /^deck\.size must be an integer from 1 to 67108864/],
    ['deck.size + style', { ...b, deck: { size: 5, style: 'french' } }, TypeError, /^deck\.size makes a generic deck/],
    ['deck unknown', { ...b, deck: { rng: 'x' } }, TypeError, /unknown field 'rng' in deck/],
    ['dealt', { ...b, dealt: 'AS' }, TypeError, /^dealt must be an array of card codes/],
    ['dealt item', { ...b, dealt: ['AS', 7] }, TypeError, /^dealt\[1\] must be a card code/],
    ['dealt unknown code', { ...b, dealt: ['AS', 'ZZ'] }, RangeError, /^dealt\[1\] is "ZZ", which is not a card of this deck/],
    ['history', { ...b, history: {} }, TypeError, /^history must be an array/],
    ['history.after', { ...b, history: [{ after: 11, shuffleRemaining: true }] }, RangeError, /^history\[0\]\.after must be an integer from 0 to 10/],
    ['history order', { ...b, history: [{ after: 5, shuffleRemaining: true }, { after: 4, shuffleRemaining: true }] }, RangeError, /^history\[1\]\.after must be an integer from 5 to 10/],
    ['history event', { ...b, history: [{ after: 1 }] }, TypeError, /^history\[0\] must have either returnCards/],
    ['history flag', { ...b, history: [{ after: 1, shuffleRemaining: 1 }] }, TypeError, /^history\[0\]\.shuffleRemaining must be true/],
    ['history codes', { ...b, history: [{ after: 1, returnCards: [1] }] }, TypeError, /^history\[0\]\.returnCards\[0\] must be a card code/],
  ];
  it.each(cases)('%s', async (_, round, kind, message) => {
    const promise = verifyRound(round as Round);
    await expect(promise).rejects.toThrow(kind);
    await expect(promise).rejects.toThrow(message);
  });

  it('accepts Card-like objects in dealt', async () => {
    expect((await verifyRound({ ...b, dealt: b.dealt.map((code) => ({ code })) })).ok).toBe(true);
  });
});

describe('independence', () => {
  // Its only imports from outside are the audited @noble/ciphers, @noble/curves and @noble/hashes
  // (docs/cryptography.md): packages, never fairdeck's own code or WASM.
  it('imports nothing outside web/src/verify but @noble/ciphers, @noble/curves and @noble/hashes (no WASM, no loader, no shared code with the deck)', () => {
    const root = resolve(dirname(new URL(import.meta.url).pathname), '../../web/src/verify');
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/g)) {
        if (/^@noble\/(ciphers|curves|hashes)\//.test(spec)) continue;
        expect(spec.startsWith('./'), `${file} imports ${spec}`).toBe(true);
        visit(join(dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    };
    visit(join(root, 'index.ts'));
    expect([...seen].map((f) => f.slice(root.length + 1)).sort()).toEqual(['cards.ts', 'chacha20.ts', 'index.ts', 'input.ts', 'round.ts', 'scheme.ts', 'shoe.ts',
      'trustless-group.ts', 'trustless-hash.ts', 'trustless-shuffle.ts', 'trustless.ts']);
    expect(readFileSync(join(root, 'scheme.ts'), 'utf8')).not.toMatch(/import\(/);
  });
});
