/**
 * Issue 61 item 4, one init: an app that takes `Card` and `initSync` from 'fairdeck' and `Deck`
 * from 'fairdeck/games' (or 'fairdeck/sim') loads the module its imports need, whichever entry's
 * initSync it calls; it used to get an Error telling it to call the other one. Vitest runs each
 * file in a fresh module graph, so this file's imports are the app's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Card, initSync, isReady } from 'fairdeck';
import { Deck as GamesDeck } from 'fairdeck/games';
import { Deck as SimDeck } from 'fairdeck/sim';

const wasm = (name: string) => readFileSync(new URL(`../../web/src/wasm/${name}`, import.meta.url));

describe("initSync of 'fairdeck' in an app that imports 'fairdeck/games' and 'fairdeck/sim'", () => {
  it('refuses a smaller deck module passed as options.wasm, naming the one the app needs, and loads nothing', () => {
    expect(() => initSync({ wasm: wasm('fairdeck.wasm') })).toThrow(
      "fairdeck: this app imports 'fairdeck/sim', whose decks need sim.wasm, but initSync options.wasm is a smaller deck module: pass sim.wasm (the package exports it as 'fairdeck/sim.wasm'), or no wasm option");
    expect(() => initSync({ wasm: wasm('games.wasm') })).toThrow(/whose decks need sim\.wasm/);
    expect(isReady()).toBe(false);
  });

  it('loads the largest module the imports need (sim.wasm): games and sim decks both work, with no await', () => {
    initSync();
    const games = new GamesDeck({ seed: 7 });
    expect(games.dealHands(2, 2).flat()).toHaveLength(4);
    const sim = new SimDeck({ seed: 7, exclude: ['AS'] });
    expect(sim.dealIds(3)).toHaveLength(3);
    expect(Card.from('AS').name).toBe('Ace of Spades');
    games.dispose(), sim.dispose();
    initSync();  // loaded already: nothing more
  });
});
