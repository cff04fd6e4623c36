/**
 * The card table on a <canvas>: it is told what is on the table (`update`) and animates towards
 * it — new cards fly from a pile and turn face up, removed cards fly back, a shuffle riffles the
 * deck. It keeps the canvas sized to its box at devicePixelRatio, and reports clicked cards.
 * It never touches the deck: the page's session owns the state, the view only shows it.
 */
import type { Card } from 'fairdeck';
import { Sprites } from './sprites.js';
import { card as drawCard, felt, hint, pile } from './draw.js';
import { inside, layout, type Layout, type Place } from './layout.js';
import { DURATION, MotionPreference, Riffles, Tween, type Pose } from './motion.js';

/** What the table shows. */
export interface TableState {
  /** Cards on the table, in the order they were dealt. */
  readonly cards: readonly Card[];
  readonly selected: ReadonlySet<Card>;
  /** Cards in the deck pile and in the return pile. */
  readonly undealt: number;
  readonly returned: number;
  readonly style: 'french' | 'german';
}

/** How the table got to its new state, for the motion. */
export interface Change {
  /** Where each new card comes from (default: the deck pile). */
  readonly from?: ReadonlyMap<Card, 'deck' | 'returned'>;
  /** Where cards leaving the table go (default: the deck pile). */
  readonly to?: 'deck' | 'returned';
  /** Riffles to play once the leaving cards are in. */
  readonly riffles?: number;
}

interface Item {
  tween: Tween;
  source: 'deck' | 'returned';
}

const EMPTY: TableState = { cards: [], selected: new Set(), undealt: 0, returned: 0, style: 'french' };

/** The animated card table drawn on `canvas` (which must sit in a sized box). */
export class TableView {
  readonly #canvas: HTMLCanvasElement;
  readonly #ctx: CanvasRenderingContext2D;
  readonly #sprites = new Sprites();
  readonly #motion = new MotionPreference();
  readonly #riffles = new Riffles();
  #items = new Map<Card, Item>();
  #leaving: Tween[] = [];
  #state = EMPTY;
  #size = { w: 0, h: 0, dpr: 1 };
  #layout: Layout = layout(1, 1, 0);
  #frame = 0;
  #waiters: (() => void)[] = [];
  /** Called with the card under a click or tap. */
  onPick: (card: Card) => void = () => {};

