/**
 * `deck.info.provable`: what a provable deck may tell anyone — the commitment, the client seed,
 * the current round's nonce (shuffle() starts round nonce + 1) and the scheme's version. Never the
 * server seed. The core deck knows them all and reports them (CoreDeck.info): JavaScript keeps no
 * copy of the round.
 */

/** What `deck.info.provable` shows: enough to announce a round and to verify it later. */
export interface ProvableInfo {
  /** SHA-256 of the server seed's 32 bytes, lowercase hex: publish it before play. */
  readonly commitment: string;
  /** The player's seed. */
  readonly clientSeed: string;
  /** The current round; `deck.shuffle()` adds one. */
  readonly nonce: number;
  /** The scheme the deck deals by: 2 (the default) or 1. */
  readonly version: 1 | 2;
}
