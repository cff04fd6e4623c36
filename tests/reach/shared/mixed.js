// One init (issue 61 item 4): `Card` and `initSync` from 'fairdeck', `Deck` from 'fairdeck/games'.
// fairdeck's initSync() loads games.wasm, the module this app's imports need, with no await; the
// page deals the golden hand from a games Deck and names its cards with Card (copied into the
// Vite app by scripts/reach.sh).
import { Card, initSync } from 'fairdeck';
import { Deck } from 'fairdeck/games';

const out = document.body.appendChild(document.createElement('output'));
out.id = 'hand';
try {
  initSync();
  const deck = new Deck({ seed: 1 });
  const hand = deck.dealTo('hand', 5);
  out.textContent = hand.map((c) => Card.from(c.code).code).join(' ');
  out.dataset.ids = hand.map((c) => c.id).join(',');
  deck.dispose();
} catch (error) {
  out.textContent = `error: ${error.message}`;
  out.dataset.ids = 'error';
  console.error(error);
}
