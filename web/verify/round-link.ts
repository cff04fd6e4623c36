/**
 * The verify page's round as text: the fields of its form and of its address
 * (?commitment=…&serverSeed=…&clientSeed=…&nonce=…&version=2&dealt=AS,KH&style=french&decks=1&jokers=0,
 * or &size=… for a generic deck; &game=holdem&seats=6 or &game=blackjack&seats=1 for a whole hand;
 * &offset=… for a hand inside a shoe: the cards its earlier hands took),
 * and the `verifyRound` input they make. Pure: no DOM, no package.
 * An address without `version` is a version 2 round (verifyRound's default).
 */
import type { Round } from 'fairdeck/verify';

/** Every field of the form, as typed. */
export interface RoundFields {
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  /** The scheme: '2' (the default) or '1'. */
  version: '1' | '2';
  /** A hand inside a shoe: cards of the shoe dealt before its first ('0': the round's first card). */
  offset: string;
  dealt: string;
  style: 'french' | 'german' | 'generic';
  decks: string;
  jokers: string;
  size: string;
  /** A whole hand: the game whose usual deal the cards followed ('' for none: a plain deal). */
  game: '' | 'holdem' | 'blackjack';
  /** Players at the table (blackjack: besides the dealer). */
  seats: string;
}

export const FIELD_NAMES = ['commitment', 'serverSeed', 'clientSeed', 'nonce', 'version', 'offset', 'dealt', 'style', 'decks', 'jokers', 'size',
  'game', 'seats'] as const;

export const EMPTY_FIELDS: RoundFields = {
  commitment: '', serverSeed: '', clientSeed: '', nonce: '0', version: '2', offset: '0', dealt: '', style: 'french', decks: '1', jokers: '0', size: '',
  game: '', seats: '',
};

const GAMES = ['holdem', 'blackjack'];

const STYLES = ['french', 'german', 'generic'];

/**
 * The fields an address gives (unknown parameters are ignored; a generic deck is ?size=…; an
 * unknown style or version is left at its default, as the form's menus offer no other).
 */
export function fieldsFromQuery(search: string): RoundFields {
  const q = new URLSearchParams(search);
  const f: RoundFields = { ...EMPTY_FIELDS };
  for (const name of FIELD_NAMES) {
    const v = q.get(name);
    if (v === null) continue;
    if (name === 'style') f.style = STYLES.includes(v) ? (v as RoundFields['style']) : f.style;
    else if (name === 'version') f.version = v === '1' || v === '2' ? v : f.version;
    else if (name === 'game') f.game = GAMES.includes(v) ? (v as RoundFields['game']) : f.game;
    else f[name] = v;
  }
  if (q.has('size') && !q.has('style')) f.style = 'generic';
  if (f.game === 'blackjack' && !q.has('seats')) f.seats = '1';  // one player and the dealer
  return f;
}

/** The address of a round (only the composition fields its style uses; the offset only when not 0). */
export function queryOf(f: RoundFields): string {
  const q = new URLSearchParams({ commitment: f.commitment, serverSeed: f.serverSeed, clientSeed: f.clientSeed, nonce: f.nonce,
    version: f.version, ...(f.offset.trim() !== '0' && f.offset.trim() !== '' ? { offset: f.offset } : {}), dealt: f.dealt });
  if (f.style === 'generic') q.set('size', f.size);
  else for (const k of ['style', 'decks', 'jokers'] as const) q.set(k, f[k]);
  if (f.game) q.set('game', f.game), q.set('seats', f.seats);
  return `?${q}`;
}

/** Card codes typed as a list: commas or spaces between them, any case ('as, kh' → ['AS', 'KH']). */
export function splitCodes(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
}

/** A whole number typed as digits becomes a number; anything else stays text for verifyRound to reject by name. */
function integer(text: string): number | string {
  const t = text.trim();
  return /^\d{1,16}$/.test(t) ? Number(t) : t;
}

/** The `verifyRound` input of the fields; malformed values are passed on for verifyRound's own errors. */
export function roundOf(f: RoundFields): Round {
  const deck = f.style === 'generic'
    ? { size: integer(f.size) }
    : { style: f.style, decks: integer(f.decks), jokers: integer(f.jokers) };
  return {
    commitment: f.commitment.trim(),
    serverSeed: f.serverSeed.trim(),
    clientSeed: f.clientSeed,
    nonce: integer(f.nonce),
    version: f.version === '1' ? 1 : 2,
    ...(f.offset.trim() === '' || f.offset.trim() === '0' ? {} : { offset: integer(f.offset) }),
    deck,
    dealt: splitCodes(f.dealt),
    ...(f.game ? { deals: { game: f.game, seats: integer(f.seats) } } : {}),
  } as Round;
}

/** Which form field an error of verifyRound is about ('deck.size' → 'size', 'deals.seats' → 'seats'), if any. */
export function fieldOfError(message: string): (typeof FIELD_NAMES)[number] | undefined {
  const m = /^(?:deck\.|deals\.)?(commitment|serverSeed|clientSeed|nonce|version|offset|dealt|style|decks|jokers|size|game|seats)\b/.exec(message);
  return m ? (m[1] as (typeof FIELD_NAMES)[number]) : undefined;
}
