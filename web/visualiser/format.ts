/** Number formatting for the visualiser's text. */

/**
 * One formatter, made as the page loads: `toLocaleString('en-US')` made a formatter per call, and
 * the page's first one set up the browser's locale data (ICU) on the main thread just as a run
 * started, while the workers needed the cores (issue 39, the visualiser's speed-up).
 */
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
grouped.format(0);
/** 12,345,678 → "12,345,678". */
export const int = (v: number) => grouped.format(Math.round(v));
/** 31,400,000 → "31.4 M". */
export function rate(v: number): string {
  if (!Number.isFinite(v)) return '—';
  return v >= 1e6 ? `${(v / 1e6).toFixed(1)} M` : v >= 1e3 ? `${(v / 1e3).toFixed(1)} k` : v.toFixed(0);
}
/** 1234.5 ms → "1.23 s". */
export const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
/** HTML-escapes text. */
export const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
