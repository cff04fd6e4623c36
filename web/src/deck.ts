/**
 * The Deck: a thin wrapper over the core's deck. It holds no copy of the deck's state — every
 * question (remaining, dealt, toJSON, info) goes to the C++ object, the single truth.
 *
 * The dealing window: cards whose deals the core has already decided, which `dealOne()` and
 * `deal(n)` read from the WASM heap without a call — an eager deck's undealt pile while its return
 * pile is empty, or the cards a lazy or bitmap deck dealt in advance (its look-ahead) after its
 * last core `dealOne()`. The window is three cells in the core's memory (CoreDeck::port in
 * cpp/bindings/decks.hpp, read through a typed_memory_view): `window`, the cards JS may deal;
 * `taken`, the cards it has dealt; and the address of the cards, the next one at
 * order[window − 1 − taken]. JS only ever increments `taken`; every core method applies it before doing anything else (a lazy or bitmap deck then
 * keeps the cards taken and undoes the rest) and republishes `window` after, so no method can
 * forget to tell the core, and caller code that re-enters the deck sees a consistent deck.
 * `remaining` and `returned` only subtract `taken`, so they leave the window open.
 */
import { bytes, construct, coreError, FRESH_KEY, hasPiles, hasSim, native, NO_PILES, NO_SIM, packSpec, takeText, u32, type CoreDeck, type DeckModule, type DeckSpec } from './binding.js';
import { cardTable, resolveIds, type Card, type CardTable } from './card.js';
import { entropy } from './entropy.js';
import { show } from './errors.js';
import { copyIterable, plainObject } from './input.js';
import { limits, pileNames, piles, seedKinds } from './manifest.js';
import { checkInt, checkKeys, deckOptions, type DeckOptions, type ResolvedDeckOptions } from './options.js';
import { checkStateObject, checkStateText, readState, type DeckInfo, type DeckState } from './state.js';
import { checkMac, macKey, stateMac } from './state-mac.js';
import type { ProvableState, RoundLog, RoundRecord } from './provable/record.js';

export type { DeckInfo, DeckState } from './state.js';
export type { ProvableState, RoundRecord } from './provable/record.js';

