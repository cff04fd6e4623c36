/**
 * `fairdeck/trustless` — a card table no one can stack: mental poker over ristretto255
 * (docs/trustless.md). Every seat shuffles the encrypted deck in turn with a proof that it did,
 * and a card opens only with every other seat's share — for its holder alone, or for all. The
 * seat's cryptography runs in WASM on libsodium; messages are plain JSON, carried by the app.
 * Anyone can check a whole hand with `verifyTranscript` from `fairdeck/verify` (no WASM, a
 * second implementation on @noble/curves).
 *
 * @module fairdeck/trustless
 */
export { init, type TrustlessInitOptions } from './load.js';
export { Seat, type SeatOptions, type TrustlessPlanEntry } from './seat.js';
export type { TrustlessKeyMessage, TrustlessShuffleMessage, TrustlessShareMessage } from '../verify/trustless.js';
