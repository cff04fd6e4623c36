/**
 * Axis ticks that never overprint: for an axis from 0 to `top` drawn `pixels` long, the step is
 * the smallest of 1, 2 or 5 × 10^k (and at least `minStep`) that keeps neighbouring ticks at
 * least `minGap` pixels apart, so the labels of a 100×-biased histogram no longer pile up.
 */

/** One tick: its value and its label (no floating-point noise: 0.3, not 0.30000000000000004). */
export interface Tick {
  value: number;
  label: string;
}

/** Pixels between tick labels of the charts' 11 px text: a line and a half. */
export const MIN_TICK_GAP = 16;

/** The ticks 0, step, 2·step, … ≤ `top` for an axis `pixels` long (see the file's comment). */
export function axisTicks(top: number, pixels: number, minGap = MIN_TICK_GAP, minStep = 0): Tick[] {
  if (!(Number.isFinite(top) && top > 0)) throw new RangeError(`top must be a finite number above 0, got ${top}`);
  if (!(Number.isFinite(pixels) && pixels >= minGap)) throw new RangeError(`pixels must be a finite number at least minGap (${minGap}), got ${pixels}`);
  const least = Math.max(minStep, (top * minGap) / pixels);  // steps below this put ticks closer than minGap
  let exponent = Math.floor(Math.log10(least)), step = 0, decimals = 0;
  for (;;) {
    const m = [1, 2, 5].find((x) => x * 10 ** exponent >= least * (1 - 1e-12));
    if (m !== undefined) {
      decimals = Math.max(0, -exponent);
      step = Number((m * 10 ** exponent).toFixed(decimals));
      break;
    }
    exponent++;
  }
  const out: Tick[] = [];
  for (let i = 0; i * step <= top * (1 + 1e-12); i++) {
    const value = Number((i * step).toFixed(decimals));
    out.push({ value, label: String(value) });
  }
  return out;
}
