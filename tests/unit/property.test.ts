/**
 * Model-based property tests (fast-check): random sequences of shuffle, shuffleRemaining,
 * dealOne, deal(n), returnCards (as Cards, codes, ids, through any iterable), toJSON/fromJSON and
 * bad calls, on every strategy, engine, seed kind and composition, checked against a reference
 * model in plain TypeScript that knows only which pile each card id is in.
 *
 * Checked: every dealt card comes from the model's undealt pile (its returned pile only once the
 * undealt one is empty), `deal(n)` gives min(n, remaining) distinct cards, `remaining`,
 * `returned`, `dealt` and the piles of `toJSON()` equal the model's (so the cards across the
 * three piles are exactly the deck, each once), a state restores to a deck that deals exactly
 * what the original would, and every bad call throws the right error class and changes nothing —
 * engine position included (`toJSON({ includeSecret: true })` is compared).
 *
 * On failure the message gives the seed and path; replay with
 *   FAIRDECK_FC_SEED=<seed> FAIRDECK_FC_PATH=<path> npx vitest run tests/unit/property.test.ts
 * FAIRDECK_FC_RUNS=<n> changes the number of runs (default below).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type Card, type DeckOptions, type DeckState } from 'fairdeck/games';

beforeAll(() => init());

const RUNS = Number(process.env.FAIRDECK_FC_RUNS ?? 5000);
const UNDEALT = 0, RETURNED = 1, DEALT = 2;

/** The reference model: which pile each card id is in. */
class Model {
  readonly where: Uint8Array;
  readonly count = [0, 0, 0];
  constructor(readonly size: number, readonly decks: number) {
    this.where = new Uint8Array(size);
    this.count[UNDEALT] = size;
  }
  move(id: number, to: number): void {
    this.count[this.where[id]]--;
    this.where[id] = to;
    this.count[to]++;
  }
  gather(from: number, to: number): void {
    for (let id = 0; id < this.size; id++) if (this.where[id] === from) this.move(id, to);
  }
  ids(pile: number): number[] {
    const out: number[] = [];
    for (let id = 0; id < this.size; id++) if (this.where[id] === pile) out.push(id);
    return out;
  }
  get remaining(): number {
    return this.count[UNDEALT] + this.count[RETURNED];
  }
  /** A card the deck just dealt: must be undealt (returned cards only once undealt is empty). */
  dealt(card: Card | undefined): void {
    if (this.count[UNDEALT] === 0) {
      if (this.count[RETURNED] === 0) {
        expect(card, 'an empty deck deals undefined').toBeUndefined();
        return;
      }
      this.gather(RETURNED, UNDEALT);
    }
    expect(card, 'a deck with cards left deals one').toBeDefined();
    expect(card!.id).toBeLessThan(this.size);
    expect(this.where[card!.id], `card ${card!.id} must come from the undealt pile`).toBe(UNDEALT);
    this.move(card!.id, DEALT);
  }
  /** Ids sharing `id`'s face (its copies in a shoe): id = deck · perDeck + face. */
  copies(id: number): number[] {
    const per = this.size / this.decks;
    return Array.from({ length: this.decks }, (_, d) => d * per + (id % per));
  }
}

interface Real {
  deck: Deck;
  seeded: boolean;
}

const secret = (deck: Deck) => JSON.stringify(deck.toJSON({ includeSecret: true }));
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);

/** Everything the deck says about its piles equals the model. */
function verify(m: Model, r: Real): void {
  const d = r.deck;
  expect(d.remaining).toBe(m.remaining);
  expect(d.returned).toBe(m.count[RETURNED]);
  expect(d.size).toBe(m.size);
  expect(sorted(d.dealt.map((c) => c.id))).toEqual(m.ids(DEALT));
  const s = d.toJSON();
  expect(sorted(s.undealt)).toEqual(m.ids(UNDEALT));
  expect(sorted(s.returned)).toEqual(m.ids(RETURNED));
  expect(sorted(s.dealt)).toEqual(m.ids(DEALT));
}

