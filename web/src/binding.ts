/**
 * The core's Embind binding (cpp/bindings/*.cpp, EMSCRIPTEN_BINDINGS) as TypeScript sees it, plus
 * the few helpers every caller needs: the core's recorded errors and its text results.
 *
 * Embind makes the classes and functions; this file only states their types (Embind has no type
 * generator in Emscripten 3.1.6). TypeScript keeps what only it can do: it validates every input
 * before a call (options.ts, input.ts), so Embind's own conversions never see a wrong type and
 * no BindingError reaches a user; it interns cards, reads the dealing window and frees handles.
 * Names, kinds and limits come from the manifest (manifest.ts), never from here.
 */
import { core, hasPiles, hasSim } from './load.js';
import type { EmbindModule, Handle } from './instantiate.js';
import { show } from './errors.js';
import { entropyInto } from './entropy.js';
import { errorKinds, limits } from './manifest.js';

/**
 * Option objects are plain JS objects of numbers and bytes: the core reads them as
 * `emscripten::val`s inside its error guard (cpp/bindings/common.hpp says why they are not
 * Embind value_objects), and names go as their UTF-8 bytes (`bytes` below).
 */
export type Bytes = Uint8Array;

const encoder = new TextEncoder();
const encoded = new Map<string, Uint8Array>();
/** The UTF-8 bytes of a name (engines, strategies, styles, algorithms: cached, a few dozen at most). */
export function bytes(name: string): Uint8Array {
  let b = encoded.get(name);
  if (!b) {
    b = encoder.encode(name);
    if (name.length <= 32 && encoded.size < 64) encoded.set(name, b);
  }
  return b;
}

/** How an engine is asked for (EngineSpec in common.hpp). */
export interface EngineSpec {
  rng: Bytes;
  seedKind: number;
  seed: Bytes;
}

/** A deck's options as options.ts checked them (DeckSpec in cold.cpp). */
export interface DeckSpec {
  style: Bytes;
  decks: number;
  jokers: number;
  size: number;
  strategy: Bytes;
  engine: EngineSpec;
  /** 1: a cut card at `penetration`; 0: none. */
  cut: number;
  penetration: number;
}

/** A provable deck's options (ProvableSpec in cold.cpp). */
export interface ProvableSpec {
  style: Bytes;
  decks: number;
  jokers: number;
  size: number;
  server: Uint8Array;
  client: Uint8Array;
  nonce: number;
  /** The scheme's version, 1 or 2. */
  version: number;
  /** As in DeckSpec. */
  cut: number;
  penetration: number;
}

/** A saved state's fields (StateSpec in cold.cpp; the ids go through input()). */
export interface StateSpec {
  style: Bytes;
  strategy: Bytes;
  rng: Bytes;
  engine: Bytes;
  entropy: Bytes;
  decks: number;
  jokers: number;
  size: number;
  /** 1 seeded, 2 order "hidden", 4 engine present, 8 version 2 (cut and drawn given). */
  flags: number;
  undealt: number;
  returned: number;
  dealt: number;
  ids: number;
  /** Each named pile's name length and card count (u32 pairs, as bytes); their names' UTF-8 in `names`. */
  named: Bytes;
  names: Bytes;
  /** The cut card's place, −1 for null; the cards drawn (version 2 only). */
  cut: number;
  drawn: number;
  /** Issue 40: how many dead cards follow the named piles' cards in the ids (before the dice); none if absent. */
  dead?: number;
}

