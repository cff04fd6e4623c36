/**
 * 32-bit size arithmetic (issue 17, defect 3): permutation(1069551616) fits the 4 GiB heap as an
 * array, but its cache-aware scratch array (4,294,983,680 bytes) does not; the product wrapped to
 * 16,384 bytes in wasm32 and the shuffle wrote past it. It must be a RangeError, like
 * permutation(1e9). This file writes about 2 GiB of heap, so it runs in its own worker and module.
 *
 * Since the Embind binding, the array lives in a std::vector in the shuffle module (CoreBulk.data,
 * cpp/bindings/shuffle.cpp), which cannot exceed 2^31 − 1 bytes in wasm32: permutation(1069551616)
 * is refused at its array, before the scratch is sized. The scratch guard is therefore driven two
 * ways: through the public API with the largest array the binding holds (2^29 − 1 items, where
 * array + scratch exceeds the address space), and through the bulk handle itself for the product
 * that used to wrap (n = 1069551616, width 4: refused before any item is read).
 */
import { expect, it } from 'vitest';
import { init, manifest, permutation } from 'fairdeck';
import { bytes, native } from '../../web/src/binding.js';
import { shuffleCore } from '../../web/src/shuffle-load.js';

const SCRATCH = /cache-aware shuffle's scratch array/;

it('permutation(1069551616) gives a RangeError and leaves the module working', async () => {
  await init();
  // Before the fix: RuntimeError "memory access out of bounds" (the shuffle wrote past 16 KiB).
  expect(() => permutation(1069551616, { seed: 1 })).toThrow(RangeError);
  expect(() => permutation(1e9, { seed: 1 })).toThrow(RangeError);
  // The public path to the scratch guard: a 2 GiB array in the heap, whose scratch cannot fit beside it.
  expect(() => permutation(2 ** 29 - 1, { seed: 1 })).toThrow(RangeError);
  expect(() => permutation(2 ** 29 - 1, { seed: 1 })).toThrow(SCRATCH);

  // The product that used to wrap: the first step must refuse the scratch, not size it at 16 KiB.
  const s = shuffleCore(), engine = { rng: bytes('chacha20'), seedKind: manifest().seedKinds.integer, seed: new Uint8Array(8) };
  const control = s.CoreBulk.make(1 << 23, engine)!;  // control: a cache-aware shuffle that fits steps
  try {
    expect(control.data(4 << 23)).not.toBeNull();
    control.identity(0, 1 << 23);
    expect(control.step(4, 1 << 18)).toBeGreaterThan(0);
    expect(control.ok()).toBe(true);
  } finally {
    control.delete();
  }
  const bulk = s.CoreBulk.make(1069551616, engine);
  expect(bulk).not.toBeNull();
  try {
    expect(s.errorKind()).toBe(manifest().errorKinds.none);  // the error below is the step's own
    expect(bulk!.step(4, 1 << 18)).toBe(0);
    expect(bulk!.ok()).toBe(false);
    expect(s.errorKind()).toBe(manifest().errorKinds.range);
    expect(new TextDecoder().decode(s.errorMessage())).toMatch(SCRATCH);
  } finally {
    bulk!.delete();
  }

  // permutation() runs in the shuffle module (shuffle-load.ts): its heap held the 2 GiB array.
  expect(s.heapUsed()).toBeLessThan(2 ** 20); // the large array was freed
  expect(native().heapUsed()).toBeLessThan(2 ** 20);
  expect(Array.from(permutation(5, { seed: 1 })).sort()).toEqual([0, 1, 2, 3, 4]);
  // Not a speed limit: the module grows its memory to 4 GiB here, which took 35 s alone and 64 s
  // beside the other suites on a loaded 2-core machine, past Vitest's default of 60 s.
}, 180_000);
