// Issue 40, simulations: dealIds deals exactly what deal() deals; sampleIds's samples follow the
// exact law (every ordered k-subset equally likely) and leave the deck's cards where they were;
// callers' arrays are validated with clear errors. On the Deck of 'fairdeck/sim', which is a
// games Deck too (sim-module.test.ts: the other entries' Decks refuse these operations).
//
// Law: 3 of the 6 remaining cards of a generic 8-card deck (5 undealt, 1 returned: both piles
// feed the samples), 120 ordered subsets, 120,000 trials (1,000 expected a cell), χ² with 119
// degrees of freedom at α = 10⁻⁶ (fairdeck/fairness's ALPHA): a fair sampler fails with
// probability 10⁻⁶ whatever the seed. Negative control: the same test fed by a deliberately
// biased sampler (the first 3 cards of the naive swap shuffle, drawn from a seeded engine of
// fairdeck/random) must be rejected.
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck/sim';
import { ALPHA, chiSquarePValue } from 'fairdeck/fairness';
import { RandomStream, init as initRandom } from 'fairdeck/random';

beforeAll(async () => {
  await init();
  await initRandom();
});

const strategies = ['eager', 'lazy', 'bitmap'] as const;

describe('deck.dealIds', () => {
  it.each(strategies)('%s: deals the same cards as deal(), window or not, returned cards included', (strategy) => {
    const a = new Deck({ seed: 40, strategy }), b = new Deck({ seed: 40, strategy });
    const into = new Uint32Array(7);
    for (const n of [5, 1, 7, 0, 3]) {
      expect([...a.dealIds(n)]).toEqual(b.deal(n).map((c) => c.id));
      expect(a.dealOne()!.id).toBe(b.dealOne()!.id);  // lazy decks: a look-ahead window opens
      const got = a.dealIds(3, into);
      expect(got.buffer).toBe(into.buffer);
      expect([...got]).toEqual(b.deal(3).map((c) => c.id));
    }
    const out = b.deal(2);
    a.dealIds(2);
    a.returnCards(out.map((c) => c.id));
    b.returnCards(out);
    expect([...a.dealIds(52)]).toEqual(b.deal(52).map((c) => c.id));  // undealt then returned
    expect(a.dealIds(5).length).toBe(0);
    expect(a.toJSON()).toEqual(b.toJSON());
    a.dispose(), b.dispose();
  });

  it('returns the caller\'s array when the ids fill it, a view of its start otherwise', () => {
    const deck = new Deck({ seed: 1 });
    const five = new Uint32Array(5), ten = new Uint32Array(10);
    expect(deck.dealIds(5, five)).toBe(five);
    const part = deck.dealIds(5, ten);
    expect(part.length).toBe(5);
    expect(part.buffer).toBe(ten.buffer);
    deck.shuffle();
    deck.dealIds(50);
    expect([...deck.dealIds(5, five).subarray(0, 2)].length).toBe(2);  // 2 left: a view of 2
    deck.dispose();
  });

  it('refuses a bad n or into with errors that name them, dealing nothing', () => {
    const deck = new Deck({ seed: 2 });
    const before = deck.toJSON();
    expect(() => deck.dealIds(-1)).toThrow(new RangeError('n must be an integer from 0 to 4294967295, got -1'));
    expect(() => deck.dealIds(5, [0, 0, 0, 0, 0] as unknown as Uint32Array)).toThrow(new TypeError('into must be a Uint32Array, got an array of 5'));
    expect(() => deck.dealIds(5, new Int32Array(5) as unknown as Uint32Array)).toThrow(TypeError);
    expect(() => deck.dealIds(5, new Uint32Array(4))).toThrow(new RangeError('into must hold at least n = 5 ids, got a Uint32Array of length 4'));
    expect(deck.toJSON()).toEqual(before);
    deck.dispose();
  });
});

