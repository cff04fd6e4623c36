/**
 * A fuzzer for the JavaScript API (issue 17): fast-check generates hostile values — getters,
 * proxies (live, throwing, revoked), valueOf/toString/Symbol.toPrimitive with side effects, typed
 * arrays that lie about their size, re-entrant iterables that deal from the deck being called,
 * detached buffers, SharedArrayBuffer-backed arrays, odd numbers, lone surrogates — and passes
 * them to every public function and method, in every argument position.
 *
 * After each call it asserts the promises:
 *  - a failure is a TypeError or RangeError whose message names the parameter, unless the
 *    caller's own code threw (a Hostile error, which may propagate; since issue 59 fairdeck names
 *    it instead, in a TypeError whose cause it is); a getter on an options object is never
 *    called (issue 59): it is a TypeError naming it;
 *  - the caller's valueOf, toString and Symbol.toPrimitive were never called;
 *  - on failure the target deck's full state (toJSON({ includeSecret: true })) is unchanged, and
 *    so is every other live deck's, whatever the call did;
 *  - no card is ever dealt twice: every card the API hands out (including from caller code that
 *    re-enters a deck) must not already be out;
 *  - the module still works: a reference deck deals its golden cards.
 *
 * Runs: FAIRDECK_API_FUZZ_RUNS (default 100,000 in `npm test`; `npm run fuzz` runs 1,000,000).
 * Replay a failure with FAIRDECK_API_FUZZ_SEED=<seed> FAIRDECK_API_FUZZ_PATH=<path>.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, manifest, parseSeed, permutation, shuffle, type Card } from 'fairdeck/games';
import { randomBytes, randomUint32, RandomStream } from 'fairdeck/random';

const RUNS = Number(process.env.FAIRDECK_API_FUZZ_RUNS ?? 100_000);

/** Thrown by caller code on purpose: allowed to propagate (nothing may have changed). */
class Hostile extends Error {}

/** Counts calls of the caller's conversion hooks: must stay 0. */
let coerced = 0;
/** What a hostile value may do when its code runs. */
interface Ctx {
  /** Deals one card from the deck under test (re-entrancy), recording it. */
  reenter(): void;
}

const spy = () => ({
  valueOf() { coerced++; return 3; },
  toString() { coerced++; return '3'; },
  [Symbol.toPrimitive]() { coerced++; return 3; },
});

/** Hostile values, each made fresh per case (revoking and detaching are one-way). */
const makers: Record<string, (ctx: Ctx) => unknown> = {
  undefined: () => undefined,
  null: () => null,
  nan: () => NaN,
  negZero: () => -0,
  infinity: () => Infinity,
  huge: () => 2 ** 53 + 2,
  negative: () => -1,
  fraction: () => 1.5,
  big: () => 2n ** 70n,
  bigSmall: () => 3n,
  symbol: () => Symbol('s'),
  fn: () => () => 1,
  loneSurrogate: () => 'a\uD800',
  emptyString: () => '',
  code: () => 'AS',
  coercer: () => spy(),
  throwingGetter: () => Object.defineProperty({}, 'seed', { enumerable: true, get() { throw new Hostile('getter'); } }),
  dealingGetter: (ctx) => Object.defineProperty({}, 'seed', { enumerable: true, get() { ctx.reenter(); return 1; } }),
  proxy: () => new Proxy({}, {}),
  throwingProxy: () => new Proxy({}, { get() { throw new Hostile('trap'); }, ownKeys() { throw new Hostile('trap'); }, getPrototypeOf() { throw new Hostile('trap'); } }),
  revoked: () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; },
  map: () => new Map([['seed', 1]]),
  instance: () => new (class Options { seed = 1; })(),
  array: () => [1, 2, 3],
  frozenArray: () => Object.freeze([3, 1, 2]),
  readOnlyItem: () => Object.defineProperty([1, 2, 3], 1, { value: 2, writable: false }),
  throwingSetter: () => Object.defineProperty([1, 2, 3], 0, { get: () => 1, set() { throw new Hostile('setter'); } }),
  lyingLength: () => Object.defineProperty(new Uint8Array(64), 'length', { value: 2 ** 20 }),
  lyingSubclass: () => new (class extends Uint32Array { override get length() { return 2 ** 20; } })(16),
  lyingWidth: () => Object.defineProperty(new Uint16Array(32), 'BYTES_PER_ELEMENT', { value: 64 }),
  detached: () => { const a = new Uint8Array(16); structuredClone(a.buffer, { transfer: [a.buffer] }); return a; },
  shared: () => new Int32Array(new SharedArrayBuffer(64)).map((_, i) => i),
  bytes: () => new Uint8Array([1, 2, 3]),
  dealingIterable: (ctx) => ({ *[Symbol.iterator]() { ctx.reenter(); yield 0; ctx.reenter(); } }),
  throwingIterable: () => ({ *[Symbol.iterator]() { yield 0; throw new Hostile('iterator'); } }),
  dealingIndex: (ctx) => Object.defineProperty([0], 0, { get() { ctx.reenter(); return 0; } }),
  cyclicState: () => { const o: Record<string, unknown> = { format: 'fairdeck-deck' }; o.self = o; return o; },
  bigintState: () => ({ format: 'fairdeck-deck', version: 1n }),
};
const NAMES = Object.keys(makers);

