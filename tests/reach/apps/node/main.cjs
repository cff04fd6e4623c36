// require() of the ES-module package (Node >= 20.19 loads it without a flag).
const { init, Deck } = require('fairdeck');

init().then(() => {
  const deck = new Deck({ seed: 1 });
  console.log(JSON.stringify(deck.deal(5).map((card) => card.id)));
  deck.dispose();
});
