// `using deck = new Deck()` (and the games Deck), compiled by tests/types/check.mjs only where
// the settings declare Disposable: TypeScript >= 5.2 with lib ESNext or @types/node.
import { Deck } from 'fairdeck';
import { Deck as GamesDeck } from 'fairdeck/games';
export function usingDeck(): string {
  using deck = new Deck({ seed: 1 });
  using table = new GamesDeck({ seed: 2 });
  return String(deck.deal(1)[0]) + String(table.dealHands(2, 2).length);
}
