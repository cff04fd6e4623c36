/**
 * The verify page's round as text (web/verify/round-link.ts): the address round-trips, codes are
 * split and upper-cased, digits become numbers and anything else is passed on for verifyRound to
 * reject by name, and the demo's link (web/demo/provable.ts's verifyLink) reads back as the round.
 */
import { describe, expect, it } from 'vitest';
import { verifyRound } from '../../web/src/verify/index.js';
import { commitRound } from '../../web/src/provable/index.js';
import { verifyLink } from '../../web/demo/provable.js';
import { EMPTY_FIELDS, fieldOfError, fieldsFromQuery, queryOf, roundOf, splitCodes } from '../../web/verify/round-link.js';

const seed = 'a'.repeat(64), commitment = 'b'.repeat(64);

describe('round-link', () => {
  it('an address round-trips through the fields', () => {
    const f = { ...EMPTY_FIELDS, commitment, serverSeed: seed, clientSeed: 'a:1 & b=2 ♣', nonce: '7', dealt: 'AS,KH', style: 'german' as const, decks: '2', jokers: '1' };
    expect(fieldsFromQuery(queryOf(f))).toEqual(f);
  });
  it("the demo's link reads back as the round it dealt", () => {
    const c = { serverSeed: seed, commitment };
    const link = verifyLink(c, 'me & you', 4, ['UE', 'AS'], { style: 'german', decks: 2, jokers: 1 });
    expect(link.startsWith('../verify/?')).toBe(true);
    expect(new URLSearchParams(link.slice('../verify/'.length)).get('version')).toBe('2');  // named, not left to a default
    expect(fieldsFromQuery(link.slice('../verify/'.length))).toEqual({ ...EMPTY_FIELDS, commitment, serverSeed: seed,
      clientSeed: 'me & you', nonce: '4', dealt: 'UE,AS', style: 'german', decks: '2', jokers: '1' });
  });
  it('a hand inside a shoe is &offset=: in the address only when not 0, a number in the round, anything else passed on to be named', async () => {
    const f = { ...EMPTY_FIELDS, commitment, serverSeed: seed, offset: '195', dealt: 'AS' };
    expect(fieldsFromQuery(queryOf(f))).toEqual(f);
    expect(queryOf(f)).toMatch(/[?&]offset=195(&|$)/);
    expect(queryOf({ ...f, offset: '0' })).not.toMatch(/offset=/);
    expect(roundOf(f).offset).toBe(195);
    expect('offset' in roundOf({ ...f, offset: '0' })).toBe(false);
    expect(roundOf({ ...f, offset: 'x' }).offset).toBe('x');
    await expect(verifyRound(roundOf({ ...f, offset: 'x' }))).rejects.toThrow(/^offset must be an integer, got "x"/);
    expect(fieldOfError('offset must be an integer, got "x"')).toBe('offset');
  });
  it('a generic deck is ?size=, and an unknown style falls back to French', () => {
    expect(fieldsFromQuery('?size=10').style).toBe('generic');
    expect(queryOf({ ...EMPTY_FIELDS, style: 'generic', size: '10' })).toMatch(/size=10/);
    expect(queryOf({ ...EMPTY_FIELDS, style: 'generic', size: '10' })).not.toMatch(/decks=/);
    expect(fieldsFromQuery('?style=klingon').style).toBe('french');
  });
  it('the scheme: ?version=1 or 2, version 2 when absent or unknown', () => {
    expect(fieldsFromQuery('?version=1').version).toBe('1');
    expect(fieldsFromQuery('?version=2').version).toBe('2');
    expect(fieldsFromQuery('').version).toBe('2');
    expect(fieldsFromQuery('?version=3').version).toBe('2');
    expect(queryOf({ ...EMPTY_FIELDS, version: '1' })).toMatch(/[?&]version=1(&|$)/);
    expect(roundOf({ ...EMPTY_FIELDS, version: '1' }).version).toBe(1);
    expect(roundOf(EMPTY_FIELDS).version).toBe(2);
  });
  it('a whole hand: &game=holdem&seats=6 or &game=blackjack (one player by default) becomes deals', () => {
    const f = fieldsFromQuery('?game=holdem&seats=6');
    expect([f.game, f.seats]).toEqual(['holdem', '6']);
    expect(roundOf(f).deals).toEqual({ game: 'holdem', seats: 6 });
    expect(fieldsFromQuery(queryOf(f))).toEqual(f);
    expect(fieldsFromQuery('?game=blackjack')).toMatchObject({ game: 'blackjack', seats: '1' });
    expect(fieldsFromQuery('?game=bridge&seats=4').game).toBe('');
    expect(roundOf(EMPTY_FIELDS)).not.toHaveProperty('deals');
    expect(queryOf(EMPTY_FIELDS)).not.toMatch(/game=|seats=/);
    expect(fieldOfError('deals.seats must be an integer from 1 to 64, got 0')).toBe('seats');
    expect(fieldOfError("deals.game must be 'holdem' or 'blackjack', got \"x\"")).toBe('game');
  });
  it('splits codes on commas and spaces and upper-cases them', () => {
    expect(splitCodes(' as, kh 7d,,\nX1 ')).toEqual(['AS', 'KH', '7D', 'X1']);
    expect(splitCodes('')).toEqual([]);
  });
  it('turns digits into numbers and leaves other text for verifyRound to reject by name', async () => {
    const r = roundOf({ ...EMPTY_FIELDS, commitment, serverSeed: seed, nonce: '12', dealt: 'as' });
    expect(r).toMatchObject({ nonce: 12, deck: { style: 'french', decks: 1, jokers: 0 }, dealt: ['AS'] });
    const bad = roundOf({ ...EMPTY_FIELDS, commitment, serverSeed: seed, nonce: '1.5' });
    await expect(verifyRound(bad)).rejects.toThrow(/^nonce must be an integer, got "1.5"/);
    await expect(verifyRound(roundOf({ ...EMPTY_FIELDS, commitment, serverSeed: seed, style: 'generic', size: 'x' }))).rejects.toThrow(/deck\.size/);
  });
  it('names the field of an error', () => {
    expect(fieldOfError('nonce must be an integer, got "x"')).toBe('nonce');
    expect(fieldOfError('dealt[1] is "ZZ", which is not a card of this deck')).toBe('dealt');
    expect(fieldOfError('deck.size must be an integer from 1 to 67108864, got "x"')).toBe('size');
    expect(fieldOfError('version must be 1 or 2, got 3')).toBe('version');
    expect(fieldOfError('unknown field')).toBeUndefined();
  });
  it('a real round typed into the fields verifies; control: one changed card does not', async () => {
    const { serverSeed, commitment: c } = commitRound();
    const order = (await verifyRound({ commitment: c, serverSeed, clientSeed: 'x', nonce: 0, dealt: [] })).order;
    const fields = { ...EMPTY_FIELDS, commitment: c, serverSeed, clientSeed: 'x', dealt: order.slice(0, 5).join(', ').toLowerCase() };
    expect((await verifyRound(roundOf(fields))).ok).toBe(true);
    const other = order.slice(5, 6).concat(order.slice(1, 5)).join(',');
    expect((await verifyRound(roundOf({ ...fields, dealt: other }))).ok).toBe(false);
  });
});
