/**
 * `deck.info.provable`: what a provable deck may tell anyone — the commitment, the client seed and
 * the current round's nonce (shuffle() starts round nonce + 1). Never the server seed.
 */
import { sha256, toHex } from './sha256.js';
import type { ResolvedProvable } from './options.js';

/** What `deck.info.provable` shows: enough to announce a round and to verify it later. */
export interface ProvableInfo {
  /** SHA-256 of the server seed's 32 bytes, lowercase hex: publish it before play. */
  readonly commitment: string;
  /** The player's seed. */
  readonly clientSeed: string;
  /** The current round; `deck.shuffle()` adds one. */
  readonly nonce: number;
}

/** The live round of one provable deck (its nonce moves with shuffle()). */
export class ProvableRound implements ProvableInfo {
  readonly commitment: string;
  readonly clientSeed: string;
  #nonce: number;

  constructor(seeds: ResolvedProvable) {
    this.commitment = toHex(sha256(seeds.serverBytes));
    this.clientSeed = seeds.clientSeed;
    this.#nonce = seeds.nonce;
    Object.freeze(this);
  }

  get nonce(): number {
    return this.#nonce;
  }

  /** Throws RangeError (changing nothing) if there is no next round; call before the core shuffles. */
  checkNext(): void {
    if (this.#nonce >= Number.MAX_SAFE_INTEGER) {
      throw new RangeError('provable.nonce cannot pass 2^53 − 1: start a new server seed with commitRound()');
    }
  }

  /** Moves to the next round (after checkNext() and the core's shuffle). */
  advance(): void {
    this.#nonce += 1;
  }

  toJSON(): ProvableInfo {
    return { commitment: this.commitment, clientSeed: this.clientSeed, nonce: this.#nonce };
  }
}
