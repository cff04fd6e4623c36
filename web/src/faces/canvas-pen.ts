/**
 * The pen on a 2D canvas context: a browser CanvasRenderingContext2D, an
 * OffscreenCanvasRenderingContext2D (also in a worker) or a Node context from @napi-rs/canvas.
 * All three implement the methods below, so drawing is the context's own vector drawing.
 */
import type { PathOps, Pen, StrokeStyle } from './pen.js';

/** The part of a 2D canvas context that fairdeck/faces uses (every 2D context has it). */
export interface Context2D extends PathOps {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  miterLimit: number;
  globalAlpha: number;
  /** Fills the current path with fillStyle. */
  fill(rule?: 'nonzero' | 'evenodd'): void;
  /** Strokes the current path with strokeStyle. */
  stroke(): void;
  /** Clips later drawing to the current path. */
  clip(rule?: 'nonzero' | 'evenodd'): void;
  /** Pushes the drawing state. */
  save(): void;
  /** Pops the drawing state. */
  restore(): void;
  /** Moves the origin. */
  translate(x: number, y: number): void;
  /** Scales the drawing units. */
  scale(x: number, y: number): void;
  /** Rotates the drawing units (radians). */
  rotate(angle: number): void;
  /** Sets the dash pattern (empty: solid). */
  setLineDash(segments: number[]): void;
}

/** True if `ctx` has every method the pen calls. */
export function isContext2D(ctx: unknown): ctx is Context2D {
  if (!ctx || typeof ctx !== 'object') return false;
  const c = ctx as Record<string, unknown>;
  return ['beginPath', 'moveTo', 'bezierCurveTo', 'ellipse', 'fill', 'stroke', 'clip', 'save', 'restore', 'setLineDash']
    .every((m) => typeof c[m] === 'function');
}

/** A pen drawing on `ctx` (the caller saves and restores the context around it). */
export function canvasPen(ctx: Context2D): Pen {
  return {
    beginPath: () => ctx.beginPath(),
    moveTo: (x, y) => ctx.moveTo(x, y),
    lineTo: (x, y) => ctx.lineTo(x, y),
    quadraticCurveTo: (cx, cy, x, y) => ctx.quadraticCurveTo(cx, cy, x, y),
    bezierCurveTo: (a, b, c, d, x, y) => ctx.bezierCurveTo(a, b, c, d, x, y),
    ellipse: (x, y, rx, ry, rot, s, e, ccw) => ctx.ellipse(x, y, rx, ry, rot, s, e, ccw ?? false),
    rect: (x, y, w, h) => ctx.rect(x, y, w, h),
    closePath: () => ctx.closePath(),
    fill(paint, rule = 'nonzero') {
      ctx.fillStyle = paint;
      ctx.fill(rule);
    },
    stroke(paint, width, style: StrokeStyle = {}) {
      ctx.strokeStyle = paint;
      ctx.lineWidth = width;
      ctx.lineCap = style.cap ?? 'butt';
      ctx.lineJoin = style.join ?? 'miter';
      ctx.setLineDash(style.dash ? [...style.dash] : []);
      ctx.stroke();
    },
    clip: () => ctx.clip(),
    save: () => ctx.save(),
    restore: () => ctx.restore(),
    translate: (x, y) => ctx.translate(x, y),
    scale: (x, y) => ctx.scale(x, y),
    rotate: (a) => ctx.rotate(a),
  };
}
