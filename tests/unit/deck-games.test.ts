/**
 * The pile API of issue 31 through the binding: hands round by round, burns, a board, patterns,
 * moves between piles, the cut card, and states that carry every pile. The core's own rules are
 * tested natively (tests/cpp/piles_test.cpp); here, what TypeScript adds: one call per operation,
 * the pile-name table, the errors' parameter names, and that nothing changes when a call fails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type Card, type StrategyName } from 'fairdeck/games';

beforeAll(() => init());

const strategies: StrategyName[] = ['eager', 'lazy', 'bitmap'];
const ids = (cards: readonly Card[]) => cards.map((c) => c.id);
const snapshot = (deck: Deck) => JSON.stringify(deck.toJSON({ includeSecret: true }));

describe.each(strategies)('%s deck', (strategy) => {
  it('deals hands round by round: the cards deal(n) would give, card i to seat i mod seats', () => {
    const a = new Deck({ strategy, seed: 31 }), b = new Deck({ strategy, seed: 31 });
    const hands = a.dealHands(6, 2), plain = b.deal(12);
    expect(hands.map(ids)).toEqual([0, 1, 2, 3, 4, 5].map((s) => [plain[s].id, plain[s + 6].id]));
    for (let s = 0; s < 6; s++) expect(a.hand(s)).toEqual(hands[s]);
    expect(a.piles).toEqual(['hand:0', 'hand:1', 'hand:2', 'hand:3', 'hand:4', 'hand:5']);
    expect(a.remaining).toBe(40);
  });

  it("plays a Hold'em hand: burns, board, a fold, and the state keeps every pile", () => {
    const deck = new Deck({ strategy, seed: 7 }), twin = new Deck({ strategy, seed: 7 });
    const hands = deck.dealHands(3, 2);
    expect(deck.burn()).toHaveLength(1);
    expect(deck.dealTo('board', 3)).toHaveLength(3);
    deck.burn(), deck.dealTo('board'), deck.burn(), deck.dealTo('board');
    expect(deck.pile('burn')).toHaveLength(3);
    expect(deck.pile('board')).toHaveLength(5);
    const order = ids(twin.deal(14)).slice(6);
    expect(ids(deck.pile('board'))).toEqual([order[1], order[2], order[3], order[5], order[7]]);
    expect(ids(deck.pile('burn'))).toEqual([order[0], order[4], order[6]]);
    deck.moveCards(hands[1], 'discard');
    expect(deck.hand(1)).toEqual([]);
    expect(deck.pile('discard')).toEqual(hands[1]);
    expect(deck.piles).toEqual(['hand:0', 'hand:2', 'burn', 'board', 'discard']);
    const state = deck.toJSON({ includeSecret: true });
    expect(state.version).toBe(2);
    const back = Deck.fromJSON(state);
    expect(back.piles).toEqual(deck.piles);
    for (const p of deck.piles) expect(back.pile(p)).toEqual(deck.pile(p));
    expect(ids(back.deal(5))).toEqual(ids(deck.deal(5)));
  });

  it('deals a Skat pattern in one call and returns cards from any pile', () => {
    const deck = new Deck({ strategy, style: 'german', seed: 'skat' }), twin = new Deck({ strategy, style: 'german', seed: 'skat' });
    const seats = ['hand:0', 'hand:1', 'hand:2'];
    const pattern = [...seats.map((pile) => ({ pile, count: 3 })), { pile: 'skat', count: 2 }, ...seats.map((pile) => ({ pile, count: 4 })),
      ...seats.map((pile) => ({ pile, count: 3 }))];
    const dealt = deck.dealPattern(pattern);
    expect(ids(dealt)).toEqual(ids(twin.deal(32)));
    expect(deck.pile('skat')).toEqual(dealt.slice(9, 11));
    expect(deck.hand(0)).toEqual([...dealt.slice(0, 3), ...dealt.slice(11, 15), ...dealt.slice(23, 26)]);
    deck.returnCards(deck.pile('skat'));
    expect(deck.pile('skat')).toEqual([]);
    expect(deck.returned).toBe(2);
    expect(ids(deck.deal(2)).sort()).toEqual(ids(dealt.slice(9, 11)).sort());
  });

  it('refuses bad calls by parameter name and changes nothing', () => {
    const deck = new Deck({ strategy, seed: 9 });
    deck.dealHands(2, 2);
    const before = snapshot(deck);
    expect(() => deck.dealHands(0, 2)).toThrow(new RangeError('seats must be an integer from 1 to 64, got 0'));
    expect(() => deck.dealHands(10, 6)).toThrow(/^seats \* perSeat must be at most the 48 cards remaining, got 60/);
    expect(() => deck.dealTo('board', 49)).toThrow(RangeError);
    expect(() => deck.dealTo('my pile', 1)).toThrow(new TypeError("pile must be 1 to 32 printable ASCII characters (no spaces), got 'my pile'"));
    expect(() => deck.dealTo(7 as unknown as string)).toThrow(/^pile must be a pile name \(a string\), got 7/);
    expect(() => deck.burn(-1)).toThrow(/^burn\(\): n must be an integer/);
    expect(() => deck.dealPattern([{ pile: 'a', count: 1 }, { pile: '', count: 1 }])).toThrow(/^packets\[1\]\.pile must be 1 to 32/);
    expect(() => deck.dealPattern([{ pile: 'a', count: 30 }, { pile: 'b', count: 30 }])).toThrow(RangeError);
    expect(() => deck.dealPattern([{ pile: 'a', count: 1.5 }])).toThrow(/^packets\[0\]\.count must be an integer/);
    expect(() => deck.dealPattern([null as never])).toThrow(/^packets\[0\] must be an object/);
    const h0 = deck.hand(0);
    expect(() => deck.moveCards([h0[0], h0[0]], 'discard')).toThrow(RangeError);
    expect(() => deck.moveCards(h0, 'discard', { from: 'hand:1' })).toThrow(RangeError);
    expect(() => deck.moveCards(h0, 'bad name')).toThrow(/^to must be 1 to 32/);
    expect(() => deck.moveCards(h0, 'discard', { from: 'x y' })).toThrow(/^from must be 1 to 32/);
    expect(() => deck.moveCards(h0, 'discard', { form: 'hand:0' } as never)).toThrow(/unknown option 'form'/);
    expect(snapshot(deck)).toBe(before);
    deck.moveCards(h0, 'discard', { from: 'hand:0' });
    expect(deck.pile('discard')).toEqual(h0);
  });

  it('at most 64 piles besides the default one hold cards at once', () => {
    const deck = new Deck({ strategy, size: 200, seed: 1 });
    for (let i = 0; i < 64; i++) deck.dealTo(`p${i}`);
    const before = snapshot(deck);
    expect(() => deck.dealTo('p64')).toThrow(RangeError);
    expect(snapshot(deck)).toBe(before);
    deck.returnCards(deck.pile('p0'));
    expect(deck.dealTo('p64')).toHaveLength(1);
  });
});

describe('a shoe with a cut card', () => {
  it('reports the cut card once ⌈p · size⌉ cards are drawn, keeps dealing, and shuffle() puts it back', () => {
    const shoe = new Deck({ decks: 6, strategy: 'lazy', penetration: 0.75, seed: 21 });
    expect(shoe.info.cut).toBe(234);
    shoe.deal(233);
    expect(shoe.cutCardOut).toBe(false);
    shoe.dealOne();
    expect(shoe.cutCardOut).toBe(true);
    expect(shoe.deal(10)).toHaveLength(10);
    const back = Deck.fromJSON(shoe.toJSON({ includeSecret: true }));
    expect(back.cutCardOut).toBe(true);
    shoe.shuffle();
    expect(shoe.cutCardOut).toBe(false);
  });

  it('refuses a penetration outside (0, 1] naming it', () => {
    expect(() => new Deck({ penetration: 0 })).toThrow(new RangeError('penetration must be a number greater than 0 and at most 1, got 0'));
    expect(() => new Deck({ penetration: 1.5 })).toThrow(RangeError);
    expect(() => new Deck({ penetration: '0.5' as never })).toThrow(TypeError);
  });

  it('a provable shoe has a cut card too', () => {
    const seeds = { serverSeed: 'ab'.repeat(32), clientSeed: 'c', nonce: 0 };
    const shoe = new Deck({ decks: 2, penetration: 0.5, provable: seeds });
    shoe.deal(52);
    expect(shoe.cutCardOut).toBe(true);
  });
});

describe('Deck.pattern: a pattern checked once and dealt many times', () => {
  const holdem = (seats: number) => [
    ...[0, 1].flatMap(() => Array.from({ length: seats }, (_, s) => ({ pile: `hand:${s}`, count: 1 }))),
    { pile: 'burn', count: 1 }, { pile: 'board', count: 3 }, { pile: 'burn', count: 1 }, { pile: 'board', count: 1 },
    { pile: 'burn', count: 1 }, { pile: 'board', count: 1 },
  ];
  it('deals what the same packets as a list deal, hand after hand, on any deck', () => {
    const pattern = Deck.pattern(holdem(9));
    expect(pattern.packets).toHaveLength(24);
    expect(Object.isFrozen(pattern.packets)).toBe(true);
    for (const strategy of ['eager', 'lazy', 'bitmap'] as const) {
      const a = new Deck({ seed: 12, strategy }), b = new Deck({ seed: 12, strategy });
      for (let hand = 0; hand < 5; hand++) {
        expect(ids(a.dealPattern(pattern))).toEqual(ids(b.dealPattern(holdem(9))));
        expect(a.piles).toEqual(b.piles);
        for (const p of a.piles) expect(a.pile(p)).toEqual(b.pile(p));
        a.shuffle(), b.shuffle();
      }
    }
  });
  it('checks the packets when it is made, naming them, and a list is checked again at each deal', () => {
    expect(() => Deck.pattern([{ pile: 'ok', count: 1 }, { pile: 'not ok', count: 1 }])).toThrow(/^packets\[1\]\.pile must be 1 to 32/);
    expect(() => Deck.pattern([{ pile: 'ok', count: -1 }])).toThrow(/^packets\[0\]\.count must be an integer/);
    expect(() => Deck.pattern(3 as never)).toThrow(/^packets must be an array/);
    const deck = new Deck({ seed: 2 });
    const forged = Object.create(Object.getPrototypeOf(Deck.pattern([]))) as never;
    expect(() => deck.dealPattern(forged)).toThrow(/^packets must be an array/);
    expect(() => deck.dealPattern(Deck.pattern([{ pile: 'a', count: 53 }]))).toThrow(RangeError);
    expect(deck.remaining).toBe(52);
  });
  it('keeps working when the pile-number table starts again', () => {
    const pattern = Deck.pattern([{ pile: 'x', count: 2 }, { pile: 'y', count: 1 }]);
    const deck = new Deck({ seed: 4 }), twin = new Deck({ seed: 4 });
    deck.dealPattern(pattern);
    for (let i = 0; i < 5000; i++) deck.pile(`fill-${i}`);
    expect(ids(deck.dealPattern(pattern))).toEqual(ids(twin.deal(6)).slice(3));
    expect(deck.pile('x')).toHaveLength(4);
    expect(deck.pile('y')).toHaveLength(2);
  });
});

describe('patterns read once (Deck.pattern)', () => {
  it('stay right when the pattern table starts again (more than 1,024 patterns in a page)', () => {
    const first = Deck.pattern([{ pile: 'a', count: 2 }, { pile: 'b', count: 1 }]);
    const deck = new Deck({ seed: 5 }), twin = new Deck({ seed: 5 });
    const made = Array.from({ length: 1500 }, (_, i) => Deck.pattern([{ pile: `p${i % 7}`, count: 1 }, { pile: 'a', count: i % 3 }]));
    const dealt = [...deck.dealPattern(first), ...deck.dealPattern(made[1499]), ...deck.dealPattern(made[3]), ...deck.dealPattern(first)];
    expect(ids(dealt)).toEqual(ids(twin.deal(3 + 3 + 1 + 3)));
    expect(ids(deck.pile('a'))).toEqual(ids([dealt[0], dealt[1], dealt[4], dealt[5], dealt[7], dealt[8]]));
    expect(ids(deck.pile('b'))).toEqual(ids([dealt[2], dealt[9]]));
    expect(ids(deck.pile('p1'))).toEqual(ids([dealt[3]]));
    expect(ids(deck.pile('p3'))).toEqual(ids([dealt[6]]));
  });
});

describe('pile names', () => {
  it('stay right when the name table starts again (more than 4,096 names in a page)', () => {
    const deck = new Deck({ size: 10, seed: 3 });
    const first = deck.dealTo('keep', 1);
    for (let i = 0; i < 5000; i++) expect(deck.pile(`empty-${i}`)).toEqual([]);
    expect(deck.pile('keep')).toEqual(first);
    expect(deck.dealTo('keep', 1)).toHaveLength(1);
    expect(deck.pile('keep')).toHaveLength(2);
  });
});

describe('a deck made after another is disposed (issue 38: its slots are kept for the next deck)', () => {
  it.each(strategies)('%s: deals, files and saves like a twin made beside it, hand after hand', (strategy) => {
    // The disposed deck leaves its slots, named (seats, a burn, a board, 40 others), to the
    // next deck that names a pile: `a`, at its first hand. Its twin `b` finds nothing kept.
    const x = new Deck({ strategy, seed: 7, size: 120 });
    for (let i = 0; i < 40; i++) x.dealTo(`x${i}`, 1);
    x.dealHands(6, 2), x.burn(), x.dealTo('board', 3);
    x.dispose();
    const a = new Deck({ strategy, seed: 8, size: 120 }), b = new Deck({ strategy, seed: 8, size: 120 });
    const both = (op: (d: Deck) => unknown) => {
      let ra: unknown, rb: unknown;
      try { ra = op(a); } catch (e) { ra = String(e); }
      try { rb = op(b); } catch (e) { rb = String(e); }
      expect(ra).toEqual(rb);
      expect(snapshot(a)).toBe(snapshot(b));
      expect(a.piles).toEqual(b.piles);
    };
    for (let hand = 0; hand < 3; hand++) {
      both((d) => d.dealHands(6, 2).map(ids));
      both((d) => [ids(d.burn()), ids(d.dealTo('board', 3)), ids(d.dealTo('x5', 2)), ids(d.dealTo(`new${hand}`, 1))]);
      both((d) => d.moveCards(d.pile('hand:1'), 'muck'));
      both((d) => ids(d.pile('hand:0')));
      both((d) => d.shuffle().remaining);
    }
    for (let i = 0; i < 70; i++) both((d) => ids(d.dealTo(`y${i}`, 1)));  // past the 64-pile limit: refused alike
    a.dispose(), b.dispose();
  });

  // The arrival list and the id buffer go with the slots (issue 38: a deck made per hand then
  // allocates nothing at its first hand). A kept buffer smaller than the next deck's first call
  // needs must grow and say where it went (the port's cells), and one larger must not be read
  // past what the call wrote: each deck here deals as its twin, which starts with nothing kept.
  it.each(strategies)('%s: a kept id buffer, smaller or larger than the next deck needs, gives the same cards', (strategy) => {
    for (const [left, first] of [[2, 30], [40, 3]] as const) {
      const x = new Deck({ strategy, seed: 11 });
      x.dealHands(left, 1);  // through the core: x's id buffer holds `left` ids, then kept
      x.dispose();
      const a = new Deck({ strategy, seed: 12 }), b = new Deck({ strategy, seed: 12 });
      const hands = (d: Deck) => d.dealHands(first, 1).map(ids);
      const ra = hands(a), rb = hands(b);
      expect(ra).toEqual(rb);
      expect(ra.flat()).toHaveLength(first);
      expect(a.dealTo('board', 5).map((c) => c.id)).toEqual(b.dealTo('board', 5).map((c) => c.id));
      expect(snapshot(a)).toBe(snapshot(b));
      a.dispose(), b.dispose();
    }
  });
});
