/**
 * The pen as SVG: every path is transformed into the card's drawing units as it is traced (arcs
 * become cubic Béziers, which an affine transform maps exactly), and each fill or stroke becomes a
 * <path>. clip() opens a <g clip-path> that the matching restore() closes.
 */
import type { Pen, StrokeStyle } from './pen.js';

type Matrix = [number, number, number, number, number, number];

interface State {
  m: Matrix;
  groups: number;
}

/** A number with at most two decimals (0.01 drawing unit is under 0.03 px at 600 px wide). */
const num = (v: number): string => String(Math.round(v * 100) / 100 || 0);

/** SVG paint attributes for a CSS colour: rgba() becomes rgb() plus an opacity. */
function paint(kind: 'fill' | 'stroke', colour: string): string {
  const rgba = /^rgba\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*\)$/.exec(colour);
  if (!rgba) return `${kind}="${colour}"`;
  return `${kind}="rgb(${rgba[1]},${rgba[2]},${rgba[3]})" ${kind}-opacity="${rgba[4]}"`;
}

/** A pen that records SVG elements; `markup` is the drawing so far. */
export class SvgPen implements Pen {
  #out: string[] = [];
  #d: string[] = [];
  #state: State = { m: [1, 0, 0, 1, 0, 0], groups: 0 };
  #stack: State[] = [];
  #clips = 0;
  #open = false;
  #last = '';

  /** `idPrefix` makes the clip-path ids unique to this picture inside an HTML page. */
  constructor(private readonly idPrefix: string) {}

  /** The SVG elements drawn so far (groups still open are closed). */
  get markup(): string {
    let open = this.#state.groups;
    for (const s of this.#stack) open += s.groups;
    return this.#out.join('') + '</g>'.repeat(open);
  }

  #pt(x: number, y: number): string {
    const [a, b, c, d, e, f] = this.#state.m;
    return `${num(a * x + c * y + e)} ${num(b * x + d * y + f)}`;
  }

  #scale(): number {
    const [a, b, c, d] = this.#state.m;
    return Math.sqrt(Math.abs(a * d - b * c));
  }

  #transform(a2: number, b2: number, c2: number, d2: number, e2: number, f2: number): void {
    const [a, b, c, d, e, f] = this.#state.m;
    this.#state.m = [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f];
  }

  beginPath(): void {
    this.#d = [];
    this.#open = false;
  }
  moveTo(x: number, y: number): void {
    this.#last = this.#pt(x, y);
    this.#d.push(`M${this.#last}`);
    this.#open = true;
  }
  lineTo(x: number, y: number): void {
    this.#last = this.#pt(x, y);
    this.#d.push(`L${this.#last}`);
  }
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void {
    this.#last = this.#pt(x, y);
    this.#d.push(`Q${this.#pt(cx, cy)} ${this.#last}`);
  }
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void {
    this.#last = this.#pt(x, y);
    this.#d.push(`C${this.#pt(c1x, c1y)} ${this.#pt(c2x, c2y)} ${this.#last}`);
  }
  ellipse(x: number, y: number, rx: number, ry: number, rotation: number, start: number, end: number, ccw = false): void {
    const full = 2 * Math.PI;
    let sweep = ccw ? end - start : end - start;
    if (!ccw && sweep >= full) sweep = full;
    else if (ccw && -sweep >= full) sweep = -full;
    else if (!ccw) sweep = ((sweep % full) + full) % full;
    else sweep = -((((-sweep) % full) + full) % full);
    const cos = Math.cos(rotation);
    const sin = Math.sin(rotation);
    const at = (t: number, k = 0): [number, number] => {
      const ex = rx * (Math.cos(t) - k * Math.sin(t));
      const ey = ry * (Math.sin(t) + k * Math.cos(t));
      return [x + ex * cos - ey * sin, y + ex * sin + ey * cos];
    };
    const [sx, sy] = at(start);
    if (!this.#open) this.moveTo(sx, sy);
    else if (this.#pt(sx, sy) !== this.#last) this.lineTo(sx, sy);
    const parts = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
    const step = sweep / parts;
    const k = (4 / 3) * Math.tan(step / 4);
    for (let i = 0; i < parts; i++) {
      const t0 = start + i * step;
      const t1 = t0 + step;
      this.bezierCurveTo(...at(t0, k), ...at(t1, -k), ...at(t1));
    }
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.moveTo(x, y);
    this.lineTo(x + w, y);
    this.lineTo(x + w, y + h);
    this.lineTo(x, y + h);
    this.closePath();
  }
  closePath(): void {
    this.#d.push('Z');
  }
  fill(colour: string, rule: 'nonzero' | 'evenodd' = 'nonzero'): void {
    const fr = rule === 'evenodd' ? ' fill-rule="evenodd"' : '';
    this.#out.push(`<path d="${this.#d.join('')}" ${paint('fill', colour)}${fr}/>`);
  }
  stroke(colour: string, width: number, style: StrokeStyle = {}): void {
    const s = this.#scale();
    let attrs = `fill="none" ${paint('stroke', colour)} stroke-width="${num(width * s)}"`;
    if (style.cap && style.cap !== 'butt') attrs += ` stroke-linecap="${style.cap}"`;
    if (style.join && style.join !== 'miter') attrs += ` stroke-linejoin="${style.join}"`;
    if (style.dash?.length) attrs += ` stroke-dasharray="${style.dash.map((v) => num(v * s)).join(' ')}"`;
    this.#out.push(`<path d="${this.#d.join('')}" ${attrs}/>`);
  }
  clip(): void {
    const id = `${this.idPrefix}-c${++this.#clips}`;
    this.#out.push(`<clipPath id="${id}"><path d="${this.#d.join('')}"/></clipPath><g clip-path="url(#${id})">`);
    this.#state.groups++;
  }
  save(): void {
    this.#stack.push(this.#state);
    this.#state = { m: [...this.#state.m], groups: 0 };
  }
  restore(): void {
    const previous = this.#stack.pop();
    if (!previous) return;
    this.#out.push('</g>'.repeat(this.#state.groups));
    this.#state = previous;
  }
  translate(x: number, y: number): void {
    this.#transform(1, 0, 0, 1, x, y);
  }
  scale(x: number, y: number): void {
    this.#transform(x, 0, 0, y, 0, 0);
  }
  rotate(angle: number): void {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    this.#transform(c, s, -s, c, 0, 0);
  }
}