/** Rank of an ordered k-subset of `cards` (mixed radix: each pick's place among those left). */
function rankOf(cards: number[], sample: ArrayLike<number>, k: number): number {
  const left = [...cards];
  let r = 0;
  for (let i = 0; i < k; i++) {
    const at = left.indexOf(sample[i]);
    if (at < 0) throw new Error(`card ${sample[i]} is not a remaining card, or is drawn twice`);
    r = r * left.length + at;
    left.splice(at, 1);
  }
  return r;
}
function pValue(cards: number[], k: number, trials: number, samples: Uint32Array): number {
  let cells = 1;
  for (let i = 0; i < k; i++) cells *= cards.length - i;
  const counts = new Array<number>(cells).fill(0);
  for (let t = 0; t < trials; t++) counts[rankOf(cards, samples.subarray(t * k, t * k + k), k)]++;
  const e = trials / cells;
  return chiSquarePValue(counts.reduce((x, c) => x + (c - e) ** 2 / e, 0), cells - 1);
}
/** The negative control: the first k of the naive swap (a[i] ↔ a[rand(n)]), Lemire draws from a seeded stream. */
function biasedSamples(cards: number[], k: number, trials: number): Uint32Array {
  const stream = new RandomStream({ seed: 'biased' }), out = new Uint32Array(k * trials);
  let words = stream.nextUint32(0), at = 0;
  const draw = (n: number) => {
    for (;;) {
      if (at === words.length) words = stream.nextUint32(1 << 16), at = 0;
      const m = BigInt(words[at++]) * BigInt(n);
      if ((m & 0xffffffffn) >= BigInt((2 ** 32) % n)) return Number(m >> 32n);
    }
  };
  for (let t = 0; t < trials; t++) {
    const a = [...cards];
    for (let i = 0; i < a.length; i++) {
      const j = draw(a.length);
      [a[i], a[j]] = [a[j], a[i]];
    }
    out.set(a.slice(0, k), t * k);
  }
  stream.dispose();
  return out;
}

describe('deck.sampleIds', () => {
  it.each(strategies)('%s: every ordered 3-subset of the 6 remaining cards equally likely; the biased control fails', (strategy) => {
    const deck = new Deck({ size: 8, seed: 'exact', strategy });
    const [first] = deck.dealIds(2);
    deck.returnCards([first]);
    deck.dealIds(1);
    const remaining = [...deck.toJSON().undealt, ...deck.toJSON().returned];
    expect(remaining.length).toBe(6);
    const trials = 120_000;
    expect(pValue(remaining, 3, trials, deck.sampleIds(3, trials))).toBeGreaterThan(ALPHA);
    expect(pValue(remaining, 3, trials, biasedSamples(remaining, 3, trials))).toBeLessThan(ALPHA);
    deck.dispose();
  });

  it('leaves the cards where they were, moves the engine on, and deals on as before', () => {
    const a = new Deck({ seed: 7, strategy: 'lazy' }), b = new Deck({ seed: 7, strategy: 'lazy' });
    a.dealIds(4), b.dealIds(4);
    const before = a.toJSON();
    const s1 = a.sampleIds(5, 1000), s2 = a.sampleIds(5, 1000);
    expect([...s1]).not.toEqual([...s2]);
    const after = a.toJSON();
    expect(after.undealt).toEqual(before.undealt);
    expect(after.dealt).toEqual(before.dealt);
    expect(after.engine).not.toEqual(before.engine);
    expect(a.remaining).toBe(48);
    a.dispose(), b.dispose();
  });

  it('is one law whatever the chunking: 100,000 boards at once equal 10 calls of 10,000', () => {
    const a = new Deck({ seed: 9 }), b = new Deck({ seed: 9 });
    const all = a.sampleIds(5, 100_000), parts = new Uint32Array(500_000);
    for (let i = 0; i < 10; i++) b.sampleIds(5, 10_000, parts.subarray(i * 50_000, (i + 1) * 50_000));
    expect(all).toEqual(parts);
    for (let t = 0; t < 100_000; t++) expect(new Set(all.subarray(5 * t, 5 * t + 5)).size).toBe(5);
    a.dispose(), b.dispose();
  });

  it('refuses bad arguments, too many cards and provable decks with clear errors, changing nothing', () => {
    const deck = new Deck({ seed: 3 });
    deck.dealIds(10);
    const before = deck.toJSON();
    expect(() => deck.sampleIds(43, 1)).toThrow(new RangeError('k must be at most the 42 cards remaining, got 43'));
    expect(() => deck.sampleIds(43, 0)).toThrow(RangeError);
    expect(() => deck.sampleIds(1.5, 1)).toThrow(new RangeError('k must be an integer from 0 to 4294967295, got 1.5'));
    expect(() => deck.sampleIds(5, '9' as unknown as number)).toThrow(new TypeError('trials must be an integer, got "9"'));
    expect(() => deck.sampleIds(5, 2 ** 31)).toThrow(RangeError);
    expect(() => deck.sampleIds(5, 2, new Uint32Array(9))).toThrow(new RangeError('into must hold at least k * trials = 10 ids, got a Uint32Array of length 9'));
    expect(() => deck.sampleIds(5, 2, new Float64Array(10) as unknown as Uint32Array)).toThrow(/^into must be a Uint32Array, got .*Float64Array/);
    expect(deck.toJSON()).toEqual(before);
    expect(deck.sampleIds(0, 5).length).toBe(0);
    deck.dispose();
    const provable = new Deck({ provable: { serverSeed: 'ab'.repeat(32), clientSeed: 'c', nonce: 0 } });
    expect(() => provable.sampleIds(5, 1)).toThrow(TypeError);
    provable.dispose();
  });

  it('is on a Deck that deals to piles too (the sim Deck is a games Deck)', () => {
    const deck = new Deck({ seed: 5 }), twin = new Deck({ seed: 5 });
    expect([...deck.dealIds(5)]).toEqual(twin.dealHands(1, 5)[0].map((c) => c.id));
    expect(deck.sampleIds(2, 3).length).toBe(6);
    deck.dispose(), twin.dispose();
  });
});

