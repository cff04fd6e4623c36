/**
 * Running out of WASM memory (the heap grows to at most 4 GiB): every path that allocates reports
 * a RangeError — from the core's guard (a std::bad_alloc, thrown and caught inside the module) or
 * the binding's and the package's own checks — never a bare number, never a write through a null
 * pointer; and once memory is freed the modules work exactly as before. Both heaps are filled:
 * the deck module's and the shuffle module's.
 * This file grows its module's memory to 4 GiB of address space (pages are touched only where
 * written), so it runs in its own worker with its own module instance.
 */
import { describe, expect, it } from 'vitest';
import { Deck, init, permutation, shuffle } from 'fairdeck';
import { randomUint32, RandomStream } from 'fairdeck/random';
import { native } from '../../web/src/binding.js';
import { shuffleCore } from '../../web/src/shuffle-load.js';
import { raw, type RawHeap } from './helpers.js';

const OOM = /not enough WASM memory|too large for the WASM heap|no WASM memory left/;

describe('a full WASM heap', () => {
  it('gives a RangeError on every allocating path and leaves the module working once memory is freed', async () => {
    await init();
    const m = raw(native());
    const golden = new Deck({ seed: 'oom', decks: 2, strategy: 'lazy' }).deal(104).map(String);
    const german = new Deck({ style: 'german', seed: 3 }).deal(32).map((c) => c.name);
    // Decks made while there is room, used below when there is none.
    const big = 200_000;
    const forState = new Deck({ size: big, seed: 1 });
    const forDeal = new Deck({ size: big, seed: 2, strategy: 'lazy' });
    const forPile = new Deck({ size: big, seed: 3, strategy: 'bitmap' });
    forPile.deal(big);
    const forReturn = new Deck({ size: big, seed: 4, strategy: 'lazy' });
    const returning = forReturn.deal(1000);
    const stateText = JSON.stringify(forState.toJSON());
    const stream = new RandomStream({ seed: 5 });
    const used = m.heapUsed();
    const s = raw(shuffleCore());  // shuffle() and permutation() have a module (and a heap) of their own
    const usedShuffle = s.heapUsed();

    // Fill both heaps: blocks from 256 MiB down to 8 bytes, until nothing more fits.
    const fill = (into: RawHeap) => {
      const held: number[] = [];
      for (let size = 2 ** 28; size >= 8; ) {
        const p = into._malloc(size);
        if (p) held.push(p);
        else size /= 2;
      }
      return held;
    };
    const blocks = fill(m), shuffleBlocks = fill(s);
    expect(m.HEAPU8.length).toBeGreaterThan(4 * 2 ** 30 - 2 ** 20);
    expect(s.HEAPU8.length).toBeGreaterThan(4 * 2 ** 30 - 2 ** 20);

    const paths: [string, () => unknown][] = [
      ['new Deck (the binding allocates the C++ object)', () => new Deck({ seed: 1 })],
      ['new Deck with a long text seed (Embind copies the seed string)', () => new Deck({ seed: 'x'.repeat(50_000) })],
      ['Deck.fromJSON of a large state (binding: input buffer)', () => Deck.fromJSON(stateText)],
      ['toJSON of a large deck (binding: state string)', () => forState.toJSON()],
      ['deal(n) on a lazy deck (binding: id buffer)', () => forDeal.deal(big)],
      ['dealt of a large pile (binding: pile copy)', () => forPile.dealt],
      ['returnCards of many cards (binding: id buffer, reserve)', () => forReturn.returnCards(returning)],
      ['permutation', () => permutation(1_000_000, { seed: 1 })],
      ['shuffle of a typed array', () => shuffle(new Uint32Array(1_000_000), { seed: 1 })],
      ['shuffle of an Array', () => shuffle(Array.from({ length: 1_000_000 }, (_, i) => i), { seed: 1 })],
      ['randomUint32', () => randomUint32(1_000_000, { seed: 1 })],
      ['RandomStream buffer', () => stream.nextUint32(10)],
      ['new RandomStream', () => new RandomStream({ seed: 1 })],
    ];
    const outcomes: string[] = [];
    for (const [name, call] of paths) {
      let error: unknown = 'no error';
      try {
        call();
      } catch (e) {
        error = e;
      }
      outcomes.push(`${name}: ${typeof error === 'number' ? `bare number ${error}` : String(error)}`);
      expect(error, name).toBeInstanceOf(RangeError);
      expect(String(error), name).toMatch(OOM);
    }
    // Failed calls changed nothing.
    expect(forDeal.remaining).toBe(big);
    expect(forReturn.returned).toBe(0);

    // Room for the small objects but not for a deck's cards: the core's own guard reports it.
    const spare = blocks.pop()!;
    m._free(spare);
    for (let i = 0; i < 4; i++) blocks.push(m._malloc(2 ** 12)); // take back most of it
    expect(() => new Deck({ size: 2 ** 20, seed: 1 })).toThrow(OOM);
    // Room for the options object but not for a long seed: Embind 3.1.6 would copy the seed to
    // address 0 and over the module's static data (cpp/bindings/strings.js checks the allocation).
    const low = m.HEAPU8.slice(0, 2048);
    expect(() => new Deck({ seed: 'x'.repeat(50_000) })).toThrow(OOM);
    expect(() => new RandomStream({ seed: 'y'.repeat(50_000) })).toThrow(OOM);
    expect(m.HEAPU8.slice(0, 2048)).toEqual(low);

    for (const p of blocks) if (p) m._free(p);
    for (const p of shuffleBlocks) s._free(p);
    expect(m.heapUsed(), outcomes.join('\n')).toBeLessThanOrEqual(used + 4096); // skipped destructors may leak a few bytes
    expect(s.heapUsed(), outcomes.join('\n')).toBeLessThanOrEqual(usedShuffle + 4096);
    // The module works exactly as before: same deals, same faces, big decks again.
    expect(new Deck({ seed: 'oom', decks: 2, strategy: 'lazy' }).deal(104).map(String)).toEqual(golden);
    expect(new Deck({ style: 'german', seed: 3 }).deal(32).map((c) => c.name)).toEqual(german);
    expect(forDeal.deal(big)).toHaveLength(big);
    forReturn.returnCards(returning);
    expect(forReturn.returned).toBe(1000);
    expect(Deck.fromJSON(stateText).remaining).toBe(big);
    expect(new Set(permutation(1_000_000, { seed: 1 })).size).toBe(1_000_000);
  });
});
