/**
 * Issue 61 item 5: the card helpers a game needs without arithmetic of its own — an ace-high rank
 * value, pairs, a pile's top cards and taking them, and a card's back without a fake code — and
 * the literal tables (card-names.ts) that Card's types are made of, held to the core's cards.
 */
import { createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { Card, Deck as PlainDeck, init, type FrenchCard, type FrenchCode, type FrenchRank, type FrenchSuit, type GermanCode, type GermanRank, type GermanSuit, type JokerCode } from 'fairdeck';
import { Deck, init as initGames } from 'fairdeck/games';
import { backSvg, BACKS, cardSvg, drawBack, drawCard } from 'fairdeck/faces';
import { FRENCH_RANKS, FRENCH_SUITS, GERMAN_RANKS, GERMAN_SUITS, JOKERS } from '../../web/src/card-names.js';

// The literal types are the tables (which the first test holds to the core), both ways: tsc fails
// here (npm test's typecheck) if a type gains or loses a member the table does not have.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Rows = readonly (readonly [string, string, string])[];
type Codes<R extends Rows, S extends Rows> = `${R[number][0]}${S[number][0]}` | (typeof JOKERS)[number][0];
export const typesAreTables: [
  Same<JokerCode, (typeof JOKERS)[number][0]>,
  Same<FrenchSuit, (typeof FRENCH_SUITS)[number][2]>,
  Same<FrenchRank, (typeof FRENCH_RANKS)[number][1]>,
  Same<FrenchCode, Codes<typeof FRENCH_RANKS, typeof FRENCH_SUITS>>,
  Same<GermanSuit, (typeof GERMAN_SUITS)[number][2]>,
  Same<GermanRank, (typeof GERMAN_RANKS)[number][1]>,
  Same<GermanCode, Codes<typeof GERMAN_RANKS, typeof GERMAN_SUITS>>,
] = [true, true, true, true, true, true, true];

beforeAll(async () => {
  await init();
  await initGames();
});

const everyCard = (style: 'french' | 'german'): Card[] => {
  const deck = new PlainDeck({ style, jokers: 2, seed: 1 });
  const cards = deck.deal(deck.size).sort((a, b) => a.id - b.id);
  deck.dispose();
  return cards;
};

describe('the literal tables behind the Card types', () => {
  it('are the core\'s cards: every code, rank, suit and rank value, in id order', () => {
    const tables = { french: [FRENCH_SUITS, FRENCH_RANKS], german: [GERMAN_SUITS, GERMAN_RANKS] } as const;
    for (const style of ['french', 'german'] as const) {
      const [suits, ranks] = tables[style];
      const expected: [string, string, string][] = [];
      for (const [sc, , suit] of suits) for (const [rc, rank] of ranks) expected.push([rc + sc, rank, suit]);
      for (const [code] of JOKERS) expected.push([code, 'Joker', '']);
      expect(everyCard(style).map((c) => [c.code, c.rank, c.suit])).toEqual(expected);
    }
  });

  it('give rank values 0 for jokers, 1 for aces and 2–13 in rank order (the types FrenchRankValue, GermanRankValue)', () => {
    const french = new Set(everyCard('french').map((c) => c.rankValue)), german = new Set(everyCard('german').map((c) => c.rankValue));
    expect([...french].sort((a, b) => a! - b!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect([...german].sort((a, b) => a! - b!)).toEqual([0, 1, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('narrow by style: a French card\'s fields are French', () => {
    const card = Card.from('QH');
    if (card.style !== 'french') throw new Error('QH is French');
    const queen: FrenchCard = card;
    expect([queen.rank, queen.suit, queen.rankValue]).toEqual(['Q', 'Hearts', 12]);
  });
});

describe('Card.rankValue and Card.sameRank', () => {
  it('gives an ace 14 with aces high, 1 by default, and every other rank its rankValue', () => {
    for (const style of ['french', 'german'] as const) {
      for (const card of everyCard(style)) {
        expect(Card.rankValue(card)).toBe(card.rankValue);
        expect(Card.rankValue(card, { aces: 'low' })).toBe(card.rankValue);
        expect(Card.rankValue(card, { aces: 'high' })).toBe(card.rankValue === 1 ? 14 : card.rankValue);
      }
    }
    // War: the higher card wins, aces high.
    expect(Card.rankValue(Card.from('AC'), { aces: 'high' }) > Card.rankValue(Card.from('KS'), { aces: 'high' })).toBe(true);
  });

  it('pairs cards of one rank in any suit or deck of a shoe, jokers with jokers, never across styles', () => {
    const shoe = new PlainDeck({ decks: 2, jokers: 2, seed: 3 });
    const cards = shoe.deal(shoe.size);
    for (const a of cards) for (const b of cards) expect(Card.sameRank(a, b)).toBe(a.rank === b.rank);
    shoe.dispose();
    const germanAce = everyCard('german').find((c) => c.code === 'AS')!;
    expect(Card.sameRank(Card.from('AS'), germanAce)).toBe(false);
    expect(Card.sameRank(germanAce, everyCard('german').find((c) => c.code === 'AH')!)).toBe(true);
  });

  it('refuse look-alikes, generic items and unknown options, naming them', () => {
    const item = Card.from(3, { size: 10 });
    expect(() => Card.rankValue(item)).toThrow(new RangeError('card: card 3 is an item of a generic deck, which has no rank (expected a French or German card)'));
    expect(() => Card.sameRank(Card.from('AS'), item)).toThrow(/^b: card 3 is an item of a generic deck/);
    const fake = { ...Card.from('AS') } as Card;
    expect(() => Card.sameRank(fake, Card.from('AS'))).toThrow(TypeError);
    expect(() => Card.sameRank(fake, Card.from('AS'))).toThrow(/^a must be a Card/);
    expect(() => Card.rankValue(Card.from('AS'), { aces: 'top' as 'high' })).toThrow(new TypeError('aces must be \'low\' or \'high\', got "top"'));
    expect(() => Card.rankValue(Card.from('AS'), { ace: 'high' } as never)).toThrow(TypeError);
    expect(() => Card.rankValue(Card.from('AS'), { ace: 'high' } as never)).toThrow(/ace/);
  });
});

describe('pile top and take', () => {
  const table = () => {
    const deck = new Deck({ seed: 7 });
    deck.dealTo('stock', 10);
    return deck;
  };

  it('top reads the last cards to arrive, fewer when the pile holds fewer, and changes nothing', () => {
    const deck = table(), stock = deck.pile('stock'), before = JSON.stringify(deck.toJSON({ includeSecret: true }));
    expect(deck.top('stock')).toEqual([stock[9]]);
    expect(deck.top('stock', 3)).toEqual(stock.slice(7));
    expect(deck.top('stock', 0)).toEqual([]);
    expect(deck.top('stock', 50)).toEqual(stock);
    expect(deck.top('empty', 2)).toEqual([]);
    expect(JSON.stringify(deck.toJSON({ includeSecret: true }))).toBe(before);
    expect(() => deck.top('stock', -1)).toThrow(RangeError);
    expect(() => deck.top('stock', 1.5)).toThrow(/^n must be an integer/);
    deck.dispose();
  });

  it('take moves the top cards onto another pile in the order they lay, and returns them', () => {
    const deck = table(), stock = deck.pile('stock');
    expect(deck.take('stock', 'hand')).toEqual([stock[9]]);
    expect(deck.take('stock', 'hand', 3)).toEqual(stock.slice(6, 9));
    expect(deck.pile('hand')).toEqual([stock[9], ...stock.slice(6, 9)]);
    expect(deck.pile('stock')).toEqual(stock.slice(0, 6));
    expect(deck.take('stock', 'hand', 0)).toEqual([]);
    deck.dispose();
  });

  it('take is all or nothing: too few cards, a bad n or pile name is an error and no change', () => {
    const deck = table(), before = JSON.stringify(deck.toJSON({ includeSecret: true }));
    expect(() => deck.take('stock', 'hand', 11)).toThrow(new RangeError('take(): pile "stock" holds 10 card(s), fewer than n = 11'));
    expect(() => deck.take('stock', 'hand', -1)).toThrow(RangeError);
    expect(() => deck.take('stock', 'bad name', 1)).toThrow(/^to must be 1 to 32 printable ASCII characters/);
    expect(() => deck.take('bad name', 'hand', 1)).toThrow(/^from must be 1 to 32 printable ASCII characters/);
    expect(() => deck.take('stock', 'hand', '2' as unknown as number)).toThrow(TypeError);
    expect(JSON.stringify(deck.toJSON({ includeSecret: true }))).toBe(before);
    deck.dispose();
  });

  it('take records its move in a provable deck\'s round', () => {
    const deck = new Deck({ provable: { serverSeed: '09'.repeat(32), clientSeed: 'c', nonce: 1 } });
    deck.dealTo('stock', 4);
    const top = deck.take('stock', 'hand:0', 2);
    const moves = JSON.stringify(deck.round());
    for (const card of top) expect(moves).toContain(card.code);
    expect(moves).toContain('hand:0');
    deck.dispose();
  });
});

describe('a back without a card', () => {
  it('backSvg is the picture cardSvg draws face down, for every back and style', () => {
    for (const back of BACKS) {
      expect(backSvg({ back })).toBe(cardSvg('AS', { faceUp: false, back }));
      expect(backSvg({ back, width: 80 })).toBe(cardSvg('AS', { faceUp: false, back, width: 80 }));
    }
    expect(backSvg()).toBe(cardSvg('AS', { faceUp: false }));
    expect(backSvg({ style: 'german' })).toBe(cardSvg('UE', { faceUp: false }));
    expect(backSvg({ style: 'german' })).not.toBe(backSvg());
  });

  it('drawBack paints what drawCard paints face down, at x and y', () => {
    const pixels = (paint: (ctx: CanvasRenderingContext2D) => void) => {
      const canvas = createCanvas(120, 160), ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
      paint(ctx);
      return canvas.toBuffer('image/png').toString('base64');
    };
    for (const back of BACKS) {
      expect(pixels((c) => drawBack(c, { back, x: 5, y: 7, width: 100 }))).toBe(pixels((c) => drawCard(c, 'KD', { faceUp: false, back, x: 5, y: 7, width: 100 })));
    }
    expect(pixels((c) => drawBack(c, { width: 100 }))).not.toBe(pixels(() => undefined));
  });

  it('refuses bad options before drawing, naming them', () => {
    expect(() => backSvg({ back: 'red' as 'navy' })).toThrow(/back/);
    expect(() => backSvg({ faceUp: true } as never)).toThrow(TypeError);
    expect(() => backSvg({ faceUp: true } as never)).toThrow(/faceUp/);
    expect(() => drawBack({} as CanvasRenderingContext2D)).toThrow(/^ctx must be a 2D canvas context/);
    const canvas = createCanvas(10, 10), ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
    expect(() => drawBack(ctx, { width: -1 })).toThrow(RangeError);
  });
});
