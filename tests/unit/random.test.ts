import { beforeAll, describe, expect, it } from 'vitest';
import { init, randomBytes, randomUint32, RandomStream } from 'fairdeck/random';

beforeAll(() => init());

describe('fairdeck/random', () => {
  it('gives the engine words, and bytes as those words little-endian', () => {
    for (const rng of ['chacha20', 'xoshiro256'] as const) {
      const words = randomUint32(8, { seed: 42, rng });
      const bytes = randomBytes(30, { seed: 42, rng });
      expect(bytes).toHaveLength(30);
      for (let i = 0; i < 30; i++) expect(bytes[i]).toBe((words[i >> 2] >>> (8 * (i & 3))) & 0xff);
    }
  });

  it('is reproducible with a seed and differs without one', () => {
    expect([...randomUint32(64, { seed: 'audit' })]).toEqual([...randomUint32(64, { seed: 'audit' })]);
    expect([...randomUint32(64, { seed: 'audit' })]).not.toEqual([...randomUint32(64, { seed: 'audit', rng: 'xoshiro256' })]);
    expect([...randomUint32(8)]).not.toEqual([...randomUint32(8)]);
    expect(randomUint32(0)).toHaveLength(0);
  });

  it('RandomStream continues where it stopped and frees itself', () => {
    const stream = new RandomStream({ seed: 7 });
    const joined = [...stream.nextUint32(10), ...stream.nextUint32(22)];
    expect(joined).toEqual([...randomUint32(32, { seed: 7 })]);
    stream.dispose();
    stream.dispose();
    expect(() => stream.nextUint32(1)).toThrow(/disposed/);
  });

  it('spreads output evenly over byte values (sanity, not a battery)', () => {
    // 2^20 bytes in 256 bins: χ² with df 255 at α = 1e-6 is 377.1; a constant or skewed stream fails.
    const bytes = randomBytes(1 << 20, { seed: 3 });
    const bins = new Array(256).fill(0);
    for (const b of bytes) bins[b]++;
    const e = bytes.length / 256;
    expect(bins.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0)).toBeLessThan(377.1);
  });
});
