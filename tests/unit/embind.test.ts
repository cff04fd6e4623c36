// The Embind binding's own invokers (cpp/bindings/invokers.js): eval-free, re-entrant, and
// covering every arity the binding uses, with Embind's argument-count and `this` checks kept.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'fairdeck/games';
import { bytes, native, packSpec, type DeckModule, type DeckSpec, type ProvableSpec } from '../../web/src/binding.js';
import type { Factory } from '../../web/src/instantiate.js';
import { instantiate } from '../../web/src/instantiate.js';
import { shuffleCore } from '../../web/src/shuffle-load.js';

let m: DeckModule;
beforeAll(async () => {
  await init();
  m = native();
});

const text = (s: string) => new TextEncoder().encode(s);
const spec = (over: Partial<DeckSpec> = {}): DeckSpec => ({
  style: bytes('french'), decks: 1, jokers: 0, size: 0, strategy: bytes('eager'),
  engine: { rng: bytes('chacha20'), seedKind: 2, seed: text('embind') }, cut: 0, penetration: 0, ...over,
});
/** A core deck made as Deck makes one: its options packed into the module's spec area, then CoreDeck.makePacked(). */
const made = (module: DeckModule, s: DeckSpec = spec()) => (packSpec(module, s), module.CoreDeck.makePacked());
/** A provable deck's options, which the core reads from the object (ProvableSpec in cold.cpp). */
const provable = (over: Partial<ProvableSpec> = {}): ProvableSpec => ({
  style: bytes('french'), decks: 1, jokers: 0, size: 0, server: new Uint8Array(32).fill(7), client: text('embind'), nonce: 0, version: 2,
  cut: 0, penetration: 0, ...over,
});
const glueFiles = ['fairdeck', 'shuffle', 'fairness'].map((name) => new URL(`../../web/src/wasm/${name}-glue.js`, import.meta.url));
const evalSite = /(?<![\w$.])(new\s+Function|eval)\s*\(/;
const selfLoading = /\.wasm\b|\bfetch\(|XMLHttpRequest|instantiateStreaming/;

describe('no string evaluation (a strict CSP without unsafe-eval)', () => {
  it('no glue file contains new Function or eval(', () => {
    for (const file of glueFiles) expect(readFileSync(file, 'utf8')).not.toMatch(evalSite);
  });

  it('negative control: the scan finds an eval site', () => {
    expect('var f=new Function("a","return a");').toMatch(evalSite);
    expect('x=eval ("1")').toMatch(evalSite);
    expect('obj.eval(1); my_eval(2)').not.toMatch(evalSite);
  });

  it('no glue file locates, fetches or reads a .wasm itself (cpp/bindings/trim-preamble.mjs)', () => {
    // The package always hands the glue a compiled module (instantiate.ts): Emscripten's own file
    // name, fetch, XHR and streaming instantiation are cut out at build time (docs/size.md).
    // (Lines that are comments, such as build-wasm.sh's header naming the .wasm, are not code.)
    for (const file of glueFiles) expect(readFileSync(file, 'utf8').replace(/^\/\/.*$/gm, '')).not.toMatch(selfLoading);
  });

  it('negative control: the scan finds the preamble\'s own loading', () => {
    expect('wasmBinaryFile = "fairdeck.wasm";').toMatch(selfLoading);
    expect('return fetch(M,{credentials:"same-origin"})').toMatch(selfLoading);
    expect('var b=new XMLHttpRequest;').toMatch(selfLoading);
    expect('WebAssembly.instantiateStreaming(e,d)').toMatch(selfLoading);
    expect('h.instantiateWasm(b,a)').not.toMatch(selfLoading);
  });

  it('loading a module and dealing calls neither Function nor eval at run time', async () => {
    const real = { Function: globalThis.Function, eval: globalThis.eval };
    const calls: string[] = [];
    const trap = new Proxy(real.Function, {
      construct(target, args) { calls.push(`new Function(${args.length})`); return Reflect.construct(target, args); },
      apply(target, self, args) { calls.push(`Function(${args.length})`); return Reflect.apply(target, self, args); },
    });
    globalThis.Function = trap;
    globalThis.eval = (x: string) => (calls.push('eval'), real.eval(x));
    try {
      const glue = (await import('../../web/src/wasm/fairdeck-glue.js')).default as Factory;
      const compiled = new WebAssembly.Module(readFileSync(new URL('../../web/src/wasm/fairdeck.wasm', import.meta.url)));
      const fresh = await instantiate<DeckModule>(glue, compiled);
      const d = made(fresh)!;
      expect(d.deal(5)).toBe(5);
      expect(d.shuffle()).toBe(true);
      d.delete();
    } finally {
      globalThis.Function = real.Function;
      globalThis.eval = real.eval;
    }
    expect(calls).toEqual([]);
  });
});

describe('every arity the binding uses', () => {
  it('free functions with 0, 1 and 2 arguments', () => {
    expect(m.errorKind()).toBeTypeOf('number');            // 0
    expect(m.heapUsed()).toBeGreaterThan(0);               // 0
    expect(m.input(3)).toHaveLength(3);                    // 1
    const faces = m.faces(bytes('german'), 0);             // 2
    expect(JSON.parse(new TextDecoder().decode(faces!))).toHaveLength(32);
    m.textFree();
  });

  it('methods with 0, 1 and 2 arguments, and class functions with 1 and 2', async () => {
    const d = m.CoreDeck.makeProvable(provable())!;         // class function, 1
    expect(d.size()).toBe(52);                             // method, 0
    expect(d.deal(7)).toBe(7);                             // method, 1
    expect(d.remaining()).toBe(45);
    expect(d.pile(2)).toBe(7);
    d.delete();
    // The shuffle module has the two-argument ones: CoreBulk.make(n, engine), step and identity.
    await import('../../web/src/shuffle.js');  // registers the shuffle module with init()
    await init();
    const s = shuffleCore();
    const bulk = s.CoreBulk.make(10, spec().engine)!;      // class function, 2
    expect(bulk.data(40)).toHaveLength(40);                // method, 1
    bulk.identity(0, 10);                                  // method, 2
    while (bulk.step(4, 4) > 0);                           // method, 2
    expect(bulk.ok()).toBe(true);
    const order = [...new Uint32Array(bulk.data(40)!.slice().buffer)];
    expect(order.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    bulk.delete();
  });

  it('keeps the argument-count BindingError and checks `this`', () => {
    const d = made(m)!;
    const untyped = d as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(() => untyped.deal()).toThrow(/called with 0 arguments, expected 1/);
    expect(() => untyped.deal(1, 2)).toThrow(/called with 2 arguments, expected 1/);
    expect(() => (m.faces as (...a: unknown[]) => unknown)(bytes('french'))).toThrow(/expected 2/);
    expect(() => untyped.size.call({})).toThrow();          // not a CoreDeck handle
    expect(d.remaining()).toBe(52);                         // nothing happened to the deck
    d.delete();
    expect(() => d.size()).toThrow(/deleted|null/i);        // a deleted handle is refused
  });

  it('gives each binding a function of its own (overload tables write on it)', () => {
    const proto = Object.getPrototypeOf(made(m)!) as Record<string, unknown>;
    const methods = ['shuffle', 'shuffleRemaining', 'dealOne', 'deal', 'remaining', 'returned', 'size'].map((k) => proto[k]);
    expect(new Set(methods).size).toBe(methods.length);
  });
});

describe('re-entrancy', () => {
  it('an invoker re-entered while it converts its own arguments gives each call its own', () => {
    // A number argument is converted with `>>> 0`, which calls valueOf: caller code runs in the
    // middle of the invoker, and here calls the same binding again. Embind 3.1.6's eval-free
    // invoker shares its argument array between calls: the outer deal then ran with the inner
    // call's argument (checked with -DFAIRDECK_OWN_INVOKERS=OFF: this test fails there).
    const d = made(m, spec({ strategy: bytes('lazy') }))!;
    const inner: number[] = [];
    const seven = { valueOf: () => (inner.push(d.deal(3)), 7) } as unknown as number;
    for (let i = 0; i < 4; i++) {
      expect(d.deal(seven)).toBe(7);   // the outer call deals 7, whatever the inner one asked
    }
    expect(inner).toEqual([3, 3, 3, 3]);
    expect(d.remaining()).toBe(52 - 4 * 10);
    d.delete();
  });

  it('a binding re-entered while the core reads its options: right results, heap stable over 10^5 calls', () => {
    // The core reads a provable deck's options object inside its error guard (common.hpp); the
    // getter of `client` runs then, and calls makeProvable() again.
    const round = () => {
      let inner: ReturnType<typeof m.CoreDeck.makeProvable> = null;
      const outer = m.CoreDeck.makeProvable({
        ...provable({ style: bytes('german') }),
        get client() {
          inner = m.CoreDeck.makeProvable(provable({ client: text('inner'), nonce: 5 }));
          return text('outer');
        },
      });
      const outerSize = outer!.size(), innerSize = inner!.size();
      outer!.delete();
      inner!.delete();
      return outerSize * 1000 + innerSize;
    };
    for (let i = 0; i < 100; i++) round(); // warm: the heap's own growth and free lists settle
    const before = m.heapUsed();
    for (let i = 0; i < 100_000; i++) expect(round()).toBe(32_052);
    expect(m.heapUsed()).toBe(before);
  });

  it('a deal re-entered from a callback cannot deal a card twice', () => {
    const d = made(m)!;
    const seen: number[] = [];
    // An options getter that deals from the same deck while another deck is being made.
    const other = m.CoreDeck.makeProvable({
      ...provable(),
      get style() {
        for (let i = 0; i < 10; i++) seen.push(d.dealOne());
        return bytes('french');
      },
    })!;
    while (true) {
      const id = d.dealOne();
      if (id < 0) break;
      seen.push(id);
    }
    expect(seen.filter((id) => id >= 0)).toHaveLength(52);
    expect(new Set(seen).size).toBe(52);
    d.delete();
    other.delete();
  });
});
