/** Canvas set-up shared by the charts: sharp on high-DPI screens, sized in CSS pixels. */

/** The charts' text. */
export const FONT = '11px system-ui, sans-serif';

/** Width in CSS pixels of `text` in the charts' font, measured on `canvas`'s context. */
export function textWidth(canvas: HTMLCanvasElement, text: string): number {
  const ctx = canvas.getContext('2d')!;
  ctx.font = FONT;
  return ctx.measureText(text).width;
}

/** Sizes `canvas` to width × height CSS pixels and returns a context scaled to them. */
export function prepare(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D {
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.font = FONT;
  readTheme();
  return ctx;
}

/** Ink colours of the charts' text, axes, grid and noise band: the page theme's (light or dark). */
export let INK = '#222', MUTED = '#666', GRID = '#e4e4e4', BAND = 'rgba(0, 0, 0, 0.10)', BAR = '#0072B2';

/** Reads the chart colours from the page's CSS custom properties (--chart-ink and friends). */
function readTheme(): void {
  const style = globalThis.document ? getComputedStyle(document.documentElement) : undefined;
  const get = (name: string, fallback: string) => style?.getPropertyValue(name).trim() || fallback;
  INK = get('--chart-ink', INK);
  MUTED = get('--chart-muted', MUTED);
  GRID = get('--chart-grid', GRID);
  BAND = get('--chart-band', BAND);
  BAR = get('--chart-bar', BAR);
}

/** The dashed line at ratio 1 (what a uniform shuffle gives) across a chart `width` wide from `left`; `y` maps a ratio to a pixel row. */
export function uniformLine(ctx: CanvasRenderingContext2D, left: number, width: number, y: (ratio: number) => number): void {
  ctx.strokeStyle = INK;
  ctx.setLineDash([5, 4]);
  ctx.beginPath();
  ctx.moveTo(left, Math.round(y(1)) + 0.5);
  ctx.lineTo(left + width, Math.round(y(1)) + 0.5);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Pixels left of a chart's y labels for its y-axis title. */
export const Y_TITLE = 14;

/** A y-axis title, turned a quarter left, centred on pixel row `middle`, in the band Y_TITLE wide at the left edge. */
export function yTitle(ctx: CanvasRenderingContext2D, text: string, middle: number): void {
  ctx.save();
  ctx.fillStyle = INK;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.translate(1, middle);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(text, 0, 0);
  ctx.restore();
}
