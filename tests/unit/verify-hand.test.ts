/**
 * Whole hands (issue 31): a round's dealing script (`deals`: packets and game presets) and its
 * moves (folds, discards) replayed by fairdeck/verify to the piles the package's provable Deck
 * holds — hole cards, burns, board, discard — and tampered hands rejected with the card and the
 * pile named. The whole-hand vectors (tests/vectors/provable-hands.json) are checked here against
 * both the deck and the verifier, and by tests/provable/verify_round.py.
 *
 * FAIRDECK_WRITE_HAND_VECTORS=1 writes that file again from the package's deck (the C++ core).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck/games';
import { gameDeals, verifyRound, type DealPacket, type GamePreset, type Round, type RoundEvent } from 'fairdeck/verify';
import { replayHand } from '../vectors/replay-hand.js';

await init();  // at the top: the vectors are written (when asked) and read while the tests are collected

const serverSeed = createHash('sha256').update('fairdeck whole hands').digest('hex');
const clientSeed = 'table 7 ♠';
const codes = (cards: readonly { code: string }[]) => cards.map((c) => c.code);
/** Every pile a deck holds, in its order: pile → codes. */
const pilesOf = (deck: Deck) => Object.fromEntries(deck.piles.map((p) => [p, codes(deck.pile(p))]));
/** What a provable deck reports about its round, and the seed the test knows. */
const seedsOf = (deck: Deck) => {
  const { commitment, clientSeed: c, nonce, version } = deck.info.provable!;
  return { commitment, serverSeed, clientSeed: c, nonce, version };
};

/** A Hold'em hand dealt with the deck's own calls: hole cards, burn, flop, burn, turn, burn, river; seat 2 folds after the flop. */
function holdem(seats = 6) {
  const deck = new Deck({ provable: { serverSeed, clientSeed, nonce: 41 } });
  const hands = deck.dealHands(seats, 2);
  deck.burn(), deck.dealTo('board', 3);
  const folded = codes(hands[2]);
  deck.moveCards(hands[2], 'discard');
  deck.burn(), deck.dealTo('board'), deck.burn(), deck.dealTo('board');
  const round: Round = { ...seedsOf(deck), deals: { game: 'holdem', seats },
    history: [{ after: 2 * seats + 4, moveCards: folded, to: 'discard' }], piles: pilesOf(deck) };
  return { deck, round };
}

