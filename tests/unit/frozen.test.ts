/**
 * Issue 59, class 7: the objects fairdeck shares with every caller are frozen, so that no caller
 * can change them for another: every Card, the prototype all Cards share and its class (reachable
 * as `constructor`), `Card` itself, every exported constant of every entry, and the manifest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as fairdeck from 'fairdeck';
import * as games from 'fairdeck/games';
import * as sim from 'fairdeck/sim';
import * as random from 'fairdeck/random';
import * as fairness from 'fairdeck/fairness';
import * as faces from 'fairdeck/faces';
import * as provable from 'fairdeck/provable';
import * as verify from 'fairdeck/verify';

const { Card, Deck, init, manifest } = fairdeck;

beforeAll(() => init());

/** The paths under `value` (an object) that are not frozen, own properties all the way down. */
function unfrozen(value: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return [];
  seen.add(value);
  const out = Object.isFrozen(value) ? [] : [path];
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key)!;
    if ('value' in d && typeof d.value === 'object') out.push(...unfrozen(d.value, `${path}.${String(key)}`, seen));
  }
  return out;
}

describe('Cards', () => {
  it('a Card, its prototype and its class are frozen: no caller can change every card', () => {
    const deck = new Deck({ seed: 1 });
    const card = deck.dealOne()!;
    const proto = Object.getPrototypeOf(card) as { toString(): string; constructor: { is?: unknown } };
    expect(Object.isFrozen(card)).toBe(true);
    expect(Object.isFrozen(proto)).toBe(true);
    expect(Object.isFrozen(proto.constructor)).toBe(true);
    const code = card.code;
    // The example: today this changed every card's toString.
    expect(() => { proto.toString = () => 'hacked'; }).toThrow(TypeError);
    expect(() => { proto.constructor.is = () => true; }).toThrow(TypeError);
    expect(() => Object.defineProperty(proto, 'code', { get: () => 'hacked' })).toThrow(TypeError);
    expect(() => Object.setPrototypeOf(proto, null)).toThrow(TypeError);
    expect(String(card)).toBe(code);
    expect(String(Card.from('AS'))).toBe('AS');
    expect(Card.is({ code: 'AS' })).toBe(false);
    deck.dispose();
  });

  it('Card and its comparators cannot be replaced', () => {
    expect(unfrozen(Card, 'Card')).toEqual([]);
    expect(() => { (Card as { compare: unknown }).compare = () => 0; }).toThrow(TypeError);
  });
});

describe('exported constants and the manifest', () => {
  const entries = { fairdeck, games, sim, random, fairness, faces, provable, verify };
  it('every exported object that is not a function or a class is frozen, all the way down', () => {
    const bad: string[] = [];
    for (const [entry, exports] of Object.entries(entries)) {
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value === 'object' && value !== null) bad.push(...unfrozen(value, `${entry}.${name}`));
      }
    }
    expect(bad).toEqual([]);
  });

  it('the named constants the issue lists are frozen', () => {
    for (const value of [fairness.ALGORITHMS, fairness.FAIR_ALGORITHMS, fairness.BIASED_ALGORITHMS, fairness.ALGORITHM_INFO,
      fairness.ALGORITHM_INFO['fisher-yates'], fairness.DEFAULT_SIZES, verify.GAMES, faces.BACKS]) {
      expect(Object.isFrozen(value)).toBe(true);
    }
    expect(() => { (fairness.ALGORITHMS as unknown as string[]).push('mine'); }).toThrow(TypeError);
    expect(() => { (fairness.ALGORITHM_INFO['sattolo'] as { fair: boolean }).fair = true; }).toThrow(TypeError);
    expect(fairness.BIASED_ALGORITHMS).toContain('sattolo');
  });

  it('the manifest is frozen all the way down, and every call returns the same one', () => {
    const m = manifest();
    expect(unfrozen(m, 'manifest()')).toEqual([]);
    expect(manifest()).toBe(m);
    expect(() => { (m.limits as { maxDecks: number }).maxDecks = 1000; }).toThrow(TypeError);
    expect(() => { (m.engines as string[]).push('mine'); }).toThrow(TypeError);
    expect(() => new Deck({ decks: 65 })).toThrow(RangeError);
  });
});
