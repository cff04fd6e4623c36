/**
 * The shapes of a deck's saved state and of what a deck was made with. The state itself is
 * written and validated by the C++ core (cpp/include/fairdeck/state.hpp); these types describe it.
 */
import type { RngName, StrategyName } from './options.js';
import type { ProvableInfo } from './provable/round.js';

/** A deck's saved state: plain JSON, written and validated by the core (see README "State"). */
export interface DeckState {
  format: 'fairdeck-deck';
  version: 1;
  style: 'french' | 'german' | 'generic';
  decks: number;
  jokers: number;
  size: number;
  strategy: StrategyName;
  rng: RngName;
  seeded: boolean;
  order: 'exact' | 'hidden';
  undealt: number[];
  returned: number[];
  dealt: number[];
  engine: string | null;
  dice: number[];
}

/** What a deck was made with. */
export interface DeckInfo {
  readonly rng: RngName;
  readonly strategy: StrategyName;
  readonly style: 'french' | 'german' | 'generic';
  readonly decks: number;
  readonly jokers: number;
  /** Cards in the deck. */
  readonly size: number;
  /** True if the deck was seeded (reproducible); false if keyed from platform entropy (secure). */
  readonly seeded: boolean;
  /** Provable decks only: the commitment, client seed and current nonce (never the server seed). */
  readonly provable?: ProvableInfo;
}
