/**
 * Provable shoes (issue 60, item 1; docs/provably-fair.md, "Shoes"): a whole 6-deck shoe with a
 * cut card is one committed round, and each hand of it is checked on its own with `offset` (the
 * cards the shoe's earlier hands took) — against the same order a full replay from the shoe's
 * first card gives. 10^3 seeded shoes, each played by docs/games.md's blackjack recipe on a
 * provable games Deck: one hand per shoe (a seeded pick) verified by offset must be ok with the
 * hand's own piles, must agree card for card with the full replay, and with two of its cards
 * swapped must fail naming the card. Plus the edges: an offset past the shoe, a hand running past
 * the end, a history event of an earlier hand that changes the order.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Deck, init, type Card } from 'fairdeck/games';
import { handLink } from 'fairdeck/provable';
import { verifyRound, verifyShoe, type DealPacket, type RoundEvent } from 'fairdeck/verify';

await init();  // at collection: the suites below deal their shoes while they are collected

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const commitmentOf = (seedHex: string) => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/** Blackjack's total: aces 11 unless that busts. */
function total(cards: readonly Card[]): number {
  let sum = 0, aces = 0;
  for (const c of cards) {
    const r = c.code[0];
    if (r === 'A') (sum += 11), aces++;
    else sum += 'TJQK'.includes(r) ? 10 : Number(r);
  }
  while (sum > 21 && aces--) sum -= 10;
  return sum;
}

interface Hand { offset: number; dealt: string[]; deals: DealPacket[]; piles: Record<string, string[]> }

/** One shoe by the recipe: rounds until the cut card comes out; every hand's record as the server would keep it. */
function playShoe(serverSeed: string, clientSeed: string, nonce: number, decks = 6, penetration = 0.75): Hand[] {
  const shoe = new Deck({ decks, penetration, provable: { serverSeed, clientSeed, nonce } });
  const hands: Hand[] = [];
  let offset = 0;
  try {
    while (!shoe.cutCardOut) {
      const deals: DealPacket[] = [{ pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }, { pile: 'player', count: 1 }, { pile: 'dealer', count: 1 }];
      const dealt = shoe.dealPattern(deals).map(String);
      const hit = (pile: string) => {
        deals.push({ pile, count: 1 });
        dealt.push(...shoe.dealTo(pile).map(String));
      };
      while (total(shoe.pile('player')) < 17 && shoe.remaining > 0) hit('player');
      if (total(shoe.pile('player')) <= 21) while (total(shoe.pile('dealer')) < 17 && shoe.remaining > 0) hit('dealer');
      hands.push({ offset, dealt, deals, piles: { player: shoe.pile('player').map(String), dealer: shoe.pile('dealer').map(String) } });
      offset += dealt.length;
      shoe.moveCards(shoe.pile('player'), 'discard');
      shoe.moveCards(shoe.pile('dealer'), 'discard');
    }
  } finally {
    shoe.dispose();
  }
  return hands;
}

const deck = { decks: 6 };

