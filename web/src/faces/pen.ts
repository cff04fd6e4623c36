/**
 * The pen: the few drawing operations the card art uses. Every face and back is written once
 * against this interface; `canvas-pen.ts` draws it on a 2D canvas context and `svg-pen.ts` writes
 * it as SVG, so the two surfaces cannot drift apart. Coordinates are the card's drawing units.
 */

/** How a stroke looks besides its paint and width. */
export interface StrokeStyle {
  /** Dash pattern in drawing units (none: solid). */
  readonly dash?: readonly number[];
  /** Line ends ('butt' unless given). */
  readonly cap?: 'butt' | 'round';
  /** Line joins ('miter' unless given). */
  readonly join?: 'miter' | 'round';
}

/** The path-building calls a Pen and a canvas context share (the same names and arguments). */
export interface PathOps {
  /** Starts a new path. */
  beginPath(): void;
  /** Starts a subpath at (x, y). */
  moveTo(x: number, y: number): void;
  /** A straight line to (x, y). */
  lineTo(x: number, y: number): void;
  /** A quadratic Bézier curve through control point (cx, cy) to (x, y). */
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void;
  /** A cubic Bézier curve through (c1x, c1y) and (c2x, c2y) to (x, y). */
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  /** An elliptical arc, as CanvasRenderingContext2D.ellipse draws it. */
  ellipse(x: number, y: number, rx: number, ry: number, rotation: number, start: number, end: number, ccw?: boolean): void;
  /** A closed rectangle subpath. */
  rect(x: number, y: number, w: number, h: number): void;
  /** Closes the current subpath. */
  closePath(): void;
}

/** A path-based drawing surface, a subset of CanvasRenderingContext2D with explicit paint. */
export interface Pen extends PathOps {
  /** Fills the current path with a CSS colour (`#rrggbb` or `rgba(r, g, b, a)`). */
  fill(paint: string, rule?: 'nonzero' | 'evenodd'): void;
  /** Strokes the current path; the width and dashes scale with the current transform. */
  stroke(paint: string, width: number, style?: StrokeStyle): void;
  /** Intersects the clip region with the current path until the matching restore(). */
  clip(): void;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  scale(x: number, y: number): void;
  rotate(angle: number): void;
}

/** A circle as a closed sub-path (the current point moves to its rightmost point first). */
export function circle(pen: Pen, x: number, y: number, r: number): void {
  pen.moveTo(x + r, y);
  pen.ellipse(x, y, r, r, 0, 0, 2 * Math.PI);
  pen.closePath();
}

/** A rectangle with rounded corners of radius `r`, as a closed sub-path. */
export function roundRect(pen: Pen, x: number, y: number, w: number, h: number, r: number): void {
  const q = Math.PI / 2;
  pen.moveTo(x + r, y);
  pen.lineTo(x + w - r, y);
  pen.ellipse(x + w - r, y + r, r, r, 0, -q, 0);
  pen.lineTo(x + w, y + h - r);
  pen.ellipse(x + w - r, y + h - r, r, r, 0, 0, q);
  pen.lineTo(x + r, y + h);
  pen.ellipse(x + r, y + h - r, r, r, 0, q, 2 * q);
  pen.lineTo(x, y + r);
  pen.ellipse(x + r, y + r, r, r, 0, 2 * q, 3 * q);
  pen.closePath();
}

/** Fills the rectangle (x, y, w, h) with `paint` (a fresh path). */
export function fillRect(pen: Pen, x: number, y: number, w: number, h: number, paint: string): void {
  pen.beginPath();
  pen.rect(x, y, w, h);
  pen.fill(paint);
}

/** Strokes the rectangle (x, y, w, h) (a fresh path). */
export function strokeRect(pen: Pen, x: number, y: number, w: number, h: number, paint: string, width: number): void {
  pen.beginPath();
  pen.rect(x, y, w, h);
  pen.stroke(paint, width);
}