/** Embind's class "CoreDeck" (cpp/bindings/cold.cpp and fairdeck.cpp say what each does). */
export interface CoreDeck extends Handle {
  /**
   * The address of the window cells, fixed for the deck's life: [0] window, [1] taken, [2] address
   * of the cards, [3] the id buffer's address, [4] its size in ids (decks.hpp). Read through `u32`.
   */
  port(): number;
  shuffle(): boolean;
  shuffleRemaining(): boolean;
  /** A card id, −1 when empty, −2 on a recorded error. */
  dealOne(): number;
  /** How many ids were written to the buffer, or manifest().limits.failed. */
  deal(n: number): number;
  /** `trials` samples of k cards into the buffer (sampleIds): k · trials, or manifest().limits.failed. */
  sample(k: number, trials: number): number;
  remaining(): number;
  returned(): number;
  size(): number;
  pile(which: number): number;
  reserve(n: number): boolean;
  returnCards(n: number): boolean;
  /** Takes the n ids at the buffer out of play (deck.remove): all or nothing; false on a recorded error. */
  removeCards(n: number): boolean;
  info(): Uint8Array | null;
  save(includeSecret: boolean): Uint8Array | null;
  /** Piles are passed by number (pileId below). Each deal writes its ids to the buffer: how many, or failed. */
  dealTo(pile: number, n: number): number;
  dealHands(seats: number, perSeat: number): number;
  /** The packets are (pile number, count) pairs at the start of the buffer. */
  dealPattern(packets: number): number;
  /** Deals pattern number `plan` (planPattern) as dealPattern does. */
  dealPlan(plan: number): number;
  pileCards(pile: number): number;
  /** Names separated by spaces (text result). */
  pileNames(): Uint8Array | null;
  /** The n ids at the buffer onto pile `to`, from pile `from` (−1: any pile). */
  moveCards(n: number, to: number, from: number): boolean;
  cutCardOut(): boolean;
}

/** Embind's class "CoreWords": a stream of an engine's raw 32-bit words. */
export interface CoreWords extends Handle {
  /** A view of the next `count` words (copy it at once), or null on a recorded error. */
  next(count: number): Uint32Array | null;
}

/** What every module binds (basics.cpp). */
export interface BasicModule extends EmbindModule {
  errorKind(): number;
  errorMessage(): Uint8Array;
  textFree(): void;
  heapUsed(): number;
}

/** The deck module. */
export interface DeckModule extends BasicModule {
  CoreDeck: {
    /** A deck made with the options packSpec() just wrote to the module's spec area. */
    makePacked(): CoreDeck | null;
    makeProvable(spec: ProvableSpec): CoreDeck | null;
    restore(spec: StateSpec): CoreDeck | null;
  };
  CoreWords: { make(spec: EngineSpec): CoreWords | null };
  /** The address of a spec area of at least n bytes, which CoreDeck.makePacked reads (cold.cpp, g_spec); 0 on a recorded error. */
  specArea(n: number): number;
  /** n slots for a state's ids (read by CoreDeck.restore), or null on a recorded error. */
  input(n: number): Uint32Array | null;
  /** HMAC-SHA256 of the input buffer's bytes (the first keyBytes the key, the next messageBytes the message), written over its start (cold.cpp, state_mac). */
  stateMac(keyBytes: number, messageBytes: number): void;
  faces(style: Bytes, jokers: number): Uint8Array | null;
  /** Checks a pile name (TypeError naming `param`) and gives it the next number; −1 on a recorded error. */
  pileName(name: Bytes, param: Bytes): number;
  /** Forgets every pile number and pattern number (pileId clears its Map with them). */
  forgetPileNames(): void;
  /** Reads a pattern's (pile number, count) pairs, given as bytes, once: its number, or −1 on a recorded error. */
  planPattern(pairs: Bytes): number;
  /**
   * games.wasm only: frees the pile slots, arrival list and id buffer that destroyed decks left
   * for the next one (cpp/include/fairdeck/pile_slots.hpp, keep_room), so that the leak tests
   * read heapUsed() without them. The package never calls it.
   */
  dropRoom?(): void;
}

export { hasPiles, hasSim };
/** What a pile operation says on a deck without piles: the Deck of 'fairdeck' (deck.ts), or a deck of the module without them. */
export const NO_PILES = "fairdeck: named piles (hands, burns, boards, patterns, moves) live in the games module: take init and Deck from the entry 'fairdeck/games' instead of 'fairdeck', and await init() again (if you pass init({ wasm }), give it games.wasm)";
/** The Error every pile operation throws on a deck of the module without piles. */
export function needPiles(m: DeckModule): void {
  if (!hasPiles(m)) throw new Error(NO_PILES);
}
/** What a simulation operation (dead cards, dealIds, sampleIds, a Deck's stream) says on a deck without them: the Deck of 'fairdeck' or 'fairdeck/games'. */
export const NO_SIM = "fairdeck: dead cards (exclude, remove, dead), dealIds, sampleIds and a Deck keyed by a stream live in the sim module: take init and Deck from the entry 'fairdeck/sim'";
/** The Error every simulation operation throws on a deck of a module without them. */
export function needSim(m: DeckModule): void {
  if (!hasSim(m)) throw new Error(NO_SIM);
}

