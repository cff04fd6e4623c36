/**
 * init() as Node takes the package (the entries' "node" condition: web/src/node.ts, games-node.ts,
 * sim-node.ts): the modules read from the package's .wasm files (node-files.ts) rather than
 * decoded from the embedded copies, whatever the caller passes winning, and the embedded copies
 * wherever the files cannot be read. Here the files are web/src/wasm/, beside the sources, as
 * dist/wasm/ is beside the built files. This file's module graph is its own (Vitest isolates
 * files), so init() starts here unloaded.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InitOptions } from '../../web/src/load.js';
import { useDeckModule } from '../../web/src/load.js';
import { withFiles } from '../../web/src/node-files.js';
import { Deck, init } from '../../web/src/node.js';

const file = (name: string) => new Uint8Array(readFileSync(new URL(`../../web/src/wasm/${name}`, import.meta.url)));
/** What the loader gets from a source withFiles passed: a file's bytes (a `file:` URL, which it reads), or bytes given. */
const bytes = (x: unknown) => new Uint8Array(x instanceof URL ? readFileSync(x) : (x as Uint8Array));

/** An init() that records what it was given. */
function recorder() {
  const calls: unknown[] = [];
  return { calls, init: async (options?: InitOptions) => void calls.push(options) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the 'node' entry's init()", () => {
  it('loads the deck and shuffle modules from their files: no zlib, and the golden deal', async () => {
    const asked: string[] = [];
    const get = process.getBuiltinModule;
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) => (asked.push(id), get.call(process, id))) as typeof get);
    await init();
    expect(asked).toContain('node:fs');
    expect(asked).not.toContain('node:zlib');  // the embedded copies' path would load it to gunzip them
    // The first deal of seed 1 (chacha20, eager), as tests/vectors/deals.json has it.
    const golden = (JSON.parse(readFileSync(new URL('../vectors/deals.json', import.meta.url), 'utf8')) as { rng: string; strategy: string; kind: string; seed: string; deals: number[][] }[])
      .find((c) => c.rng === 'chacha20' && c.strategy === 'eager' && c.kind === 'integer' && c.seed === '1')!;
    const deck = new Deck({ seed: 1 });
    expect(deck.deal(52).map((c) => c.id)).toEqual(golden.deals[0]);
    deck.dispose();
  });
});

describe("the 'node' entry's init(), once loaded", () => {
  it('reads no file again: the loader reads a module only when it loads it', async () => {
    await init();
    const reads: unknown[] = [];
    const get = process.getBuiltinModule;
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) => {
      const m = get.call(process, id) as { readFileSync?: (...a: unknown[]) => unknown };
      return id === 'node:fs' ? { ...m, readFileSync: (...a: unknown[]) => (reads.push(a[0]), m.readFileSync!(...a)) } : m;
    }) as typeof get);
    await init();
    await init();
    expect(reads).toEqual([]);
  });
});

describe('withFiles', () => {
  it("passes the deck module's and the shuffle module's bytes from the files beside it", async () => {
    const { calls, init } = recorder();
    await withFiles(init);
    const o = calls[0] as InitOptions;
    expect(bytes(o.wasm)).toEqual(file('fairdeck.wasm'));
    expect(bytes(o.shuffleWasm)).toEqual(file('shuffle.wasm'));
  });

  it('keeps what the caller passes, and the rest of the options', async () => {
    const { calls, init } = recorder();
    const url = new URL('https://example.com/fairdeck.wasm'), module = new WebAssembly.Module(file('shuffle.wasm'));
    await withFiles(init, { wasm: url });
    await withFiles(init, { shuffleWasm: module });
    expect((calls[0] as InitOptions).wasm).toBe(url);
    expect(bytes((calls[0] as InitOptions).shuffleWasm)).toEqual(file('shuffle.wasm'));
    expect(bytes((calls[1] as InitOptions).wasm)).toEqual(file('fairdeck.wasm'));
    expect((calls[1] as InitOptions).shuffleWasm).toBe(module);
  });

  it('rejects options that are not a plain object with init()\'s own message, calling nothing (issue 59: one reader)', async () => {
    const { calls, init } = recorder();
    await expect(withFiles(init, null as unknown as InitOptions)).rejects.toThrow(new TypeError('init options must be a plain object ({ … }), got null'));
    await expect(withFiles(init, 5 as unknown as InitOptions)).rejects.toThrow(new TypeError('init options must be a plain object ({ … }), got number'));
    await expect(withFiles(init, 'fairdeck.wasm' as unknown as InitOptions)).rejects.toThrow(
      new TypeError('init options must be a plain object ({ … }), got "fairdeck.wasm"'));
    await expect(withFiles(init, JSON.parse('{"__proto__":{"wasm":"x"}}') as InitOptions)).rejects.toThrow(/^unknown option '__proto__' in init options/);
    expect(calls).toEqual([]);
  });

  it('leaves both to the embedded copies where the files cannot be read (a bundle for Node, no fs)', async () => {
    const { calls, init } = recorder();
    vi.spyOn(process, 'getBuiltinModule').mockImplementation((() => ({ existsSync: () => false })) as typeof process.getBuiltinModule);
    await withFiles(init, {});
    vi.spyOn(process, 'getBuiltinModule').mockImplementation((() => undefined) as typeof process.getBuiltinModule);
    await withFiles(init);
    expect(calls).toEqual([{ wasm: undefined, shuffleWasm: undefined }, { wasm: undefined, shuffleWasm: undefined }]);
  });

  it('reads nothing in Deno, which would ask the user for read access', async () => {
    const { calls, init } = recorder();
    const get = vi.spyOn(process, 'getBuiltinModule');
    vi.stubGlobal('Deno', {});
    await withFiles(init);
    expect(get).not.toHaveBeenCalled();
    expect(calls).toEqual([{ wasm: undefined, shuffleWasm: undefined }]);
  });

  // Last: it raises this file's deck build for good.
  it('reads the build the app asked for: games.wasm once fairdeck/games is imported, sim.wasm once fairdeck/sim is', async () => {
    const { calls, init } = recorder();
    useDeckModule(1, (await import('../../web/src/wasm/games-embedded.js')).default);
    await withFiles(init);
    useDeckModule(2, (await import('../../web/src/wasm/sim-embedded.js')).default);
    await withFiles(init);
    expect(bytes((calls[0] as InitOptions).wasm)).toEqual(file('games.wasm'));
    expect(bytes((calls[1] as InitOptions).wasm)).toEqual(file('sim.wasm'));
  });
});
