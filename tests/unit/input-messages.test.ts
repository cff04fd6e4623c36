/**
 * What input.ts says about a caller's value, word for word, through the public API (issue 39's
 * mutation testing found these texts untested): options that are not a plain object, of every
 * kind, a revoked proxy, a null-prototype object that is accepted, a typed array named by its
 * kind, and lists that are not iterable or whose iterator getter throws (named as such since issue 59).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck';

beforeAll(() => init());

const notPlain = (got: string) => new TypeError(`Deck options must be a plain object ({ … }), got ${got}`);

describe('options that are not a plain object', () => {
  it('names what they are: text quoted, primitives by type, null, arrays, class instances', () => {
    expect(() => new Deck('x' as never)).toThrow(notPlain('"x"'));
    expect(() => new Deck(5 as never)).toThrow(notPlain('number'));
    expect(() => new Deck(true as never)).toThrow(notPlain('boolean'));
    expect(() => new Deck((() => 1) as never)).toThrow(notPlain('function'));
    expect(() => new Deck(null as never)).toThrow(notPlain('null'));
    expect(() => new Deck([] as never)).toThrow(notPlain('an array'));
    expect(() => new Deck(new Map() as never)).toThrow(notPlain('an object of another class'));
  });

  it('a revoked proxy is named as one; an object without a prototype is plain', () => {
    const r = Proxy.revocable({}, {});
    r.revoke();
    expect(() => new Deck(r.proxy as never)).toThrow(new TypeError('Deck options must be a plain object, got a revoked proxy'));
    // A revoked proxy of a function is a function (typeof), and named as one: only objects are
    // asked for their prototype.
    const f = Proxy.revocable(() => 1, {});
    f.revoke();
    expect(() => new Deck(f.proxy as never)).toThrow(notPlain('function'));
    const bare = Object.assign(Object.create(null) as object, { seed: 1 });
    const deck = new Deck(bare), twin = new Deck({ seed: 1 });
    expect(deck.deal(52)).toEqual(twin.deal(52));  // its options were read
    deck.dispose(), twin.dispose();
  });

  it('a typed array is named by its kind', () => {
    expect(() => new Deck({ seed: new Uint16Array(2) as never })).toThrow(
      new TypeError('seed must be a number, bigint, string or Uint8Array, got Uint16Array'),
    );
  });
});

describe('lists that are not iterable', () => {
  const message = new TypeError('cards must be an array (or iterable) of cards, codes or ids');
  it('text, null and an iterator getter that throws are refused by name, and nothing changes', () => {
    const deck = new Deck({ seed: 3 });
    deck.deal(2);
    const before = JSON.stringify(deck.toJSON({ includeSecret: true }));
    expect(() => deck.returnCards('AS' as never)).toThrow(message);
    expect(() => deck.returnCards(null as never)).toThrow(message);
    expect(() => deck.returnCards(undefined as never)).toThrow(message);
    expect(() => deck.returnCards(5 as never)).toThrow(message);
    // An iterator getter that throws is named as one (issue 59; tests/unit/messages.test.ts), not as a list that is not iterable.
    expect(() => deck.returnCards({ get [Symbol.iterator](): never { throw new Error('boom'); } } as never)).toThrow(
      new TypeError("cards could not be read: reading its Symbol.iterator threw (a getter, or a Proxy's get trap)"));
    expect(JSON.stringify(deck.toJSON({ includeSecret: true }))).toBe(before);
    deck.dispose();
  });
});
