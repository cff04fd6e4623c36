/** Number formatting for the visualiser's text. */

/** 12,345,678 → "12,345,678". */
export const int = (v: number) => Math.round(v).toLocaleString('en-US');
/** 31,400,000 → "31.4 M". */
export function rate(v: number): string {
  if (!Number.isFinite(v)) return '—';
  return v >= 1e6 ? `${(v / 1e6).toFixed(1)} M` : v >= 1e3 ? `${(v / 1e3).toFixed(1)} k` : v.toFixed(0);
}
/** 1234.5 ms → "1.23 s". */
export const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
/** HTML-escapes text. */
export const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
