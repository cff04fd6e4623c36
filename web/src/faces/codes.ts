/**
 * Which card a code or a Card names, without the WASM core: the French and German tables as the
 * core defines them (card-names.ts), with the same codes, rank labels and names.
 * The twelve codes 7–A of H and S exist in both styles; a code string means the French card
 * unless the caller asks for German, and German-only codes (E, G suits; U, O ranks) need no hint.
 */
import type { Card } from '../card.js';
import { FRENCH_RANKS, FRENCH_SUITS, GERMAN_RANKS, GERMAN_SUITS, JOKERS } from '../card-names.js';
import { show } from './check.js';

/** [code letter, label or name, name] (card-names.ts). */
type Symbols = readonly (readonly [code: string, label: string, name: string])[];

/** A card style that has faces. */
export type FaceStyleName = 'french' | 'german';

/** What one face shows. */
export interface Face {
  readonly code: string;
  /** Full name, as Card.name: 'Ace of Spades', 'Herz König', 'Red Joker'. */
  readonly name: string;
  /** Rank label, as Card.rank: 'A', '10', 'Unter', 'Joker'. */
  readonly rank: string;
  /** Suit name, as Card.suit: 'Spades', 'Eichel'; '' for jokers. */
  readonly suit: string;
  readonly style: FaceStyleName;
}

function table(style: FaceStyleName, suits: Symbols, ranks: Symbols, name: (rank: string, suit: string) => string): Map<string, Face> {
  const faces = new Map<string, Face>();
  for (const [sc, , suit] of suits) {
    for (const [rc, rank, rn] of ranks) faces.set(rc + sc, Object.freeze({ code: rc + sc, name: name(rn, suit), rank, suit, style }));
  }
  for (const [code, name] of JOKERS) {
    faces.set(code, Object.freeze({ code, name, rank: 'Joker', suit: '', style }));
  }
  return faces;
}

/** Every face of each style, by code, in the core's id order (jokers last). */
export const FACES: Readonly<Record<FaceStyleName, ReadonlyMap<string, Face>>> = {
  french: table('french', FRENCH_SUITS, FRENCH_RANKS, (rank, suit) => `${rank} of ${suit}`),
  german: table('german', GERMAN_SUITS, GERMAN_RANKS, (rank, suit) => `${suit} ${rank}`),
};

/** The face `card` names: a Card (its own style) or a code ('AS', 'UE', 'X1'). */
export function faceOf(card: Card | string, style: FaceStyleName | undefined): Face {
  if (typeof card === 'string') {
    const face = FACES[style ?? 'french'].get(card) ?? (style ? undefined : FACES.german.get(card));
    if (face) return face;
    const hint = style ? ` in the ${style} style` : '';
    throw new RangeError(`card: unknown card code ${show(card)}${hint} (expected a code such as 'AS', 'TD', 'UE' or 'X1')`);
  }
  if (!card || typeof card !== 'object' || typeof (card as Card).code !== 'string') {
    throw new TypeError(`card must be a fairdeck Card or a card code string, got ${show(card)}`);
  }
  const own = (card as Card).style;
  if (own !== 'french' && own !== 'german') {
    throw new RangeError(`card: ${show(card.code)} is a ${show(own)} card, which has no face (expected a French or German card)`);
  }
  if (style && style !== own) {
    const id = (card as Card).id;  // named as every message names a card: code and id (README, "API")
    throw new RangeError(`options.style ${show(style)} does not match card ${card.code}${typeof id === 'number' ? ` (id ${id})` : ''}, a ${own} card`);
  }
  const face = FACES[own].get(card.code);
  if (!face) throw new RangeError(`card: unknown ${own} card code ${show(card.code)}`);
  return face;
}
