// Bulk shuffles above the cache-aware threshold (2^23 items, cpp/include/fairdeck/bulk_cache.hpp):
// Arrays, typed arrays of every width and permutation() still agree for the same seed, and the
// result is a permutation. The uniformity proofs of the algorithm are native
// (tests/cpp/bulk_cache_test.cpp); here we check the TypeScript plumbing around it.
import { beforeAll, describe, expect, it } from 'vitest';
import { init, permutation, shuffle } from 'fairdeck';

beforeAll(() => init());

const N = 2 ** 23 + 5;

describe('cache-aware bulk shuffles (n ≥ 2^23)', () => {
  it('permutation(n) holds every index once', () => {
    const p = permutation(N, { seed: 1, rng: 'xoshiro256' });
    expect(p).toHaveLength(N);
    const seen = new Uint8Array(N);
    for (let i = 0; i < N; i++) seen[p[i]]++;
    expect(seen.every((c) => c === 1)).toBe(true);
  });

  it('gives Arrays, typed arrays of every width and permutation() the same order', () => {
    const p = permutation(N, { seed: 'wide', rng: 'chacha20' });
    const plain = shuffle(Array.from({ length: N }, (_, i) => i), { seed: 'wide' });
    const f64 = shuffle(Float64Array.from({ length: N }, (_, i) => i), { seed: 'wide' });
    const u8 = shuffle(Uint8Array.from({ length: N }, (_, i) => i & 255), { seed: 'wide' });
    const u16 = shuffle(Uint16Array.from({ length: N }, (_, i) => i & 65535), { seed: 'wide' });
    for (let k = 0; k < N; k += 997) {
      expect(plain[k]).toBe(p[k]);
      expect(f64[k]).toBe(p[k]);
      expect(u8[k]).toBe(p[k] & 255);
      expect(u16[k]).toBe(p[k] & 65535);
    }
  });

  it('differs between seeds and between unseeded calls', () => {
    const a = permutation(N, { seed: 2, rng: 'xoshiro256' }), b = permutation(N, { seed: 3, rng: 'xoshiro256' });
    let same = 0;
    for (let i = 0; i < N; i += 1024) same += a[i] === b[i] ? 1 : 0;
    expect(same).toBeLessThan(5);
    const u = permutation(N), v = permutation(N);
    expect(u.subarray(0, 64)).not.toEqual(v.subarray(0, 64));
  });
});
