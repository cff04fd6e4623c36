/**
 * Saved provable decks and their round record (issue 60, item 2; docs/provably-fair.md, "Saving a
 * provable deck"). `deck.round()` is exactly verifyRound's input (all but the server seed) of what
 * the deck dealt; `toJSON({ includeSecret: true })` saves the seeds and that record, and
 * `Deck.fromJSON` continues exactly. Checked over seeded sessions of random calls — every call a
 * provable deck takes, a restart at a random point — against an uninterrupted twin, and every
 * round's record against verifyRound; plus each refusal, named.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Deck as PlainDeck } from 'fairdeck';
import { Deck, init, type Card, type ProvableState } from 'fairdeck/games';
import { verifyRound } from 'fairdeck/verify';

await init();

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The calls' choices: a small seeded generator (mulberry32), so a failing session can be replayed. */
function chooser(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return { int: (n: number) => Math.floor(next() * n), next };  // picks calls in a test, not cards
}

const codes = (cards: readonly (Card | undefined)[]) => cards.map((c) => c?.code ?? null);

/**
 * One random call on `deck`, chosen by `r`; returns what it dealt or said, as text to compare
 * with a twin's. `shuffle` only when `rounds` allows, so that most sessions stay in one round.
 */
function call(deck: Deck, r: ReturnType<typeof chooser>, rounds: boolean): string {
  // By id: `dealt` lists its cards in no guaranteed order, and the choice must not depend on it.
  const out = deck.dealt.sort((a, b) => a.id - b.id);
  const some = (from = out) => from.slice(0, 1 + r.int(Math.min(3, from.length)));
  switch (r.int(rounds ? 11 : 10)) {
    case 0: return `one ${deck.dealOne()?.code}`;
    case 1: return `deal ${codes(deck.deal(r.int(4)))}`;
    case 2: return deck.remaining >= 2 ? `to ${codes(deck.dealTo(`p${r.int(3)}`, 2))}` : 'skip';
    case 3: return deck.remaining >= 1 ? `burn ${codes(deck.burn())}` : 'skip';
    case 4: return deck.remaining >= 6 ? `hands ${deck.dealHands(3, 2).map(codes)}` : 'skip';
    case 5: return deck.remaining >= 3 ? `pattern ${codes(deck.dealPattern([{ pile: 'board', count: 2 }, { pile: 'dealt', count: 1 }]))}` : 'skip';
    case 6: if (out.length === 0) return 'skip'; deck.returnCards(some().map((c) => (r.int(2) ? c : c.code))); return `returned ${deck.returned}`;
    case 7: {
      const discarded = new Set(deck.pile('discard').map((c) => c.id)), movable = out.filter((c) => !discarded.has(c.id));
      if (movable.length === 0) return 'skip';
      deck.moveCards(some(movable), 'discard');
      return `moved ${codes(deck.pile('discard'))}`;
    }
    case 8: deck.shuffleRemaining(); return `reshuffled ${deck.remaining}`;
    case 9: return `piles ${deck.piles.map((p) => `${p}:${codes(deck.pile(p))}`)}`;
    default: deck.shuffle(); return `round ${deck.info.provable!.nonce}`;
  }
}

/** verifyRound of a deck's round with its seed revealed, and the deck's piles against the verdict's. */
async function checkRound(deck: Deck, serverSeed: string) {
  const record = deck.round();
  const verdict = await verifyRound({ ...record, serverSeed });
  expect(verdict.reason).toBeUndefined();
  expect(verdict.ok).toBe(true);
  expect(verdict.checked).toBeGreaterThanOrEqual(record.dealt.length);
  // The named piles, which keep arrival order in the deck, are the verdict's (the default pile
  // lists a returned card's place differently: docs/provably-fair.md, "Saving a provable deck").
  for (const name of deck.piles) if (name !== 'dealt') expect(verdict.piles?.[name], name).toEqual(codes(deck.pile(name)));
  return record;
}

