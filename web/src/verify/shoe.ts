/**
 * A whole shoe (docs/provably-fair.md, "Shoes"): one committed round dealt hand after hand, each
 * hand published as it ends with a link of a hash chain, and the seed revealed when the shoe ends.
 * `verifyShoe` checks the hands in order: that they are contiguous (each starts where the one
 * before it stopped, so no card was dealt to no hand), that each one deals what the seeds deal
 * (verifyRound with the hand's offset), and that every link is SHA-256 of the one before it and
 * the hand's record — so a hand's record cannot have changed after its link was published.
 * The chain's encoding is computed here independently of fairdeck/provable's `handLink`.
 */
import { verifyRound, type Verdict } from './round.js';
import { checkRound, show, type DealPacket, type GamePreset, type Round, type RoundEvent, type RoundSeeds } from './input.js';

/** One hand of a shoe: its cards in dealing order, and (optionally) its script and piles. */
export interface ShoeHand {
  dealt: ReadonlyArray<string | { code: string }>;
  deals?: ReadonlyArray<DealPacket | GamePreset> | GamePreset;
  piles?: Readonly<Record<string, ReadonlyArray<string | { code: string }>>>;
  /** Where the hand says it starts in the shoe's order; checked against the hands before it. */
  offset?: number;
}

/** A shoe as revealed at its end: the round's seeds, its hands in order, and the links published as they ended. */
export interface Shoe extends RoundSeeds {
  hands: readonly ShoeHand[];
  /** Calls that changed the order (returns, reshuffles), `after` counting cards from the shoe's first. */
  history?: readonly RoundEvent[];
  /** The links as the table published them, hand by hand (all, or the first ones). */
  links?: readonly string[];
}

/** What verifyShoe found: the whole shoe's verdict, and each hand's. */
export interface ShoeVerdict {
  /** True when every hand verified and the chain of links matched. */
  ok: boolean;
  /** Why not, naming the hand (1-based) and what is wrong. */
  reason?: string;
  /** Each hand's verdict (as verifyRound gives it, with the hand's offset), as far as the check got. */
  hands: Verdict[];
  /** The chain's links, one per hand: what the table should have published after each. */
  links: string[];
  /** Cards compared with the seeds' deal, over all hands. */
  checked: number;
}

const TAG = 'fairdeck/shoe/v1';

