// Types of replay-hand.js for the TypeScript tests.
import type { Deck } from 'fairdeck/games';
import type { DealPacket, GamePreset, RoundEvent } from 'fairdeck/verify';

export function replayHand(
  deckClass: typeof Deck,
  gameDeals: (game: GamePreset['game'], seats: number) => DealPacket[],
  v: {
    serverSeed: string; clientSeed: string; nonce: number; deck?: object;
    deals: (DealPacket | GamePreset)[] | GamePreset; history: RoundEvent[];
  },
): { deck: Deck; dealt: string[]; applied: number };