describe('deck.round() is verifyRound\'s input of what the deck dealt', () => {
  it('a plain Deck: deals, a return, a reshuffle; the record verifies and names every card', async () => {
    const serverSeed = hex('round plain');
    const deck = new PlainDeck({ provable: { serverSeed, clientSeed: 'alice', nonce: 3 } });
    const first = deck.deal(40);
    deck.returnCards(first.slice(0, 3));
    deck.deal(12);
    deck.returnCards([first[5].code, first[6].id]);
    deck.deal(4);
    deck.shuffleRemaining();
    deck.dealOne();
    const record = deck.round();
    expect(record).toMatchObject({ commitment: deck.info.provable!.commitment, clientSeed: 'alice', nonce: 3, version: 2, deck: { style: 'french', decks: 1, jokers: 0 } });
    // A packet per stretch of dealing between calls (an event ends one): 40, 12, 4, 1.
    expect(record.deals).toEqual([40, 12, 4, 1].map((count) => ({ pile: 'dealt', count })));
    expect(record.history).toEqual([
      { after: 40, returnCards: codes(first.slice(0, 3)) },
      { after: 52, returnCards: [first[5].code, first[6].code] },
      { after: 56, shuffleRemaining: true },
    ]);
    expect(record.dealt).toHaveLength(57);
    const verdict = await verifyRound({ ...record, serverSeed });
    expect(verdict).toMatchObject({ ok: true, checked: 57 });
    // One card changed in the record is caught and named.
    const bad = { ...record, serverSeed, dealt: [...record.dealt] };
    [bad.dealt[7], bad.dealt[8]] = [bad.dealt[8], bad.dealt[7]];
    const failed = await verifyRound(bad);
    expect(failed.ok).toBe(false);
    expect(failed.reason).toMatch(/position 7|card 8/);
    deck.dispose();
  });

  it('a new round at shuffle(): the record starts again with nonce + 1', async () => {
    const serverSeed = hex('round next');
    const deck = new Deck({ provable: { serverSeed, clientSeed: '', nonce: 0 } });
    deck.dealHands(2, 2);
    deck.shuffle();
    expect(deck.round()).toMatchObject({ nonce: 1, deals: [], history: [], dealt: [] });
    deck.dealHands(4, 2);
    deck.burn();
    deck.dealTo('board', 3);
    await checkRound(deck, serverSeed);
    deck.dispose();
  });

  it('in a 2-deck shoe, the record names the pile a card came from, so the verifier takes that copy', async () => {
    const serverSeed = hex('round shoe copies');
    const deck = new Deck({ provable: { serverSeed, clientSeed: 'c', nonce: 0 }, decks: 2 });
    // Deal until both copies of one code are out, in two piles; then return the one dealt second.
    const seen = new Map<string, Card>();
    let second: Card | undefined, first: Card | undefined, i = 0;
    for (; !second; i++) {
      const [card] = deck.dealTo(i % 2 ? 'b' : 'a', 1);
      if (seen.has(card.code)) (second = card), (first = seen.get(card.code));
      seen.set(card.code, card);
    }
    // Return the higher copy, so that "the lowest copy out" would be the other one, in the other pile.
    const pileOf = (c: Card) => (deck.pile('a').some((x) => x.id === c.id) ? 'a' : 'b');
    const [low, high] = first!.id < second.id ? [first!, second] : [second, first!];
    const pile = pileOf(high);
    deck.returnCards([high]);
    expect(deck.dealt.some((c) => c.id === high.id)).toBe(false);  // that very copy went back
    expect(deck.round().history).toEqual([{ after: i, returnCards: [high.code], from: pile }]);
    const piles = Object.fromEntries(deck.piles.map((p) => [p, deck.pile(p).map(String)]));
    expect((await verifyRound({ ...deck.round(), serverSeed, piles })).ok).toBe(true);
    // The control: without `from`, the verifier takes the lowest copy out, in the other pile.
    const bare = deck.round().history.map(({ from: _, ...e }: any) => e);
    const strict = await verifyRound({ ...deck.round(), serverSeed, piles, history: bare });
    expect(strict.ok).toBe(false);
    expect(strict.reason).toMatch(new RegExp(`pile ${pileOf(low)}|pile ${pile}`));
    deck.moveCards([low], 'discard');  // the other copy, from its own pile: recorded with its own from
    deck.dealTo('a', 5);
    await checkRound(deck, serverSeed);
    deck.dispose();
  });

  it('is only for provable decks', () => {
    const deck = new Deck({ seed: 1 });
    expect(() => deck.round()).toThrow(new TypeError('round() is for provable decks (new Deck({ provable: { serverSeed, clientSeed, nonce } })): this deck is not one'));
    deck.dispose();
  });
});

