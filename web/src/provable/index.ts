/**
 * fairdeck/provable — provably fair rounds (docs/provably-fair.md). The server commits with
 * `commitRound()`, deals with `new Deck({ provable: { serverSeed, clientSeed, nonce } })` from
 * `fairdeck` (scheme version 2; `version: 1` for rounds of the first scheme), and reveals the seed
 * later; players check with `fairdeck/verify`.
 *
 * @module fairdeck/provable
 */

export { commitRound, commitmentOf, type Commitment } from './commit.js';
export { handLink, type HandRecord } from './shoe.js';
export type { ProvableSeeds } from './options.js';
export type { ProvableInfo } from './round.js';