describe("a whole Hold'em hand", () => {
  it('verifyRound replays it to the piles the provable deck holds, in the same order', async () => {
    const { deck, round } = holdem();
    expect(deck.piles).toEqual(['hand:0', 'hand:1', 'hand:3', 'hand:4', 'hand:5', 'burn', 'board', 'discard']);
    const v = await verifyRound(round), piles = v.piles!;
    expect(v.reason).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(Object.keys(piles)).toEqual(deck.piles);
    for (const p of deck.piles) expect(piles[p], p).toEqual(codes(deck.pile(p)));
    for (const s of [0, 1, 3, 4, 5]) expect(piles[`hand:${s}`]).toEqual(codes(deck.hand(s)));
    expect(piles.board).toHaveLength(5);
    expect(piles.burn).toHaveLength(3);
    // The fold changed no card's place: the order is the plain deal order of the same seeds.
    const twin = new Deck({ provable: { serverSeed, clientSeed, nonce: 41 } });
    expect(v.order).toEqual(codes(twin.deal(52)));
    deck.dispose(), twin.dispose();
  });

  it('the preset is the explicit script, and the same calls as dealPattern', async () => {
    const script = gameDeals('holdem', 6);
    expect(script.slice(0, 7)).toEqual(['hand:0', 'hand:1', 'hand:2', 'hand:3', 'hand:4', 'hand:5', 'hand:0'].map((pile) => ({ pile, count: 1 })));
    expect(script.slice(12)).toEqual([{ pile: 'burn', count: 1 }, { pile: 'board', count: 3 }, { pile: 'burn', count: 1 },
      { pile: 'board', count: 1 }, { pile: 'burn', count: 1 }, { pile: 'board', count: 1 }]);
    const { deck, round } = holdem();
    const other = new Deck({ provable: { serverSeed, clientSeed, nonce: 41 } });
    other.dealPattern(script);
    other.moveCards(other.hand(2), 'discard');
    expect(pilesOf(other)).toEqual(pilesOf(deck));
    expect((await verifyRound({ ...round, deals: script })).ok).toBe(true);
    expect((await verifyRound({ ...round, deals: [{ game: 'holdem', seats: 6 }] })).ok).toBe(true);
    deck.dispose(), other.dispose();
  });

  it('dealt, when given, is the script\'s cards in dealing order', async () => {
    const { deck, round } = holdem();
    const twin = new Deck({ provable: { serverSeed, clientSeed, nonce: 41 } });
    const dealt = codes(twin.deal(20));
    expect((await verifyRound({ ...round, dealt })).ok).toBe(true);
    expect((await verifyRound({ ...round, dealt: dealt.slice(0, 12) })).ok).toBe(true);
    const more = await verifyRound({ ...round, dealt: [...dealt, ...codes(twin.deal(1))] });
    expect(more.reason).toBe('21 cards were dealt, but the dealing script deals only 20');
    deck.dispose(), twin.dispose();
  });

  describe('negative controls: not ok, naming the card and the pile', () => {
    it('a hole card swapped between two seats', async () => {
      const { deck, round } = holdem();
      const piles = { ...round.piles! } as Record<string, string[]>;
      const [a, b] = [[...piles['hand:0']], [...piles['hand:1']]];
      [a[1], b[1]] = [b[1], a[1]];
      const v = await verifyRound({ ...round, piles: { ...piles, 'hand:0': a, 'hand:1': b } });
      expect(v.ok).toBe(false);
      expect(v.reason).toBe(`card 2 of pile hand:0 was ${a[1]}, but these seeds deal ${b[1]} there: the pile does not match the seeds`);
      deck.dispose();
    });

    it('a board card changed', async () => {
      const { deck, round } = holdem();
      const board = [...round.piles!.board] as string[];
      const unused = (await verifyRound(round)).order[30];
      board[3] = unused;
      const v = await verifyRound({ ...round, piles: { ...round.piles, board } });
      expect(v.ok).toBe(false);
      expect(v.reason).toMatch(new RegExp(`^card 4 of pile board was ${unused}, but these seeds deal ${round.piles!.board[3]} there`));
      deck.dispose();
    });

    it.each([5, 7])('a wrong seat count (%i instead of 6)', async (seats) => {
      const { deck, round } = holdem();
      const fold = { ...round.history![0], after: 2 * seats + 4 };
      const v = await verifyRound({ ...round, deals: { game: 'holdem', seats }, history: [fold] });
      expect(v.ok).toBe(false);
      expect(v.reason).toMatch(/^card 2 of pile hand:0 was \w+, but these seeds deal \w+ there/);
      deck.dispose();
    });

    it('a fold left out, or a pile left out', async () => {
      const { deck, round } = holdem();
      const unfolded = await verifyRound({ ...round, history: [] });
      expect(unfolded.reason).toMatch(/^pile hand:2 is not in the round's piles, but these seeds put 2 cards there/);
      const { discard: _, ...noDiscard } = round.piles!;
      expect((await verifyRound({ ...round, piles: noDiscard })).reason).toMatch(/^pile discard is not in the round's piles/);
      expect((await verifyRound({ ...round, piles: { ...round.piles, 'hand:2': [] } })).ok).toBe(true);  // an empty pile may be stated
      deck.dispose();
    });

    it('a script the deck could not deal: more cards than remain', async () => {
      const { deck, round } = holdem();
      const v = await verifyRound({ ...round, deals: { game: 'holdem', seats: 23 }, history: [] });
      expect(v.ok).toBe(false);
      expect(v.reason).toBe('packet 51 of the dealing script deals 1 card onto pile burn after 52 cards, but only 0 remain');
      deck.dispose();
    });
  });
});

describe('rounds without a script', () => {
  it('get the verdict they always got (no piles), unless they state piles: their cards are on pile dealt', async () => {
    const deck = new Deck({ provable: { serverSeed, clientSeed, nonce: 2 } });
    const dealt = codes(deck.deal(5));
    deck.returnCards([dealt[1]]);
    const round = { ...seedsOf(deck), dealt, history: [{ after: 5, returnCards: [dealt[1]] }] };
    const v = await verifyRound(round);
    expect(Object.keys(v)).toEqual(['ok', 'order', 'checked']);  // checked: issue 59, item 6
    expect(v.ok).toBe(true);
    // Arrival order. (The deck's own default pile is not kept in it once a card leaves: its last
    // card takes the place of the one that left, so deck.pile('dealt') is not used here.)
    const rest = [dealt[0], ...dealt.slice(2)];
    expect([...codes(deck.pile('dealt'))].sort()).toEqual([...rest].sort());
    const stated = await verifyRound({ ...round, piles: { dealt: rest } });
    expect(stated).toMatchObject({ ok: true, piles: { dealt: rest } });
    expect((await verifyRound({ ...round, piles: { dealt } })).reason).toMatch(/^card 2 of pile dealt was/);
    deck.dispose();
  });
});

describe('moves and returns by code pick the copy a deck picks', () => {
  it('a 2-deck shoe: every pile matches after moving and returning duplicated codes', async () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const deck = new Deck({ provable: { serverSeed, clientSeed, nonce }, style: 'german', decks: 2 });
      const script: DealPacket[] = [...gameDeals('holdem', 8), { pile: 'extra', count: 20 }];
      deck.dealPattern(script);
      const all = deck.piles.flatMap((p) => codes(deck.pile(p)));
      const twice = [...new Set(all.filter((c, i) => all.indexOf(c) !== i))].slice(0, 3);
      expect(twice.length).toBeGreaterThan(0);
      deck.moveCards(twice, 'muck');
      deck.returnCards([twice[0]]);
      const from = deck.piles.find((p) => p !== 'muck' && deck.pile(p).some((c) => c.code === twice[1]));
      const history: RoundEvent[] = [{ after: 44, moveCards: twice, to: 'muck' }, { after: 44, returnCards: [twice[0]] }];
      if (from) {
        deck.moveCards([twice[1]], 'muck', { from });
        history.push({ after: 44, moveCards: [twice[1]], to: 'muck', from });
      }
      const v = await verifyRound({ ...seedsOf(deck), deck: { style: 'german', decks: 2 }, deals: script, history, piles: pilesOf(deck) });
      expect(v.reason, `nonce ${nonce}`).toBeUndefined();
      expect(v.piles).toEqual(pilesOf(deck));
      deck.dispose();
    }
  });
});

