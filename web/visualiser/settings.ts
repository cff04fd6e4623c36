/**
 * The visualiser's settings and the URL that holds them (?alg=…&n=…&trials=…&rng=…&seed=…&workers=…), so a
 * run can be shared and reloaded. Bad values fall back to defaults, with a note saying which.
 */
import { ALGORITHMS, manifest, parseSeed, type AlgorithmName, type RngName, type Seed } from 'fairdeck/fairness';
import type { Settings } from './protocol.js';

/** Most Web Workers the page starts. */
export const MAX_PAGE_WORKERS = 64;
/** Workers by default: one per logical core (navigator.hardwareConcurrency), 1 if unknown. */
export function defaultWorkers(): number {
  const cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
  return Number.isInteger(cores) && cores! >= 1 ? Math.min(cores!, MAX_PAGE_WORKERS) : 1;
}
/** Settings of a first visit: the classic n = 3 table, fair against naive, on every core. */
export const DEFAULTS: Readonly<Settings> = {
  algorithms: ['fisher-yates', 'naive-swap', 'sort-random'], n: 3, trials: 1_000_000, rng: 'chacha20', seed: '', workers: defaultWorkers(),
};
/** Largest trial count the page offers (the API allows far more). */
export const MAX_PAGE_TRIALS = 1e9;
/** A seed field as the API takes it: the package's parseSeed, as the card table and the CLI read it. */
export function seedOf(text: string): Seed | undefined {
  return parseSeed(text);
}

/** Settings from a query string, plus notes on every value that was ignored. */
export function parseSettings(search: string): { settings: Settings; notes: string[] } {
  const q = new URLSearchParams(search);
  const notes: string[] = [];
  const s: Settings = { ...DEFAULTS, algorithms: [...DEFAULTS.algorithms] };
  const alg = q.get('alg');
  if (alg !== null) {
    const names = alg.split(',').filter(Boolean);
    const known = names.filter((a): a is AlgorithmName => (ALGORITHMS as readonly string[]).includes(a));
    if (known.length < names.length) notes.push(`unknown algorithm ignored: ${names.filter((a) => !known.includes(a as AlgorithmName)).join(', ')}`);
    if (known.length) s.algorithms = [...new Set(known)];
  }
  const int = (key: 'n' | 'trials' | 'workers', min: number, max: number) => {
    const text = q.get(key);
    if (text === null) return;
    const v = Number(text);
    if (Number.isInteger(v) && v >= min && v <= max) s[key] = v;
    else notes.push(`${key}=${text} is not an integer from ${min} to ${max}; using ${s[key]}`);
  };
  int('n', 2, manifest().limits.maxMatrixN);
  int('trials', 1, MAX_PAGE_TRIALS);
  int('workers', 1, MAX_PAGE_WORKERS);
  const rng = q.get('rng');
  if (rng !== null) {
    if ((manifest().engines as readonly string[]).includes(rng)) s.rng = rng as RngName;
    else notes.push(`rng=${rng} is not one of ${manifest().engines.join(', ')}; using ${s.rng}`);
  }
  s.seed = q.get('seed') ?? '';
  return { settings: s, notes };
}

/** The query string for `s`. */
export function formatSettings(s: Settings): string {
  const q = new URLSearchParams({ alg: s.algorithms.join(','), n: String(s.n), trials: String(s.trials), rng: s.rng });
  if (s.seed !== '') q.set('seed', s.seed);
  if (s.workers !== DEFAULTS.workers) q.set('workers', String(s.workers));
  return `?${q.toString().replace(/%2C/g, ',')}`;
}
