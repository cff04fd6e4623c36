// Scenario: simulations (issue 40). A Hold'em equity loop's boards — 5 cards from the 48 a deck
// holds once two hands are dead — against plain JavaScript doing the same with Math.random (a
// baseline only: the package never uses it), per board:
//  - "plain JS 5 partial Fisher–Yates steps": 5 steps over a 48-item array per board, the
//    loop a simulation author writes by hand;
//  - fairdeck sampleIds(5, 10^6) on a secure deck with 4 dead cards: one call for 10^6 boards;
//  - fairdeck shuffle() + dealIds(5, into) per board, eager and lazy;
//  - unseeded shuffle(array) of a 48-item array against a plain Fisher–Yates with Math.random.
// Guards (targets.mjs): sampleIds ≤ 0.5×, dealIds after shuffle() ≤ 1.5× (the better strategy)
// of the plain per-board loop; the unseeded 48-item shuffle ≤ 1.0× of the plain shuffle.
import { init, Deck, shuffle } from 'fairdeck/sim';
import { consume, measure, report } from '../lib.mjs';

await init();
const BOARDS = 1000;
const dead = ['AS', 'AH', 'KS', 'KH'];
const live = new Uint32Array(48);
for (let i = 0, id = 0; id < 52; id++) if (![12, 25, 11, 24].includes(id)) live[i++] = id;  // any 48 ids: the loop's cost is the same

const plainBoards = {
  name: 'plain JS 5 partial Fisher–Yates steps per board (Math.random)', peer: true, ops: BOARDS,
  fn: () => {
    const a = live;
    let s = 0;
    for (let b = 0; b < BOARDS; b++) {
      for (let i = 47; i > 42; i--) {
        const j = Math.floor(Math.random() * (i + 1)), t = a[i];
        a[i] = a[j], a[j] = t;
        s += t;
      }
    }
    consume(s);
  },
};
const TRIALS = 1e6;
const sampler = new Deck({ exclude: dead });  // unseeded: the secure chacha20 default
const boards = new Uint32Array(5 * TRIALS);
const sample = {
  name: 'fairdeck sampleIds(5, 10^6), 4 dead cards (secure)', ops: TRIALS, vs: plainBoards.name,
  fn: () => consume(sampler.sampleIds(5, TRIALS, boards)[7]),
};
const dealers = ['eager', 'lazy'].map((strategy) => {
  const deck = new Deck({ exclude: dead, strategy }), into = new Uint32Array(5);
  return {
    name: `fairdeck shuffle() + dealIds(5) per board, ${strategy} (secure)`, ops: BOARDS, vs: plainBoards.name,
    fn: () => {
      let s = 0;
      for (let b = 0; b < BOARDS; b++) s += deck.shuffle().dealIds(5, into)[0];
      consume(s);
    },
  };
});
const items = Array.from({ length: 48 }, (_, i) => ({ i }));
const plainShuffle = {
  name: 'plain JS Fisher–Yates of 48 items (Math.random)', peer: true,
  fn: () => {
    const a = items;
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1)), t = a[i];
      a[i] = a[j], a[j] = t;
    }
    consume(a[0].i);
  },
};
const unseeded = { name: 'fairdeck shuffle(array) of 48 items, unseeded', vs: plainShuffle.name, fn: () => consume(shuffle(items)[0].i) };

// Each fairdeck row is timed back to back with its plain-JS peer and the guards read the median of
// the pairs' ratios, over 31 rounds (issue 58, item 6: ratios of two medians of 15 rounds moved
// 1.43–1.47× for the same code, against a 1.5× guard).
report('simulation', [
  ...measure([plainBoards, ...dealers, sample], { rounds: 31, sampleMs: 20 }),
  ...measure([plainShuffle, unseeded], { rounds: 31, sampleMs: 20 }),
]);
