/**
 * Pile numbers: each pile name crosses into the games module once per page and is passed by
 * number after that; a dealing pattern (DealPattern, games-deck.ts) is read into the binding once.
 * Only the games Deck uses them, so only 'fairdeck/games' ships them.
 */
import { bytes, coreError, needPiles, type DeckModule } from './binding.js';
import { show } from './errors.js';
import { limits } from './manifest.js';

const encoder = new TextEncoder();

/**
 * Pile names the binding has numbered, per module instance: name → number, how many patterns it
 * holds (planPattern), and how many times the tables started again; and pileId's last two names
 * with pinned numbers (`name0`/`id0` the newer; NONE when empty), which no restart renumbers.
 */
interface Numbers {
  map: Map<string, number>;
  plans: number;
  generation: number;
  name0: string;
  id0: number;
  name1: string;
  id1: number;
}
/** Matches no caller's pile name (a fresh object, never a string). */
const NONE = {} as unknown as string;
const numbers = (): Numbers => ({ map: new Map(), plans: 0, generation: 0, name0: NONE, id0: 0, name1: NONE, id1: 0 });
const pileNumbers = new WeakMap<DeckModule, Numbers>();
/** Changes whenever the module's pile numbers start again (a DealPattern then numbers its names anew). */
export function pileGeneration(m: DeckModule): number {
  return numbersOf(m).generation;
}
/** The module's pile-number table (the last one asked for is kept at hand: a page mostly uses one module). */
// Stryker disable next-line ObjectLiteral: lastModule starts undefined, so no lookup returns this initial entry
let lastModule: DeckModule | undefined, lastEntry: Numbers = numbers();
function numbersOf(m: DeckModule): Numbers {
  // A cache in front of the WeakMap. A page can hold two modules (games, then a dynamic import of
  // 'fairdeck/sim'): each must find its own table (pile-modules.test.ts).
  // Stryker disable next-line ConditionalExpression: `false` (no cache) finds the same entry in the WeakMap; `true` fails as this line's `!==` mutant does, which pile-modules.test.ts kills
  if (m === lastModule) return lastEntry;
  const entry = pileNumbers.get(m) ?? numbers();
  pileNumbers.set(m, entry);
  return ([lastModule, lastEntry] = [m, entry])[1];
}
/**
 * pileIds for one name: its number, from the table when it has one (a deal onto a known pile
 * crosses nothing). The last two names with pinned numbers are compared first: a hand's burn()
 * and dealTo('board') alternate, and two comparisons cost less than the Map lookup (about 10 ns
 * a call; issue 39, the step-by-step hand).
 */
export function pileId(m: DeckModule, name: unknown, param: string): number {
  const e = numbersOf(m);
  if (name === e.name0) return e.id0;
  if (name === e.name1) return e.id1;
  // The table's keys are strings: any other name finds nothing here, and pileIds() names it in a TypeError.
  const id = e.map.get(name as string) ?? pileIds(m, [name], [param])[0];
  if (id < limits.pinnedPiles) e.name1 = e.name0, e.id1 = e.id0, e.name0 = name as string, e.id0 = id;
  return id;
}
/** Most pile names numbered at once; past it both tables start again (a page using ever new names stays bounded). */
const MAX_PILE_NUMBERS = 4096;
/** Most patterns read at once (Deck.pattern); past it the tables start again, as for names. */
const MAX_PLANS = 1024;
/**
 * Starts the module's pile and pattern numbers again: every number handed out so far is stale but
 * the pinned ones (below limits.pinnedPiles), which a deck's pile log may hold
 * (games-deck.ts, dealTo) and which both tables keep.
 */
function forget(m: DeckModule, entry: Numbers): void {
  m.forgetPileNames();
  const pinned = limits.pinnedPiles;
  for (const [name, id] of entry.map) if (id >= pinned) entry.map.delete(name);
  entry.plans = 0;
  // Stryker disable next-line UpdateOperator: patterns compare the generation for equality only (games-deck.ts); counting down gives a new value each time too
  entry.generation++;
}

/**
 * Reads a pattern into the binding once (DealPattern): `pairs()` gives its (pile number, count)
 * pairs numbered in the current generation, asked after the tables may have started again.
 */
export function planPattern(m: DeckModule, pairs: () => Uint32Array): number {
  const entry = numbersOf(m);
  if (entry.plans >= MAX_PLANS) forget(m, entry);
  const p = pairs();
  const plan = m.planPattern(new Uint8Array(p.buffer, p.byteOffset, p.byteLength));
  if (plan < 0) throw coreError(m);
  entry.plans++;
  return plan;
}

/**
 * The binding's numbers for pile names, `names[i]` checked as parameter `params[i]` (the core's
 * TypeError names it). Each name crosses into WASM once per page; later deals pass its number. If
 * the table had to start again part way, the names are numbered again, so all numbers returned
 * are current.
 */
export function pileIds(m: DeckModule, names: readonly unknown[], params: readonly string[]): number[] {
  needPiles(m);
  const entry = numbersOf(m), table = entry.map;
  for (let attempt = 0; ; attempt++) {
    const out: number[] = [];
    let restarted = false;
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (typeof name !== 'string') throw new TypeError(`${params[i]} must be a pile name (a string), got ${show(name)}`);
      let id = table.get(name);
      if (id === undefined) {
        if (table.size >= MAX_PILE_NUMBERS) forget(m, entry), (restarted = true);
        id = m.pileName(encoder.encode(name), bytes(params[i]));
        if (id < 0) throw coreError(m);
        table.set(name, id);
      }
      out.push(id);
    }
    if (!restarted) return out;
    if (attempt > 0) throw new RangeError(`one call can name at most ${MAX_PILE_NUMBERS} different piles, got ${names.length} names`);
  }
}
