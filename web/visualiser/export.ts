/** Exporting what the page shows: JSON (everything) and CSV (one row per counted cell). */
import { permutationAt, type MatrixResult, type PermutationResult, type SeedRecord, type TimeScalingResult } from 'fairdeck/fairness';
import type { CompareRow, Settings } from './protocol.js';

/** Everything the page has computed since its last Run. */
export interface Results {
  settings: Settings;
  /** Workers the last run was split over (its counts do not depend on it). */
  workers: number;
  /** The master seed of the last run (for an empty seed field, the one drawn from crypto): replaySeed(seed) replays it. */
  seed: SeedRecord | undefined;
  permutations: PermutationResult[];
  positions: MatrixResult[];
  scaling?: TimeScalingResult;
  comparison?: CompareRow[];
}

const plain = (r: PermutationResult | MatrixResult) => ({ ...r, counts: Array.from(r.counts) });

/** The results as pretty JSON: the page URL, the workers, the master seed, then every result with its counts. */
export function toJSON(results: Results, url: string): string {
  const { permutations, positions, workers, seed, ...rest } = results;
  return JSON.stringify({ url, workers, seed: seed ?? null, ...rest, permutations: permutations.map(plain), positions: positions.map(plain) }, null, 2);
}

/** The counts as CSV: measure, algorithm, n, trials, engine, seeded, cell, order/card, position, count, expected, χ², df, p. */
export function toCSV(results: Results): string {
  const lines = ['measure,algorithm,n,trials,rng,seeded,cell,order_or_card,position,count,expected,chi_square,df,p_value'];
  const tail = (r: PermutationResult | MatrixResult, c: number) => `${c},${r.expected},${r.chiSquare},${r.df},${r.pValue}`;
  for (const r of results.permutations) {
    r.counts.forEach((c, k) => lines.push(`permutations,${r.algorithm},${r.n},${r.trials},${r.rng},${r.seeded},${k},${permutationAt(k, r.n).join(' ')},,${tail(r, c)}`));
  }
  for (const r of results.positions) {
    r.counts.forEach((c, k) => lines.push(`positions,${r.algorithm},${r.n},${r.trials},${r.rng},${r.seeded},${k},${Math.trunc(k / r.n)},${k % r.n},${tail(r, c)}`));
  }
  return `${lines.join('\n')}\n`;
}

/** Offers `text` as a file download. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
