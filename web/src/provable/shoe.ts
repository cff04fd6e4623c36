/**
 * The server's side of a shoe's hash chain (docs/provably-fair.md, "Shoes"): after each hand the
 * table publishes `handLink(previous, hand)`, where `previous` is the commitment for the shoe's
 * first hand and the last link after that. SHA-256 from @noble/hashes (sha256.ts). fairdeck/verify's
 * `verifyShoe` computes the same links on its own (WebCrypto), from the same written encoding.
 */
import { checkHex64 } from './options.js';
import { toHex } from './hex.js';
import { sha256 } from './sha256.js';

/** A hand as the chain records it: where it starts in the shoe, its cards, and its script and piles if the table keeps them. */
export interface HandRecord {
  /** Cards of the shoe dealt before this hand's first (its earlier hands' cards, burns included). */
  offset: number;
  /** The hand's cards in dealing order (codes, or Cards). */
  dealt: ReadonlyArray<string | { code: string }>;
  /** The hand's dealing script as packets (dealPattern's), if the table gives one. */
  deals?: ReadonlyArray<{ pile: string; count: number }>;
  /** The hand's piles at its end (pile name → cards in arrival order), if the table gives them. */
  piles?: Readonly<Record<string, ReadonlyArray<string | { code: string }>>>;
}

const code = (c: string | { code: string }) => (typeof c === 'string' ? c : c.code);

/** The link after `hand`: SHA-256 of 'fairdeck/shoe/v1\n' + previous + '\n' + the hand's record, lowercase hex. */
export function handLink(previous: string, hand: HandRecord): string {
  checkHex64('previous', previous);
  if (!Number.isSafeInteger(hand.offset) || hand.offset < 0) throw new RangeError(`hand.offset must be a whole number of cards, got ${String(hand.offset)}`);
  const piles = hand.piles ? Object.entries(hand.piles).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([n, cards]) => [n, cards.map(code)]) : null;
  const record = JSON.stringify([hand.offset, hand.dealt.map(code), hand.deals ? hand.deals.map((p) => [p.pile, p.count]) : null, piles]);
  return toHex(sha256(new TextEncoder().encode(`fairdeck/shoe/v1\n${previous}\n${record}`)));
}
