// Deno with a bare specifier, resolved from node_modules through package.json.
import { init, Deck } from 'fairdeck';

await init();
const deck = new Deck({ seed: 1 });
console.log(JSON.stringify(deck.deal(5).map((card) => card.id)));
deck.dispose();
