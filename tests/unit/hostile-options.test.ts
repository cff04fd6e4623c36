/**
 * Issue 59, class 1: every options reader reads own data properties only (input.ts, ownOptions).
 * An options object parsed from JSON with a `__proto__` key used to reach option reads (a seeded
 * deck from `{"__proto__":{"seed":1}}`, a secure deck's secret from toJSON); unknown keys —
 * `__proto__` and `constructor` included — are a TypeError naming the reader's parameter and the
 * key; a getter is never called (a TypeError names it); a Proxy whose trap throws, or a revoked
 * one, is named as what it is. Each reader is called with each hostile object, and nothing changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Card, Deck, init, initSync, permutation, shuffle } from 'fairdeck';
import { Deck as GamesDeck } from 'fairdeck/games';
import { Deck as SimDeck } from 'fairdeck/sim';
import { randomBytes, randomUint32, RandomStream } from 'fairdeck/random';
import {
  assertFair, countPermutations, init as initFairness, initSync as initFairnessSync, positionMatrix, testOrders, testShuffle, timeScaling,
} from 'fairdeck/fairness';
import { createCanvas } from '@napi-rs/canvas';
import { cardLabel, cardSvg, drawCard } from 'fairdeck/faces';

beforeAll(async () => {
  await initFairness();
  await init();
});

const SERVER = 'a'.repeat(64);

/** A reader: its parameter's name in messages, and a call with options `o` (a throw or a rejection). */
interface Reader {
  what: string;
  /** Whether the reader itself lists its keys (the provable seeds are listed by provable/options.ts). */
  lists?: boolean;
  call(o: unknown): unknown;
}
const readers: Reader[] = [
  { what: 'Deck options', call: (o) => new Deck(o as never).dispose() },
  { what: 'Deck options', call: (o) => new GamesDeck(o as never).dispose() },
  { what: 'Deck options', call: (o) => new SimDeck(o as never).dispose() },
  { what: 'provable', lists: false, call: (o) => new Deck({ provable: o } as never).dispose() },
  { what: 'Card.from options', call: (o) => Card.from('AS', o as never) },
  { what: 'Card.order options', call: (o) => Card.order(o as never) },
  { what: 'toJSON options', call: (o) => { const d = new Deck(); try { return d.toJSON(o as never); } finally { d.dispose(); } } },
  { what: 'moveCards options', call: (o) => { const d = new GamesDeck({ seed: 1 }); try { d.moveCards(d.deal(1), 'discard', o as never); } finally { d.dispose(); } } },
  { what: 'packets[0]', call: (o) => { const d = new GamesDeck({ seed: 1 }); try { d.dealPattern([o] as never); } finally { d.dispose(); } } },
  { what: 'packets[1]', call: (o) => GamesDeck.pattern([{ pile: 'a', count: 1 }, o] as never) },
  { what: 'options', call: (o) => shuffle([1, 2, 3], o as never) },
  { what: 'options', call: (o) => permutation(3, o as never) },
  { what: 'options', call: (o) => randomUint32(1, o as never) },
  { what: 'options', call: (o) => randomBytes(1, o as never) },
  { what: 'options', call: (o) => new RandomStream(o as never).dispose() },
  { what: 'init options', call: (o) => init(o as never) },
  { what: 'initSync options', call: (o) => initSync(o as never) },
  { what: 'init options', call: (o) => initFairness(o as never) },
  { what: 'initSync options', call: (o) => initFairnessSync(o as never) },
  { what: 'countPermutations options', call: (o) => countPermutations(o as never) },
  { what: 'positionMatrix options', call: (o) => positionMatrix(o as never) },
  { what: 'timeScaling options', call: (o) => timeScaling(o as never) },
  { what: 'testShuffle options', call: (o) => testShuffle((a) => a, o as never) },
  { what: 'testOrders options', call: (o) => testOrders([[0, 1]], o as never) },
  { what: 'testShuffle options', call: (o) => assertFair((a) => a, o as never) },
  { what: 'cardSvg options', call: (o) => cardSvg('AS', o as never) },
  { what: 'cardLabel options', call: (o) => cardLabel('AS', o as never) },
  { what: 'drawCard options', call: (o) => drawCard(createCanvas(10, 10).getContext('2d'), 'AS', o as never) },
];

