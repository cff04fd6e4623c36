/**
 * Card codes as fairdeck numbers them, written out for the verifier (no WASM): within one deck,
 * face i = suit · 8 or 13 + rank; jokers 'X1', 'X2' follow; a generic deck's codes are its ids.
 */
const FRENCH = [...'CDHS'].flatMap((s) => [...'A23456789TJQK'].map((r) => r + s));
const GERMAN = [...'EGHS'].flatMap((s) => [...'789TUOKA'].map((r) => r + s));

/** The faces of one deck in face order, and how many copies of each a shoe holds. */
export interface Faces {
  codes: string[];
  decks: number;
}

/** Faces of a validated composition. */
export function facesOf(deck: { style: 'french' | 'german' | 'generic'; decks: number; jokers: number; size: number }): Faces {
  if (deck.style === 'generic') return { codes: Array.from({ length: deck.size }, (_, i) => String(i)), decks: 1 };
  const base = deck.style === 'german' ? GERMAN : FRENCH;
  return { codes: [...base, ...['X1', 'X2'].slice(0, deck.jokers)], decks: deck.decks };
}