/** The hand's record as the chain hashes it: [offset, dealt, deals as [pile, count] or null, piles by name or null]. */
export function handRecordText(offset: number, dealt: readonly string[], deals: readonly DealPacket[] | null, piles: Map<string, string[]> | null): string {
  const sorted = piles ? [...piles.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : null;
  return JSON.stringify([offset, dealt, deals ? deals.map((p) => [p.pile, p.count]) : null, sorted]);
}

async function sha256Hex(text: string): Promise<string> {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('verifyShoe needs WebCrypto (crypto.subtle): Node 20+, or a page served over https or from localhost');
  const digest = new Uint8Array(await s.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks a revealed shoe hand by hand. Every well-formed shoe gets a verdict; malformed input (a
 * hand that is not a hand, a link that is not 64 hex characters) rejects with a TypeError or
 * RangeError naming the field, as verifyRound does.
 */
export async function verifyShoe(shoe: Shoe): Promise<ShoeVerdict> {
  if (shoe === null || typeof shoe !== 'object') throw new TypeError(`shoe must be an object, got ${show(shoe)}`);
  const known = ['commitment', 'serverSeed', 'clientSeed', 'nonce', 'version', 'deck', 'hands', 'history', 'links'];
  for (const k of Object.keys(shoe)) if (!known.includes(k)) throw new TypeError(`unknown field '${k}' in shoe (known: ${known.join(', ')})`);
  const { hands, links: published, history = [], ...seeds } = shoe;
  if (!Array.isArray(hands) || hands.length === 0) throw new TypeError(`shoe.hands must be a non-empty array of hands, got ${show(hands)}`);
  if (published !== undefined) {
    if (!Array.isArray(published) || published.length > hands.length) {
      throw new TypeError(`shoe.links must be an array of at most ${hands.length} links (one per hand), got ${show(published)}`);
    }
    published.forEach((l, i) => {
      if (typeof l !== 'string' || !/^[0-9a-f]{64}$/.test(l)) throw new TypeError(`shoe.links[${i}] must be 64 lowercase hex characters, got ${show(l)}`);
    });
  }
  if (!Array.isArray(history)) throw new TypeError(`shoe.history must be an array, got ${show(history)}`);
  history.forEach((e, i) => {  // the rest of each event is checked by verifyRound, with the hands it belongs to
    const after = e !== null && typeof e === 'object' ? (e as { after?: unknown }).after : undefined;
    if (typeof after !== 'number' || !Number.isSafeInteger(after) || after < 0) {
      throw new TypeError(`shoe.history[${i}].after must be a whole number of cards from the shoe's first, got ${show(after)}`);
    }
  });
  const verdicts: Verdict[] = [], links: string[] = [];
  let at = 0, checked = 0, previous = typeof seeds.commitment === 'string' ? seeds.commitment : '';
  let reason: string | undefined;
  for (let i = 0; i < hands.length; i++) {
    const hand = hands[i] as ShoeHand;
    if (hand === null || typeof hand !== 'object' || Array.isArray(hand)) throw new TypeError(`shoe.hands[${i}] must be an object, got ${show(hand)}`);
    for (const k of Object.keys(hand)) {
      if (!['dealt', 'deals', 'piles', 'offset'].includes(k)) throw new TypeError(`unknown field '${k}' in shoe.hands[${i}] (known: dealt, deals, piles, offset)`);
    }
    // The calls of the shoe up to this hand's end apply to it; later ones belong to later hands.
    const round: Round = { ...seeds, offset: at, dealt: hand.dealt, ...(hand.deals ? { deals: hand.deals } : {}),
      ...(hand.piles ? { piles: hand.piles } : {}) } as Round;
    let r;
    try {
      r = checkRound(round);
    } catch (e) {
      const err = e as Error;
      throw new (err.constructor as ErrorConstructor)(`shoe.hands[${i}]: ${err.message}`);
    }
    const took = r.deals ? r.deals.reduce((n, p) => n + p.count, 0) : r.dealt.length;
    // The events up to the hand's end; of the earlier hands' only those that change the order
    // (returns, reshuffles): a move draws nothing and moves only cards this hand is not given
    // (a split, a fold, the tray), so it is checked with its own hand.
    const events = (history as RoundEvent[]).filter((e) => e.after <= at + took && (e.after > at || !('moveCards' in e)));
    const verdict = await verifyRound(events.length ? { ...round, history: events } : round);
    verdicts.push(verdict);
    const link = await sha256Hex(`${TAG}\n${previous}\n${handRecordText(at, r.dealt, r.deals, r.piles)}`);
    links.push(link);
    if (reason === undefined) {
      if (hand.offset !== undefined && hand.offset !== at) {
        const gap = typeof hand.offset === 'number' ? hand.offset - at : NaN;
        reason = `hand ${i + 1} says it starts at card ${show(hand.offset)} of the shoe, but the hands before it took ${at} cards`
          + (gap > 0 ? `: ${gap} card${gap === 1 ? ' was' : 's were'} dealt to no hand` : '');
      } else if (!verdict.ok) reason = `hand ${i + 1}: ${verdict.reason}`;
      else if (published && i < published.length && published[i] !== link) {
        reason = `hand ${i + 1}'s link does not match the one published (${published[i]}): the hand's record, or one before it, changed after it was published`;
      }
    }
    checked += verdict.checked;
    previous = link;
    at += took;
  }
  return { ok: reason === undefined, ...(reason !== undefined ? { reason } : {}), hands: verdicts, links, checked };
}