/** Picks from a list by pre-drawn numbers (commands are generated before the model exists). */
const pickFrom = <T>(list: T[], picks: number[]): T[] => {
  const pool = [...list], out: T[] = [];
  for (const p of picks) if (pool.length) out.push(pool.splice(p % pool.length, 1)[0]);
  return out;
};

type Cmd = fc.Command<Model, Real>;

/** Commands run, by kind (FAIRDECK_FC_STATS=1 prints them: how many bad calls were tried). */
const tally = new Map<string, number>();
const count = (kind: string) => tally.set(kind, (tally.get(kind) ?? 0) + 1);

class ShuffleCmd implements Cmd {
  check = () => true;
  run(m: Model, r: Real) {
    expect(r.deck.shuffle()).toBe(r.deck);
    m.gather(DEALT, UNDEALT);
    m.gather(RETURNED, UNDEALT);
  }
  toString = () => 'shuffle()';
}
class ShuffleRemainingCmd implements Cmd {
  check = () => true;
  run(m: Model, r: Real) {
    r.deck.shuffleRemaining();
    m.gather(RETURNED, UNDEALT);
  }
  toString = () => 'shuffleRemaining()';
}
class DealOneCmd implements Cmd {
  constructor(readonly times: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    for (let i = 0; i < this.times; i++) m.dealt(r.deck.dealOne());
  }
  toString = () => `dealOne()×${this.times}`;
}
class DealCmd implements Cmd {
  constructor(readonly n: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    const n = Math.min(this.n, m.size + 2), before = m.remaining;
    const cards = r.deck.deal(n);
    expect(cards).toHaveLength(Math.min(n, before));
    expect(new Set(cards).size).toBe(cards.length);
    for (const c of cards) m.dealt(c);
  }
  toString = () => `deal(${this.n})`;
}
class IterateCmd implements Cmd {
  constructor(readonly stopAfter: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    let k = 0;
    for (const card of r.deck) {
      m.dealt(card);
      if (++k === this.stopAfter) break;
    }
    if (k < this.stopAfter) m.dealt(r.deck.dealOne()); // the loop ended: the deck is empty
  }
  toString = () => `for…of (stop after ${this.stopAfter})`;
}

type Form = 'card' | 'code' | 'id';
class ReturnCmd implements Cmd {
  constructor(readonly picks: number[], readonly forms: Form[], readonly as: 'array' | 'set' | 'generator') {}
  check = () => true;
  run(m: Model, r: Real) {
    const dealtCards = new Map(r.deck.dealt.map((c) => [c.id, c]));
    const chosen = pickFrom(m.ids(DEALT), this.picks);
    let entries = chosen.map((id, i) => {
      const form = this.forms[i % this.forms.length];
      return form === 'card' ? dealtCards.get(id)! : form === 'id' ? id : dealtCards.get(id)!.code;
    });
    const copyOf = new Map<unknown, number>();
    entries.forEach((e, i) => copyOf.set(e, copyOf.get(e) ?? chosen[i]));
    if (this.as === 'set') entries = [...new Set(entries)]; // two copies' codes in a shoe are one entry
    // Model of the documented rule: a code becomes the first dealt copy (by id) not named by another entry.
    const named = new Set(entries.filter((e) => typeof e !== 'string').map((e) => (typeof e === 'number' ? e : e.id)));
    const returned = entries.map((e) => {
      if (typeof e !== 'string') return typeof e === 'number' ? e : e.id;
      const id = m.copies(copyOf.get(e)!).find((c) => m.where[c] === DEALT && !named.has(c))!;
      named.add(id);
      return id;
    });
    const iterable = this.as === 'array' ? entries : this.as === 'set' ? new Set(entries) : (function* () { yield* entries; })();
    r.deck.returnCards(iterable);
    for (const id of returned) m.move(id, RETURNED);
  }
  toString = () => `returnCards(${this.picks.length} picks as ${this.forms.join('/')}, ${this.as})`;
}

