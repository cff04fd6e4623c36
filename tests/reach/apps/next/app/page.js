// The README example in an App Router client component.
'use client';
import { useEffect, useState } from 'react';
import { init, Deck } from 'fairdeck';

export default function Page() {
  const [hand, setHand] = useState(null);
  useEffect(() => {
    init().then(
      () => {
        const deck = new Deck({ seed: 1 });
        const cards = deck.deal(5);
        setHand({ text: cards.map(String).join(' '), ids: cards.map((card) => card.id).join(',') });
        deck.dispose();
      },
      (error) => {
        console.error(error);
        setHand({ text: `error: ${error.message}`, ids: 'error' });
      },
    );
  }, []);
  return hand && <output id="hand" data-ids={hand.ids}>{hand.text}</output>;
}
