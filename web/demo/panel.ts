/**
 * The words around the table: the counter, the note that says whether the deck is secure
 * (unseeded) or reproducible (seeded), and the "why this shuffle is fair" blurb naming the engine
 * and strategy in use. Text only, built with DOM nodes (no innerHTML).
 */
import type { DeckInfo } from 'fairdeck/games';
import type { TableOptions } from './options.js';
import type { Counts } from './session.js';

/** Writes the counter's three numbers. */
export function showCounts(root: ParentNode, c: Counts): void {
  root.querySelector('#remaining')!.textContent = String(c.remaining);
  root.querySelector('#returned')!.textContent = String(c.returned);
  root.querySelector('#dealt')!.textContent = String(c.dealt);
}

const ENGINE_NAMES = { chacha20: 'ChaCha20', xoshiro256: 'xoshiro256**' } as const;

/** The security note: what kind of deck this is, and what that means for replaying it. */
export function showSecurity(el: HTMLElement, info: DeckInfo, options: TableOptions): void {
  const engine = ENGINE_NAMES[info.rng];
  let kind: string;
  let text: string;
  if (!info.seeded && info.rng === 'chacha20') {
    kind = 'secure';
    text = `Secure, unseeded deck: ${engine} keyed with 256 bits from crypto.getRandomValues. Nobody can predict or replay this deal.`;
  } else if (!info.seeded) {
    kind = 'fast';
    text = `Unseeded ${engine}: keyed from crypto.getRandomValues, but this fast engine is predictable from its output — for simulations, not for money.`;
  } else {
    kind = 'seeded';
    text = `Seeded deck (seed “${options.seed}”, ${engine}): reproducible. This page's address replays the same deal — share it.`;
  }
  el.dataset.kind = kind;
  const badge = document.createElement('strong');
  badge.className = 'badge';
  badge.textContent = kind === 'secure' ? 'Secure' : kind === 'seeded' ? 'Seeded' : 'Fast';
  el.replaceChildren(badge, ` ${text}`);
}

/** log10(n!) — for writing the number of orders of an n-card deck. */
function log10Factorial(n: number): number {
  let s = 0;
  for (let k = 2; k <= n; k++) s += Math.log10(k);
  return s;
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** "8.07 × 10⁶⁷" for 52!. */
export function orders(n: number): string {
  const l = log10Factorial(n);
  const e = Math.floor(l);
  if (n < 13) return String(Math.round(10 ** l));
  return `${(10 ** (l - e)).toFixed(2)} × 10${[...String(e)].map((d) => SUPERSCRIPT[Number(d)]).join('')}`;
}

const HOW = {
  eager: 'a shuffle is a Fisher–Yates shuffle run in WebAssembly, and each deal takes the next card.',
  lazy: 'each deal is one Fisher–Yates step run in WebAssembly (it swaps a uniformly chosen undealt card out), so a shuffle costs nothing until you deal.',
  bitmap: 'each deal takes the r-th undealt card for a uniform r, in WebAssembly — not “a random start, then the next free card”, which favours cards after gaps.',
} as const;

/** Fills the blurb for a deck of `size` cards made with `info`. */
export function showFairness(el: HTMLElement, info: DeckInfo, size: number): void {
  const bits = (log10Factorial(size) / Math.log10(2)).toFixed(1);
  const engine = ENGINE_NAMES[info.rng];
  const source = info.rng === 'chacha20'
    ? info.seeded
      ? ' (RFC 8439), keyed from your seed: anyone with the seed can replay the deal.'
      : ` (RFC 8439), keyed with 256 bits from crypto.getRandomValues — more than the ${bits} bits it takes to reach every order.`
    : ', a fast generator for simulations: statistically strong, but predictable from its output.';
  const p = (...parts: (string | Node)[]) => {
    const el = document.createElement('p');
    el.append(...parts);
    return el;
  };
  const strong = (t: string) => Object.assign(document.createElement('strong'), { textContent: t });
  const code = (t: string) => Object.assign(document.createElement('code'), { textContent: t });
  el.replaceChildren(
    p('Each of the ', strong(`${size}! ≈ ${orders(size)}`), ' orders of this deck is equally likely if every draw is uniform. Strategy ',
      strong(info.strategy), `: ${HOW[info.strategy]}`),
    p('Every draw is uniform: an unbiased bounded integer (Lemire’s rejection method, never ', code('% n'), ') from ', strong(engine), source),
  );
}
