// Negative control (tests/types/check.mjs): these lines must fail to compile, each with the error
// code named beside it, which shows the checker really reads fairdeck's types (an `any` would let
// them through).
import { Card, Deck, type FrenchRankValue } from 'fairdeck';
import { cardSvg } from 'fairdeck/faces';

export const size: string = new Deck().size; // TS2322: number is not a string
export const svg = cardSvg('AS', { width: '40' }); // TS2322: width is a number
export const heart = Card.from('AH').suit === 'Heart'; // TS2367: no suit is named 'Heart'
export const high: FrenchRankValue = 14; // TS2322: rank values stop at 13 (Card.rankValue gives 14)
