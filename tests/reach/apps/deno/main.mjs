// Deno with an npm: specifier (resolved from node_modules, no network).
import { init, Deck } from 'npm:fairdeck';

await init();
const deck = new Deck({ seed: 1 });
console.log(JSON.stringify(deck.deal(5).map((card) => card.id)));
deck.dispose();