/** A public call, the parameter it must name when it rejects, and its target deck (if any). */
interface Target {
  name: string;
  param: RegExp;
  onDeck: boolean;
  /** Deals cards (Card[] or, for dealHands, Card[][]): each is recorded as out. */
  deals?: boolean;
  call(deck: Deck, x: unknown): unknown;
}
const targets: Target[] = [
  { name: 'new Deck(x)', param: /Deck options/, onDeck: false, call: (_, x) => new Deck(x as never).dispose() },
  ...['seed', 'rng', 'strategy', 'style', 'decks', 'jokers', 'size', 'bogus'].map((k): Target => ({
    name: `new Deck({ ${k}: x })`, param: new RegExp(k === 'bogus' ? 'unknown option' : k), onDeck: false,
    call: (_, x) => new Deck({ [k]: x } as never).dispose(),
  })),
  { name: 'deck.deal(x)', param: /\bn\b/, onDeck: true, call: (d, x) => d.deal(x as never) },
  { name: 'deck.returnCards(x)', param: /cards|card/, onDeck: true, call: (d, x) => d.returnCards(x as never) },
  { name: 'deck.returnCards([x])', param: /card/, onDeck: true, call: (d, x) => d.returnCards([x] as never) },
  { name: 'deck.toJSON(x)', param: /toJSON options|includeSecret/, onDeck: true, call: (d, x) => d.toJSON(x as never) },
  { name: 'deck.toJSON({ includeSecret: x })', param: /includeSecret/, onDeck: true, call: (d, x) => d.toJSON({ includeSecret: x } as never) },
  { name: 'Deck.fromJSON(x)', param: /state/, onDeck: false, call: (_, x) => Deck.fromJSON(x as never).dispose() },
  { name: 'shuffle(x)', param: /array/, onDeck: false, call: (_, x) => shuffle(x as never, { seed: 1 }) },
  { name: 'shuffle(array, x)', param: /options/, onDeck: false, call: (_, x) => shuffle([1, 2, 3], x as never) },
  { name: 'shuffle(array, { seed: x })', param: /seed/, onDeck: false, call: (_, x) => shuffle([1, 2, 3], { seed: x } as never) },
  { name: 'permutation(x)', param: /\bn\b/, onDeck: false, call: (_, x) => permutation(x as never, { seed: 1 }) },
  { name: 'permutation(3, x)', param: /options|seed|rng/, onDeck: false, call: (_, x) => permutation(3, x as never) },
  { name: 'randomUint32(x)', param: /\bn\b/, onDeck: false, call: (_, x) => randomUint32(x as never, { seed: 1 }) },
  { name: 'randomBytes(4, { rng: x })', param: /rng/, onDeck: false, call: (_, x) => randomBytes(4, { seed: 1, rng: x } as never) },
  { name: 'new RandomStream(x)', param: /options/, onDeck: false, call: (_, x) => new RandomStream(x as never).dispose() },
  { name: 'stream.nextUint32(x)', param: /\bn\b/, onDeck: false, call: (_, x) => { const s = new RandomStream({ seed: 1 }); try { return s.nextUint32(x as never); } finally { s.dispose(); } } },
  { name: 'parseSeed(x)', param: /text/, onDeck: false, call: (_, x) => parseSeed(x as never) },
  // Piles (issue 31): every deal's cards are recorded (deals: true), moves keep them out.
  { name: 'new Deck({ penetration: x })', param: /penetration/, onDeck: false, call: (_, x) => new Deck({ penetration: x } as never).dispose() },
  { name: 'deck.dealHands(x, 1)', param: /seats/, onDeck: true, deals: true, call: (d, x) => d.dealHands(x as never, 1) },
  { name: 'deck.dealHands(2, x)', param: /perSeat|seats \* perSeat/, onDeck: true, deals: true, call: (d, x) => d.dealHands(2, x as never) },
  { name: 'deck.burn(x)', param: /\bn\b/, onDeck: true, deals: true, call: (d, x) => d.burn(x as never) },
  { name: 'deck.dealTo(x)', param: /pile/, onDeck: true, deals: true, call: (d, x) => d.dealTo(x as never) },
  { name: "deck.dealTo('board', x)", param: /\bn\b/, onDeck: true, deals: true, call: (d, x) => d.dealTo('board', x as never) },
  { name: 'deck.dealPattern(x)', param: /packets/, onDeck: true, deals: true, call: (d, x) => d.dealPattern(x as never) },
  { name: 'deck.dealPattern([x])', param: /packets\[0\]/, onDeck: true, deals: true, call: (d, x) => d.dealPattern([x] as never) },
  { name: 'deck.dealPattern([{ pile: x, count: 1 }])', param: /packets\[0\]\.pile/, onDeck: true, deals: true, call: (d, x) => d.dealPattern([{ pile: x, count: 1 }] as never) },
  { name: "deck.dealPattern([{ pile: 'p', count: x }])", param: /packets\[0\]\.count|packets must deal/, onDeck: true, deals: true, call: (d, x) => d.dealPattern([{ pile: 'p', count: x }] as never) },
  { name: 'deck.hand(x)', param: /seat/, onDeck: true, call: (d, x) => d.hand(x as never) },
  { name: 'deck.pile(x)', param: /name/, onDeck: true, call: (d, x) => d.pile(x as never) },
  { name: "deck.moveCards(x, 'discard')", param: /cards|card/, onDeck: true, call: (d, x) => d.moveCards(x as never, 'discard') },
  { name: "deck.moveCards([x], 'discard')", param: /card/, onDeck: true, call: (d, x) => d.moveCards([x] as never, 'discard') },
  { name: 'deck.moveCards(one dealt card, x)', param: /\bto\b/, onDeck: true, call: (d, x) => d.moveCards(d.dealt.slice(0, 1), x as never) },
  { name: "deck.moveCards(one dealt card, 'discard', x)", param: /moveCards options|from/, onDeck: true, call: (d, x) => d.moveCards(d.dealt.slice(0, 1), 'discard', x as never) },
  { name: "deck.moveCards(one dealt card, 'discard', { from: x })", param: /from|cannot be moved from/, onDeck: true, call: (d, x) => d.moveCards(d.dealt.slice(0, 1), 'discard', { from: x } as never) },
];