let heapOf: BasicModule | undefined, heap: Uint32Array = new Uint32Array(0);
/**
 * Module `m`'s heap as a Uint32Array: one view per module, shared by every deck (a view per deck
 * was 100+ bytes of each in V8), re-read after the memory grew (growing detaches old views).
 */
export function u32(m: BasicModule): Uint32Array {
  if (m !== heapOf || heap.length === 0) heapOf = m, heap = m.HEAPU32;
  return heap;
}

/**
 * Stands for a fresh key in a DeckSpec's engine seed (its 32 bytes are never read): packSpec writes
 * a key from platform entropy in its place, with no array of its own (entropy.ts, entropyInto).
 */
export const FRESH_KEY: Uint8Array = new Uint8Array(32);

let areaOf: DeckModule | undefined, area = 0, room = 0;
/** The spec the area holds now, all but its seed (which the core zeroes once read). */
let packed: DeckSpec | undefined;
const penetration = new Float64Array(1), penetrationBytes = new Uint8Array(penetration.buffer);
/**
 * Writes `s` to module `m`'s spec area for CoreDeck.makePacked (the layout is in cold.cpp): one
 * call with no emval reads, where reading an options object took 20-odd calls out of WASM. The
 * spec written last stays in the area but for its seed, so the same spec again (`new Deck()`
 * reuses one: deck.ts) writes only the seed.
 */
export function packSpec(m: DeckModule, s: DeckSpec): void {
  const e = s.engine, names = [s.style, s.strategy, e.rng, e.seed];
  let at = 48;
  for (const b of names) at += b.length;
  if (m !== areaOf || at > room) {  // a long seed text asks for a larger area
    packed = areaOf = undefined, area = m.specArea(at);
    if (area === 0) throw coreError(m);  // no area now: the next call asks again
    // The static area serves every spec that fits it; a larger one has a heap block for this deck
    // only, which the next call frees.
    areaOf = m, room = at > limits.specBytes ? 0 : limits.specBytes;
  }
  const b = m.HEAPU8, seedAt = area + at - e.seed.length;
  if (s !== packed) {
    const w = u32(m), p = area >>> 2;
    w[p] = s.decks, w[p + 1] = s.jokers, w[p + 2] = s.size, w[p + 3] = s.cut, w[p + 4] = e.seedKind;
    at = area + 48;
    for (let i = 0; i < 4; i++) {
      w[p + 5 + i] = names[i].length;
      if (i < 3) b.set(names[i], at);
      at += names[i].length;
    }
    penetration[0] = s.penetration;
    b.set(penetrationBytes, area + 40);
    packed = s;
  }
  if (e.seed === FRESH_KEY) entropyInto(b, seedAt);  // a fresh key, straight from the entropy block
  else b.set(e.seed, seedAt);
}

/** The loaded deck module; throws the "not initialised" Error before init(). */
export function native(): DeckModule {
  return core() as DeckModule;
}

const decoder = new TextDecoder();

/** The core's recorded error for its last failed call, as a TypeError, RangeError or Error. */
export function coreError(m: BasicModule): Error {
  const message = decoder.decode(m.errorMessage()), kind = m.errorKind(), kinds = errorKinds;
  if (kind === kinds.type) return new TypeError(message);
  if (kind === kinds.range) return new RangeError(message);
  return new Error(message || 'fairdeck core failed without a message');
}

/** Decodes a text result (null: the core's error) and frees it, whatever happens. */
export function takeText(m: BasicModule, view: Uint8Array | null): string {
  try {
    if (view === null) throw coreError(m);
    return decoder.decode(view);
  } finally {
    m.textFree();
  }
}

/**
 * Runs a core constructor (CoreDeck.makePacked and the like): the boundary's last line. The binding
 * reads options inside its error guard, so no known C++ exception escapes it (common.hpp); were
 * one to (3.1.6 hands a C++ throw to JS as an opaque WebAssembly.Exception, with no message), it
 * would most likely be a std::bad_alloc on a full heap, and it becomes that RangeError here.
 */
export function construct<T>(make: () => T): T {
  try {
    return make();
  } catch (cause) {
    const Exception = (WebAssembly as { Exception?: abstract new (...a: never[]) => object }).Exception;
    if (typeof Exception === 'function' && cause instanceof Exception) {
      throw new RangeError('not enough WASM memory for this request (the heap holds at most 4 GiB)', { cause });
    }
    throw cause;
  }
}
