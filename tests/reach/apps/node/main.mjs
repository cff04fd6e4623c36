// Node ESM (also run by Bun and by Deno with node_modules): prints the hand's ids as JSON.
import { init, Deck } from 'fairdeck';

await init();
const deck = new Deck({ seed: 1 });
console.log(JSON.stringify(deck.deal(5).map((card) => card.id)));
deck.dispose();