/** Decks alive for the whole run: the targets and the bystanders. */
const decks: Deck[] = [];
/** Cards each deck has handed out through the API and not had back. */
const out = new Map<Deck, Set<number>>();
let reference: string;

function record(deck: Deck, cards: (Card | undefined)[]): void {
  const held = out.get(deck)!;
  for (const c of cards) {
    if (!c) continue;
    expect(held.has(c.id), `card ${c.code} (id ${c.id}) was dealt twice`).toBe(false);
    held.add(c.id);
  }
}
/** After a successful return: the cards the core moved to its return pile are no longer out. */
function returned(deck: Deck, before: string): void {
  const was = new Set((JSON.parse(before) as { returned: number[] }).returned);
  const held = out.get(deck)!;
  for (const id of deck.toJSON({ includeSecret: true }).returned) if (!was.has(id)) held.delete(id);
}
const state = (d: Deck) => JSON.stringify(d.toJSON({ includeSecret: true }));

beforeAll(async () => {
  await init();
  reference = new Deck({ seed: 42 }).deal(52).join();
  const { strategies, engines } = manifest();
  strategies.forEach((strategy, i) => {  // one deck per strategy, the engines taking turns
    const rng = engines[i % engines.length];
    const d = new Deck({ seed: `${strategy}/${rng}`, strategy, rng });
    decks.push(d);
    out.set(d, new Set());
    record(d, d.deal(20));
  });
});
afterAll(() => decks.forEach((d) => d.dispose()));