const BAD_RETURNS = ['undealt', 'returned', 'twice', 'id=size', 'id=-1', 'id=1.5', 'code', 'foreign', 'object', 'null', 'number', 'string'] as const;
class BadReturnCmd implements Cmd {
  constructor(readonly kind: (typeof BAD_RETURNS)[number], readonly picks: number[]) {}
  check = () => true;
  run(m: Model, r: Real) {
    const d = r.deck;
    const good: unknown[] = pickFrom(m.ids(DEALT), this.picks);
    const insert = (bad: unknown) => good.splice(this.picks.length ? this.picks[0] % (good.length + 1) : 0, 0, bad);
    let kind: ErrorConstructor = RangeError;
    let arg: unknown = good;
    const some = (pile: number) => m.ids(pile)[(this.picks[0] ?? 0) % Math.max(1, m.count[pile])];
    switch (this.kind) {
      case 'undealt': if (m.count[UNDEALT]) insert(some(UNDEALT)); else insert(m.size); break;
      case 'returned': if (m.count[RETURNED]) insert(some(RETURNED)); else insert(m.size); break;
      case 'twice': if (m.count[DEALT]) good.push(some(DEALT), d.dealt.find((c) => c.id === some(DEALT))!); else insert(-1); break;
      case 'id=size': insert(m.size); break;
      case 'id=-1': insert(-1); break;
      case 'id=1.5': insert(1.5); break;
      case 'code': insert('ZZ'); break;
      case 'foreign': insert(foreignCard(m.size)); break;
      case 'object': insert({ id: 'x' }); kind = TypeError; break;
      case 'null': insert(null); kind = TypeError; break;
      case 'number': arg = 5; kind = TypeError; break;
      case 'string': arg = 'AS'; kind = TypeError; break;
    }
    const before = secret(d);
    count('bad returnCards');
    expect(() => d.returnCards(arg as never)).toThrow(kind);
    expect(secret(d)).toBe(before);
  }
  toString = () => `returnCards(bad: ${this.kind})`;
}

/** The state with its second card (in pile order) replaced by its first: one card twice, one missing. */
function duplicated(s: DeckState): DeckState {
  const all = [...s.undealt, ...s.returned, ...s.dealt];
  all[1] = all.length > 1 ? all[0] : all.length; // a 1-card deck: an id out of range instead
  const u = s.undealt.length, r = s.returned.length;
  return { ...s, undealt: all.slice(0, u), returned: all.slice(u, u + r), dealt: all.slice(u + r, all.length > 1 ? undefined : 2) };
}

const BAD_CALLS: [string, (d: Deck) => unknown, ErrorConstructor][] = [
  ['deal(-1)', (d) => d.deal(-1), RangeError],
  ['deal(1.5)', (d) => d.deal(1.5), RangeError],
  ['deal(NaN)', (d) => d.deal(NaN), RangeError],
  ['deal(2^32)', (d) => d.deal(2 ** 32), RangeError],
  ["deal('2')", (d) => d.deal('2' as never), TypeError],
  ['deal()', (d) => (d.deal as (n?: number) => Card[])(), TypeError],
  ['toJSON({ secret: true })', (d) => d.toJSON({ secret: true } as never), TypeError],
  ["toJSON({ includeSecret: 'yes' })", (d) => d.toJSON({ includeSecret: 'yes' } as never), TypeError],
  ['fromJSON(tampered)', (d) => Deck.fromJSON({ ...d.toJSON(), size: d.size + 1 }), RangeError],
  ['fromJSON(a card twice, another missing)', (d) => Deck.fromJSON(duplicated(d.toJSON({ includeSecret: true }))), RangeError],
  ['fromJSON(not JSON)', () => Deck.fromJSON('{"format":'), TypeError],
];
class BadCallCmd implements Cmd {
  constructor(readonly which: number) {}
  check = () => true;
  run(_m: Model, r: Real) {
    const [, call, kind] = BAD_CALLS[this.which];
    const before = secret(r.deck);
    count('bad call');
    expect(() => call(r.deck)).toThrow(kind);
    expect(secret(r.deck)).toBe(before);
  }
  toString = () => `bad call ${BAD_CALLS[this.which][0]}`;
}

