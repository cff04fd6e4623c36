/**
 * fairdeck/faces — card pictures drawn in code: every French and German card, both jokers and
 * the backs, on any 2D canvas context (browser, OffscreenCanvas, @napi-rs/canvas) or as an SVG
 * string. One description of each face drives both surfaces (see pen.ts). Never loads the WASM core.
 *
 * @module fairdeck/faces
 */

import type { Card } from '../card.js';
import { BACKS, drawNamedBack, type BackName } from './backs.js';
import { canvasPen, isContext2D, type Context2D } from './canvas-pen.js';
import { drawFace } from './card.js';
import { booleanOption, choiceOption, numberOption, optionsOf, show } from './check.js';
import { FACES, faceOf, type Face, type FaceStyleName } from './codes.js';
import { french } from './french.js';
import { CARD_H, CARD_W } from './geometry.js';
import { german } from './german.js';
import type { Pen } from './pen.js';
import { SvgPen } from './svg-pen.js';

export { BACKS, type BackName, type Context2D, type FaceStyleName };

/** Height ÷ width of every card (the poker ratio, 63 × 88 mm rounded: 1.4). */
export const CARD_ASPECT = CARD_H / CARD_W;

/** Options of cardSvg (drawCard adds x and y). */
export interface SvgOptions {
  /** Card width in pixels (CSS px on a page); the height is width × CARD_ASPECT. Default 250. */
  width?: number;
  /** false draws the back. Default true. */
  faceUp?: boolean;
  /** Which back: 'navy' or 'oxblood'. Default: 'oxblood' for German cards, 'navy' otherwise. */
  back?: BackName;
  /** For code strings shared by both styles ('AS', 'TH', …): 'german' means the German card. */
  style?: FaceStyleName;
}

/** Options of drawCard. */
export interface DrawOptions extends SvgOptions {
  /** Left edge, in the context's current units. Default 0. */
  x?: number;
  /** Top edge. Default 0. */
  y?: number;
}

const STYLES = ['french', 'german'] as const;
/** The keys of cardSvg, drawCard and cardLabel options. */
const SVG_KEYS: readonly string[] = ['width', 'faceUp', 'back', 'style'];
const DRAW_KEYS: readonly string[] = ['x', 'y', ...SVG_KEYS];
const LABEL_KEYS: readonly string[] = ['style'];
const BACK_SVG_KEYS: readonly string[] = ['width', 'back', 'style'];
const BACK_DRAW_KEYS: readonly string[] = ['x', 'y', ...BACK_SVG_KEYS];

/** Options of backSvg (drawBack adds x and y). */
export interface BackOptions {
  /** Card width in pixels; the height is width × CARD_ASPECT. Default 250. */
  width?: number;
  /** Which back: 'navy' or 'oxblood'. Default: 'oxblood' for the German style, 'navy' otherwise. */
  back?: BackName;
  /** Whose back it is, for the default design: 'french' (default) or 'german'. */
  style?: FaceStyleName;
}

/** Options of drawBack. */
export interface BackDrawOptions extends BackOptions {
  /** Left edge, in the context's current units. Default 0. */
  x?: number;
  /** Top edge. Default 0. */
  y?: number;
}

/** A back's plan: no card is named, so there is no face to look up. */
function backPlan(opts: Record<string, unknown>): Plan {
  const style = choiceOption('style', opts.style, STYLES, undefined);
  return {
    face: FACES[style ?? 'french'].get('X1')!,  // never drawn: faceUp is false
    width: numberOption('width', opts.width, CARD_W, true),
    faceUp: false,
    back: choiceOption('back', opts.back, BACKS, style === 'german' ? 'oxblood' : 'navy')!,
  };
}

interface Plan {
  face: Face;
  width: number;
  faceUp: boolean;
  back: BackName;
}

