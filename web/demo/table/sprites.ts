/**
 * Faces and backs, drawn by fairdeck/faces once per size into off-screen canvases (with their soft
 * shadow baked in), at device-pixel resolution, so a table of thousands of cards redraws with one
 * `drawImage` per card and stays crisp at any devicePixelRatio. The cache is dropped on resize.
 */
import type { Card } from 'fairdeck';
import { CARD_ASPECT, drawCard, type BackName } from 'fairdeck/faces';

/** Each style's back. */
const BACK: Readonly<Record<'french' | 'german', BackName>> = { french: 'navy', german: 'oxblood' };

/** A pre-drawn card image: draw it at (x − pad, y − pad) with CSS size (w + 2·pad) × (h + 2·pad). */
export interface Sprite {
  readonly image: HTMLCanvasElement;
  /** Shadow margin around the card, in CSS pixels. */
  readonly pad: number;
}

/** A cache of card sprites for one card width (CSS px) and device pixel ratio. */
export class Sprites {
  #cache = new Map<string, Sprite>();
  #width = 0;
  #dpr = 1;

  /** Card width in CSS pixels. */
  get width(): number {
    return this.#width;
  }
  /** Card height in CSS pixels. */
  get height(): number {
    return this.#width * CARD_ASPECT;
  }

  /** Sets the card width (CSS px) and device pixel ratio; a change empties the cache. */
  resize(width: number, dpr: number): void {
    if (width === this.#width && dpr === this.#dpr) return;
    this.#width = width;
    this.#dpr = dpr;
    this.#cache.clear();
  }

  /** The face of `card` (French or German; generic cards are not drawn by the demo). */
  face(card: Card): Sprite {
    return this.#get(`${card.style}:${card.code}`, (ctx) => drawCard(ctx, card, { width: this.#width }));
  }

  /** The back of a card of `style`. */
  back(style: 'french' | 'german'): Sprite {
    return this.#get(`back:${style}`, (ctx) => drawCard(ctx, 'X1', { width: this.#width, faceUp: false, back: BACK[style] }));
  }

  #get(key: string, draw: (ctx: CanvasRenderingContext2D) => void): Sprite {
    let sprite = this.#cache.get(key);
    if (sprite) return sprite;
    const pad = Math.ceil(this.#width * 0.09);
    const image = document.createElement('canvas');
    image.width = Math.ceil((this.#width + 2 * pad) * this.#dpr);
    image.height = Math.ceil((this.height + 2 * pad) * this.#dpr);
    const ctx = image.getContext('2d')!;
    ctx.translate(pad * this.#dpr, pad * this.#dpr);
    ctx.scale(this.#dpr, this.#dpr);
    // The shadow: a blurred card-shaped silhouette under the card, offset downwards.
    ctx.save();
    ctx.shadowColor = 'rgba(0, 0, 0, 0.38)';
    ctx.shadowBlur = 7 * this.#dpr;
    ctx.shadowOffsetY = 2.5 * this.#dpr;
    ctx.fillStyle = '#fffdf8';
    ctx.beginPath();
    const u = this.#width / 250; // one unit of the 250-unit-wide card art
    ctx.roundRect(u, u, this.#width - 2 * u, this.height - 2 * u, 16 * u);
    ctx.fill();
    ctx.restore();
    draw(ctx);
    sprite = { image, pad };
    this.#cache.set(key, sprite);
    return sprite;
  }
}