/** Restores the state into two twins (object and text) that must deal exactly alike; the deck is untouched. */
class TwinCmd implements Cmd {
  check = () => true;
  run(m: Model, r: Real) {
    const state = r.deck.toJSON({ includeSecret: true });
    const a = Deck.fromJSON(state), b = Deck.fromJSON(JSON.stringify(state));
    try {
      expect(a.info).toEqual(r.deck.info);
      expect(secret(a)).toBe(JSON.stringify(state));
      const fromA = [...a].map((c) => c.id), fromB = [...b].map((c) => c.id);
      expect(fromB).toEqual(fromA);
      const undealt = new Set(m.ids(UNDEALT));
      expect(fromA).toHaveLength(m.remaining);
      expect(fromA.slice(0, undealt.size).every((id) => undealt.has(id))).toBe(true);
      expect(sorted(fromA.slice(undealt.size))).toEqual(m.ids(RETURNED));
    } finally {
      a.dispose();
      b.dispose();
    }
  }
  toString = () => 'twin = fromJSON(toJSON({ includeSecret: true }))';
}

/** Replaces the deck by its restored state (without the secret: a secure deck gets a fresh key). */
class ReplaceCmd implements Cmd {
  constructor(readonly withSecret: boolean, readonly asText: boolean) {}
  check = () => true;
  run(_m: Model, r: Real) {
    const state: DeckState = r.deck.toJSON(this.withSecret ? { includeSecret: true } : undefined);
    const exact = r.seeded || this.withSecret;
    expect(state.order).toBe(exact ? 'exact' : 'hidden');
    expect(state.engine === null).toBe(!exact);
    const next = Deck.fromJSON(this.asText ? JSON.stringify(state) : state);
    expect(next.info).toEqual(r.deck.info);
    if (exact) expect(secret(next)).toBe(secret(r.deck));
    r.deck.dispose();
    r.deck = next;
  }
  toString = () => `deck = fromJSON(toJSON(${this.withSecret ? '{ includeSecret: true }' : ''})${this.asText ? ' as text' : ''})`;
}

class VerifyCmd implements Cmd {
  check = () => true;
  run(m: Model, r: Real) {
    count('verify');
    verify(m, r);
  }
  toString = () => 'verify';
}

const foreignDecks = new Map<number, Card>();
/** A card of another composition (never this deck's own object). */
function foreignCard(size: number): Card {
  let card = foreignDecks.get(size);
  if (!card) {
    const other = size === 32 ? new Deck({ seed: 1 }) : new Deck({ style: 'german', seed: 1 });
    card = other.dealOne()!;
    other.dispose();
    foreignDecks.set(size, card);
  }
  return card;
}

const commands = fc.commands(
  [
    fc.constant(new ShuffleCmd()),
    fc.constant(new ShuffleRemainingCmd()),
    fc.integer({ min: 1, max: 6 }).map((k) => new DealOneCmd(k)),
    fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 400 })).map((n) => new DealCmd(n)),
    fc.integer({ min: 1, max: 80 }).map((k) => new IterateCmd(k)),
    fc
      .tuple(
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.array(fc.constantFrom<Form>('card', 'code', 'id'), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('array' as const, 'set' as const, 'generator' as const),
      )
      .map(([p, f, as]) => new ReturnCmd(p, f, as)),
    fc.tuple(fc.constantFrom(...BAD_RETURNS), fc.array(fc.nat(), { maxLength: 4 })).map(([k, p]) => new BadReturnCmd(k, p)),
    fc.integer({ min: 0, max: BAD_CALLS.length - 1 }).map((i) => new BadCallCmd(i)),
    fc.constant(new TwinCmd()),
    fc.tuple(fc.boolean(), fc.boolean()).map(([s, t]) => new ReplaceCmd(s, t)),
    fc.constant(new VerifyCmd()),
  ],
  { maxCommands: 40, size: 'max' },
);