function plan(card: Card | string, opts: Record<string, unknown>): Plan {
  const style = choiceOption('style', opts.style, STYLES, undefined);
  const face = faceOf(card, style);
  return {
    face,
    width: numberOption('width', opts.width, CARD_W, true),
    faceUp: booleanOption('faceUp', opts.faceUp, true),
    back: choiceOption('back', opts.back, BACKS, face.style === 'german' ? 'oxblood' : 'navy')!,
  };
}

function paint(pen: Pen, p: Plan): void {
  if (!p.faceUp) drawNamedBack(pen, p.back);
  else drawFace(pen, p.face, p.face.style === 'german' ? german : french);
}

/**
 * Draws `card` (a Card or a code: 'AS', 'TD', 'UE', 'X1') on a 2D context, as vector paths in the
 * context's current transform: scale the context by devicePixelRatio for a crisp card.
 */
export function drawCard(ctx: Context2D | CanvasRenderingContext2D, card: Card | string, options?: DrawOptions): void {
  const c = context(ctx);
  const opts = optionsOf(options, DRAW_KEYS, 'drawCard options');
  draw(c, opts, plan(card, opts));
}

/**
 * Draws the back of a card on a 2D context, as drawCard draws a card face down, without naming
 * a card: `drawBack(ctx, { x: 10, back: 'oxblood' })`.
 */
export function drawBack(ctx: Context2D | CanvasRenderingContext2D, options?: BackDrawOptions): void {
  const c = context(ctx);
  const opts = optionsOf(options, BACK_DRAW_KEYS, 'drawBack options');
  draw(c, opts, backPlan(opts));
}

function context(ctx: unknown): Context2D {
  if (!isContext2D(ctx)) {
    throw new TypeError(`ctx must be a 2D canvas context (CanvasRenderingContext2D, OffscreenCanvasRenderingContext2D or an @napi-rs/canvas context), got ${show(ctx)}`);
  }
  return ctx;
}

function draw(c: Context2D, opts: Record<string, unknown>, p: Plan): void {
  const x = numberOption('x', opts.x, 0, false);
  const y = numberOption('y', opts.y, 0, false);
  c.save();
  try {
    c.translate(x, y);
    c.scale(p.width / CARD_W, p.width / CARD_W);
    c.miterLimit = 10;
    paint(canvasPen(c), p);
  } finally {
    c.restore();
  }
}

const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[ch]};`);

/** A standalone SVG document of the same picture drawCard draws (for <img>, React, servers). */
export function cardSvg(card: Card | string, options?: SvgOptions): string {
  return svg(plan(card, optionsOf(options, SVG_KEYS, 'cardSvg options')));
}

/** A standalone SVG document of a card's back, as drawBack draws it: `backSvg({ width: 80 })`. */
export function backSvg(options?: BackOptions): string {
  return svg(backPlan(optionsOf(options, BACK_SVG_KEYS, 'backSvg options')));
}

function svg(p: Plan): string {
  const id = p.faceUp ? `fairdeck-${p.face.style}-${p.face.code}` : `fairdeck-back-${p.back}`;
  const pen = new SvgPen(id);
  paint(pen, p);
  const label = escape(p.faceUp ? p.face.name : `Back of a card (${p.back})`);
  const w = Math.round(p.width * 100) / 100;
  const h = Math.round(p.width * CARD_ASPECT * 100) / 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CARD_W} ${CARD_H}" width="${w}" height="${h}" role="img" aria-label="${label}">`
    + `<title>${label}</title><g stroke-miterlimit="10">${pen.markup}</g></svg>`;
}

/** The card's name for alt and aria-label text: 'Ace of Spades', 'Eichel Unter', 'Red Joker'. */
export function cardLabel(card: Card | string, options?: { style?: FaceStyleName }): string {
  const opts = optionsOf(options, LABEL_KEYS, 'cardLabel options');
  return faceOf(card, choiceOption('style', opts.style, STYLES, undefined)).name;
}
