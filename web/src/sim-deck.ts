/**
 * The Deck of 'fairdeck/sim': the games Deck plus what simulations need (issue 40,
 * docs/simulations.md) — dead cards (`new Deck({ exclude })`, `remove`, `dead`), ids without Card
 * objects (`dealIds`) and many samples in one call (`sampleIds`). They live here and in the sim
 * build of the deck module (sim.wasm), not in deck.ts and fairdeck.wasm, so that an app that only
 * deals cards or plays a game does not ship them (docs/size.md). They reach the deck's core
 * through `internals` (deck.ts), which no entry exports.
 */
import { coreError, needSim, u32, type DeckModule } from './binding.js';
import { cardTable, labelCard, resolveIds, type Card } from './card.js';
import { internals, type DeckState, type ProvableState } from './deck.js';
import { show } from './errors.js';
import { Deck as GamesDeck } from './games-deck.js';
import { copyIterable, MAX_IDS } from './input.js';
import { pileNames, piles } from './manifest.js';
import { checkInt, checkKeys, DECK_KEYS, deckOptions, type DeckOptions } from './options.js';
import { streamKey } from './stream-options.js';

const { live, module: mod, cards: tableOf, read, written, input, port, log: logOf } = internals;
/** The port cell counting the rounds made in advance after the window's (kBoardsPort, cpp/bindings/decks.hpp). */
const BOARDS = 32;

/**
 * A deck of cards dealt fairly by the WASM core, with named piles, dead cards, dealIds and
 * sampleIds. Call `dispose()` when done (or use `using`).
 */
export class Deck extends GamesDeck {
  /**
   * A new, already shuffled deck. `options.stream` keys it with the stream's next 256 bits;
   * `options.exclude` takes those cards out of play at once, as `remove` would (a refused list
   * frees the new deck). Requires `await init()` first.
   */
  constructor(options?: DeckOptions) {
    const [o, exclude] = simOptions(options);
    super(o);
    if (exclude !== undefined) {
      try {
        this.remove(exclude as Card[]);  // each item is checked by remove
      } catch (error) {
        this.dispose();
        throw error;
      }
    }
  }

  /** Restores a deck saved with `toJSON()` (its piles and dead cards too); a seeded deck resumes exactly where it was. */
  static override fromJSON(state: DeckState | ProvableState | string, options?: { key?: Uint8Array }): Deck {
    return GamesDeck.fromJSON.call(this, state, options) as Deck;
  }

  /**
   * Takes cards out of play — dead cards, such as the hands a simulation holds fixed. Each must
   * be in the deck (undealt or returned); they join no hand, are never dealt or sampled, and stay
   * out through `shuffle()` until `returnCards` puts them back (into the return pile, like any
   * dealt card). Cards may be Card objects, codes ('AS') or ids. All or nothing: a RangeError,
   * and no change, if any is unknown, dealt, already out or named twice; a TypeError for a
   * provable deck or a deck with a cut card. `new Deck({ exclude })` does the same at the start.
   */
  remove(cards: Iterable<Card | string | number>): void {
    needSim(mod(this));
    live(this);
    const list = copyIterable(cards, 'cards', 'cards, codes or ids', this.size, `the deck has ${this.size} cards`);  // copied first, as in returnCards
    const h = live(this);
    const ids = resolveIds(list, tableOf(this), this.size, () =>
      new Set([...read(this, h, h.pile(piles.undealt)), ...read(this, h, h.pile(piles.returned))].map((c) => c.id)));
    input(this, h, ids);
    if (!h.removeCards(ids.length)) throw labelCard(coreError(mod(this)), tableOf(this));
  }

  /**
   * As Deck's shuffle(). In a simulation's loop (shuffle(), then the same number of cards dealt,
   * again and again) the core makes the next rounds in advance, exactly as these calls would
   * (cpp/include/fairdeck/deck_boards.hpp); once the current round is dealt whole, this moves to
   * the next one without a call into WASM.
   */
  override shuffle(): this {
    live(this);
    const heap = u32(mod(this)), p = port(this), left = p + BOARDS;
    if (heap[left] !== 0 && heap[p + 1] === heap[p]) {
      heap[left]--, heap[p + 2] += heap[p] << 2, heap[p + 1] = 0;
      return this;
    }
    return super.shuffle();
  }

