/**
 * States saved by the build before libsodium (issue 58: "a seeded deck saved by the previous build
 * restores"): fixtures/states-55150ef.json was written by fairdeck at 55150ef, whose SHA-256 and
 * ChaCha20 were its own code, from seeded decks of both engines and every strategy, by number and
 * by text (hashed with SHA-256), each dealt, given returns and saved; with the cards that build
 * dealt next, and after its next shuffle(). This build must restore each and deal the same.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { init, Deck } from 'fairdeck';

interface Saved { options: Record<string, unknown>; state: Parameters<typeof Deck.fromJSON>[0]; next: string[]; afterShuffle: string[] }
const { states } = JSON.parse(readFileSync(new URL('./fixtures/states-55150ef.json', import.meta.url), 'utf8')) as { states: Saved[] };

beforeAll(() => init());

describe('states saved by the build before libsodium restore and deal the same cards', () => {
  it('has a state of each engine, strategy and kind of seed', () => {
    expect(states).toHaveLength(12);
  });
  it.each(states.map((s) => [`${s.options.rng} ${s.options.strategy} seed ${JSON.stringify(s.options.seed)}`, s] as const))('%s', (_, s) => {
    const d = Deck.fromJSON(s.state);
    expect(d.deal(s.next.length).map(String)).toEqual(s.next);
    d.shuffle();
    expect(d.deal(s.afterShuffle.length).map(String)).toEqual(s.afterShuffle);
    d.dispose();
    // And a deck made now from the same options and given the same calls saves the same state:
    // the seed (a text one through libsodium's SHA-256 now) keys the same engine at the same place.
    const fresh = new Deck(s.options as ConstructorParameters<typeof Deck>[0]);
    const first = fresh.deal(7).map(String);
    fresh.returnCards([first[2], first[5]]);
    fresh.deal(3);
    expect(fresh.toJSON()).toEqual(s.state);
    fresh.dispose();
  });
});