declare global {
  /**
   * `Symbol.dispose`, declared as TypeScript's lib esnext.disposable (TS ≥ 5.2) and @types/node
   * declare it, so that Deck's `[Symbol.dispose]()` type-checks in a consumer whose lib lacks it
   * (ES2022 + DOM, or any TS 5.0/5.1); the identical declarations merge (docs/typescript.md).
   * Types only: nothing is defined at run time.
   */
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/**
 * What the games Deck (games-deck.ts), which adds the pile operations, and the sim Deck
 * (sim-deck.ts), which adds dead cards, dealIds and sampleIds, reach of a Deck: filled
 * in by Deck's static field below, and exported by no entry point.
 */
export const internals = {} as {
  /** The core handle; throws once the deck is disposed. */
  live(deck: Deck): CoreDeck;
  module(deck: Deck): DeckModule;
  cards(deck: Deck): CardTable;
  /** The `k` cards the core just wrote to its id buffer (k = failed: throws the core's error). */
  read(deck: Deck, h: CoreDeck, k: number): Card[];
  /** Where in the module's heap (`u32`) the `k` ids the core just wrote start (k = failed: throws the core's error); read them at once. */
  written(deck: Deck, h: CoreDeck, k: number): number;
  /** Puts a call's input ids at the start of the core's id buffer. */
  input(deck: Deck, h: CoreDeck, ids: ArrayLike<number>): void;
  /** A provable deck's round record (provable/record.ts); undefined for other decks. */
  log(deck: Deck): RoundLog | undefined;
  /**
   * The pile each of `ids` lies in, for a provable shoe's record (set by games-deck.ts, for its
   * Deck; undefined for a Deck without piles, whose cards out all lie in 'dealt').
   */
  origins?: (deck: Deck, ids: readonly number[]) => string[] | undefined;
  /**
   * The round record's code (provable/record.ts), set by the entry 'fairdeck/games' (games.ts), so
   * that an app that deals from 'fairdeck' alone never ships it (docs/size.md). Without it a
   * provable deck deals as ever, but round() and its saved state are a TypeError naming that entry.
   */
  record?: typeof import('./provable/record.js');
  /** Where the window cells are in the heap view (`u32`), for the sim Deck's dealIds (sim-deck.ts). */
  port(deck: Deck): number;
};

/**
 * A Deck's core deck, where the Deck and the budget of live core decks both find it: its handle
 * (null while paged out, or once freed), its state while paged out (the text of
 * toJSON({ includeSecret: true })), its module, and whether it may be paged out (a provable deck
 * stays: its state is its round's record, which the core cannot save). The budget holds these records, never the Decks, so it needs no
 * WeakRef (each of which V8 keeps alive until the end of the current job) and keeps no Deck alive.
 */
interface Core {
  /** Its neighbours in the ring of live core decks (`ring`), null while not in it. */
  prev: Core | null;
  next: Core | null;
  h: CoreDeck | null;
  /** While paged out: the state's text up to its first `[` (shared by decks made alike: `heads`) … */
  head: string;
  /** … and the rest of it. */
  saved: string | undefined;
  /** Whether the registry watches it now (`enroll`; paging out and dispose take it out). */
  w: boolean;
  readonly c: DeckModule;
  readonly pinned: boolean;
}

/**
 * At most this many core decks live at once before the oldest are paged out (`admit`). A 52-card
 * deck holds about 1–2 KB of WASM memory, so the decks a program forgets to dispose() hold a few
 * MB of it however many it makes, where before the heap grew until the collector happened to run
 * their finalisers (WASM memory never shrinks). A program that disposes its decks never reaches it.
 */
export const LIVE_CORE_DECKS = 4096;
/** Decks of more cards than this are never paged out: a saved id takes 4–9 bytes of text against 4 in WASM. */
const PAGED_CARDS = 1024;
/**
 * The core decks in WASM memory, oldest first (a paged-in deck goes last): a ring through their
 * records, which the sentinel `ring` closes. A list, not a Set: adding and deleting a fresh
 * object in a Set (its identity hash, the table's deletions) cost 0.35 µs, the list 15 ns.
 */
const ring = { prev: null, next: null } as unknown as Core;
ring.prev = ring.next = ring;
let liveCount = 0;

/** Takes a core deck out of the ring, if it is in it. */
function unlink(core: Core): void {
  const { prev, next } = core;
  if (prev === null || next === null) return;
  prev.next = next;
  next.prev = prev;
  core.prev = core.next = null;
  liveCount--;
}

const utf8 = new TextDecoder();

/** Frees a core deck (dispose, or the registry for a dropped Deck); safe to call twice. */
function free(core: Core): void {
  unlink(core);
  core.saved = undefined;
  core.head = '';
  const h = core.h;
  if (h !== null) core.h = null, h.delete();
}

/**
 * Counts core deck `core` as live and, past LIVE_CORE_DECKS, pages out the oldest others: each one's
 * whole state is saved as text in its record (memory the collector sees, and frees with the Deck)
 * and its core deck freed. Nothing here can tell a forgotten Deck from one still in use, so a
 * paged-out deck stays usable: the Deck restores it on its next use (#live), exactly, so a seeded
 * deck deals the same cards as if it had never been paged out (tests/unit/leaks-forgotten.test.ts).
 * At most 64 are looked at per call.
 */
function admit(core: Core): void {
  const last = ring.prev!;
  core.prev = last, core.next = ring, last.next = core, ring.prev = core;
  liveCount++;
  for (let old = ring.next!, looked = 0; old !== ring && liveCount > LIVE_CORE_DECKS && ++looked <= 64; ) {
    const next = old.next!;
    if (old !== core && !old.pinned) pageOut(old);
    old = next;
  }
}

/**
 * The heads of paged-out states (the text up to the first `[`: format, options, strategy, engine
 * kind), one string each, so decks made alike share theirs; at most HEADS of them are kept.
 */
const heads = new Map<string, string>();
const HEADS = 256;

/**
 * Saves a core deck's whole state as text and frees it; if it cannot be saved, it stays as it is.
 * The text is a string in V8's heap (about 380 bytes for a 52-card deck after a hand, its head
 * shared), and the record leaves the registry: a paged-out deck holds nothing in WASM, so a Deck
 * forgotten in that state is plain garbage, freed by the collector with no finaliser to run.
 */
function pageOut(core: Core): void {
  const h = core.h;
  if (h === null) return;
  let head: string, saved: string;
  try {
    const view = h.save(true);
    if (view === null) return;
    const cut = Math.max(0, view.indexOf(0x5b));
    const text = utf8.decode(view.subarray(0, cut));
    head = heads.get(text) ?? (heads.size < HEADS ? (heads.set(text, text), text) : text);
    saved = utf8.decode(view.subarray(cut));
  } catch {
    return;
  } finally {
    core.c.textFree();
  }
  unlink(core);
  if (core.w) registry.unregister(core), (core.w = false);
  core.h = null;
  core.head = head;
  core.saved = saved;
  h.delete();
}
/** Frees the core deck of a Deck dropped without dispose() (unless reclaim or dispose already did). */
const registry = new FinalizationRegistry<Core>(free);

/**
 * Development builds only (NODE_ENV 'development': what Vite's dev server, webpack's development
 * mode and `next dev` set, or a Node process started with it): a Deck that is garbage-collected
 * without dispose() is reported on the console with where it was made, and using a disposed deck
 * says where it was disposed. Off wherever NODE_ENV is anything else (production builds, where
 * the bundler writes 'production' here, and Node by default): there it costs no time, and about
 * 160 bytes gzip of an app (the test below is a try/catch no minifier folds).
 */
let DEV = false;
try {
  DEV = process.env.NODE_ENV === 'development';
} catch {
  // no `process`: a browser page without a bundler
}
/** Where each live Deck was made (DEV only), reported if it is collected undisposed; where each disposed one was disposed. */
const forgotten = DEV ? new FinalizationRegistry<string>((made) => console.warn(`fairdeck: a Deck was garbage-collected without dispose() (docs/react.md); it was made ${made}`)) : undefined;
const disposedAt = new WeakMap<object, string>();
/** The stack of the caller of the Deck method that calls this (DEV only). */
const where = (): string => new Error().stack!.split('\n').slice(3).join('\n').trim();

/**
 * Decks made since the last round of `enroll`, each followed by its record. A Deck joins the
 * registry at the end of the current job (a microtask) or once YOUNG more have been made, not in
 * its constructor: registering costs more than making the rest of the deck (V8's weak cells: 1.2–2.9
 * µs a call measured on a loaded 2-core machine), and a deck disposed before then never needs it — the
 * fast path `dispose()` and `using` give. Until enrolled, the list holds the Deck, so none can be
 * collected unwatched; it holds at most YOUNG of them.
 */
const young: (Deck | Core)[] = [];
const YOUNG = 128;
let queued = false;

function watch(deck: Deck, core: Core): void {
  if (young.push(deck, core) >= 2 * YOUNG) enroll();
  if (!queued) queued = true, queueMicrotask(settle);
}
function settle(): void {
  queued = false;
  enroll();
}
/** Registers each young Deck whose core deck is still in WASM (not disposed, not paged out). */
function enroll(): void {
  for (let i = 0; i < young.length; i += 2) {
    const core = young[i + 1] as Core;
    if (core.h !== null) registry.register(young[i] as Deck, core, core), (core.w = true);
  }
  young.length = 0;
}

/**
 * The value of every Deck's own property `cloning`: structuredClone and postMessage copy an object's
 * own enumerable properties and cannot copy a symbol, so cloning a Deck or posting it to a worker
 * throws a DataCloneError whose message is this text, instead of delivering `{ size: 52 }` (a deck
 * lives in its WASM module's memory, which a copy cannot take along).
 */
const UNCLONEABLE = Symbol('a fairdeck Deck cannot be cloned: post deck.toJSON(), then Deck.fromJSON(state)');

/**
 * The options the last unseeded or seeded Deck was made with (resolved: `new Deck()` passes one
 * frozen object each time), its spec and its card table, so that the same options again build
 * neither, and packSpec writes only the new key or seed (binding.ts).
 */
let lastOptions: ResolvedDeckOptions | undefined, lastSpec: DeckSpec | undefined, lastTable: CardTable;

/** The keys of `toJSON` options. */
const TO_JSON_KEYS: readonly string[] = ['includeSecret', 'key'];
/** The keys of `fromJSON` options. */
const FROM_JSON_KEYS: readonly string[] = ['key'];

/** Passed to the constructor by fromJSON only: core decks restored from a state (a WeakMap: no caller code runs to look). */
const restored = new WeakMap<object, CoreDeck>();

/** A deck of cards dealt fairly by the WASM core. Call `dispose()` when done (or use `using`). */
export class Deck implements Iterable<Card> {
  readonly #c: DeckModule;
  /** The core deck (Embind's CoreDeck) and, while it is paged out, its saved state (`Core`). */
  readonly #core: Core;
  /**
   * Where the window cells are in the module's heap view (`u32`): [0] window, [1] taken, [2] order
   * address, [3] the id buffer's address, [4] its size. Fixed for the deck's life: no view of its own.
   */
  #p: number;
  readonly #cards: CardTable;
  #info: DeckInfo | undefined;
  /** A provable deck's record of its current round (provable/record.ts): what `round()` and its state give. */
  readonly #log: RoundLog | undefined;
  /** Number of cards in the deck, dealt or not. */
  readonly size: number;

  // A static field rather than a static block, which Safari supports only from 16.4.
  static #internals = Object.assign(internals, {
    live: (d: Deck) => d.#live(),
    module: (d: Deck) => d.#c,
    cards: (d: Deck) => d.#cards,
    read: (d: Deck, h: CoreDeck, k: number) => d.#read(h, k),
    written: (d: Deck, h: CoreDeck, k: number) => d.#written(h, k),
    input: (d: Deck, h: CoreDeck, ids: ArrayLike<number>) => d.#input(h, ids),
    port: (d: Deck) => d.#p,
    log: (d: Deck) => d.#log,
  });

  /** A new, already shuffled deck. Requires `await init()` first. */
  constructor(options?: DeckOptions) {
    const c = native();
    let h: CoreDeck | null, provable = false;
    const from = typeof options === 'object' && options !== null ? restored.get(options) : undefined;
    if (from !== undefined) {
      h = from;
      const i = (this.#info = readInfo(c, h));
      this.#cards = cardTable(i.style, i.decks, i.jokers, i.size);
    } else {
      const o = deckOptions(options), p = o.provable;
      provable = p !== undefined;
      if (p) {  // provable decks: their own core constructor (cpp/include/fairdeck/provable.hpp)
        h = construct(() => c.CoreDeck.makeProvable({
          style: bytes(o.style), decks: o.decks, jokers: o.jokers, size: o.size, server: p.serverBytes, client: p.clientBytes, nonce: p.nonce,
          version: p.version, cut: o.penetration === undefined ? 0 : 1, penetration: o.penetration ?? 0,
        }));
      } else {
        // Unseeded: FRESH_KEY stands for the key, which packSpec takes from the entropy block
        // straight into the core's spec area (zeroed by the core once read), so that it never sits
        // in an array of its own.
        if (o !== lastOptions) {
          const seed = o.seed ?? { kind: seedKinds.entropy, bytes: FRESH_KEY }, l = lastOptions, e = lastSpec?.engine;
          // The last options but for the seed (`new Deck({ seed: i })` per trial): the last spec with
          // this seed, which packSpec then writes alone.
          if (l && e && l.rng === o.rng && l.strategy === o.strategy && l.style === o.style && l.decks === o.decks && l.jokers === o.jokers &&
              l.size === o.size && l.penetration === o.penetration && e.seedKind === seed.kind && e.seed.length === seed.bytes.length) e.seed = seed.bytes;
          else {
            lastSpec = {
              style: bytes(o.style), decks: o.decks, jokers: o.jokers, size: o.size, strategy: bytes(o.strategy),
              engine: { rng: bytes(o.rng), seedKind: seed.kind, seed: seed.bytes },
              cut: o.penetration === undefined ? 0 : 1, penetration: o.penetration ?? 0,
            };
            lastTable = cardTable(o.style, o.decks, o.jokers, o.size);
          }
          lastOptions = o;
        }
        h = construct(() => (packSpec(c, lastSpec!), c.CoreDeck.makePacked()));
      }
      if (h === null) throw coreError(c);
      this.#cards = p ? cardTable(o.style, o.decks, o.jokers, o.size) : lastTable;  // not provable: o is lastOptions, whose table is lastTable
      if (p && internals.record) this.#log = new internals.record.RoundLog(p.serverSeed, o.penetration, o.decks > 1);
    }
    this.#c = c;
    this.#p = h.port() >>> 2;
    this.size = this.#cards.count;  // the composition's cards, as the core's size(): one call fewer
    // Pinned: a provable deck (its state is its record: provable/record.ts) and a large one (its state as text would dwarf it).
    const pinned = provable || this.size > PAGED_CARDS;  // read from the checked options: the caller's are read once, by deckOptions
    const core = (this.#core = { prev: null, next: null, h, head: '', saved: undefined, w: false, c, pinned });
    watch(this, core);
    admit(core);
    if (forgotten) forgotten.register(this, where(), core);
    // An ordinary own property (a defineProperty here cost 0.2 µs, a tenth of the constructor).
    (this as unknown as { cloning: symbol }).cloning = UNCLONEABLE;
  }

  /** Restores a paged-out deck's core deck from its saved state. */
  #pageIn(): CoreDeck {
    const core = this.#core, saved = core.saved;
    if (saved === undefined) {
      const at = disposedAt.get(this);
      throw new Error(`this Deck has been disposed${at ? `; it was disposed ${at}` : ''}`);
    }
    const h = restoreCore(this.#c, JSON.parse(core.head + saved));
    core.saved = undefined;
    core.head = '';
    core.h = h;
    watch(this, core);
    this.#p = h.port() >>> 2;
    admit(core);
    return h;
  }

  /**
   * Restores a deck saved with `toJSON()`; a seeded deck resumes exactly where it was. With
   * `{ key }`, only a state saved with `toJSON({ key })` under the same key, unchanged since
   * (an Error otherwise); a state with a `mac` needs its key (SECURITY.md, "Saved states").
   */
  static fromJSON(state: DeckState | ProvableState | string, options?: { key?: Uint8Array }): Deck {
    const c = native();
    const { key } = checkKeys(options, FROM_JSON_KEYS, 'fromJSON options');
    let text: string;
    if (typeof state === 'string') text = state;
    else if (state === null || typeof state !== 'object') {
      throw new TypeError(`state must be an object from deck.toJSON() or its JSON text, got ${show(state)}`);
    } else {
      checkStateObject(state);  // before JSON.stringify: its time and memory grow with the lists
      try {
        text = JSON.stringify(state);
      } catch (cause) {
        throw new TypeError(`state cannot be read as JSON (${cause instanceof Error ? cause.message : 'unknown reason'})`, { cause });
      }
    }
    checkStateText(text);  // before JSON.parse, which takes a second per 50 MB
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new TypeError('state is not valid JSON');
    }
    const fields = checkMac(c, parsed, key);
    if (fields !== null && typeof fields === 'object' && Object.prototype.hasOwnProperty.call(fields, 'provable')) {
      if (!internals.record) throw new TypeError(`state: ${NO_RECORD}`);
      return internals.record.restoreProvable((o) => new this(o), fields);  // dealt again from its seeds: provable/record.ts
    }
    const h = restoreCore(c, fields);
    const token = {};
    restored.set(token, h);
    return new this(token);  // the class it was called on: the games Deck restores a games Deck
  }

  /**
   * What the deck was made with, read from the core (once; a provable deck's `info.provable.nonce`
   * follows its rounds, so it is read each time).
   */
  get info(): DeckInfo {
    const info = (this.#info ??= readInfo(this.#c, this.#live()));
    return info.provable ? (this.#info = readInfo(this.#c, this.#live())) : info;
  }

  #live(): CoreDeck {
    return this.#core.h ?? this.#pageIn();
  }

  /** Cards that can still be dealt (undealt plus returned). */
  get remaining(): number {
    return this.#live().remaining();
  }
  /** Cards waiting in the return pile. */
  get returned(): number {
    return this.#live().returned();
  }
  /**
   * True once a shoe's cut card has come out: ⌈penetration · size⌉ cards drawn since the last
   * shuffle (options.penetration). Dealing goes on; shuffle() puts it back. Always false without one.
   */
  get cutCardOut(): boolean {
    return this.#live().cutCardOut();
  }
  /** The cards currently out of the deck (dealt and not returned, in every pile), in no guaranteed order. */
  get dealt(): Card[] {
    return this.#pile(piles.dealt);
  }
  /** True after `dispose()`. */
  get disposed(): boolean {
    return this.#core.h === null && this.#core.saved === undefined;
  }

  /**
   * Gathers every card and shuffles: a fresh deal starts, even mid-deal. A secure deck re-keys
   * inside the core (SECURITY.md); if the platform's entropy fails, an Error and no change.
   */
  shuffle(): this {
    if (!this.#live().shuffle()) throw coreError(this.#c);
    this.#log?.reset();
    return this;
  }

  /** Shuffles the undealt and returned cards together; dealt cards stay out. */
  shuffleRemaining(): this {
    if (!this.#live().shuffleRemaining()) throw coreError(this.#c);
    this.#log?.event({ shuffleRemaining: true });
    return this;
  }

  /** Deals one card, or undefined when the deck is empty (like Array.prototype.pop). */
  dealOne(): Card | undefined {
    const h = this.#live(), heap = u32(this.#c), p = this.#p, taken = heap[p + 1];
    if (taken < heap[p]) {
      heap[p + 1] = taken + 1;
      const card = this.#cards.get(heap[(heap[p + 2] >>> 2) + heap[p] - 1 - taken]);
      if (this.#log) this.#log.cards(pileNames.default, [card]);
      return card;
    }
    const id = h.dealOne();
    if (id === -2) throw coreError(this.#c);  // re-keying found no fresh entropy; nothing was dealt
    if (id < 0) return undefined;
    const card = this.#cards.get(id);
    if (this.#log) this.#log.cards(pileNames.default, [card]);
    return card;
  }

  /** Deals up to `n` cards (fewer if fewer remain) in one call into WASM. */
  deal(n: number): Card[] {
    const h = this.#live();
    checkInt('n', n, 0, 2 ** 32 - 1);
    const heap = u32(this.#c), p = this.#p, taken = heap[p + 1];
    let out: Card[];
    if (n <= heap[p] - taken) {
      const top = (heap[p + 2] >>> 2) + heap[p] - 1 - taken;
      out = new Array<Card>(n);
      for (let i = 0; i < n; i++) out[i] = this.#cards.get(heap[top - i]);
      heap[p + 1] = taken + n;
    } else out = this.#read(h, h.deal(n));
    this.#log?.cards(pileNames.default, out);
    return out;
  }

  /**
   * Puts dealt cards, from any pile, into the return pile; they are dealt again only after the
   * undealt cards run out. Cards may be Card objects, codes ('AS') or ids. All or nothing: a RangeError, and no
   * change, if any is unknown, not dealt, already returned or named twice.
   */
  returnCards(cards: Iterable<Card | string | number>): void {
    this.#live();
    // Copied first: caller code that runs while the iterable is read (even if it deals from this
    // deck) is over before anything here looks at the deck.
    const list = copyIterable(cards, 'cards', 'cards, codes or ids', this.size, `the deck has ${this.size} cards`);
    const h = this.#live(), log = this.#log;
    const ids = resolveIds(list, this.#cards, this.size, () => new Set(this.#pile(piles.dealt).map((c) => c.id)));
    const from = log?.shoe ? internals.origins?.(this, ids) : undefined;  // before #input: reading piles uses the id buffer
    this.#input(h, ids);
    if (!h.returnCards(ids.length)) throw coreError(this.#c);
    if (log) log.moved(ids.map((id) => this.#cards.get(id).code), undefined, from);
  }

  /**
   * A provable deck's current round, exactly as `verifyRound` of 'fairdeck/verify' takes it, all
   * but the server seed (add `serverSeed` once it is revealed): the seeds' public parts, the deck,
   * the dealing script (`deals`), the calls between (`history`) and every card dealt (`dealt`).
   * A new round starts at `shuffle()`. TypeError for a deck that is not provable.
   */
  round(): RoundRecord {
    if (!this.#log) {
      throw new TypeError(this.info.provable ? NO_RECORD : 'round() is for provable decks (new Deck({ provable: { serverSeed, clientSeed, nonce } })): this deck is not one');
    }
    return internals.record!.roundRecord(this.#log, this.info);
  }

  /**
   * The deck's state as plain JSON. A secure deck's key and future order only with includeSecret.
   * A provable deck's state (a `ProvableState`, version 3: its seeds and its round's record) only
   * with includeSecret, since it holds the server seed (a TypeError without it).
   * `JSON.stringify(deck)` and `JSON.stringify({ deck })` call this with the property's name (a
   * string, per the JSON.stringify protocol), which means "no options".
   */
  toJSON(options?: { includeSecret?: boolean; key?: Uint8Array } | string): DeckState {
    const o = typeof options === 'string' ? {} : checkKeys(options, TO_JSON_KEYS, 'toJSON options');
    if (o.includeSecret !== undefined && typeof o.includeSecret !== 'boolean') {
      throw new TypeError(`includeSecret must be a boolean, got ${show(o.includeSecret)}`);
    }
    const k = o.key === undefined ? undefined : macKey(o.key);
    const h = this.#live();
    const r = internals.record;
    if (this.#log && o.includeSecret !== true) throw new TypeError(r!.NO_SECRETLESS_STATE);
    if (!this.#log && this.info.provable) throw new TypeError(NO_RECORD);
    const state = this.#log ? r!.provableState(this.#log, this.info) as unknown as DeckState : JSON.parse(takeText(this.#c, h.save(o.includeSecret === true))) as DeckState;
    if (k) state.mac = stateMac(this.#c, k, state);
    return state;
  }

  /** Deals until the deck is empty: `for (const card of deck)`. */
  *[Symbol.iterator](): Iterator<Card> {
    for (let card = this.dealOne(); card; card = this.dealOne()) yield card;
  }

  /** Frees the WASM memory of this deck. Safe to call twice; the deck is unusable afterwards. */
  dispose(): void {
    if (this.disposed) return;
    const core = this.#core;
    if (core.w) registry.unregister(core), (core.w = false);
    free(core);
    if (forgotten) forgotten.unregister(core), disposedAt.set(this, where());
  }

  /**
   * What `console.log(deck)` and `util.inspect(deck)` show in Node: what the deck is and how many
   * cards are where (never its key or its order, which only `toJSON({ includeSecret: true })` gives).
   */
  [Symbol.for('nodejs.util.inspect.custom')](_depth: number, _options: unknown, inspect?: (value: unknown) => string): string {
    const name = this.constructor.name;
    if (this.disposed) return `${name} { disposed: true }`;
    const i = this.info;
    const shown = {
      style: i.style, size: this.size, remaining: this.remaining, returned: this.returned,
      rng: i.rng, strategy: i.strategy, seeded: i.seeded,
    };
    return `${name} ${typeof inspect === 'function' ? inspect(shown) : JSON.stringify(shown)}`;
  }

  /** Same as dispose(), for `using deck = new Deck()`. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  #pile(which: number): Card[] {
    const h = this.#live();
    return this.#read(h, h.pile(which));
  }

  /**
   * Puts a call's input `ids` at the start of the core's id buffer, growing it first if needed
   * (cell 4 is its size; cell 3 its address, read after the growth).
   */
  #input(h: CoreDeck, ids: ArrayLike<number>): void {
    const k = ids.length;
    if (u32(this.#c)[this.#p + 4] < k && !h.reserve(k)) throw coreError(this.#c);
    const heap = u32(this.#c), at = heap[this.#p + 3] >>> 2;
    for (let i = 0; i < k; i++) heap[at + i] = ids[i];  // a plain loop: set() from an Array takes a slow path
  }

  /** The `k` cards the core just wrote to its id buffer (k = failed: the core's recorded error). */
  #read(h: CoreDeck, k: number): Card[] {
    const at = this.#written(h, k), heap = u32(this.#c), out = new Array<Card>(k);
    for (let i = 0; i < k; i++) out[i] = this.#cards.get(heap[at + i]);
    return out;
  }
  /**
   * Where the `k` ids the core just wrote start in the heap view (k = failed: the core's recorded
   * error): the buffer's address in cell 3, which a call that grew it updated (even one that failed).
   */
  #written(_h: CoreDeck, k: number): number {
    if (k === limits.failed) throw coreError(this.#c);
    return u32(this.#c)[this.#p + 3] >>> 2;
  }
}

/** Why round() and toJSON of a provable deck need the games entry (internals.record). */
const NO_RECORD = "a provable deck's round() and saved state need 'fairdeck/games': import { Deck } from 'fairdeck/games' (or import 'fairdeck/games' too)";

// The pile operations are the games Deck's ('fairdeck/games', games-deck.ts). On this Deck each
// throws the Error that says where they are, rather than "is not a function".
const noPiles = (): never => {
  throw new Error(NO_PILES);
};
for (const name of ['dealHands', 'burn', 'dealTo', 'dealPattern', 'hand', 'pile', 'moveCards']) {
  Object.defineProperty(Deck.prototype, name, { value: noPiles, writable: true, configurable: true });
}
Object.defineProperty(Deck.prototype, 'piles', { get: noPiles, configurable: true });
Object.defineProperty(Deck, 'pattern', { value: noPiles, writable: true, configurable: true });
// Likewise the simulation operations are the sim Deck's ('fairdeck/sim', sim-deck.ts).
const noSim = (): never => {
  throw new Error(NO_SIM);
};
for (const name of ['remove', 'dealIds', 'sampleIds']) {
  Object.defineProperty(Deck.prototype, name, { value: noSim, writable: true, configurable: true });
}
Object.defineProperty(Deck.prototype, 'dead', { get: noSim, configurable: true });
// Vue's reactive() and ref() leave an object alone when it carries `__v_skip` (what markRaw sets):
// a Proxy around a Deck could not reach its private fields, so every method would throw.
Object.defineProperty(Deck.prototype, '__v_skip', { value: true });

/** A core deck restored from a parsed state (fromJSON, and a paged-out deck's #pageIn). */
function restoreCore(c: DeckModule, parsed: unknown): CoreDeck {
  const f = readState(parsed, limits.maxCards);
  if (f.named.length > 0 && !hasPiles(c)) {
    throw new TypeError("state.piles holds named piles, which live in fairdeck's games module: restore the state with the Deck of the entry 'fairdeck/games'");
  }
  if (f.dead > 0 && !hasSim(c)) {
    throw new TypeError(`state.dead: ${NO_SIM}`);
  }
  const fresh = f.engine === null ? entropy() : new Uint8Array(0);
  const input = c.input(f.ids.length);
  if (input === null) throw coreError(c);
  input.set(f.ids);
  const [undealt, returned, dealt] = f.piles;
  const h = construct(() => c.CoreDeck.restore({
    style: bytes(f.style), strategy: bytes(f.strategy), rng: bytes(f.rng), engine: bytes(f.engine ?? ''), entropy: fresh,
    decks: f.decks, jokers: f.jokers, size: f.size, flags: f.flags, undealt, returned, dealt, ids: f.ids.length,
    named: f.named, names: f.names, cut: f.cut, drawn: f.drawn, dead: f.dead,
  }));
  if (h === null) throw coreError(c);
  return h;
}

function readInfo(c: DeckModule, h: CoreDeck): DeckInfo {
  return Object.freeze(JSON.parse(takeText(c, h.info())) as DeckInfo);
}
