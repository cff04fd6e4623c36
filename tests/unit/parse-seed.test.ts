// parseSeed: the one reading of seed text, shared by the demo, the visualiser, links and the CLI.
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, parseSeed } from 'fairdeck';
import { parseSeed as fromRandom } from 'fairdeck/random';

beforeAll(() => init());

describe('parseSeed', () => {
  it('reads digits as an integer seed up to 2^64 − 1, as a number while it is safe', () => {
    expect(parseSeed('42')).toBe(42);
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed('9007199254740991')).toBe(9007199254740991);
    expect(parseSeed('9007199254740992')).toBe(9007199254740992n);
    expect(parseSeed('1234567890123456')).toBe(1234567890123456);  // 16 digits: the link that once differed by page
    expect(parseSeed('18446744073709551615')).toBe(18446744073709551615n);
  });

  it('reads everything else as text: empty is no seed, leading zeros and 2^64 are text', () => {
    expect(parseSeed('')).toBeUndefined();
    expect(parseSeed('007')).toBe('007');
    expect(parseSeed('18446744073709551616')).toBe('18446744073709551616');
    expect(parseSeed('-1')).toBe('-1');
    expect(parseSeed('4 2')).toBe('4 2');
    expect(parseSeed('hello')).toBe('hello');
  });

  it('is the same function in fairdeck and fairdeck/random, and its seeds deal as typed', () => {
    expect(fromRandom).toBe(parseSeed);
    const a = new Deck({ seed: parseSeed('1234567890123456') }), b = new Deck({ seed: 1234567890123456 });
    expect(a.deal(52).join()).toBe(b.deal(52).join());
    a.dispose();
    b.dispose();
  });

  it('rejects a non-string by name', () => {
    expect(() => parseSeed(42 as never)).toThrow(/text must be a string, got 42/);
  });
});