describe('a saved provable deck continues exactly', () => {
  // 300 seeded sessions: a 1- to 6-deck shoe (half with a cut card), 0–80 random calls, a save and
  // a restore through JSON text at a random point, then 0–80 more calls on both the restored deck and
  // an uninterrupted twin. Every call's result must agree, and so must round(), info and piles;
  // each round's record must verify.
  it('300 sessions of random calls, restarted at a random point, deal what an uninterrupted deck deals', async () => {
    for (let s = 0; s < 300; s++) {
      const r = chooser(s), serverSeed = hex(`session ${s}`), decks = 1 + r.int(6);
      const options = { provable: { serverSeed, clientSeed: `player ${s}`, nonce: r.int(1000), version: (1 + r.int(2)) as 1 | 2 }, decks, ...(r.int(2) ? { penetration: 0.75 } : {}) };
      const twin = new Deck(options);
      let deck = new Deck(options);
      const rounds = s % 5 === 0;
      for (let i = r.int(80); i > 0; i--) {
        const c = chooser(s * 1000 + i);
        expect(call(deck, c, rounds), `session ${s}`).toBe(call(twin, chooser(s * 1000 + i), rounds));
      }
      const text = JSON.stringify(deck.toJSON({ includeSecret: true }));
      deck.dispose();
      deck = Deck.fromJSON(text);
      expect(deck.round(), `session ${s}`).toEqual(twin.round());
      expect(deck.info).toEqual(twin.info);
      expect(deck.cutCardOut).toBe(twin.cutCardOut);
      for (let i = r.int(80); i > 0; i--) {
        const c = chooser(s * 7919 + i);
        expect(call(deck, c, rounds), `session ${s}, call ${i} after the restart`).toBe(call(twin, chooser(s * 7919 + i), rounds));
      }
      expect(deck.round()).toEqual(twin.round());
      expect(codes(deck.deal(deck.remaining))).toEqual(codes(twin.deal(twin.remaining)));
      await checkRound(deck, serverSeed);
      deck.dispose(), twin.dispose();
    }
  });

  it('the state is the seeds and the record, version 3; a MAC guards it like any state', () => {
    const serverSeed = hex('state shape');
    const deck = new Deck({ provable: { serverSeed, clientSeed: 'x', nonce: 7 }, decks: 6, penetration: 0.8 });
    deck.dealHands(2, 2);
    deck.moveCards([deck.hand(1)[1]], 'hand:1.1', { from: 'hand:1' });
    const state = deck.toJSON({ includeSecret: true }) as unknown as ProvableState;
    expect(state).toEqual({
      format: 'fairdeck-deck', version: 3, provable: { serverSeed, clientSeed: 'x', nonce: 7, version: 2 },
      style: 'french', decks: 6, jokers: 0, size: 312, penetration: 0.8,
      deals: deck.round().deals, history: [{ after: 4, moveCards: [deck.pile('hand:1.1')[0].code], to: 'hand:1.1', from: 'hand:1' }],
    });
    const key = new Uint8Array(32).fill(9);
    const signed = JSON.stringify(deck.toJSON({ includeSecret: true, key }));
    const back = Deck.fromJSON(signed, { key });
    expect(back.round()).toEqual(deck.round());
    back.dispose();
    const tampered = JSON.parse(signed);
    tampered.provable.nonce = 8;
    expect(() => Deck.fromJSON(tampered, { key })).toThrow(/mac does not match/);
    expect(() => Deck.fromJSON(signed)).toThrow(/state has a mac/);
    deck.dispose();
  });

  it('refuses to save without includeSecret, and says why', () => {
    const deck = new PlainDeck({ provable: { serverSeed: hex('no secret'), clientSeed: '', nonce: 0 } });
    const why = /a provable deck's state is its server seed and its round: save it with toJSON\(\{ includeSecret: true \}\)/;
    expect(() => deck.toJSON()).toThrow(TypeError);
    expect(() => deck.toJSON()).toThrow(why);
    expect(() => deck.toJSON({ includeSecret: false })).toThrow(why);
    expect(() => JSON.stringify({ deck })).toThrow(why);
    deck.dispose();
  });

  it('refuses a state it cannot deal again, naming the field, and leaves nothing behind', () => {
    const serverSeed = hex('refusals');
    const deck = new Deck({ provable: { serverSeed, clientSeed: 'c', nonce: 0 } });
    deck.deal(5);
    deck.returnCards([deck.dealt[0]]);
    deck.dealTo('board', 3);
    const good = deck.toJSON({ includeSecret: true }) as unknown as ProvableState;
    const edit = (f: (s: any) => void) => {
      const s = structuredClone(good);
      f(s);
      return s;
    };
    const cases: [string, (s: any) => void, RegExp][] = [
      ['an unknown field', (s) => (s.extra = 1), /unknown option 'extra' in state \(known: format, version, provable/],
      ['__proto__', (s) => Object.defineProperty(s, '__proto__', { value: { seed: 1 }, enumerable: true }), /__proto__/],
      ['a version', (s) => (s.version = 2), /state.version must be 3/],
      ['a seed', (s) => (s.provable.serverSeed = 'AB'), /state.provable.serverSeed must be 64 lowercase hex/],
      ['a nonce', (s) => (s.provable.nonce = -1), /state.provable.nonce must be an integer from 0/],
      ['a size', (s) => (s.size = 53), /state.size is 53, but the deck these fields make has size 52/],
      ['a deal past the deck', (s) => (s.deals[0].count = 60), /state.deals\[0\] deals 60 cards, but these seeds had only 52 left to deal there/],
      ['a packet past the deck', (s) => (s.deals[1].count = 60), /state.deals\[1\]: /],
      ['a packet of none', (s) => (s.deals[0].count = 0), /state.deals\[0\].count must be an integer from 1/],
      ['an event inside a packet', (s) => (s.history[0].after = 2), /state.history\[0\].after is 2, which falls inside a packet/],
      ['a return of a card not out', (s) => (s.history[0].returnCards = ['XX']), /state.history\[0\]: /],
      ['an event past the record', (s) => s.history.push({ after: 99, shuffleRemaining: true }), /state.history\[1\].after is past the 8 cards/],
    ];
    for (const [what, f, message] of cases) expect(() => Deck.fromJSON(edit(f)), what).toThrow(message);
    // A state with named piles needs the games Deck, as any state does.
    expect(() => PlainDeck.fromJSON(good)).toThrow(/fairdeck\/games/);
    // The good one still restores after all that (no refused restore left the module in a bad state).
    const back = Deck.fromJSON(good);
    expect(back.round()).toEqual(deck.round());
    back.dispose(), deck.dispose();
  });
});