  constructor(canvas: HTMLCanvasElement) {
    this.#canvas = canvas;
    this.#ctx = canvas.getContext('2d')!;
    new ResizeObserver(() => this.#resize()).observe(canvas.parentElement ?? canvas);
    this.#watchDpr();
    canvas.addEventListener('click', (e) => {
      const hit = this.#hit(e.offsetX, e.offsetY);
      if (hit) this.onPick(hit);
    });
    canvas.addEventListener('pointermove', (e) => {
      canvas.style.cursor = this.#hit(e.offsetX, e.offsetY) ? 'pointer' : '';
    });
    this.#resize();
  }

  /** True when the user prefers reduced motion (every animation is skipped). */
  get reducedMotion(): boolean {
    return this.#motion.reduced;
  }

  /** Shows `state`, animating from what was shown according to `change`. */
  update(state: TableState, change: Change = {}): void {
    const now = performance.now();
    const time = (ms: number) => this.#motion.time(ms);
    this.#state = state;
    const L = (this.#layout = layout(this.#size.w, this.#size.h, state.cards.length));
    const keep = new Set(state.cards);
    let start = now;
    for (const [card, item] of this.#items) {
      if (keep.has(card)) continue;
      this.#items.delete(card);
      if (item.tween.waiting(now)) continue;
      const to = change.to === 'returned' ? L.returned : L.deck;
      this.#leaving.push(new Tween(item.tween.at(now), { ...to, flip: 0 }, now, time(DURATION.gather)));
      start = now + time(DURATION.gather);
    }
    if (change.riffles && !this.#motion.reduced) start = this.#riffles.queue(change.riffles, start, DURATION.riffle);
    const fresh = state.cards.filter((c) => !this.#items.has(c)).length;
    const stagger = time(Math.min(DURATION.stagger, DURATION.staggerTotal / Math.max(1, fresh)));
    let k = 0;
    state.cards.forEach((card, i) => {
      const slot: Pose = { ...L.slot(i, card.id), flip: 1 };
      const item = this.#items.get(card);
      if (!item) {
        const source = change.from?.get(card) ?? 'deck';
        const from = source === 'returned' ? L.returned : L.deck;
        this.#items.set(card, { source, tween: new Tween({ ...from, flip: 0 }, slot, start + k++ * stagger, time(DURATION.fly)) });
      } else if (!same(item.tween.to, slot)) {
        const t = item.tween;
        item.tween = t.waiting(now) ? new Tween(t.from, slot, t.start, t.duration) : new Tween(t.at(now), slot, now, time(DURATION.shift));
      }
    });
    this.#kick();
  }

  /** Resolves when no card is moving and no riffle is playing. */
  whenIdle(): Promise<void> {
    if (!this.#frame) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #watchDpr(): void {
    matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener('change', () => {
      this.#resize();
      this.#watchDpr();
    }, { once: true });
  }

  #resize(): void {
    const box = this.#canvas.parentElement ?? this.#canvas;
    const w = Math.max(1, box.clientWidth);
    const h = Math.max(1, box.clientHeight);
    const dpr = devicePixelRatio || 1;
    this.#size = { w, h, dpr };
    this.#canvas.width = Math.round(w * dpr);
    this.#canvas.height = Math.round(h * dpr);
    this.#canvas.style.width = `${w}px`;
    this.#canvas.style.height = `${h}px`;
    // Snap everything to the new layout (no motion on resize) and redraw the sprites crisply.
    const L = (this.#layout = layout(w, h, this.#state.cards.length));
    this.#sprites.resize(L.cw, dpr);
    this.#state.cards.forEach((card, i) => {
      const item = this.#items.get(card);
      if (item) item.tween = new Tween(item.tween.to, { ...L.slot(i, card.id), flip: 1 }, 0, 0);
    });
    this.#leaving = [];
    this.#kick();
  }

  #kick(): void {
    this.#canvas.dataset.idle = 'false';
    this.#frame ||= requestAnimationFrame(() => this.#draw());
  }

  #draw(): void {
    this.#frame = 0;
    const now = performance.now();
    const { w, h, dpr } = this.#size;
    const ctx = this.#ctx;
    const L = this.#layout;
    const s = this.#state;
    const sprites = this.#sprites;
    sprites.resize(L.cw, dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.imageSmoothingQuality = 'high';
    felt(ctx, w, h);
    const back = sprites.back(s.style);
    let moving = this.#riffles.busy(now);
    const waiting = { deck: 0, returned: 0 };
    for (const item of this.#items.values()) if (item.tween.waiting(now)) waiting[item.source]++;
    const riffle = this.#riffles.poses(now, L.deck, L.cw, Math.min(14, s.undealt + waiting.deck));
    pile(ctx, L.deck.x, L.deck.y, s.undealt + waiting.deck, { back, cw: L.cw, ch: L.ch, label: `Deck · ${s.undealt}`, riffle });
    pile(ctx, L.returned.x, L.returned.y, s.returned + waiting.returned, { back, cw: L.cw, ch: L.ch, label: `Returned · ${s.returned}` });
    const flying: [Card, Pose][] = [];
    for (const card of s.cards) {
      const item = this.#items.get(card);
      if (!item || item.tween.waiting(now)) {
        moving ||= !!item;
        continue;
      }
      const pose = item.tween.at(now);
      if (item.tween.done(now)) this.#paint(card, pose, back);
      else flying.push([card, pose]);
    }
    for (const [card, pose] of flying) this.#paint(card, pose, back);
    if (s.cards.length === 0 && this.#leaving.length === 0) hint(ctx, L.slot(0, 0).x, h / 2, 'Deal a card: press D, or the Deal one button', w - 48);
    this.#leaving = this.#leaving.filter((t) => !t.done(now));
    for (const t of this.#leaving) drawCard(ctx, t.at(now), { face: back, back, cw: L.cw, ch: L.ch, selected: false });
    moving ||= flying.length > 0 || this.#leaving.length > 0;
    if (moving) {
      this.#frame = requestAnimationFrame(() => this.#draw());
    } else {
      this.#canvas.dataset.idle = 'true';
      for (const resolve of this.#waiters.splice(0)) resolve();
    }
  }

  #paint(card: Card, pose: Pose, back: ReturnType<Sprites['back']>): void {
    const L = this.#layout;
    drawCard(this.#ctx, pose, { face: this.#sprites.face(card), back, cw: L.cw, ch: L.ch, selected: this.#state.selected.has(card) });
  }

  #hit(x: number, y: number): Card | undefined {
    const now = performance.now();
    const { cw, ch } = this.#layout;
    for (let i = this.#state.cards.length - 1; i >= 0; i--) {
      const card = this.#state.cards[i];
      const item = this.#items.get(card);
      if (!item || item.tween.waiting(now)) continue;
      const lift = this.#state.selected.has(card) ? -ch * 0.16 : 0;
      if (inside(item.tween.at(now), x, y - lift, cw, ch)) return card;
    }
    return undefined;
  }
}

function same(a: Place, b: Place): boolean {
  return Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01 && Math.abs(a.rot - b.rot) < 1e-4;
}