describe('the JS API under hostile callers (fast-check)', () => {
  it(`keeps every promise over ${RUNS} hostile calls`, () => {
    const tally = { ok: 0, rejected: 0, hostile: 0, unrun: 0, caused: 0 };
    const seed = process.env.FAIRDECK_API_FUZZ_SEED !== undefined ? Number(process.env.FAIRDECK_API_FUZZ_SEED) : undefined;
    const path = process.env.FAIRDECK_API_FUZZ_PATH;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: targets.length - 1 }), fc.constantFrom(...NAMES), fc.nat(decks.length - 1), (t, kind, which) => {
        const target = targets[t], deck = decks[which];
        const others = decks.filter((d) => d !== deck);
        const before = state(deck), othersBefore = others.map(state);
        let reentered = false;
        const value = makers[kind]({
          reenter() {
            reentered = true;
            if (deck.remaining > 0) record(deck, [deck.dealOne()]);
          },
        });
        coerced = 0;
        let error: unknown, result: unknown;
        try {
          result = target.call(deck, value);
        } catch (e) {
          error = e;
        }
        expect(coerced, `${target.name} with ${kind} called the caller's valueOf/toString`).toBe(0);
        if (error === undefined) tally.ok++;
        else if (error instanceof Hostile) tally.hostile++;
        else {
          tally.rejected++;
          if (/ is a getter \(an accessor property\)/.test(String((error as Error).message))) tally.unrun++;  // refused, never called (issue 59)
          if ((error as Error).cause instanceof Hostile) tally.caused++;  // the caller's own error, named (issue 59)
          expect(error instanceof TypeError || error instanceof RangeError, `${target.name} with ${kind}: ${String(error)}`).toBe(true);
          expect(String((error as Error).message), `${target.name} with ${kind} must name its parameter`).toMatch(target.param);
        }
        if (error !== undefined && !reentered) expect(state(deck), `${target.name} with ${kind} failed but changed the deck`).toBe(before);
        others.forEach((d, i) => expect(state(d), `${target.name} with ${kind} changed another deck`).toBe(othersBefore[i]));
        if (error === undefined && target.name === 'deck.deal(x)') record(deck, result as Card[]);
        if (error === undefined && target.deals) record(deck, (result as (Card | Card[])[]).flat());
        if (error === undefined && target.name.startsWith('deck.returnCards')) returned(deck, before);
        if (deck.remaining < 10) {
          deck.shuffle();
          out.set(deck, new Set());
          record(deck, deck.deal(20));
        }
      }),
      { numRuns: RUNS, ...(seed !== undefined ? { seed } : {}), ...(path ? { path } : {}) },
    );
    expect(new Deck({ seed: 42 }).deal(52).join(), 'the module still deals its golden cards').toBe(reference);
    // The generator reaches every branch: valid calls, rejections and the caller's own errors.
    expect(tally.ok).toBeGreaterThan(RUNS / 50);
    expect(tally.rejected).toBeGreaterThan(RUNS / 4);
    // Since issue 59 a getter on an options object is refused without being called (`unrun`), and
    // the caller's own errors reach the caller as a TypeError naming what threw, with the error as
    // its cause (`caused`); `hostile` counts errors let through.
    expect(tally.hostile + tally.unrun + tally.caused).toBeGreaterThan(RUNS / 200);
    if (process.env.FAIRDECK_API_FUZZ_STATS) console.log('api-fuzz', RUNS, 'cases', tally);
  }, 900_000);
});
