/**
 * What the no-dealer table's page and its seats say to each other. The seats talk among
 * themselves over a BroadcastChannel, with fairdeck/trustless's own JSON messages (keys, shuffles
 * with proofs, shares with proofs) and nothing else; the page listens to that channel as a
 * spectator would. Separately, each seat tells the page what it sees and what it checked (a
 * seat's screen), and the page tells the seats when to open the next street (the game's clock:
 * it holds no secret and can open no card).
 */
import type { TrustlessKeyMessage, TrustlessPlanEntry, TrustlessShareMessage, TrustlessShuffleMessage } from 'fairdeck/trustless';

/** A message of the protocol, as it travels on the table's channel. */
export type WireMessage = TrustlessKeyMessage | TrustlessShuffleMessage | TrustlessShareMessage;

/** How a seat may cheat (the demo's control): copy one ciphertext over another in its shuffle, send a wrong share, or never shuffle. */
export type Cheat = 'substitute' | 'bad-share' | 'stall';

/** The streets of a Hold'em hand, in order. */
export const STREETS = ['hole', 'flop', 'turn', 'river'] as const;
export type Street = (typeof STREETS)[number];

/** The final-deck positions a street opens, from the hand's plan (hole: every seat's two cards; flop: three board cards; turn, river: one). */
export function streetPositions(plan: readonly TrustlessPlanEntry[], street: Street): number[] {
  if (street === 'hole') return plan.filter((e) => e.to === 'seat').map((e) => e.position);
  const board = plan.filter((e) => e.to === 'all').map((e) => e.position);
  return street === 'flop' ? board.slice(0, 3) : street === 'turn' ? board.slice(3, 4) : board.slice(4, 5);
}

/**
 * Page → seat: sit down (load, draw the secret, join the channel); once every seat has, send the
 * keys (so that no seat misses a key sent before it listened); then open each street.
 */
export type Command =
  | { type: 'start'; channel: string; table: string; seats: number; seat: number; cheat: Cheat | null }
  | { type: 'keys' }
  | { type: 'street'; street: Street };

/** Seat → page: what this seat's player would see on their own screen. */
export type Report =
  /** Seated: the module loaded and the secret drawn; `plan` is the hand's deal plan, as the Seat gives it. */
  | { type: 'ready'; seat: number; ms: number; plan: readonly TrustlessPlanEntry[] }
  /** A received message that passed its check (key: Schnorr; shuffle: Terelius–Wikström; shares: Chaum–Pedersen, counted per street). */
  | { type: 'checked'; seat: number; from: number; what: string; ms: number }
  /** A message this seat sent. */
  | { type: 'sent'; seat: number; what: string; ms: number }
  /** Every shuffle is in and checked: the final deck is fixed. */
  | { type: 'deck'; seat: number }
  /** The cards this seat can see: its own hole cards (codes, null until opened) and the board so far. */
  | { type: 'cards'; seat: number; hole: (string | null)[]; board: (string | null)[] }
  | { type: 'street-done'; seat: number; street: Street }
  /** A message that failed its check: the hand is void, and `from` is the seat the Error names. */
  | { type: 'caught'; seat: number; from: number; message: string }
  /** This seat cheated, as the control asked (shown on the cheat's own screen). */
  | { type: 'cheated'; seat: number; what: string }
  /** Something that is no protocol check went wrong (the module did not load). */
  | { type: 'failed'; seat: number; message: string };
