/**
 * Issue 59, class 8: messages name what they are about. A card is named by its code and its id,
 * as the README promises ("card AS (id 39) …"), in every message, the sim Deck's `remove`
 * (whose core names cards by id alone) and the faces included; a Proxy, a throwing getter and a
 * detached buffer are named as what they are, never as a value of another kind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Card, Deck, init, shuffle } from 'fairdeck/sim';
import { cardSvg } from 'fairdeck/faces';

beforeAll(() => init());

/** The message of what `f` throws, checking its class; the deck's state must not change. */
function thrown(f: () => unknown, Kind: ErrorConstructor | TypeErrorConstructor | RangeErrorConstructor): string {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(Kind);
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}

describe('cards are named by code and id', () => {
  it('remove: a card named twice, a dealt card, a card already out of play', () => {
    const deck = new Deck({ seed: 1 });
    const before = JSON.stringify(deck.toJSON({ includeSecret: true }));
    expect(thrown(() => deck.remove(['AS', 'AS']), RangeError)).toBe('card AS (id 39) is named twice in one remove call');
    expect(thrown(() => deck.remove([39, Card.from('AS')]), RangeError)).toBe('card AS (id 39) is named twice in one remove call');
    expect(JSON.stringify(deck.toJSON({ includeSecret: true }))).toBe(before);
    const dealt = deck.dealOne()!;
    expect(thrown(() => deck.remove([dealt]), RangeError))
      .toBe(`card ${dealt.code} (id ${dealt.id}) cannot be removed: it is not in the deck (it is dealt)`);
    deck.remove(['KH']);
    expect(thrown(() => deck.remove(['KH']), RangeError))
      .toBe('card KH (id 38) cannot be removed: it is not in the deck (it is already out of play)');
    deck.dispose();
    // A generic deck's card is its id: named so, as the core does.
    const generic = new Deck({ size: 10 });
    expect(thrown(() => generic.remove([3, 3]), RangeError)).toBe('card 3 is named twice in one remove call');
    generic.dispose();
  });

  it('new Deck({ exclude }) names the card the same way', () => {
    expect(thrown(() => new Deck({ exclude: ['QD', 'QD'] }), RangeError)).toBe('card QD (id 24) is named twice in one remove call');
  });

  it('returnCards and moveCards name cards by code and id (as before)', () => {
    const deck = new Deck({ seed: 2 });
    expect(thrown(() => deck.returnCards(['AS']), RangeError)).toMatch(/^card AS \(id 39\) cannot be returned/);
    deck.dispose();
  });

  it('faces: a card of the other style is named by code and id', () => {
    expect(thrown(() => cardSvg(Card.from('AS'), { style: 'german' }), RangeError))
      .toBe('options.style "german" does not match card AS (id 39), a french card');
  });
});

describe('a Proxy, a throwing getter and a detached buffer are named as what they are', () => {
  it('a Proxy whose trap throws is not called a revoked proxy', () => {
    const p = new Proxy({}, { getPrototypeOf() { throw new Error('trap'); } });
    expect(thrown(() => new Deck(p), TypeError)).toBe('Deck options must be a plain object, got a Proxy whose getPrototypeOf trap threw');
    const r = Proxy.revocable({}, {});
    r.revoke();
    expect(thrown(() => new Deck(r.proxy), TypeError)).toBe('Deck options must be a plain object, got a revoked proxy');
  });

  it('an options getter is named, and never called', () => {
    let called = 0;
    const o = Object.defineProperty({}, 'seed', { enumerable: true, get() { called++; throw new Error('boom'); } });
    expect(thrown(() => new Deck(o), TypeError))
      .toBe("option 'seed' in Deck options is a getter (an accessor property): options are read as plain values, and fairdeck calls no getter");
    expect(called).toBe(0);
  });

  it('a list whose Symbol.iterator getter or iterator throws is not called "not iterable"', () => {
    const deck = new Deck({ seed: 3 });
    deck.deal(2);
    const before = JSON.stringify(deck.toJSON({ includeSecret: true }));
    const getter = { get [Symbol.iterator](): never { throw new Error('boom'); } };
    expect(thrown(() => deck.returnCards(getter as never), TypeError))
      .toBe("cards could not be read: reading its Symbol.iterator threw (a getter, or a Proxy's get trap)");
    expect(thrown(() => deck.returnCards(new Proxy([], { get() { throw new Error('trap'); } }) as never), TypeError))
      .toBe("cards could not be read: reading its Symbol.iterator threw (a getter, or a Proxy's get trap)");
    const boom = new Error('boom');
    let error: unknown;
    try {
      deck.returnCards((function* () { yield 'AS'; throw boom; })());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe("cards could not be read: its iterator threw (the error is this one's cause); nothing was changed");
    expect((error as Error).cause).toBe(boom);
    expect(JSON.stringify(deck.toJSON({ includeSecret: true }))).toBe(before);
    deck.dispose();
  });

  it('shuffle: an item getter that throws is a read, not a write; a Proxy that throws is named', () => {
    const a = Object.defineProperty([1, 2, 3, 4], 1, { get() { throw new Error('boom'); } });
    expect(thrown(() => shuffle(a, { seed: 1 }), TypeError)).toBe('array cannot be shuffled: item 1 could not be read (boom); nothing was moved');
    // Unseeded small shuffles read only the items they swap: every item throws, and 50! orders leave none in place but one.
    const all: number[] = [];
    for (let i = 0; i < 50; i++) Object.defineProperty(all, i, { get() { throw new Error('boom'); }, enumerable: true });
    expect(thrown(() => shuffle(all), TypeError)).toMatch(/^array cannot be shuffled: item \d+ could not be read \(boom\); nothing was moved$/);
    expect(thrown(() => shuffle(new Proxy([1, 2, 3], { get() { throw new Error('trap'); } }), { seed: 1 }), TypeError))
      .toBe("array could not be read: reading its length threw (a Proxy's get trap)");
  });

  it('a detached buffer is named as one, wherever it is passed', () => {
    const detached = () => { const a = new Uint32Array(4); structuredClone(a.buffer, { transfer: [a.buffer] }); return a; };
    const deck = new Deck({ seed: 4 });
    expect(thrown(() => shuffle(detached(), { seed: 1 }), TypeError)).toBe('array is a Uint32Array whose buffer is detached (transferred or freed); it cannot be read');
    expect(thrown(() => deck.returnCards(detached() as never), TypeError)).toBe('cards is a Uint32Array whose buffer is detached (transferred or freed); it cannot be read');
    expect(thrown(() => deck.remove(detached() as never), TypeError)).toBe('cards is a Uint32Array whose buffer is detached (transferred or freed); it cannot be read');
    expect(thrown(() => new Deck({ exclude: detached() as never }), TypeError)).toBe('exclude is a Uint32Array whose buffer is detached (transferred or freed); it cannot be read');
    deck.dispose();
  });
});