describe('dead cards: new Deck({ exclude }), deck.remove, deck.dead', () => {
  it.each(strategies)('%s: stay out through shuffle() until returnCards puts them back; sampleIds never sees them', (strategy) => {
    const deck = new Deck({ seed: 11, strategy, exclude: ['AS', 'AH', 'KS', 'KH'] });
    expect(deck.remaining).toBe(48);
    expect(deck.dead.map((c) => c.code).sort()).toEqual(['AH', 'AS', 'KH', 'KS']);
    const dead = new Set(deck.dead.map((c) => c.id));
    for (let i = 0; i < 20; i++) {
      deck.shuffle();
      const ids = deck.dealIds(52);
      expect(ids.length).toBe(48);
      for (const id of ids) expect(dead.has(id)).toBe(false);
    }
    deck.shuffle();
    for (const id of deck.sampleIds(5, 2000)) expect(dead.has(id)).toBe(false);
    deck.returnCards(['AS']);
    expect(deck.dead.length).toBe(3);
    expect(deck.remaining).toBe(49);
    deck.shuffle();
    expect(deck.remaining).toBe(49);
    deck.dispose();
  });

  it('round-trips through toJSON and fromJSON (a version 2 state with "dead"), and a deck without dead cards writes what it did', () => {
    const plain = new Deck({ seed: 12 });
    expect(plain.toJSON()).not.toHaveProperty('dead');
    expect(plain.toJSON().version).toBe(1);
    const deck = new Deck({ seed: 12, strategy: 'lazy' });
    deck.dealIds(3);
    deck.remove(['2C', '3D']);
    const state = deck.toJSON();
    expect(state.version).toBe(2);
    expect(state.dead).toEqual(deck.dead.map((c) => c.id).sort((a, b) => a - b));
    const back = Deck.fromJSON(JSON.stringify(state));
    expect(back.toJSON()).toEqual(state);
    deck.shuffle(), back.shuffle();
    expect([...back.dealIds(52)]).toEqual([...deck.dealIds(52)]);
    expect(() => Deck.fromJSON({ ...state, dead: [state.undealt[0]] })).toThrow(new RangeError(`state.dead holds card ${state.undealt[0]}, which state.dealt does not`));
    expect(() => Deck.fromJSON({ ...state, dead: ['x'] as unknown as number[] })).toThrow(new TypeError('state.dead must hold only card ids (integers)'));
    plain.dispose(), deck.dispose(), back.dispose();
  });

  it('is all or nothing, with errors naming the card; refused for provable decks and cut cards', () => {
    const deck = new Deck({ seed: 13 });
    const [dealt] = deck.deal(1);
    const before = deck.toJSON();
    expect(() => deck.remove(['AS', dealt.code])).toThrow(new RangeError(`card ${dealt.code} (id ${dealt.id}) cannot be removed: it is not in the deck (it is dealt)`));
    expect(() => deck.remove(['XX'])).toThrow(new RangeError('unknown card code "XX" for this deck'));
    expect(() => deck.remove(5 as unknown as string[])).toThrow(TypeError);
    expect(deck.toJSON()).toEqual(before);
    deck.remove(['QS']);
    expect(() => deck.remove(['QS'])).toThrow(/already out of play/);
    expect(() => new Deck({ exclude: ['AS', 'AS'] })).toThrow(/named twice/);
    expect(() => new Deck({ exclude: 'AS' as unknown as string[] })).toThrow(TypeError);
    expect(() => new Deck({ penetration: 0.5, exclude: ['AS'] })).toThrow(TypeError);
    expect(() => new Deck({ provable: { serverSeed: 'ab'.repeat(32), clientSeed: 'c', nonce: 0 }, exclude: ['AS'] })).toThrow(TypeError);
    deck.dispose();
  });

  it('works in a shoe and with piles, where moveCards refuses a dead card', () => {
    const shoe = new Deck({ seed: 14, decks: 2, exclude: ['AS', 'AS'] });
    expect(shoe.dead.map((c) => c.code)).toEqual(['AS', 'AS']);
    shoe.dispose();
    const deck = new Deck({ seed: 15, exclude: ['AS'] });
    expect(() => deck.moveCards(['AS'], 'hand:0')).toThrow(/out of play/);
    deck.dealHands(2, 2);
    deck.shuffle();
    expect(deck.remaining).toBe(51);
    deck.dispose();
  });
});
