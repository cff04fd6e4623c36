// Node ESM with the entry 'fairdeck/sim' (the deck module with piles and dead cards, sim.wasm):
// the golden hand dealt as ids by dealIds, which deals what deal(5) deals; sampleIds must leave
// the deck's cards where they were. Prints the ids as JSON.
import { init, Deck } from 'fairdeck/sim';

await init();
const deck = new Deck({ seed: 1 });
if (deck.sampleIds(5, 3).length !== 15 || deck.remaining !== 52) throw new Error('sampleIds moved the deck');
const ids = deck.dealIds(5);
console.log(JSON.stringify([...ids]));
deck.dispose();
