/**
 * The recipes of docs/games.md (issue 31, item 5), each played through the public API with a seed
 * and checked against golden hands. The card codes below were computed once with the package and
 * checked by hand: the right number of cards in each pile, no card twice, a burn before the flop,
 * the turn and the river. Like tests/vectors, they change only with an intended change of the
 * engine or the dealing order — never to make a failing test pass.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type Card } from 'fairdeck/games';
import { verifyRound } from 'fairdeck/verify';

beforeAll(() => init());

/** Card codes, space-separated: 'AS KD'. */
const codes = (cards: readonly Card[]) => cards.map(String).join(' ');

/** Every pile of the deck, by name. */
const allPiles = (deck: Deck) => Object.fromEntries(deck.piles.map((p) => [p, codes(deck.pile(p))]));

/** No card is in two piles, and the piles plus the undealt cards make the whole deck. */
function expectEveryCardOnce(deck: Deck) {
  const out = deck.piles.flatMap((p) => deck.pile(p).map((c) => c.id));
  expect(new Set(out).size).toBe(out.length);
  expect(out.length + deck.remaining).toBe(deck.size);
  expect([...out].sort((a, b) => a - b)).toEqual(deck.dealt.map((c) => c.id).sort((a, b) => a - b));
}

// ---------------------------------------------------------------------------------------------
// Texas Hold'em, the recipe of docs/games.md.

function holdem(deck: Deck, seats: number) {
  const hands = deck.dealHands(seats, 2);  // round-robin: one card to each seat, then a second
  deck.burn();
  deck.dealTo('board', 3);                 // the flop
  deck.burn();
  deck.dealTo('board');                    // the turn
  deck.burn();
  deck.dealTo('board');                    // the river
  return { hands, board: deck.pile('board'), burn: deck.pile('burn') };
}

/** The same hand as one dealPattern: hole cards round by round, then burn, 3, burn, 1, burn, 1. */
const BOARD = [
  { pile: 'burn', count: 1 }, { pile: 'board', count: 3 },
  { pile: 'burn', count: 1 }, { pile: 'board', count: 1 },
  { pile: 'burn', count: 1 }, { pile: 'board', count: 1 },
];
const holdemPattern = (seats: number) => [
  ...[0, 1].flatMap(() => Array.from({ length: seats }, (_, s) => ({ pile: `hand:${s}`, count: 1 }))),
  ...BOARD,
];

