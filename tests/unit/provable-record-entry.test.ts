/**
 * A provable deck's round record and saved state come with the entry 'fairdeck/games' (games.ts
 * installs provable/record.ts), so that an app dealing from 'fairdeck' alone never ships that code
 * (tests/size/apps.mjs). This file imports 'fairdeck' only (Vitest gives each file its own
 * modules): a provable deck deals its round as ever, and round(), toJSON and fromJSON of a
 * provable state are TypeErrors that name the entry, leaving the deck as it was. The control is
 * tests/unit/provable-saved.test.ts, where the same calls on the games Deck work.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck';
import { verifyRound } from 'fairdeck/verify';

await init();
const serverSeed = createHash('sha256').update('entry').digest('hex');
const needsGames = /round\(\) and saved state need 'fairdeck\/games': import \{ Deck \} from 'fairdeck\/games'/;

describe("a provable deck from 'fairdeck' alone", () => {
  it('deals its round (which verifies), and round() and toJSON name fairdeck/games', async () => {
    const deck = new Deck({ provable: { serverSeed, clientSeed: 'c', nonce: 1 } });
    const dealt = deck.deal(7);
    expect(() => deck.round()).toThrow(TypeError);
    expect(() => deck.round()).toThrow(needsGames);
    expect(() => deck.toJSON({ includeSecret: true })).toThrow(needsGames);
    expect(() => deck.toJSON()).toThrow(needsGames);
    expect(deck.remaining).toBe(45);  // nothing changed
    const next = deck.deal(3);
    const v = await verifyRound({ ...deck.info.provable!, serverSeed, dealt: [...dealt, ...next] });
    expect(v.ok).toBe(true);
    deck.dispose();
  });

  it('refuses a provable state, naming the entry; a deck that is not provable still says so', () => {
    const state = { format: 'fairdeck-deck', version: 3, provable: { serverSeed, clientSeed: 'c', nonce: 1, version: 2 },
      style: 'french', decks: 1, jokers: 0, size: 52, penetration: null, deals: [{ pile: 'dealt', count: 2 }], history: [] };
    expect(() => Deck.fromJSON(state as never)).toThrow(TypeError);
    expect(() => Deck.fromJSON(JSON.stringify(state))).toThrow(new RegExp(`^state: a provable deck's ${needsGames.source}`));
    const plain = new Deck();
    expect(() => plain.round()).toThrow(/round\(\) is for provable decks/);
    plain.dispose();
  });
});
