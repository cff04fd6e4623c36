/** JSON.stringify, util.inspect, structuredClone and Vue on the Deck of 'fairdeck' (protocols.ts). */
import { beforeAll, describe } from 'vitest';
import { Deck, init } from 'fairdeck';
import { protocolTests } from './protocols.js';

beforeAll(() => init());

describe('fairdeck Deck', () => protocolTests(Deck, (deck) => void deck.deal(5)));
