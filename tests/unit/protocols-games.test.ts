/** JSON.stringify, util.inspect, structuredClone and Vue on the Deck of 'fairdeck/games', piles and all (protocols.ts). */
import { beforeAll, describe } from 'vitest';
import { Deck, init } from 'fairdeck/games';
import { protocolTests } from './protocols.js';

beforeAll(() => init());

describe('fairdeck/games Deck', () =>
  protocolTests(Deck, (deck) => {
    deck.dealHands(3, 2);
    deck.burn();
    deck.dealTo('board', 3);
  }));
