// Scenario 1: a 52-card deck, shuffled then dealt in full, against every peer's 52-card shuffle.
// Peers shuffle an Array of 52 card objects and then read every card (the "deal"); fairdeck
// shuffles its deck and deals all 52 Card objects through deal(52) or 52 dealOne() calls.
import { init, Deck } from 'fairdeck';
import { consume, measure, report } from '../lib.mjs';
import { peers } from '../peers.mjs';

await init();
const cards = Array.from({ length: 52 }, (_, id) => Object.freeze({ id, code: String(id) }));

function readAll(a) {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i].id;
  consume(s);
}

const contenders = peers.map((p) => {
  const deck = cards.slice();
  return { name: p.name, note: p.note, peer: true, fn: () => readAll(p.shuffle(deck)) };
});
// Each fairdeck row is timed back to back with d3-array's (lib.mjs, measure()'s `vs`), and each
// dealOne() row also with its deal(52) row: the guards read those pairs.
const D3 = 'd3-array shuffle';
// Per strategy: deal(52) against 52 dealOne() calls on the same kind of deck, so that the
// difference / 52 is dealOne()'s overhead per card (a guard: ≤ 15 ns for eager, lazy and bitmap).
for (const rng of ['xoshiro256', 'chacha20']) {
  for (const strategy of ['eager', 'lazy', 'bitmap']) {
    const deck = new Deck({ rng, strategy });  // unseeded: chacha20 is the secure default
    const tag = (rng === 'chacha20' ? 'chacha20 (secure)' : rng) + (strategy === 'eager' ? '' : ` ${strategy}`);
    contenders.push({ name: `fairdeck deal(52) ${tag}`, group: `batch-${rng}-${strategy}`, vs: D3, fn: () => readAll(deck.shuffle().deal(52)) });
    const deck1 = new Deck({ rng, strategy });
    contenders.push({
      name: `fairdeck dealOne() ×52 ${tag}`, group: `one-${rng}-${strategy}`, vs: [D3, `fairdeck deal(52) ${tag}`],
      fn: () => {
        deck1.shuffle();
        let s = 0;
        for (let i = 0; i < 52; i++) s += deck1.dealOne().id;
        consume(s);
      },
    });
  }
}
report('deck52', measure(contenders, { rounds: 21, sampleMs: 20 }));
