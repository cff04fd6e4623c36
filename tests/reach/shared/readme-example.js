// The README example, as every browser app in the matrix runs it (copied to each app by
// scripts/reach.sh). It shows the hand in <output id="hand" data-ids="…">, which the runner reads.
import { init, Deck } from 'fairdeck';

async function main() {
  await init();
  const deck = new Deck({ seed: 1 });
  const hand = deck.deal(5);
  show(hand.map(String).join(' '), hand.map((card) => card.id).join(','));
  deck.dispose();
}

function show(text, ids) {
  const out = document.querySelector('#hand') ?? document.body.appendChild(document.createElement('output'));
  out.id = 'hand';
  out.textContent = text;
  out.dataset.ids = ids;
}

main().catch((error) => {
  show(`error: ${error.message}`, 'error');
  console.error(error);
});
