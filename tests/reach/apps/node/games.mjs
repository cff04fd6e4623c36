// Node ESM with the entry 'fairdeck/games' (the deck module with named piles, games.wasm): the
// golden hand dealt onto a pile, which deals what deal(5) deals; prints the ids as JSON.
import { init, Deck } from 'fairdeck/games';

await init();
const deck = new Deck({ seed: 1 });
const hand = deck.dealTo('hand', 5);
if (deck.pile('hand').length !== 5) throw new Error('the pile does not hold the hand');
console.log(JSON.stringify(hand.map((card) => card.id)));
deck.dispose();
