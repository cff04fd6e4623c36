// The states in tests/vectors/bad-states.json must be refused by Deck.fromJSON with exactly the
// error the native core gives for them (tests/cpp/state_test.cpp): the package reads the JSON and
// checks field types in TypeScript (web/src/state.ts), the core checks the rest, and together
// they must agree with the core's own reader, message for message.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init } from 'fairdeck/games';

/** The first case is the good state every other case changes in one field (error "none"). */
const cases = JSON.parse(readFileSync(new URL('../vectors/bad-states.json', import.meta.url), 'utf8')) as {
  name: string;
  state: unknown;
  error: 'none' | 'TypeError' | 'RangeError';
  message: string;
}[];

beforeAll(() => init());

describe('Deck.fromJSON on the shared bad states', () => {
  it('has the good state first, and restores it (so each case fails for its own fault)', () => {
    expect(cases[0].error).toBe('none');
    const d = Deck.fromJSON(JSON.stringify(cases[0].state));
    expect(d.remaining).toBe(47);
    d.dispose();
  });
  it.each(cases.slice(1).map((c) => [c.name, c] as const))('%s', (_, c) => {
    let error: unknown;
    try {
      Deck.fromJSON(JSON.stringify(c.state)).dispose();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(c.error === 'TypeError' ? TypeError : RangeError);
    expect((error as Error).message).toBe(c.message);
  });
  it('does not take a missing field from a polluted Object.prototype', () => {
    const { engine: _, ...noEngine } = cases[0].state as Record<string, unknown>;
    const proto = Object.prototype as Record<string, unknown>;
    proto.engine = (cases[0].state as { engine: string }).engine;
    try {
      expect(() => Deck.fromJSON(JSON.stringify(noEngine))).toThrow(/^state\.engine is missing$/);
    } finally {
      delete proto.engine;
    }
  });
});
