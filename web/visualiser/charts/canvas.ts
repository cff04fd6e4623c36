/** Canvas set-up shared by the charts: sharp on high-DPI screens, sized in CSS pixels. */

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
  ctx.font = '11px system-ui, sans-serif';
  return ctx;
}

/** Ink colours of the charts' text and axes. */
export const INK = '#222', MUTED = '#666', GRID = '#e4e4e4';
