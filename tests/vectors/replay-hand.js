// tests/vectors/replay-hand.js — one reading of a whole-hand vector of provable-hands.json with the
// package's games Deck, shared by the Node test (tests/unit/verify-hand.test.ts) and the browser
// page (tests/e2e/hands.html), so that both check the same thing: each packet dealt with dealTo,
// each history event made with its call once the cards dealt reach its `after`.

/**
 * Deals vector `v` on a new deck of class `Deck` (the games entry's; `gameDeals` is fairdeck/verify's,
 * which turns a game preset into packets). Returns the deck (not disposed: the caller reads its
 * piles, then disposes it), the codes dealt in order and how many history events were made.
 */
export function replayHand(Deck, gameDeals, v) {
  const deck = new Deck({ provable: { serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce }, ...v.deck });
  const script = (Array.isArray(v.deals) ? v.deals : [v.deals]).flatMap((p) => ('game' in p ? gameDeals(p.game, p.seats) : [p]));
  const dealt = [];
  let applied = 0;
  const events = (n) => {
    for (; applied < v.history.length && v.history[applied].after === n; applied++) {
      const ev = v.history[applied];
      if ('moveCards' in ev) deck.moveCards(ev.moveCards, ev.to, ev.from === undefined ? undefined : { from: ev.from });
      else if ('returnCards' in ev) deck.returnCards(ev.returnCards);
      else deck.shuffleRemaining();
    }
  };
  events(0);
  for (const p of script) {
    dealt.push(...deck.dealTo(p.pile, p.count).map((c) => c.code));
    events(dealt.length);
  }
  return { deck, dealt, applied };
}
