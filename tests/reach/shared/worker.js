// The README example in a module Web Worker: posts the hand's ids (or the error) to the page.
import { init, Deck } from 'fairdeck';

init().then(
  () => {
    const deck = new Deck({ seed: 1 });
    self.postMessage({ ids: deck.deal(5).map((card) => card.id).join(',') });
    deck.dispose();
  },
  (error) => self.postMessage({ error: error.message }),
);
