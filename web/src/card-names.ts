/**
 * The French and German cards' codes, rank labels and suit names as the core defines them
 * (cpp/include/fairdeck/style/), for TypeScript: `fairdeck/faces` (faces/codes.ts), which never
 * loads the core, names its faces from these tables, and `Card`'s literal types (card.ts) are
 * spelled out below. tests/unit/card-helpers.test.ts holds the tables to the core's cards, card
 * by card, and the types to the tables, both ways (a type-level check that tsc runs in npm test).
 */

/** [code letter, rank label or suit name, English word or suit name] in the core's id order. */
export const FRENCH_SUITS = [['C', '♣', 'Clubs'], ['D', '♦', 'Diamonds'], ['H', '♥', 'Hearts'], ['S', '♠', 'Spades']] as const;
export const FRENCH_RANKS = [['A', 'A', 'Ace'], ['2', '2', 'Two'], ['3', '3', 'Three'], ['4', '4', 'Four'], ['5', '5', 'Five'],
  ['6', '6', 'Six'], ['7', '7', 'Seven'], ['8', '8', 'Eight'], ['9', '9', 'Nine'], ['T', '10', 'Ten'], ['J', 'J', 'Jack'],
  ['Q', 'Q', 'Queen'], ['K', 'K', 'King']] as const;
export const GERMAN_SUITS = [['E', 'Eichel', 'Eichel'], ['G', 'Grün', 'Grün'], ['H', 'Herz', 'Herz'], ['S', 'Schellen', 'Schellen']] as const;
export const GERMAN_RANKS = [['7', '7', '7'], ['8', '8', '8'], ['9', '9', '9'], ['T', '10', '10'], ['U', 'Unter', 'Unter'],
  ['O', 'Ober', 'Ober'], ['K', 'König', 'König'], ['A', 'Ass', 'Ass']] as const;
/** The two jokers of either style: [code, name]. */
export const JOKERS = [['X1', 'Black Joker'], ['X2', 'Red Joker']] as const;

/** A joker's code: 'X1' (black) or 'X2' (red). */
export type JokerCode = 'X1' | 'X2';
/** A French suit's name, as `Card.suit`. */
export type FrenchSuit = 'Clubs' | 'Diamonds' | 'Hearts' | 'Spades';
/** A French rank's label, as `Card.rank`. */
export type FrenchRank = 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K';
/** A French card's code: rank letter (A, 2–9, T, J, Q, K) + suit letter (C, D, H, S): 'AS', 'TD', '7C'; or a joker's. */
export type FrenchCode = `${'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K'}${'C' | 'D' | 'H' | 'S'}` | JokerCode;
/** A German suit's name, as `Card.suit`. */
export type GermanSuit = 'Eichel' | 'Grün' | 'Herz' | 'Schellen';
/** A German rank's label, as `Card.rank`. */
export type GermanRank = '7' | '8' | '9' | '10' | 'Unter' | 'Ober' | 'König' | 'Ass';
/** A German card's code: rank letter (7–9, T, U, O, K, A) + suit letter (E, G, H, S): 'UE' (Eichel Unter), 'AH' (Herz Ass); or a joker's. */
export type GermanCode = `${'7' | '8' | '9' | 'T' | 'U' | 'O' | 'K' | 'A'}${'E' | 'G' | 'H' | 'S'}` | JokerCode;
/** A French card's `rankValue`: ace 1, 2–10, jack 11, queen 12, king 13; jokers 0. */
export type FrenchRankValue = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;
/** A German card's `rankValue`: Ass 1, 7–10, Unter 11, Ober 12, König 13; jokers 0. */
export type GermanRankValue = 0 | 1 | 7 | 8 | 9 | 10 | 11 | 12 | 13;