describe("Texas Hold'em", () => {
  it.each([
    [2, ['KD TH', 'TD QH'], '5S 4C 9C QS 4S', '5C 2H 5H', 40],
    [6, ['9C JC', 'AS JS', 'JD 9S', 'AC 7C', '6D 2C', 'KD 8C'], '2D 9H 8H 8S 3C', 'QC KC 4D', 32],
    [10, ['6H 9H', '9D KC', '4C 4D', '3C 6S', 'QH AD', 'TH KS', '2D TD', '5D TS', 'QD 6D', '8H 3S'], '4H 8D 7H JS AH', '2C QS 8S', 24],
  ] as const)('%i seats: the golden hand (seed holdem-<seats>)', (seats, hands, board, burn, left) => {
    const deck = new Deck({ seed: `holdem-${seats}` });
    const hand = holdem(deck, seats);
    expect(hand.hands.map(codes)).toEqual(hands);
    expect(codes(hand.board)).toBe(board);
    expect(codes(hand.burn)).toBe(burn);
    expect(deck.remaining).toBe(left);  // 52 − 2·seats − 8 (3 burns, 5 on the board): 24 at 10 seats
    for (let s = 0; s < seats; s++) expect(codes(deck.hand(s))).toBe(hands[s]);
    expect(deck.piles).toEqual([...Array.from({ length: seats }, (_, s) => `hand:${s}`), 'burn', 'board']);
    expectEveryCardOnce(deck);
  });

  it('burns come before the flop, the turn and the river: the deal order is hole cards, B, 3, B, 1, B, 1', () => {
    const deck = new Deck({ seed: 'holdem-6' }), twin = new Deck({ seed: 'holdem-6' });
    const hand = holdem(deck, 6), order = twin.deal(20);
    expect(hand.hands.map(codes)).toEqual([0, 1, 2, 3, 4, 5].map((s) => codes([order[s], order[s + 6]])));
    expect(codes(hand.burn)).toBe(codes([order[12], order[16], order[18]]));
    expect(codes(hand.board)).toBe(codes([order[13], order[14], order[15], order[17], order[19]]));
  });

  it.each([2, 6, 10])('%i seats: dealPattern deals the same hand in one call, cards in dealing order', (seats) => {
    const stepwise = new Deck({ seed: `holdem-${seats}` }), oneCall = new Deck({ seed: `holdem-${seats}` });
    holdem(stepwise, seats);
    const dealt = oneCall.dealPattern(holdemPattern(seats));
    expect(dealt).toHaveLength(2 * seats + 8);
    expect(allPiles(oneCall)).toEqual(allPiles(stepwise));
    expect(codes(dealt)).toBe(codes(new Deck({ seed: `holdem-${seats}` }).deal(2 * seats + 8)));
  });

  it('a fold moves the hand to the discard pile; the next hand starts with shuffle()', () => {
    const deck = new Deck({ seed: 'holdem-6' });
    const { hands } = holdem(deck, 6);
    deck.moveCards(deck.hand(2), 'discard');  // seat 2 folds
    expect(deck.hand(2)).toEqual([]);
    expect(codes(deck.pile('discard'))).toBe(codes(hands[2]));
    expect(deck.piles).toEqual(['hand:0', 'hand:1', 'hand:3', 'hand:4', 'hand:5', 'burn', 'board', 'discard']);
    expect(() => deck.moveCards(hands[2], 'muck', { from: 'hand:2' })).toThrow(RangeError);  // not there any more
    expectEveryCardOnce(deck);
    deck.shuffle();
    expect(deck.piles).toEqual([]);
    expect(deck.remaining).toBe(52);
  });

  it('save and restore mid-hand: after the flop, toJSON/fromJSON carry every pile and deal the same turn and river', () => {
    const deck = new Deck({ seed: 'holdem-6' });
    deck.dealHands(6, 2);
    deck.burn();
    deck.dealTo('board', 3);
    deck.moveCards(deck.hand(4), 'discard');
    const saved = JSON.stringify(deck.toJSON());  // a seeded deck's state carries its engine
    const back = Deck.fromJSON(saved);
    expect(allPiles(back)).toEqual(allPiles(deck));
    expect(back.remaining).toBe(deck.remaining);
    for (const d of [deck, back]) d.burn(), d.dealTo('board'), d.burn(), d.dealTo('board');
    expect(codes(back.pile('board'))).toBe('2D 9H 8H 8S 3C');  // the golden 6-seat board
    expect(allPiles(back)).toEqual(allPiles(deck));
    expectEveryCardOnce(back);
  });

  it('a board that no longer fits throws a RangeError and changes nothing (all or nothing)', () => {
    const deck = new Deck({ seed: 'holdem-23' });
    deck.dealHands(23, 2);  // 46 of 52 cards: 6 left, not enough for 3 burns and 5 board cards
    const before = JSON.stringify(deck.toJSON());
    expect(() => deck.dealPattern(BOARD)).toThrow(RangeError);  // the first packets would fit: none is dealt
    expect(JSON.stringify(deck.toJSON())).toBe(before);
    expect(() => deck.dealHands(27, 2)).toThrow(/^seats \* perSeat must be at most the 6 cards remaining, got 54/);
  });

  it('a provable hand: dealt by new Deck({ provable }) the same way, and verified from the deal order', async () => {
    const seeds = { serverSeed: '9f'.repeat(32), clientSeed: 'player-7', nonce: 3 };
    const deck = new Deck({ provable: seeds });
    const commitment = deck.info.provable!.commitment;
    expect(commitment).toBe('5c5cfbd0d57154c7d850850aca75ec190560e99bd34032f1e69c2f75883595da');
    const dealt = deck.dealPattern(holdemPattern(4));
    expect([0, 1, 2, 3].map((s) => codes(deck.hand(s)))).toEqual(['8S JD', 'QC 7H', 'KD KC', '4H AD']);
    expect(codes(deck.pile('board'))).toBe('6D KS QH 4D 8C');
    expect(codes(deck.pile('burn'))).toBe('8H 7C 6S');
    const stepwise = new Deck({ provable: seeds });
    holdem(stepwise, 4);
    expect(allPiles(stepwise)).toEqual(allPiles(deck));
    // The player checks the round from the cards in dealing order (docs/provably-fair.md).
    const verdict = await verifyRound({ commitment, ...seeds, dealt: dealt.map(String) });
    expect(verdict.ok).toBe(true);
    const swapped = dealt.map(String);
    [swapped[0], swapped[4]] = [swapped[4], swapped[0]];  // seat 0's cards reported as if dealt as a block
    expect((await verifyRound({ commitment, ...seeds, dealt: swapped })).ok).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Blackjack from a 6-deck shoe with a cut card at 75 %.

/** A hand's best total: aces count 11 unless that busts. */
function total(cards: readonly Card[]): number {
  let sum = 0, soft = 0;
  for (const c of cards) {
    if (c.rank === 'A') (sum += 11), soft++;
    else sum += c.rank === 'K' || c.rank === 'Q' || c.rank === 'J' ? 10 : Number(c.rank);
  }
  for (; sum > 21 && soft > 0; soft--) sum -= 10;
  return sum;
}

/**
 * One round, one player: player, dealer, player, dealer (the hole card), in that order; the player
 * hits below 17 (a simple rule for the recipe), the dealer draws to 17 (stands on all 17s) unless the
 * player busted; then both hands go to the discard tray.
 */
function blackjackRound(shoe: Deck) {
  shoe.dealPattern([{ pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }, { pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }]);
  while (total(shoe.pile('player')) < 17) shoe.dealTo('player');
  if (total(shoe.pile('player')) <= 21) while (total(shoe.pile('dealer')) < 17) shoe.dealTo('dealer');
  const round = { player: codes(shoe.pile('player')), dealer: codes(shoe.pile('dealer')) };
  shoe.moveCards(shoe.pile('player'), 'discard', { from: 'player' });
  shoe.moveCards(shoe.pile('dealer'), 'discard', { from: 'dealer' });
  return round;
}

const newShoe = () => new Deck({ decks: 6, strategy: 'lazy', penetration: 0.75, seed: 'blackjack' });

describe('blackjack from a 6-deck shoe', () => {
  it('the golden first round, in real order: player, dealer, player, dealer hole card, hits', () => {
    const shoe = newShoe();
    expect(blackjackRound(shoe)).toEqual({ player: 'AH AC AS 7D', dealer: 'QC JH' });
    // The order cards left the shoe: AH (player), QC (dealer up), AC (player), JH (hole), AS, 7D (hits).
    expect(codes(newShoe().deal(6))).toBe('AH QC AC JH AS 7D');
    expect(shoe.piles).toEqual(['discard']);
    expect(shoe.pile('discard')).toHaveLength(6);
  });

  it('plays rounds until the cut card is out, finishes that round, then shuffles', () => {
    const shoe = newShoe();
    let rounds = 0, before = 0;
    while (!shoe.cutCardOut) {
      before = shoe.size - shoe.remaining;  // cards drawn before this round
      blackjackRound(shoe);
      rounds++;
      expectEveryCardOnce(shoe);
    }
    const drawn = shoe.size - shoe.remaining;
    expect(before).toBeLessThan(234);             // the cut card was still in when the last round began
    expect(drawn).toBeGreaterThanOrEqual(234);    // and came out during it; the round was dealt to the end
    expect(shoe.pile('discard')).toHaveLength(drawn);
    expect(rounds).toBeGreaterThan(20);
    shoe.shuffle();
    expect(shoe.cutCardOut).toBe(false);
    expect(shoe.remaining).toBe(312);
    expect(shoe.piles).toEqual([]);
  });

  it('the cut card comes out with card 234 of 312 (⌈0.75 · 312⌉) and is back after shuffle()', () => {
    const shoe = newShoe();
    expect(shoe.info.cut).toBe(234);
    let at = 0;
    for (let card = 1; card <= 312; card++) {
      shoe.dealTo('discard');
      if (shoe.cutCardOut && at === 0) at = card;
    }
    expect(at).toBe(234);
    expect(shoe.cutCardOut).toBe(true);  // it stays out; dealing went on to the last card
    expect(shoe.remaining).toBe(0);
    shoe.shuffle();
    expect(shoe.cutCardOut).toBe(false);
    shoe.dealTo('discard', 233);
    expect(shoe.cutCardOut).toBe(false);
    shoe.dealTo('discard');
    expect(shoe.cutCardOut).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Bridge and Skat.

describe('bridge', () => {
  it('deals 4 hands of 13, round by round: the golden hands (seed bridge)', () => {
    const deck = new Deck({ seed: 'bridge' });
    const hands = deck.dealHands(4, 13);
    expect(hands.map(codes)).toEqual([
      '5H KH 9D 2S 3H 2C 2D 6H 3C 7S AH TC 9C',
      '4C QS 3S 7C 4H JD KC 5D 7D 6C TD AC 9S',
      'AS JH KD 8D 6D 5S TS TH 6S 8S KS JC 5C',
      '9H QH 3D 8C 8H JS 7H 2H QD 4S QC AD 4D',
    ]);
    for (const h of hands) expect(h).toHaveLength(13);
    expect(new Set(hands.flat().map(String)).size).toBe(52);
    expect(deck.remaining).toBe(0);
    expectEveryCardOnce(deck);
  });
});

describe('Skat', () => {
  const seats = ['hand:0', 'hand:1', 'hand:2'];
  const skat = [
    ...seats.map((pile) => ({ pile, count: 3 })), { pile: 'skat', count: 2 },
    ...seats.map((pile) => ({ pile, count: 4 })), ...seats.map((pile) => ({ pile, count: 3 })),
  ];

  it('deals 3 each, 2 to the skat, 4 each, 3 each in one call: the golden hands (seed skat)', () => {
    const deck = new Deck({ style: 'german', seed: 'skat' });
    const dealt = deck.dealPattern(skat);
    expect(dealt).toHaveLength(32);
    expect([0, 1, 2].map((s) => codes(deck.hand(s)))).toEqual([
      '8S 9H UG KS 9S 7H AG AS KG 9G',
      'KH 7S TE US TG 8E TH AE 8G OH',
      'AH UH OE 8H 7G KE TS 7E OS 9E',
    ]);
    expect(codes(deck.pile('skat'))).toBe('OG UE');
    expect(deck.piles).toEqual(['hand:0', 'hand:1', 'hand:2', 'skat']);
    expect(deck.remaining).toBe(0);
    expectEveryCardOnce(deck);
    // Packets in order: seat 0 got cards 1–3, 12–15 and 24–26 of the deal.
    expect(deck.hand(0)).toEqual([...dealt.slice(0, 3), ...dealt.slice(11, 15), ...dealt.slice(23, 26)]);
  });

  it('the declarer picks up the skat and discards two', () => {
    const deck = new Deck({ style: 'german', seed: 'skat' });
    deck.dealPattern(skat);
    deck.moveCards(deck.pile('skat'), 'hand:1', { from: 'skat' });
    expect(deck.hand(1)).toHaveLength(12);
    deck.moveCards(['8G', 'OH'], 'discard', { from: 'hand:1' });
    expect(codes(deck.hand(1))).toBe('KH 7S TE US TG 8E TH AE OG UE');
    expect(codes(deck.pile('discard'))).toBe('8G OH');
    expectEveryCardOnce(deck);
  });
});
