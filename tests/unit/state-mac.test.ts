/**
 * Issue 59, class 2: saved states can be authenticated. Before, anyone who could edit a saved
 * state chose the next cards (an `order`, an engine and an undealt list pasted together) or made
 * a predictable deck that called itself secure, and Deck.fromJSON had no way to tell. Now
 * `deck.toJSON({ key })` adds `mac` (HMAC-SHA256, libsodium's in the WASM module, over the
 * canonical encoding of every other field: web/src/state-mac.ts), and `Deck.fromJSON(state, { key })`
 * restores only that state, unchanged, under that key. These tests fail on the code before: it
 * refused the `key` option of toJSON and fromJSON had no options at all.
 */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck';
import { Deck as GamesDeck } from 'fairdeck/games';
import { Deck as SimDeck } from 'fairdeck/sim';

beforeAll(async () => {
  await init();
});

const KEY = new Uint8Array(32).map((_, i) => i * 7 + 1);
const OTHER = new Uint8Array(32).map((_, i) => i * 7 + 2);

/** The canonical text, written here independently of state-mac.ts: keys sorted, no spaces. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

const seeded = () => {
  const d = new Deck({ seed: 'mac-test' });
  d.deal(5);
  return d;
};

describe('toJSON({ key }) / fromJSON(state, { key })', () => {
  it('adds a MAC that is HMAC-SHA256 of the canonical state (checked against Node\'s OpenSSL)', () => {
    const d = seeded();
    const state = d.toJSON({ key: KEY });
    const { mac, ...rest } = state;
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    const want = createHmac('sha256', KEY).update(`fairdeck-deck-mac/1\n${canonical(rest)}`).digest('hex');
    expect(mac).toBe(want);
    expect(rest).toEqual(d.toJSON());  // the same state, the MAC beside it
    d.dispose();
  });

  it('restores with the right key and deals what the saved deck deals, also after another JSON writer', () => {
    const d = seeded();
    const state = d.toJSON({ key: KEY });
    const next = d.deal(10).join(' ');
    for (const copy of [state, JSON.stringify(state), JSON.stringify(state, null, 2),
      JSON.stringify(Object.fromEntries(Object.entries(state).reverse()))]) {
      const r = Deck.fromJSON(copy as never, { key: KEY });
      expect(r.deal(10).join(' ')).toBe(next);
      r.dispose();
    }
    d.dispose();
  });

  it('refuses a tampered state, a wrong key, a MAC\'d state without a key and a bare state with a key', () => {
    const d = seeded();
    const state = d.toJSON({ key: KEY });
    const mismatch = /^state's mac does not match: the state was changed after it was saved, or the key is not the one it was saved with/;
    // The attack of the issue: the undealt cards reordered to choose the next deal.
    const chosen = { ...state, undealt: [...state.undealt].reverse() };
    expect(() => Deck.fromJSON(chosen, { key: KEY })).toThrow(mismatch);
    // A predictable deck that would report itself secure.
    expect(() => Deck.fromJSON({ ...state, seeded: !state.seeded }, { key: KEY })).toThrow(mismatch);
    expect(() => Deck.fromJSON({ ...state, mac: state.mac!.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, { key: KEY })).toThrow(mismatch);
    expect(() => Deck.fromJSON(state, { key: OTHER })).toThrow(mismatch);
    expect(() => Deck.fromJSON({ ...state, extra: 1 } as never, { key: KEY })).toThrow(mismatch);
    expect(() => Deck.fromJSON(state)).toThrow(/^state has a mac: pass the key it was saved with/);
    const { mac: _mac, ...bare } = state;
    expect(() => Deck.fromJSON(bare, { key: KEY })).toThrow(/^state has no mac to check against key/);
    // Each refusal is an Error, not a TypeError: the state is well formed, it is not the one saved.
    try { Deck.fromJSON(chosen, { key: KEY }); } catch (e) { expect((e as Error).constructor).toBe(Error); }
    // Negative control: the untouched state restores, and without a key a bare state still does.
    Deck.fromJSON(state, { key: KEY }).dispose();
    Deck.fromJSON(bare).dispose();
    d.dispose();
  });

  it('checks the key: bytes, at least 32 of them; unknown options named', () => {
    const d = seeded();
    const state = d.toJSON({ key: KEY });
    expect(() => d.toJSON({ key: new Uint8Array(31) })).toThrow(new RangeError('key must be at least 32 bytes, got 31'));
    expect(() => d.toJSON({ key: 'a'.repeat(64) as never })).toThrow(TypeError);
    expect(() => Deck.fromJSON(state, { key: new Uint8Array(16) })).toThrow(RangeError);
    expect(() => Deck.fromJSON(state, { kee: KEY } as never)).toThrow(/unknown option 'kee' in fromJSON options/);
    expect(() => Deck.fromJSON(state, JSON.parse('{"__proto__":{"key":1}}'))).toThrow(/unknown option '__proto__'/);
    // A longer key works, and is a different key.
    const long = new Uint8Array(64).fill(9);
    const s2 = d.toJSON({ key: long });
    expect(s2.mac).not.toBe(state.mac);
    Deck.fromJSON(s2, { key: long }).dispose();
    d.dispose();
  });

  it('covers secure decks saved with their secret, and the games and sim decks (piles, dead cards)', () => {
    const secure = new Deck();
    const s = secure.toJSON({ includeSecret: true, key: KEY });
    const next = secure.deal(3).join(' ');
    const r = Deck.fromJSON(s, { key: KEY });
    expect(r.deal(3).join(' ')).toBe(next);
    r.dispose(), secure.dispose();

    const g = new GamesDeck({ seed: 7 });
    g.dealHands(4, 2);
    const gs = g.toJSON({ key: KEY });
    const gr = GamesDeck.fromJSON(gs, { key: KEY });
    expect(gr.toJSON()).toEqual(g.toJSON());
    // A pile's cards swapped between two seats: refused.
    const piles = gs.piles!;
    const names = Object.keys(piles);
    if (names.length >= 2) {
      const swapped = { ...gs, piles: { ...piles, [names[0]]: piles[names[1]], [names[1]]: piles[names[0]] } };
      expect(() => GamesDeck.fromJSON(swapped, { key: KEY })).toThrow(/mac does not match/);
    }
    gr.dispose(), g.dispose();

    const sim = new SimDeck({ seed: 3, exclude: ['AS', 'KH'] });
    const ss = sim.toJSON({ key: KEY });
    const sr = SimDeck.fromJSON(ss, { key: KEY });
    expect(sr.toJSON()).toEqual(sim.toJSON());
    expect(() => SimDeck.fromJSON({ ...ss, dead: [] }, { key: KEY })).toThrow(/mac does not match/);
    sr.dispose(), sim.dispose();
  });

  it('a state nested deeper than any fairdeck writes is a mismatch, not a stack overflow', () => {
    const d = seeded();
    const state = d.toJSON({ key: KEY });
    let deep: unknown = [];
    for (let i = 0; i < 2000; i++) deep = [deep];  // JSON.stringify reads this; a recursive reader without a bound would go 2,000 deep
    expect(() => Deck.fromJSON({ ...state, undealt: deep } as never, { key: KEY })).toThrow(/mac does not match/);
    d.dispose();
  });
});