describe('the blackjack preset plays the rest of the round (docs/games.md)', () => {
  it('hits per seat, a split seat\'s hands in play order, then the dealer\'s draws, one card per packet', () => {
    const one = (pile: string) => ({ pile, count: 1 });
    expect(gameDeals('blackjack', 2, { hits: [2, [1, 0]], dealer: 1 })).toEqual([
      one('hand:0'), one('hand:1'), one('dealer'), one('hand:0'), one('hand:1'), one('dealer'),
      one('hand:0'), one('hand:0'),                  // seat 0 hits twice
      one('hand:1'), one('hand:1'), one('hand:1.1'),  // seat 1 split: hand:1's second card and a hit, hand:1.1's second card
      one('dealer'),
    ]);
    expect(gameDeals('blackjack', 1)).toEqual(gameDeals('blackjack', 1, {}));
  });
});

describe('bad scripts are refused by field', () => {
  const base = { commitment: '0'.repeat(64), serverSeed, clientSeed, nonce: 0 };
  const cases: [string, unknown, ErrorConstructor, RegExp][] = [
    ['deals type', { deals: 'holdem' }, TypeError, /^deals must be an array of \{ pile, count \} packets or a game preset/],
    ['deals game', { deals: { game: 'poker', seats: 2 } }, TypeError, /^deals\.game must be 'holdem' or 'blackjack', got "poker"/],
    ['deals seats', { deals: { game: 'holdem', seats: 0 } }, RangeError, /^deals\.seats must be an integer from 1 to 64, got 0/],
    ['deals preset field', { deals: [{ game: 'holdem', seats: 2, blinds: 1 }] }, TypeError, /unknown field 'blinds' in deals\[0\]/],
    ['hits for holdem', { deals: { game: 'holdem', seats: 2, hits: [1] } }, TypeError, /^deals\.hits is for game 'blackjack' only/],
    ['hits not an array', { deals: { game: 'blackjack', seats: 1, hits: 2 } }, TypeError, /^deals\.hits must be an array, one entry per seat, got 2/],
    ['hits for more seats', { deals: { game: 'blackjack', seats: 1, hits: [1, 2] } }, RangeError, /^deals\.hits has 2 entries but the table has 1 seats/],
    ['a split of one hand', { deals: { game: 'blackjack', seats: 1, hits: [[3]] } }, RangeError, /^deals\.hits\[0\] is a split seat's hands: 2 to 8 numbers, got 1/],
    ['too many hits', { deals: { game: 'blackjack', seats: 1, hits: [65] } }, RangeError, /^deals\.hits\[0\] must be an integer from 0 to 64, got 65/],
    ['dealer draws', { deals: { game: 'blackjack', seats: 1, dealer: -1 } }, RangeError, /^deals\.dealer must be an integer from 0 to 64/],
    ['packet pile', { deals: [{ pile: 'my pile', count: 1 }] }, TypeError, /^deals\[0\]\.pile must be 1 to 32 printable ASCII/],
    ['packet count', { deals: [{ pile: 'a', count: -1 }] }, RangeError, /^deals\[0\]\.count must be an integer from 0/],
    ['dealt still required without deals', {}, TypeError, /^dealt must be an array of card codes, got undefined/],
    ['move without to', { deals: [{ pile: 'a', count: 2 }], history: [{ after: 2, moveCards: ['AS'] }] }, TypeError, /^history\[0\]\.to must be a pile name/],
    ['to without move', { deals: [{ pile: 'a', count: 2 }], history: [{ after: 2, returnCards: ['AS'], to: 'x' }] }, TypeError, /^history\[0\]\.to belongs to moveCards/],
    ['after inside a packet', { deals: [{ pile: 'a', count: 3 }], history: [{ after: 2, shuffleRemaining: true }] }, RangeError, /^history\[0\]\.after is 2, which falls inside a packet/],
    ['after past the script', { deals: [{ pile: 'a', count: 3 }], history: [{ after: 4, shuffleRemaining: true }] }, RangeError, /^history\[0\]\.after must be an integer from 0 to 3/],
    ['piles type', { deals: [], piles: [] }, TypeError, /^piles must be an object/],
    ['piles name', { deals: [], piles: { 'a b': [] } }, TypeError, /^piles has the pile name "a b"/],
    ['piles codes', { deals: [], piles: { a: ['AS', 3] } }, TypeError, /^piles\["a"\]\[1\] must be a card code/],
    ['piles unknown card', { deals: [], piles: { a: ['ZZ'] } }, RangeError, /^piles\["a"\]\[0\] is "ZZ", which is not a card of this deck/],
    ['move of a card not out', { deals: [{ pile: 'a', count: 1 }], history: [{ after: 1, moveCards: ['XX'], to: 'b' }] }, RangeError, /^history\[0\]\.moveCards: "XX" was not out of the deck after 1 cards/],
  ];
  it.each(cases)('%s', async (_, extra, kind, message) => {
    const promise = verifyRound({ ...base, ...(extra as object) } as Round);
    await expect(promise).rejects.toThrow(kind);
    await expect(promise).rejects.toThrow(message);
  });
});

/** tests/vectors/provable-hands.json: a round (verifyRound's input, `piles` included) plus its name and dealt order. */
interface HandVector extends Omit<Round, 'dealt' | 'deals' | 'history' | 'piles'> {
  name: string;
  deck: NonNullable<Round['deck']>;
  deals: (DealPacket | GamePreset)[] | GamePreset;
  history: RoundEvent[];
  /** The script's cards in dealing order. */
  dealt: string[];
  piles: Record<string, string[]>;
}
const file = new URL('../vectors/provable-hands.json', import.meta.url);

/** Deals a vector's round with the package's deck: each packet with dealTo, each event with its call. */
function dealWithDeck(v: Pick<HandVector, 'serverSeed' | 'clientSeed' | 'nonce' | 'deck' | 'deals' | 'history'>) {
  const { deck, dealt, applied } = replayHand(Deck, gameDeals, v);
  expect(applied).toBe(v.history.length);
  const out = { ...seedsOf(deck), dealt, piles: pilesOf(deck) };
  deck.dispose();
  return out;
}

const handSpecs: Omit<HandVector, 'commitment' | 'dealt' | 'piles' | 'version'>[] = [
  { name: "holdem, 2 seats", serverSeed: createHash('sha256').update('hands 1').digest('hex'), clientSeed: 'heads up', nonce: 0,
    deck: {}, deals: { game: 'holdem', seats: 2 }, history: [] },
  { name: "holdem, 9 seats, two folds to 'discard'", serverSeed: createHash('sha256').update('hands 2').digest('hex'), clientSeed: 'full ring', nonce: 17,
    deck: {}, deals: { game: 'holdem', seats: 9 }, history: [] },
  { name: 'blackjack, player and dealer (2 hands), hits, 6-deck shoe', serverSeed: createHash('sha256').update('hands 3').digest('hex'), clientSeed: '21', nonce: 3,
    deck: { decks: 6 }, deals: [{ game: 'blackjack', seats: 1 }, { pile: 'hand:0', count: 1 }, { pile: 'hand:0', count: 1 }, { pile: 'dealer', count: 1 }], history: [] },
  { name: 'blackjack, 2 players and dealer, cleared to discard, returned, next hand dealt', serverSeed: createHash('sha256').update('hands 4').digest('hex'), clientSeed: 'shoe', nonce: 9,
    deck: { decks: 2 }, deals: [{ game: 'blackjack', seats: 2 }, { pile: 'hand:1', count: 1 }, { game: 'blackjack', seats: 2 }], history: [] },
  // Issue 39: the copy a code names. Both aces of spades of the shoe are out, the higher copy
  // (deck 1) first to hand:0, the lower (deck 0) later to hand:3; 'AS' takes the lower one, so
  // hand:3 is left with one card. Taking the higher copy, or the first one dealt, empties hand:0's
  // ace instead: other piles, so the vector fails under either reading.
  { name: "holdem, 8 seats, 2-deck shoe, both 'AS' out, 'AS' returned by code: the lower copy", serverSeed: createHash('sha256').update('hands 5').digest('hex'), clientSeed: 'two copies', nonce: 5,
    deck: { decks: 2 }, deals: { game: 'holdem', seats: 8 }, history: [{ after: 24, returnCards: ['AS'] }] },
];

/** The moves of the specs (they need the dealt cards, so they are made from a first deal). */
function withMoves(spec: (typeof handSpecs)[number]): (typeof handSpecs)[number] {
  const first = dealWithDeck(spec).piles;
  if (spec.name.startsWith('holdem, 9')) {
    return { ...spec, history: [{ after: 18, moveCards: first['hand:3'], to: 'discard' }, { after: 22, moveCards: first['hand:7'], to: 'discard', from: 'hand:7' }] };
  }
  if (spec.name.startsWith('blackjack, 2 players')) {
    const piles = ['hand:0', 'hand:1', 'dealer'];
    const partial = dealWithDeck({ ...spec, deals: (spec.deals as (DealPacket | GamePreset)[]).slice(0, 2) }).piles;
    return { ...spec, history: [...piles.map((p) => ({ after: 7, moveCards: partial[p], to: 'discard', from: p })),
      { after: 7, returnCards: [...piles.flatMap((p) => partial[p])] }] };
  }
  return spec;
}

if (process.env.FAIRDECK_WRITE_HAND_VECTORS) {
  const vectors = handSpecs.map(withMoves).map((spec) => {
    const dealtNow = dealWithDeck(spec);
    return { name: spec.name, commitment: dealtNow.commitment, serverSeed: spec.serverSeed, clientSeed: spec.clientSeed, nonce: spec.nonce,
      version: dealtNow.version, deck: spec.deck, deals: spec.deals, history: spec.history, dealt: dealtNow.dealt, piles: dealtNow.piles };
  });
  const text = JSON.stringify({ scheme: 'fairdeck/provable/v2', about: 'Whole hands (docs/provably-fair.md, "Whole hands"): each vector is a verifyRound input; dealt is the script\'s cards in dealing order, piles every pile at the end. Written by tests/unit/verify-hand.test.ts (FAIRDECK_WRITE_HAND_VECTORS=1) from the package\'s provable Deck.', vectors }, null, 1);
  writeFileSync(file, `${text.replace(/\[\n\s+("[^\n]*"|\d+)(,\n\s+("[^\n]*"|\d+))*\n\s*\]/g, (m) => `[${m.slice(1, -1).split(',').map((s) => s.trim()).join(', ')}]`)}\n`);
}

describe('the whole-hand vectors', () => {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { scheme: string; vectors: HandVector[] };
  it('cover Hold\'em with 2 and 9 seats, blackjack and the copy a code names in a shoe', () => {
    expect(data.scheme).toBe('fairdeck/provable/v2');
    expect(data.vectors.map((v) => v.name)).toEqual(handSpecs.map((s) => s.name));
  });
  it.each(data.vectors)('$name: the deck deals these piles, and verifyRound replays them', async (v) => {
    const { name: _, ...round } = v;
    const dealt = dealWithDeck(v);
    expect(dealt.commitment).toBe(v.commitment);
    expect(dealt.dealt).toEqual(v.dealt);
    expect(dealt.piles).toEqual(v.piles);
    expect(Object.keys(dealt.piles)).toEqual(Object.keys(v.piles));
    const verdict = await verifyRound(round);
    expect(verdict.reason).toBeUndefined();
    expect(verdict.ok).toBe(true);
    expect(verdict.piles).toEqual(v.piles);
    expect(Object.keys(verdict.piles!)).toEqual(Object.keys(v.piles));
    const { piles: __, dealt: ___, ...bare } = round;
    expect((await verifyRound(bare)).piles).toEqual(v.piles);  // the replay alone gives them
  });
  it("the shoe's vector tells the copies apart: the higher 'AS' returned instead gives piles verifyRound refuses", async () => {
    const v = data.vectors.find((x) => x.name.includes("'AS' returned by code"))!;
    const { name: _, ...round } = v;
    const deck = new Deck({ provable: { serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce }, ...v.deck });
    deck.dealPattern(gameDeals('holdem', 8));
    const aces = deck.piles.flatMap((p) => deck.pile(p).filter((c) => c.code === 'AS').map((c) => ({ id: c.id, pile: p })));
    const [low, high] = aces.sort((a, b) => a.id - b.id);
    expect(aces).toHaveLength(2);
    // The higher copy is dealt first and to another pile, so "highest" and "first out" both differ from "lowest".
    expect([high.pile, low.pile]).toEqual(['hand:0', 'hand:3']);
    expect(v.piles['hand:3']).toEqual(codes(deck.pile('hand:3')).filter((c) => c !== 'AS'));
    deck.returnCards([high.id]);
    const other = pilesOf(deck);
    expect(other).not.toEqual(v.piles);
    const verdict = await verifyRound({ ...round, piles: other });
    expect(verdict.ok).toBe(false);
    expect(verdict.reason).toMatch(/hand:[03]/);
    deck.dispose();
  });
});
