import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck';
import { randomUint32 } from 'fairdeck/random';
import { seedOf, vectors, type VectorSeed } from './helpers.js';

beforeAll(() => init());

interface EngineCase extends VectorSeed { rng: 'chacha20' | 'xoshiro256'; words: number[] }
interface DealCase extends VectorSeed {
  rng: 'chacha20' | 'xoshiro256'; strategy: 'eager' | 'lazy' | 'bitmap'; style: 'french' | 'german' | 'generic';
  decks: number; jokers: number; size: number; deals: number[][];
}
/** tests/vectors/simulations.json (issue 40): dealIds(3), sampleIds(3, 4), dealIds(2), sampleIds(5, 2). */
type SimulationCase = Omit<DealCase, 'deals'> & { steps: number[][] };

describe('golden vectors (tests/vectors, also checked natively by GoogleTest)', () => {
  it.each(vectors<EngineCase[]>('engines.json'))('$rng $kind seed "$seed" gives the golden raw words', (c) => {
    expect([...randomUint32(16, { rng: c.rng, seed: seedOf(c) })]).toEqual(c.words);
  });

  it.each(vectors<DealCase[]>('deals.json'))('$rng $strategy $style seed "$seed" deals the golden cards', (c) => {
    const options = c.style === 'generic'
      ? { size: c.size }
      : { style: c.style, decks: c.decks, jokers: c.jokers };
    const deck = new Deck({ rng: c.rng, strategy: c.strategy, seed: seedOf(c), ...options });
    expect([...deck].map((card) => card.id)).toEqual(c.deals[0]);
    deck.shuffle();
    expect([...deck].map((card) => card.id)).toEqual(c.deals[1]);
    deck.dispose();
  });
});

// Last, and imported here: importing 'fairdeck/sim' makes every later init() load sim.wasm, and
// the vectors above are checked on fairdeck.wasm, the module of 'fairdeck'.
describe("golden vectors of 'fairdeck/sim' (tests/vectors/simulations.json)", () => {
  let SimDeck: typeof import('fairdeck/sim').Deck;
  beforeAll(async () => {
    const sim = await import('fairdeck/sim');
    await sim.init();
    SimDeck = sim.Deck;
  });

  it.each(vectors<SimulationCase[]>('simulations.json'))('$rng $strategy $style seed "$seed": dealIds and sampleIds give the golden ids', (c) => {
    const options = c.style === 'generic'
      ? { size: c.size }
      : { style: c.style, decks: c.decks, jokers: c.jokers };
    const deck = new SimDeck({ rng: c.rng, strategy: c.strategy, seed: seedOf(c), ...options });
    const steps = [deck.dealIds(3), deck.sampleIds(3, 4), deck.dealIds(2), deck.sampleIds(5, 2)];
    expect(steps.map((s) => [...s])).toEqual(c.steps);
    deck.dispose();
  });
});
