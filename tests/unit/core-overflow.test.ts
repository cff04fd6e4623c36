/**
 * 32-bit size arithmetic (issue 17, defect 3): permutation(1069551616) fits the 4 GiB heap as an
 * array, but its cache-aware scratch array (4,294,983,680 bytes) does not; the product wrapped to
 * 16,384 bytes in wasm32 and the shuffle wrote past it. It must be a RangeError, like
 * permutation(1e9). This file writes about 4 GiB of heap, so it runs in its own worker and module.
 */
import { expect, it } from 'vitest';
import { init, permutation } from 'fairdeck';
import { native } from '../../web/src/abi.js';

it('permutation(1069551616) gives a RangeError and leaves the module working', async () => {
  await init();
  // Before the fix: RuntimeError "memory access out of bounds" (the shuffle wrote past 16 KiB).
  expect(() => permutation(1069551616, { seed: 1 })).toThrow(RangeError);
  expect(() => permutation(1069551616, { seed: 1 })).toThrow(/cache-aware shuffle's scratch array/);
  expect(() => permutation(1e9, { seed: 1 })).toThrow(RangeError);
  expect(native().abi.heap_used()).toBeLessThan(2 ** 20); // the 4 GiB array was freed
  expect(Array.from(permutation(5, { seed: 1 })).sort()).toEqual([0, 1, 2, 3, 4]);
});
