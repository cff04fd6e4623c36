/**
 * fairdeck/verify — checks a provably fair round (docs/provably-fair.md) with a second,
 * independent implementation: plain TypeScript and WebCrypto, no WASM, no `init()`; and a
 * trustless hand's whole transcript (docs/trustless.md) on @noble/curves' ristretto255.
 *
 * @module fairdeck/verify
 */

export type { BlackjackPlay, DealPacket, GamePreset, Round, RoundDeck, RoundEvent, RoundSeeds } from './input.js';
export { GAMES, gameDeals, MAX_SEATS, MAX_SPLIT_HANDS } from './input.js';
export { verifyRound, type Verdict } from './round.js';
export { verifyShoe, type Shoe, type ShoeHand, type ShoeVerdict } from './shoe.js';
export {
  TRUSTLESS_MAX_SEATS,
  verifyTranscript,
  type TrustlessCheat,
  type TrustlessCheck,
  type TrustlessCiphertext,
  type TrustlessDeal,
  type TrustlessKeyMessage,
  type TrustlessOpened,
  type TrustlessOptions,
  type TrustlessShareMessage,
  type TrustlessShuffleMessage,
  type TrustlessTranscript,
  type TrustlessVerdict,
} from './trustless.js';