/** What a call threw or rejected with (undefined if it did neither). */
async function failure(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('an options object parsed from JSON with a __proto__ key', () => {
  it('does not make a seeded deck', () => {
    const options = JSON.parse('{"__proto__":{"seed":1}}') as object;
    expect(() => new Deck(options)).toThrow(new TypeError(
      "unknown option '__proto__' in Deck options (known: seed, rng, stream, strategy, style, decks, jokers, size, provable, penetration, exclude)"));
  });

  it("does not reveal a secure deck's secret through toJSON", () => {
    const deck = new Deck();
    const options = JSON.parse('{"__proto__":{"includeSecret":true}}') as object;
    let state: unknown;
    expect(() => (state = deck.toJSON(options))).toThrow(new TypeError("unknown option '__proto__' in toJSON options (known: includeSecret, key)"));
    expect(state).toBeUndefined();
    expect(deck.toJSON().engine).toBeNull();
    deck.dispose();
  });

  it('reads nothing through a prototype that JSON made an own key', () => {
    const seeded = new Deck({ seed: 1 }), twin = new Deck({ seed: 1 });
    expect(() => Card.from('AS', JSON.parse('{"__proto__":{"jokers":2}}') as object)).toThrow(/unknown option '__proto__' in Card.from options/);
    expect(() => shuffle([1, 2, 3], JSON.parse('{"__proto__":{"seed":1}}') as object)).toThrow(/unknown option '__proto__' in options/);
    expect(seeded.deal(52)).toEqual(twin.deal(52));
    seeded.dispose(), twin.dispose();
  });
});

describe('every options reader', () => {
  const hostile: [string, () => object, (r: Reader) => RegExp][] = [
    ['a __proto__ key from JSON', () => JSON.parse('{"__proto__":{"seed":1}}') as object, (r) => new RegExp(`^unknown option '__proto__' in ${escape(r.what)}`)],
    ['a constructor key from JSON', () => JSON.parse('{"constructor":{"prototype":{"seed":1}}}') as object, (r) => new RegExp(`^unknown option 'constructor' in ${escape(r.what)}`)],
    ['an unknown key', () => ({ bogus: 1 }), (r) => new RegExp(`^unknown option 'bogus' in ${escape(r.what)} \\(known: `)],
    ['a revoked proxy', () => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; }, (r) => new RegExp(`^${escape(r.what)} must be a plain object, got a revoked proxy$`)],
    ['a Proxy whose ownKeys trap throws', () => new Proxy({}, { ownKeys() { throw new Error('trap'); } }), (r) => new RegExp(`^${escape(r.what)} could not be read: it is a Proxy whose ownKeys or getOwnPropertyDescriptor trap threw$`)],
    ['a Proxy whose getPrototypeOf trap throws', () => new Proxy({}, { getPrototypeOf() { throw new Error('trap'); } }), (r) => new RegExp(`^${escape(r.what)} must be a plain object, got a Proxy whose getPrototypeOf trap threw$`)],
  ];
  for (const [name, make, message] of hostile) {
    it(`refuses ${name} with a TypeError naming the parameter`, async () => {
      for (const r of readers) {
        const error = await failure(() => r.call(make()));
        expect(error, `${r.what}: ${name}`).toBeInstanceOf(TypeError);
        const want = r.lists === false && name === 'an unknown key' ? new RegExp(`^unknown option 'bogus' in ${escape(r.what)}`) : message(r);
        expect((error as Error).message, `${r.what}: ${name}`).toMatch(want);
      }
    });
  }

  it('never calls a getter, and names it', async () => {
    for (const r of readers) {
      let called = 0;
      // A key each reader knows, so that the getter is what it refuses.
      const key = /Deck options|toJSON|provable|Card\.from/.test(r.what)
        ? { 'Deck options': 'seed', provable: 'nonce', 'toJSON options': 'includeSecret', 'Card.from options': 'jokers' }[r.what]!
        : /moveCards/.test(r.what) ? 'from' : /packets/.test(r.what) ? 'count' : /init/.test(r.what) ? 'wasm'
          : /Card\.order/.test(r.what) ? 'aces' : /card|draw/i.test(r.what) ? 'style' : /testOrders/.test(r.what) ? 'n'
            : /^options$/.test(r.what) ? 'seed' : 'onProgress';
      const o = Object.defineProperty({}, key, { enumerable: true, get() { called++; throw new Error('getter'); } });
      const error = await failure(() => r.call(o));
      expect(called, `${r.what}: the getter of ${key} ran`).toBe(0);
      expect(error, r.what).toBeInstanceOf(TypeError);
      expect((error as Error).message, r.what).toBe(
        `option '${key}' in ${r.what} is a getter (an accessor property): options are read as plain values, and fairdeck calls no getter`);
    }
  });

  it('reads own data properties only, and calls no get (a Proxy sees its descriptors read, never its values)', () => {
    const reads: PropertyKey[] = [];
    const target = { seed: 5, strategy: 'lazy' as const };
    const proxy = new Proxy(target, {
      get(t, k) { reads.push(k); return Reflect.get(t, k); },
      getOwnPropertyDescriptor(t, k) { reads.push(`descriptor ${String(k)}`); return Reflect.getOwnPropertyDescriptor(t, k); },
    });
    const a = new Deck(proxy), b = new Deck(target);
    expect(a.deal(52)).toEqual(b.deal(52));
    // Object.keys asks each key's descriptor (is it enumerable?), then the copy takes each value from one more.
    expect(reads).toEqual(['descriptor seed', 'descriptor strategy', 'descriptor seed', 'descriptor strategy']);
    a.dispose(), b.dispose();
    // An inherited option is not an option: a plain object's prototype is Object.prototype alone.
    expect(() => new Deck(Object.create({ seed: 1 }) as object)).toThrow(/Deck options must be a plain object/);
  });

  it('reads no option through Object.prototype, even when something else has added one there', () => {
    // The copy's prototype is a frozen object with no prototype (input.ts, OptionsCopy), so an
    // option the caller did not give is undefined whatever a polluted Object.prototype holds.
    const proto = Object.prototype as Record<string, unknown>;
    const fresh = () => { const d = new Deck({ strategy: 'eager' }); const ids = d.deal(10).map((c) => c.id); d.dispose(); return ids; };
    try {
      proto.seed = 1, proto.rng = 'xoshiro256';
      const seeded = new Deck({ seed: 1, rng: 'xoshiro256', strategy: 'eager' });
      const pinned = seeded.deal(10).map((c) => c.id);
      seeded.dispose();
      expect(fresh()).not.toEqual(pinned);
      const plain = new Deck({ strategy: 'eager' });
      expect(plain.info.seeded).toBe(false);
      plain.dispose();
    } finally {
      delete proto.seed, delete proto.rng;
    }
  });

  it('a sim Deck reads stream and exclude as own properties only (no `in`)', () => {
    const options = JSON.parse('{"__proto__":{"exclude":["AS"]}}') as object;
    expect(() => new SimDeck(options)).toThrow(/^unknown option '__proto__' in Deck options/);
    const d = new SimDeck({ seed: 2, exclude: ['AS'] });
    expect(d.dead.map(String)).toEqual(['AS']);
    d.dispose();
  });

  it('accepts what the repository passes (null-prototype objects too), and provable seeds as before', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.seed = 3;
    const a = new Deck(bare), b = new Deck({ seed: 3 });
    expect(a.deal(5)).toEqual(b.deal(5));
    a.dispose(), b.dispose();
    const p = new Deck({ provable: { serverSeed: SERVER, clientSeed: 'c', nonce: 1 } });
    expect(p.info.provable?.nonce).toBe(1);
    p.dispose();
    expect(() => new Deck({ provable: { serverSeed: SERVER, clientSeed: 'c', nonce: 1, extra: 1 } } as never))
      .toThrow(/^unknown option 'extra' in provable \(known: serverSeed, clientSeed, nonce, version\)/);
  });
});
