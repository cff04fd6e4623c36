/**
 * Colours that stay distinguishable with the common colour-vision deficiencies: ColorBrewer's
 * PuOr diverging scale (purple = rarer than uniform, orange = more often) and the Okabe–Ito
 * palette for series, which the charts also tell apart by dash and marker.
 */

/** PuOr, 11 stops, from −1 (dark purple) through 0 (near white) to +1 (dark orange-brown). */
export const DIVERGING = [
  '#2d004b', '#542788', '#8073ac', '#b2abd2', '#d8daeb', '#f7f7f7', '#fee0b6', '#fdb863', '#e08214', '#b35806', '#7f3b08',
];

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const STOPS = DIVERGING.map(rgb);

/** The colour for t in [−1, 1] (clamped), interpolated between the PuOr stops. */
export function diverging(t: number): string {
  const x = (Math.max(-1, Math.min(1, t)) + 1) * 0.5 * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const [r, g, b] = STOPS[i].map((c, k) => Math.round(c + (STOPS[i + 1][k] - c) * f));
  return `rgb(${r}, ${g}, ${b})`;
}

/** A CSS linear-gradient of the diverging scale, left (−1) to right (+1), for legends. */
export function divergingGradient(): string {
  return `linear-gradient(to right, ${DIVERGING.join(', ')})`;
}

/** Okabe–Ito series colours (yellow left out: too pale on white; black is the theme's text colour). */
export const SERIES = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', 'currentColor'];
/** Dash patterns, combined with the colours so that 11 series stay distinct. */
export const DASHES = ['', '6 3', '2 3', '8 3 2 3'];