  /** The cards out of play (`remove`, `exclude`), by id; they are also among `dealt`. */
  get dead(): Card[] {
    const h = live(this);
    return read(this, h, h.pile(piles.dead));
  }

  /**
   * Deals exactly like `deal(n)` — the same cards from the same seeded deck, up to `n` (fewer if
   * fewer remain) — but gives their ids (`card.id`) in a Uint32Array and makes no Card object.
   * `into`, if given, is a Uint32Array of at least `n` slots: the ids fill its start, and the
   * result is `into` itself when the ids fill it (else `into.subarray(0, dealt)`), so a loop
   * that deals into the same array allocates nothing.
   */
  dealIds(n: number, into?: Uint32Array): Uint32Array {
    const h = live(this);
    // checkInt's test first, inline: the loop's call is then one V8 can leave out (2–5 ns a board).
    if (typeof n !== 'number' || n >>> 0 !== n) checkInt('n', n, 0, 2 ** 32 - 1);
    if (into !== undefined) checkInto(into, n, 'n');
    const c: DeckModule = mod(this), heap = u32(c), p = port(this), taken = heap[p + 1];
    if (n <= heap[p] - taken) {  // the dealing window: read from the heap, no call
      const out = into ?? new Uint32Array(n), top = (heap[p + 2] >>> 2) + heap[p] - 1 - taken;
      for (let i = 0; i < n; i++) out[i] = heap[top - i];
      heap[p + 1] = taken + n;
      return this.#logged(fitted(out, n));
    }
    const k = h.deal(n), at = written(this, h, k), out = into ?? new Uint32Array(k), ids = u32(c);
    if (k <= 64) for (let i = 0; i < k; i++) out[i] = ids[at + i];  // a few ids: a loop, as subarray() makes an object
    else out.set(ids.subarray(at, at + k));
    return this.#logged(fitted(out, k));
  }

  /** `ids` dealt to the default pile, in a provable deck's round record (provable/record.ts). */
  #logged(ids: Uint32Array): Uint32Array {
    const log = logOf(this);  // a provable deck's only: the card table is read only then (a loop's 2–3 ns)
    if (log) {
      const table = tableOf(this);
      log.cards(pileNames.default, Array.from(ids, (id) => table.get(id)));
    }
    return ids;
  }

  /**
   * `trials` independent samples of `k` cards from the cards this deck could still deal
   * (undealt and returned), each uniform over the ordered k-subsets, written one after another
   * into one Uint32Array of k · trials ids (`into`, if given, of at least that many slots). The
   * deck's cards do not move — no card is dealt — but its engine moves on, so the next call
   * samples afresh. One call for a million Monte Carlo boards: `deck.sampleIds(5, 1e6)`.
   * RangeError if k exceeds the cards remaining; TypeError on a provable deck.
   *
   * Without `into`, the ids it allocates are capped: k · trials at most `options.maxIds`, by
   * default 2^26 (256 MiB), checked before anything is allocated or sampled — a RangeError that
   * says how to raise it (docs/limits.md). With `into`, the caller's array is the bound.
   */
  sampleIds(k: number, trials: number, into?: Uint32Array, options?: { maxIds?: number }): Uint32Array {
    const h = live(this), c = mod(this);
    needSim(c);
    checkInt('k', k, 0, 2 ** 32 - 1);
    checkInt('trials', trials, 0, 2 ** 32 - 1);
    const total = k * trials;
    if (total > 2 ** 32 - 1) throw new RangeError(`k * trials must be at most 2^32 - 1, got ${total} (k = ${k}, trials = ${trials})`);
    if (into !== undefined) checkInto(into, total, 'k * trials');
    if (options !== undefined || (into === undefined && total > MAX_IDS)) {  // the common call reads no options
      const { maxIds = MAX_IDS } = checkKeys(options, SAMPLE_KEYS, 'sampleIds options');
      checkInt('maxIds', maxIds, 0, 2 ** 32 - 1);
      if (into === undefined && total > (maxIds as number)) {
        throw new RangeError(`k * trials = ${total} ids (k = ${k}, trials = ${trials}) is more than one call may allocate, maxIds = ${maxIds}` +
          ` (${(maxIds as number) * 4} bytes): sample in smaller batches, pass your own Uint32Array as into, or raise the cap with sampleIds(k, trials, undefined, { maxIds })`);
      }
    }
    // Too few cards: the core's RangeError before anything is allocated (its sample changes nothing when it refuses).
    if (trials > 0 && k > h.remaining()) written(this, h, h.sample(k, 1));
    const out = into ?? new Uint32Array(total);
    // In chunks: the core's buffer stays small, and V8 runs later chunks in its optimised tier
    // (a WebAssembly function is replaced between calls, never during one).
    const chunk = k === 0 ? trials : Math.max(1, Math.floor(SAMPLE_CHUNK / k));
    let done = 0;
    do {
      const t = Math.min(chunk, trials - done), n = h.sample(k, t), at = written(this, h, n);
      out.set(u32(c).subarray(at, at + n), done * k);
      done += t;
    } while (done < trials);
    return fitted(out, total);
  }
}

