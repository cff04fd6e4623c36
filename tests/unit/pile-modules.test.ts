// Pile numbers belong to one WebAssembly module (web/src/piles.ts). A page that loads the games
// module and later imports 'fairdeck/sim' (a dynamic import) holds Decks of both modules; each module numbers its own pile names, so
// a name numbered by one must never be passed by that number to the other. Found by mutation
// testing (issue 39): sharing one table between the modules passed every other test.
import { describe, expect, it } from 'vitest';
import { Deck as GamesDeck, init as initGames } from 'fairdeck/games';

const codes = (cards: readonly { code: string }[]) => cards.map((c) => c.code);

describe('pile numbers with two modules', () => {
  it('a games Deck and a sim Deck made after it each deal onto their own piles', async () => {
    await initGames();
    const games = new GamesDeck({ seed: 1 });
    const west = games.dealTo('west', 1);   // 'west' numbered by the games module
    // Imported only now: an app that imports 'fairdeck/sim' up front loads the sim module alone.
    const { Deck: SimDeck, init: initSim } = await import('fairdeck/sim');
    await initSim();
    const sim = new SimDeck({ seed: 2 });
    const east = sim.dealTo('east', 1);     // 'east' numbered by the sim module (its first name)
    const simWest = sim.dealTo('west', 2);  // 'west' again, numbered by the sim module too
    expect(sim.piles).toEqual(['east', 'west']);
    expect(codes(sim.pile('east'))).toEqual(codes(east));
    expect(codes(sim.pile('west'))).toEqual(codes(simWest));
    // Back to the games Deck: its module's numbers, old and new.
    const gamesEast = games.dealTo('east', 3);
    expect(games.piles).toEqual(['west', 'east']);
    expect(codes(games.pile('west'))).toEqual(codes(west));
    expect(codes(games.pile('east'))).toEqual(codes(gamesEast));
    games.moveCards(games.pile('east'), 'north', { from: 'east' });
    sim.moveCards(sim.pile('west'), 'north', { from: 'west' });
    expect(games.piles).toEqual(['west', 'north']);
    expect(sim.piles).toEqual(['east', 'north']);
    games.dispose(), sim.dispose();
  });
});
