// A minimal page that deals and lists cards (the full card table replaces it).
import { Deck, init } from 'fairdeck';

await init();
const deck = new Deck();
const status = document.querySelector<HTMLParagraphElement>('#status')!;
const list = document.querySelector<HTMLOListElement>('#cards')!;
const show = () => (status.textContent = `${deck.remaining} cards left · secure chacha20 deck`);
document.querySelector('#shuffle')!.addEventListener('click', () => {
  deck.shuffle();
  list.replaceChildren();
  show();
});
document.querySelector('#deal')!.addEventListener('click', () => {
  const card = deck.dealOne();
  const item = document.createElement('li');
  item.textContent = card ? card.name : 'No cards left — shuffle to deal again';
  list.append(item);
  show();
});
show();