/**
 * The sim Deck's own options taken out of `options`: a copy without `exclude` (its cards, copied,
 * second) and with a `stream` turned into the bytes seed it gives; or `options` itself when it has
 * neither (a fromJSON token among them, and anything the Deck's own reader then refuses by name).
 * Read by the one options reader (own data properties only: no `in`, which would ask the prototype).
 */
function simOptions(options: DeckOptions | undefined): [DeckOptions | undefined, unknown[] | undefined] {
  if (typeof options !== 'object' || options === null) return [options, undefined];
  const o = checkKeys(options, DECK_KEYS, 'Deck options');  // each field read once
  if (o.stream === undefined && o.exclude === undefined) return [options, undefined];
  let exclude: unknown[] | undefined;
  if (o.exclude !== undefined) {
    // Read to at most the new deck's size (plus one): its options, checked first, say how many cards it has.
    const probe = checkKeys(o, DECK_KEYS, 'Deck options');
    probe.exclude = probe.stream = undefined;
    const r = deckOptions(probe), size = cardTable(r.style, r.decks, r.jokers, r.size).count;  // cached: the constructor's table
    exclude = copyIterable(o.exclude, 'exclude', 'cards, codes or ids', size, `the deck has ${size} cards`);
  }
  o.exclude = undefined;
  if (o.stream !== undefined) {
    if (o.provable !== undefined) throw new TypeError('provable cannot be combined with stream (a provable deck is keyed by its seeds)');
    if (o.seed !== undefined) throw new TypeError('seed and stream cannot be combined: a stream gives each call its own key');
    o.seed = streamKey(o.stream);
    o.stream = undefined;
  }
  return [o, exclude];
}

/** The keys of `sampleIds` options. */
const SAMPLE_KEYS: readonly string[] = ['maxIds'];

/** Ids per sampleIds call into the core (a 16 K-trial chunk of 5-card boards: 320 KB of buffer). */
const SAMPLE_CHUNK = 1 << 16;

/** Checks a caller's `into` array: a Uint32Array of at least `need` slots (`what` says why). */
function checkInto(into: unknown, need: number, what: string): asserts into is Uint32Array {
  if (!(into instanceof Uint32Array) || into.length < need) badInto(into, need, what);  // small: inlined, as checkInt
}
function badInto(into: unknown, need: number, what: string): never {
  if (!(into instanceof Uint32Array)) throw new TypeError(`into must be a Uint32Array, got ${show(into)}`);
  throw new RangeError(`into must hold at least ${what} = ${need} ids, got a Uint32Array of length ${into.length}`);
}
/** `out` itself when it holds exactly `k` ids, else a view of its first `k`. */
function fitted(out: Uint32Array, k: number): Uint32Array {
  return out.length === k ? out : out.subarray(0, k);
}
