// Scenario 7 (issue 31): dealing a game. A 9-seat Hold'em hand (18 hole cards round by round, 3
// burns, a 5-card board) from a fresh secure shuffle, against d3-array shuffling 52 cards and
// reading the same 26; and a blackjack round (player and dealer two cards each in turn, then one
// more each: 6 cards) from a 6-deck lazy shoe with a cut card at 75%, against d3-array shuffling
// 312 cards and reading 6, also with the round's cards then moved to a discard pile. fairdeck's piles are held by the core: every card of the hand lands in
// its pile (hand:0 … hand:8, burn, board) and the reads are of the Card objects the calls return.
import { init, Deck } from 'fairdeck/games';
import { consume, measure, report } from '../lib.mjs';
import { peers } from '../peers.mjs';

await init();
const d3 = peers.find((p) => p.name === 'd3-array shuffle');
const cards52 = Array.from({ length: 52 }, (_, id) => Object.freeze({ id, code: String(id) }));
const cards312 = Array.from({ length: 312 }, (_, id) => Object.freeze({ id, code: String(id % 52) }));

function read(a, n) {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i].id;
  return s;
}
const readAll = (list) => {
  let s = 0;
  for (const a of list) s += read(a, a.length);
  return s;
};

const SEATS = 9;
// Every fairdeck row is timed back to back with its peer (lib.mjs, measure()'s `vs`): the guards read those pairs.
const D3_HOLDEM = 'd3-array shuffle 52, read 26', D3_BJ = 'd3-array shuffle 312, read 6';
/** The whole hand as one pattern (checked once: Deck.pattern): two rounds of hole cards, then burn, flop, burn, turn, burn, river. */
const holdem = Deck.pattern([
  ...[0, 1].flatMap(() => Array.from({ length: SEATS }, (_, s) => ({ pile: `hand:${s}`, count: 1 }))),
  { pile: 'burn', count: 1 }, { pile: 'board', count: 3 }, { pile: 'burn', count: 1 }, { pile: 'board', count: 1 },
  { pile: 'burn', count: 1 }, { pile: 'board', count: 1 },
]);

const contenders = [
  { name: D3_HOLDEM, peer: true, group: 'holdem', fn: () => consume(read(d3.shuffle(cards52.slice()), 26)) },
];
for (const strategy of ['eager', 'lazy']) {
  const deck = new Deck({ strategy });  // unseeded: chacha20, keyed from platform entropy
  // Also back to back with the one-call hand: their difference is what the six pile calls more
  // cost (issue 39: "a pile call's fixed cost ≤ 60 ns"; targets.mjs).
  contenders.push({
    name: `fairdeck Hold'em, step by step (${strategy})`, group: 'holdem', vs: [D3_HOLDEM, `fairdeck Hold'em, one dealPattern (${strategy})`],
    fn: () => {
      deck.shuffle();
      let s = readAll(deck.dealHands(SEATS, 2));
      s += read(deck.burn(), 1) + read(deck.dealTo('board', 3), 3) + read(deck.burn(), 1) + read(deck.dealTo('board'), 1);
      s += read(deck.burn(), 1) + read(deck.dealTo('board'), 1);
      consume(s);
    },
  });
  const deck2 = new Deck({ strategy });
  contenders.push({
    name: `fairdeck Hold'em, one dealPattern (${strategy})`, group: 'holdem', vs: D3_HOLDEM,
    fn: () => consume(read(deck2.shuffle().dealPattern(holdem), 26)),
  });
}

// The floor under the Hold'em guard, measured in the same run: the hand's draws with no piles at
// all (a lazy deck's shuffle() + deal(26): the same 26 Fisher–Yates steps, two calls into WASM,
// a result of 26 Cards), and the JavaScript part alone — a new array of the same 26 Card objects,
// looked up by id from a typed array as Deck does, then read. Not guarded: they show what any
// hand that returns Card[] pays before its piles (docs/games.md, "Speed").
{
  const plain = new Deck({ strategy: 'lazy' });
  contenders.push({
    name: 'floor: shuffle() + deal(26), no piles (lazy)', group: 'holdem', note: 'floor', vs: D3_HOLDEM,
    fn: () => consume(read(plain.shuffle().deal(26), 26)),
  });
  const byId = [...plain.shuffle().deal(52)].sort((a, b) => a.id - b.id);
  const ids = new Uint32Array(plain.shuffle().deal(26).map((c) => c.id));
  const cardsOf = (k) => {
    const out = new Array(k);
    for (let i = 0; i < k; i++) out[i] = byId[ids[i]];
    return out;
  };
  contenders.push({
    name: 'floor: a new array of 26 Cards from ids, read (JavaScript only)', group: 'holdem', note: 'floor', vs: D3_HOLDEM,
    fn: () => consume(read(cardsOf(26), 26)),
  });
}

const round = Deck.pattern([{ pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }, { pile: 'player', count: 1 },
  { pile: 'dealer', count: 1 }, { pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }]);
contenders.push({ name: D3_BJ, peer: true, group: 'blackjack', fn: () => consume(read(d3.shuffle(cards312.slice()), 6)) });
{
  // The round as the guard has it (issue 31: player, dealer, 6 cards): its cards stay on the
  // player's and dealer's piles until the cut card comes out and the shoe is shuffled.
  const shoe = new Deck({ decks: 6, strategy: 'lazy', penetration: 0.75 });
  contenders.push({
    name: 'fairdeck blackjack round, 6-deck lazy shoe', group: 'blackjack', vs: D3_BJ,
    fn: () => {
      if (shoe.cutCardOut) shoe.shuffle();  // every 39th round: the O(1) shuffle gathers every pile
      consume(read(shoe.dealPattern(round), 6));
    },
  });
  // And as a table that keeps a discard tray does it: the round's cards then moved onto it.
  const table = new Deck({ decks: 6, strategy: 'lazy', penetration: 0.75 });
  contenders.push({
    name: 'fairdeck blackjack round + moveCards to discard', group: 'blackjack', vs: D3_BJ,
    fn: () => {
      if (table.cutCardOut) table.shuffle();
      const dealt = table.dealPattern(round);
      table.moveCards(dealt, 'discard');
      consume(read(dealt, 6));
    },
  });
}
report('games', measure(contenders, { rounds: 21, sampleMs: 20 }));
