/**
 * The protocols a deck object meets in the wild, for every entry's Deck (protocols.test.ts runs
 * them on 'fairdeck', protocols-games.test.ts on 'fairdeck/games'): JSON.stringify calls
 * toJSON(key) with the property's name; util.inspect / console.log in Node; structuredClone and
 * postMessage, which cannot carry a deck; Vue's reactive(), which must leave a deck alone.
 */
import { inspect } from 'node:util';
import { MessageChannel } from 'node:worker_threads';
import { expect, it } from 'vitest';

interface AnyDeck {
  deal(n: number): { code: string }[];
  toJSON(options?: unknown): unknown;
  dispose(): void;
  readonly remaining: number;
}
interface DeckClass<D extends AnyDeck> {
  new (options?: object): D;
  fromJSON(state: unknown): D;
}

export function protocolTests<D extends AnyDeck>(Deck: DeckClass<D>, play: (deck: D) => void): void {
  it('JSON.stringify(deck) and JSON.stringify({ deck }) write the state, and fromJSON reads it back', () => {
    const deck = new Deck({ seed: 37 }), twin = new Deck({ seed: 37 });
    play(deck), play(twin);
    const text = JSON.stringify(deck);
    expect(JSON.parse(text)).toEqual(deck.toJSON());
    const wrapped = JSON.parse(JSON.stringify({ deck, list: [deck] })) as { deck: unknown; list: unknown[] };
    expect(wrapped.deck).toEqual(deck.toJSON());
    expect(wrapped.list[0]).toEqual(deck.toJSON());
    const back = Deck.fromJSON(JSON.parse(text));
    expect(back).toBeInstanceOf(Deck);
    expect(back.deal(52).map(String)).toEqual(twin.deal(52).map(String));
    expect(Deck.fromJSON(text).remaining).toBe(deck.remaining);
    for (const d of [deck, twin, back]) d.dispose();
  });

  it('toJSON still refuses options that are neither a key nor a plain object', () => {
    const deck = new Deck({ seed: 1 });
    expect(() => deck.toJSON(5)).toThrow(TypeError);
    expect(() => deck.toJSON({ includeSecret: 'yes' })).toThrow(/includeSecret must be a boolean, got "yes"/);
    expect(() => deck.toJSON({ secret: true })).toThrow(/unknown option 'secret' in toJSON options/);
    deck.dispose();
  });

  it('util.inspect and console.log show where the cards are, never the key or the order', () => {
    const deck = new Deck();
    play(deck);
    const shown = inspect(deck);
    expect(shown).toMatch(/^Deck \{/);
    expect(shown).toContain(`remaining: ${deck.remaining}`);
    expect(shown).toContain("rng: 'chacha20'");
    expect(shown).toContain('seeded: false');
    expect(shown).not.toMatch(/engine|order|key/);
    expect(inspect({ table: [deck] }, { depth: 4 })).toContain('size: 52');
    deck.dispose();
    expect(inspect(deck)).toBe('Deck { disposed: true }');
  });

  it('structuredClone and postMessage throw a DataCloneError that says to post toJSON() instead', () => {
    const deck = new Deck({ seed: 2 });
    const message = /a fairdeck Deck cannot be cloned: post deck\.toJSON\(\), then Deck\.fromJSON\(state\)/;
    expect(() => structuredClone(deck)).toThrow(message);
    expect(() => structuredClone({ deck })).toThrow(message);
    const channel = new MessageChannel();
    try {
      expect(() => channel.port1.postMessage(deck)).toThrow(message);
      expect(() => channel.port1.postMessage(deck.toJSON())).not.toThrow();
    } finally {
      channel.port1.close();
    }
    expect(deck.remaining).toBe(52);  // the failed clone changed nothing
    deck.dispose();
  });

  it("is one Vue leaves alone (markRaw's flag), so no Proxy hides its private fields", () => {
    const deck = new Deck();
    expect((deck as unknown as { __v_skip: unknown }).__v_skip).toBe(true);
    expect(Object.keys(deck)).not.toContain('__v_skip');
    deck.dispose();
  });
}