describe('a hand inside a shoe, verified by offset', () => {
  it('10^3 seeded shoes: one hand of each verifies alone, agrees with the full replay, and a swap in it is caught and named', async () => {
    let handsSeen = 0, laterHands = 0;
    for (let s = 0; s < 1000; s++) {
      const serverSeed = hex(`shoe ${s}`), commitment = commitmentOf(serverSeed), clientSeed = `player ${s % 7}`, nonce = s;
      const hands = playShoe(serverSeed, clientSeed, nonce);
      handsSeen += hands.length;
      const pick = parseInt(hex(`pick ${s}`).slice(0, 8), 16) % hands.length;
      if (pick >= 20) laterHands++;
      const h = hands[pick];
      const base = { commitment, serverSeed, clientSeed, nonce, deck };
      const alone = await verifyRound({ ...base, offset: h.offset, dealt: h.dealt, deals: h.deals, piles: h.piles });
      expect(alone.ok, `shoe ${s} hand ${pick}: ${alone.reason}`).toBe(true);
      expect(alone.checked).toBe(2 * h.dealt.length);
      expect(alone.piles).toEqual(h.piles);
      // The full replay: every card of the shoe up to this hand's last, from the first.
      const upTo = hands.slice(0, pick + 1).flatMap((x) => x.dealt);
      const full = await verifyRound({ ...base, dealt: upTo });
      expect(full.ok).toBe(true);
      expect(alone.order).toEqual(full.order);
      expect(full.order.slice(h.offset, h.offset + h.dealt.length)).toEqual(h.dealt);
      // Tampered: the hand's first two distinct cards swapped (in dealt and in the piles they went to).
      const j = h.dealt.findIndex((c) => c !== h.dealt[0]);
      const bad = [...h.dealt];
      [bad[0], bad[j]] = [bad[j], bad[0]];
      const swapped = await verifyRound({ ...base, offset: h.offset, dealt: bad });
      expect(swapped.ok).toBe(false);
      expect(swapped.reason).toBe(`card 1 dealt was ${bad[0]}, but this round deals ${h.dealt[0]} there${h.offset ? ` (card ${h.offset + 1} of the round's order)` : ''}: `
        + 'the deal does not match the seeds');
    }
    // What the sample covered: ~40 hands a shoe (234 cards to the cut at about 5.4 cards a hand), many picks deep in it.
    expect(handsSeen / 1000).toBeGreaterThan(30);
    expect(laterHands).toBeGreaterThan(300);
  }, 120_000);

  it('control: the same hand with offset 0 (as if it were the first) does not verify', async () => {
    const serverSeed = hex('control'), commitment = commitmentOf(serverSeed);
    const hands = playShoe(serverSeed, 'c', 1);
    const h = hands[10];
    const v = await verifyRound({ commitment, serverSeed, clientSeed: 'c', nonce: 1, deck, dealt: h.dealt, deals: h.deals, piles: h.piles });
    expect(v.ok).toBe(false);
    const right = await verifyRound({ commitment, serverSeed, clientSeed: 'c', nonce: 1, deck, offset: h.offset, dealt: h.dealt, deals: h.deals, piles: h.piles });
    expect(right.ok).toBe(true);
    // A hand given the wrong offset (one card later) fails too: the offset is part of what is checked.
    const late = await verifyRound({ commitment, serverSeed, clientSeed: 'c', nonce: 1, deck, offset: h.offset + 1, dealt: h.dealt });
    expect(late.ok).toBe(false);
  });

  it('an offset past the shoe, or a hand running past its end, is a verdict saying so', async () => {
    const serverSeed = hex('edges'), commitment = commitmentOf(serverSeed), base = { commitment, serverSeed, clientSeed: '', nonce: 0 };
    const order = (await verifyRound({ ...base, dealt: [] })).order;
    expect(await verifyRound({ ...base, offset: 53, dealt: [] })).toMatchObject({ ok: false, reason: 'the offset is 53, but this round deals only 52 cards' });
    expect(await verifyRound({ ...base, offset: 50, dealt: order.slice(50).concat(order[0]) }))
      .toMatchObject({ ok: false, reason: '3 cards were dealt after the first 50, but this round deals only 52' });
    expect(await verifyRound({ ...base, offset: 50, dealt: order.slice(50) })).toMatchObject({ ok: true, checked: 2 });
    await expect(verifyRound({ ...base, offset: -1, dealt: [] })).rejects.toThrow(/^offset must be an integer from 0 to 4294967295, got -1/);
    await expect(verifyRound({ ...base, offset: '3' as unknown as number, dealt: [] })).rejects.toThrow(/^offset must be an integer, got "3"/);
  });

  it('an earlier hand\'s reshuffle counts: given in history (after counts from the shoe\'s start) the hand verifies, left out it does not', async () => {
    const serverSeed = hex('reshuffle'), commitment = commitmentOf(serverSeed);
    const d = new Deck({ provable: { serverSeed, clientSeed: 'r', nonce: 2 } });
    d.deal(10);
    d.shuffleRemaining();
    d.deal(5);
    const hand = d.deal(4).map(String);
    d.dispose();
    const base = { commitment, serverSeed, clientSeed: 'r', nonce: 2, offset: 15, dealt: hand };
    expect((await verifyRound({ ...base, history: [{ after: 10, shuffleRemaining: true }] })).ok).toBe(true);
    expect((await verifyRound(base)).ok).toBe(false);
    // Inside the hand, an event must fall between packets of its script; before the offset any count is one.
    await expect(verifyRound({ ...base, deals: [{ pile: 'p', count: 4 }], history: [{ after: 17, shuffleRemaining: true }] }))
      .rejects.toThrow(/history\[0\]\.after is 17, which falls inside a packet of deals/);
  });
});

/** The links a table publishes hand by hand (fairdeck/provable's handLink), from the commitment on. */
function chain(commitment: string, hands: readonly Hand[]): string[] {
  const links: string[] = [];
  let previous = commitment;
  for (const h of hands) links.push((previous = handLink(previous, h)));
  return links;
}

describe('a whole shoe and its hash chain (verifyShoe)', () => {
  const serverSeed = hex('chain'), commitment = commitmentOf(serverSeed);
  const base = { commitment, serverSeed, clientSeed: 'table 4', nonce: 8, deck };
  const hands = playShoe(serverSeed, 'table 4', 8);
  const links = chain(commitment, hands);
  const strip = (h: Hand) => ({ dealt: h.dealt, deals: h.deals, piles: h.piles });

  it('control: the shoe verifies hand by hand, and its links are the ones fairdeck/provable published', async () => {
    const v = await verifyShoe({ ...base, hands: hands.map(strip), links });
    expect(v.reason).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.links).toEqual(links);
    expect(v.hands).toHaveLength(hands.length);
    expect(v.checked).toBe(hands.reduce((n, h) => n + 2 * h.dealt.length, 0));
    expect((await verifyShoe({ ...base, hands: hands.map((h) => ({ ...strip(h), offset: h.offset })) })).ok).toBe(true);
  });

  it('a changed card in hand 12 is named with its hand', async () => {
    const bad = hands.map(strip);
    bad[11] = { ...bad[11], dealt: [bad[12].dealt[0], ...bad[11].dealt.slice(1)] };
    const v = await verifyShoe({ ...base, hands: bad });
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(/^hand 12: card 1 dealt was .* \(card \d+ of the round's order\): the deal does not match the seeds$/);
  });

  it('a card dealt to no hand between hands 5 and 6 is caught: by the offsets, and without them by the deal', async () => {
    // The server draws one card in secret after hand 5: the later hands, each honest on its own, start one card late.
    const s2 = hex('hidden'), c2 = commitmentOf(s2);
    const shoe = new Deck({ decks: 6, provable: { serverSeed: s2, clientSeed: 'x', nonce: 0 } });
    const record: Hand[] = [];
    for (let i = 0, at = 0; i < 8; i++) {
      if (i === 5) shoe.dealTo('secret'), at++;
      const deals = [{ pile: 'p', count: 4 }];
      const dealt = shoe.dealPattern(deals).map(String);
      record.push({ offset: at, dealt, deals, piles: { p: dealt } });
      at += 4;
      shoe.moveCards(shoe.pile('p'), 'discard');
    }
    shoe.dispose();
    const seeds = { commitment: c2, serverSeed: s2, clientSeed: 'x', nonce: 0, deck };
    for (const h of record) expect((await verifyRound({ ...seeds, ...h })).ok).toBe(true);  // each hand alone, at its own offset, is fine
    const withOffsets = await verifyShoe({ ...seeds, hands: record });
    expect(withOffsets.ok).toBe(false);
    expect(withOffsets.reason).toBe('hand 6 says it starts at card 21 of the shoe, but the hands before it took 20 cards: 1 card was dealt to no hand');
    const without = await verifyShoe({ ...seeds, hands: record.map(strip) });
    expect(without.ok).toBe(false);
    expect(without.reason).toMatch(/^hand 6: card 1 dealt was /);
  });

  it('a record rewritten after its link was published (the same cards, other piles) verifies by the seeds, but not by the chain', async () => {
    const rewritten = hands.map(strip);
    const h = rewritten[3];
    // Claim the player got the dealer's cards: the packets' piles swapped, the piles with them.
    rewritten[3] = { dealt: h.dealt, deals: h.deals.map((p) => ({ ...p, pile: p.pile === 'player' ? 'dealer' : 'player' })),
      piles: { player: h.piles.dealer, dealer: h.piles.player } };
    expect((await verifyShoe({ ...base, hands: rewritten })).ok).toBe(true);  // the seeds cannot tell
    const v = await verifyShoe({ ...base, hands: rewritten, links });
    expect(v.ok).toBe(false);
    expect(v.reason).toBe(`hand 4's link does not match the one published (${links[3]}): the hand's record, or one before it, changed after it was published`);
  });

  it('verify computes the same links as provable on 20 shoes (two implementations of one written encoding)', async () => {
    for (let s = 0; s < 20; s++) {
      const seed = hex(`links ${s}`), c = commitmentOf(seed);
      const played = playShoe(seed, 'l', s, 1 + (s % 6), 0.5 + (s % 5) / 10);
      const v = await verifyShoe({ commitment: c, serverSeed: seed, clientSeed: 'l', nonce: s, deck: { decks: 1 + (s % 6) }, hands: played.map(strip) });
      expect(v.ok).toBe(true);
      expect(v.links).toEqual(chain(c, played));
    }
  });

  it('malformed shoes reject naming the field', async () => {
    await expect(verifyShoe({ ...base, hands: [] })).rejects.toThrow(/^shoe\.hands must be a non-empty array of hands/);
    await expect(verifyShoe({ ...base, hands: [{ dealt: ['ZZ'] }] })).rejects.toThrow(/^dealt\[0\] is "ZZ", which is not a card of this deck/);
    await expect(verifyShoe({ ...base, hands: [{ dealt: [], seat: 1 } as never] })).rejects.toThrow(/^unknown field 'seat' in shoe\.hands\[0\]/);
    await expect(verifyShoe({ ...base, hands: hands.map(strip), links: ['x'] })).rejects.toThrow(/^shoe\.links\[0\] must be 64 lowercase hex characters/);
    await expect(verifyShoe({ ...base, hands: [{ dealt: [] }], history: [{ after: -1, shuffleRemaining: true }] }))
      .rejects.toThrow(/^shoe\.history\[0\]\.after must be a whole number/);
    expect(() => handLink('x', { offset: 0, dealt: [] })).toThrow(/^previous must be 64 lowercase hex characters/);
    expect(() => handLink(commitment, { offset: -1, dealt: [] })).toThrow(/^hand\.offset must be a whole number of cards, got -1/);
  });
});

/** tests/vectors/provable-shoes.json: a shoe (verifyShoe's input) with its hands' offsets and the links published. */
interface ShoeVector {
  name: string; commitment: string; serverSeed: string; clientSeed: string; nonce: number; version: 2; deck: { decks?: number };
  history: RoundEvent[]; hands: Hand[]; links: string[];
}
const shoeFile = new URL('../vectors/provable-shoes.json', import.meta.url);

/** The vectors' shoes, dealt by the package's provable Deck (the C++ core). */
function shoeVectors(): ShoeVector[] {
  const make = (name: string, seedText: string, clientSeed: string, nonce: number, decks: number, hands: Hand[], history: RoundEvent[] = []): ShoeVector => {
    const serverSeed = hex(seedText), commitment = commitmentOf(serverSeed);
    return { name, commitment, serverSeed, clientSeed, nonce, version: 2, deck: { decks }, history, hands, links: chain(commitment, hands) };
  };
  const a = playShoe(hex('shoe vector 1'), 'first shoe', 0, 6, 0.75);
  const b = playShoe(hex('shoe vector 2'), 'second shoe', 41, 2, 0.5);
  // Five-card hands from one deck, the rest reshuffled after hand 3 (an order-changing call the chain's history carries).
  const serverSeed = hex('shoe vector 3');
  const d = new Deck({ provable: { serverSeed, clientSeed: 'five', nonce: 2 } });
  const c: Hand[] = [];
  for (let i = 0; i < 6; i++) {
    if (i === 3) d.shuffleRemaining();
    const deals = [{ pile: 'hand', count: 5 }];
    const dealt = d.dealPattern(deals).map(String);
    c.push({ offset: 5 * i, dealt, deals, piles: { hand: dealt } });
    d.moveCards(d.pile('hand'), 'discard');
  }
  d.dispose();
  return [
    make('blackjack by the recipe, 6-deck shoe cut at 0.75', 'shoe vector 1', 'first shoe', 0, 6, a),
    make('blackjack by the recipe, 2-deck shoe cut at 0.5', 'shoe vector 2', 'second shoe', 41, 2, b),
    make('five-card hands from one deck, the rest reshuffled after hand 3', 'shoe vector 3', 'five', 2, 1, c, [{ after: 15, shuffleRemaining: true }]),
  ];
}

if (process.env.FAIRDECK_WRITE_SHOE_VECTORS) {
  const about = 'Shoes (docs/provably-fair.md, "Shoes"): each vector is one committed round dealt as hands, verifyShoe\'s input plus each hand\'s offset and the links published after each hand. Written by tests/unit/verify-shoe.test.ts (FAIRDECK_WRITE_SHOE_VECTORS=1) from the package\'s provable Deck.';
  const text = JSON.stringify({ scheme: 'fairdeck/provable/v2', chain: 'fairdeck/shoe/v1', about, vectors: shoeVectors() }, null, 1);
  writeFileSync(shoeFile, `${text.replace(/\[\n\s+("[^\n]*"|\d+)(,\n\s+("[^\n]*"|\d+))*\n\s*\]/g, (m) => `[${m.slice(1, -1).split(',').map((x) => x.trim()).join(', ')}]`)}\n`);
}

describe('the shoe vectors', () => {
  const data = JSON.parse(readFileSync(shoeFile, 'utf8')) as { scheme: string; chain: string; vectors: ShoeVector[] };
  it('are what the package deals and links today', () => {
    expect([data.scheme, data.chain]).toEqual(['fairdeck/provable/v2', 'fairdeck/shoe/v1']);
    expect(data.vectors).toEqual(JSON.parse(JSON.stringify(shoeVectors())));
  });
  it.each(data.vectors)('$name: verifyShoe accepts it, its links included, and every hand verifies alone by offset', async (v) => {
    const { name: _, hands, ...rest } = v;
    const verdict = await verifyShoe({ ...rest, hands });
    expect(verdict.reason).toBeUndefined();
    expect(verdict.ok).toBe(true);
    for (const h of hands) {
      const events = v.history.filter((e) => e.after <= h.offset + h.dealt.length);
      const { links: __, history: ___, version, ...seeds } = rest;
      expect((await verifyRound({ ...seeds, version, ...h, ...(events.length ? { history: events } : {}) })).ok).toBe(true);
    }
  });
});
