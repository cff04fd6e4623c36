/**
 * The algorithms a fairness experiment can run: fairdeck's fair ones and the well-known wrong
 * ones (README "fairdeck/fairness"). All run in the C++ core except `sort-random`, which is
 * JavaScript's own `array.sort` with a random comparator and so can only live in JavaScript.
 */
import { show } from '../errors.js';

/** Every algorithm name, fair ones first. */
export const ALGORITHMS = /* @__PURE__ */ Object.freeze([
  'fisher-yates', 'inside-out', 'lazy', 'bitmap', 'remove-random', 'provable',
  'naive-swap', 'off-by-one', 'sattolo', 'random-swaps', 'bitmap-scan', 'sort-random',
] as const);

/** An algorithm name. */
export type AlgorithmName = (typeof ALGORITHMS)[number];

/** What is known about an algorithm, for pages and reports. */
export interface AlgorithmInfo {
  /** True if every order is exactly equally likely (given uniform draws). */
  fair: boolean;
  /** Work per shuffle of n items. */
  cost: string;
  /** One line: what it does and, for the biased ones, why it fails. */
  summary: string;
}

/** Descriptions of every algorithm. */
export const ALGORITHM_INFO: Readonly<Record<AlgorithmName, Readonly<AlgorithmInfo>>> = /* @__PURE__ */ Object.freeze({
  'fisher-yates': Object.freeze({ fair: true, cost: 'O(n)', summary: 'Durstenfeld: for i = n−1 down to 1, swap a[i] with a[random[0, i]].' }),
  'inside-out': Object.freeze({ fair: true, cost: 'O(n)', summary: 'Inside-out Fisher–Yates: builds the shuffled array while copying it.' }),
  lazy: Object.freeze({ fair: true, cost: 'O(n)', summary: 'Fisher–Yates one step per deal (the lazy deck strategy).' }),
  bitmap: Object.freeze({ fair: true, cost: 'O(n)', summary: 'Deals the r-th undealt card of a bitmap, r uniform (the bitmap deck strategy).' }),
  'remove-random': Object.freeze({ fair: true, cost: 'O(n²)', summary: 'Removes a random element of a list, n times: fair, but slow.' }),
  provable: Object.freeze({ fair: true, cost: 'O(n) + one HMAC', summary: 'The provably fair scheme (docs/provably-fair.md): trial t deals round nonce t, as a player\'s rounds come.' }),
  'naive-swap': Object.freeze({ fair: false, cost: 'O(n)', summary: 'Swaps a[i] with a[random[0, n)]: n^n paths cannot spread evenly over n! orders.' }),
  'off-by-one': Object.freeze({ fair: false, cost: 'O(n)', summary: 'Swaps a[i] with a[random[0, n−1)] (the 1999 poker site): the last card never stays last.' }),
  sattolo: Object.freeze({ fair: false, cost: 'O(n)', summary: "Sattolo's j = random[0, i): only cyclic orders, no card ever stays in place." }),
  'random-swaps': Object.freeze({ fair: false, cost: 'O(rounds)', summary: 'Swaps two random positions `rounds` times (default n): too few to mix.' }),
  'bitmap-scan': Object.freeze({ fair: false, cost: 'O(n²) worst case', summary: 'Random start, then the next undealt card: cards after dealt runs are favoured.' }),
  'sort-random': Object.freeze({ fair: false, cost: 'O(n log n)', summary: 'array.sort(() => random() − 0.5), JavaScript\'s own sort: the order depends on the sort.' }),
});

/** Names of the fair algorithms. */
export const FAIR_ALGORITHMS: readonly AlgorithmName[] = /* @__PURE__ */ Object.freeze(ALGORITHMS.filter((a) => ALGORITHM_INFO[a].fair));
/** Names of the biased algorithms (the negative controls). */
export const BIASED_ALGORITHMS: readonly AlgorithmName[] = /* @__PURE__ */ Object.freeze(ALGORITHMS.filter((a) => !ALGORITHM_INFO[a].fair));

/** Throws TypeError naming `name` unless `value` is an algorithm name. */
export function checkAlgorithm(name: string, value: unknown): AlgorithmName {
  if (typeof value !== 'string' || !(ALGORITHMS as readonly string[]).includes(value)) {
    throw new TypeError(`${name} must be one of ${ALGORITHMS.map((a) => `'${a}'`).join(', ')}, got ${show(value)}`);
  }
  return value as AlgorithmName;
}