const compositions: fc.Arbitrary<Pick<DeckOptions, 'style' | 'decks' | 'jokers' | 'size'>> = fc.oneof(
  fc.constantFrom({}, { jokers: 2 }, { style: 'german' as const }, { decks: 2, jokers: 1 }, { style: 'german' as const, decks: 3 }, { decks: 6 }),
  fc.integer({ min: 1, max: 70 }).map((size) => ({ size })),
);
const seeds = fc.oneof(
  fc.constant(undefined),
  fc.nat(),
  fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
  fc.string({ maxLength: 8 }),
  fc.uint8Array({ maxLength: 8 }),
);
const options: fc.Arbitrary<DeckOptions> = fc
  .record({
    strategy: fc.constantFrom('eager' as const, 'lazy' as const, 'bitmap' as const),
    rng: fc.constantFrom('chacha20' as const, 'xoshiro256' as const),
    seed: seeds,
    composition: compositions,
  })
  .map(({ composition, seed, ...rest }) => ({ ...rest, ...composition, ...(seed === undefined ? {} : { seed }) }));

type MakeDeck = (o: DeckOptions) => Deck;

/** The property, parameterised by how decks are made (the negative controls plant bugs there). */
function property(make: MakeDeck) {
  return fc.property(options, commands, (o, cmds) => {
    const deck = make(o);
    const decks = o.size !== undefined ? 1 : (o.decks ?? 1);
    const real: Real = { deck, seeded: o.seed !== undefined };
    try {
      expect(deck.info.seeded).toBe(real.seeded);
      if (process.env.FAIRDECK_FC_STATS) for (const _ of cmds) count('commands');
      fc.modelRun(() => ({ model: new Model(deck.size, decks), real }), cmds);
    } finally {
      real.deck.dispose();
    }
  });
}

/** Runs the property; on failure, throws with the seed and path needed to replay it. */
function assertProperty(make: MakeDeck, numRuns: number) {
  const seed = process.env.FAIRDECK_FC_SEED !== undefined ? Number(process.env.FAIRDECK_FC_SEED) : undefined;
  const path = process.env.FAIRDECK_FC_PATH;
  return fc.check(property(make), { numRuns, ...(seed !== undefined ? { seed } : {}), ...(path ? { path } : {}) });
}

function report(details: ReturnType<typeof assertProperty>): string {
  return (
    `${fc.defaultReportMessage(details) ?? ''}\n${String(details.errorInstance)}\n` +
    `Replay: FAIRDECK_FC_SEED=${details.seed} FAIRDECK_FC_PATH=${details.counterexamplePath ?? ''} ` +
    'npx vitest run tests/unit/property.test.ts'
  );
}

describe('Deck against a reference model (fast-check)', () => {
  it(`keeps every card exactly once and agrees with the model over ${RUNS} random sessions`, () => {
    tally.clear();
    const details = assertProperty((o) => new Deck(o), RUNS);
    if (details.failed) throw new Error(report(details));
    if (process.env.FAIRDECK_FC_STATS) console.log(`${details.numRuns} runs; commands run:`, Object.fromEntries(tally));
    expect(details.numRuns).toBe(RUNS);
  }, 600_000); // a long run when FAIRDECK_FC_RUNS raises RUNS

  // Negative controls: the same property, with a bug planted in the deck, must fail.
  class LosesAReturnedCard extends Deck {
    override returnCards(cards: Iterable<Card | string | number>): void {
      const list = [...cards];
      super.returnCards(list.length > 2 ? list.slice(1) : list);
    }
  }
  class DealsACardTwice extends Deck {
    #n = 0;
    #last: Card | undefined;
    override dealOne(): Card | undefined {
      const card = ++this.#n % 40 === 0 && this.#last ? this.#last : super.dealOne();
      this.#last = card;
      return card;
    }
  }
  class ShuffleRemainingGathersEverything extends Deck {
    override shuffleRemaining(): this {
      return this.shuffle();
    }
  }
  it.each([
    ['loses a card passed to returnCards', (o: DeckOptions) => new LosesAReturnedCard(o)],
    ['deals the previous card again now and then', (o: DeckOptions) => new DealsACardTwice(o)],
    ['gathers the dealt cards too in shuffleRemaining', (o: DeckOptions) => new ShuffleRemainingGathersEverything(o)],
  ])('negative control: catches a deck that %s', (_name, make) => {
    const details = assertProperty(make, 300);
    expect(details.failed, 'the model comparison must catch this planted bug').toBe(true);
  });
});
