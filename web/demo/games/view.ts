/**
 * A game's table on its own <canvas>: the stock, the piles, the board and the labelled seats
 * (games/layout.ts), drawn with the free table's sprites and painters (table/sprites.ts, draw.ts).
 * New cards fly from the stock in the order the game dealt them — face down for the burn pile and
 * the dealer's hole card — and turn over when revealed. It keeps the canvas at devicePixelRatio
 * and, for tests and tools, writes the boxes of its labels to `data-labels` (JSON) and the number
 * of cards it drew to `data-cards` whenever it comes to rest.
 */
import type { Card } from 'fairdeck/games';
import { card as drawCard, felt, label, pile, type LabelBox } from '../table/draw.js';
import type { Place } from '../table/layout.js';
import { DURATION, MotionPreference, Tween, type Pose } from '../table/motion.js';
import { Sprites } from '../table/sprites.js';
import { gameLayout, type GameLayout } from './layout.js';
import type { GameName, GameTable, Spot } from './rules.js';

/** How the table got to its new state. */
export interface GameChange {
  /** Cards dealt by the last step, in dealing order (they fly in that order). */
  readonly dealt?: readonly Card[];
}

interface Item {
  tween: Tween;
  spot: string;
}

/** The amber of the stock's "Shuffle needed" note (on the felt's dark plate ≥ 7:1). */
const WARN = '#ffd166';

export class GameView {
  readonly #canvas: HTMLCanvasElement;
  readonly #ctx: CanvasRenderingContext2D;
  readonly #sprites = new Sprites();
  readonly #motion = new MotionPreference();
  #items = new Map<Card, Item>();
  #leaving: Tween[] = [];
  #table: GameTable | undefined;
  #game: GameName = 'holdem';
  #seats = 0;
  #size = { w: 1, h: 1, dpr: 1 };
  #layout: GameLayout = gameLayout('holdem', 1, 1, 2);
  #frame = 0;
  #waiters: (() => void)[] = [];

  constructor(canvas: HTMLCanvasElement) {
    this.#canvas = canvas;
    this.#ctx = canvas.getContext('2d')!;
    new ResizeObserver(() => this.#resize()).observe(canvas.parentElement ?? canvas);
  }

  get reducedMotion(): boolean {
    return this.#motion.reduced;
  }

  /** Shows `table` for `game`, flying the step's new cards in from the stock. */
  update(game: GameName, table: GameTable, change: GameChange = {}): void {
    const now = performance.now();
    const time = (ms: number) => this.#motion.time(ms);
    const seats = table.spots.filter((s) => s.id.startsWith('seat-')).length;
    const relayout = game !== this.#game || seats !== this.#seats;
    this.#game = game;
    this.#seats = seats;
    this.#table = table;
    if (relayout) this.#layout = gameLayout(game, this.#size.w, this.#size.h, seats);
    const L = this.#layout;
    const stock: Pose = { ...L.stock, flip: 0 };
    const there = new Set(table.spots.flatMap((s) => s.cards));
    let start = now;
    for (const [card, item] of this.#items) {
      if (there.has(card)) continue;
      this.#items.delete(card);
      if (item.tween.waiting(now)) continue;
      this.#leaving.push(new Tween(item.tween.at(now), stock, now, time(DURATION.gather)));
      start = now + time(DURATION.gather);
    }
    const order = new Map((change.dealt ?? []).map((c, i) => [c, i]));
    const stagger = time(Math.min(170, DURATION.staggerTotal * 2 / Math.max(1, order.size)));
    for (const spot of table.spots) {
      spot.cards.forEach((card, i) => {
        const to = this.#pose(spot, card, i);
        const item = this.#items.get(card);
        if (!item) {
          const k = order.get(card);
          const tween = k === undefined ? new Tween(to, to, 0, 0) : new Tween(stock, to, start + k * stagger, time(DURATION.fly));
          this.#items.set(card, { tween, spot: spot.id });
        } else if (!samePose(item.tween.to, to)) {
          const t = item.tween;
          item.tween = t.waiting(now) ? new Tween(t.from, to, t.start, t.duration) : new Tween(t.at(now), to, now, time(DURATION.shift));
          item.spot = spot.id;
        }
      });
    }
    this.#kick();
  }

  /** Resolves when nothing moves. */
  whenIdle(): Promise<void> {
    if (!this.#frame) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #pose(spot: Spot, card: Card, i: number): Pose {
    const place: Place = this.#layout.spots.get(spot.id)?.slot(i, spot.cards.length) ?? this.#layout.stock;
    return { ...place, flip: spot.down.has(card) ? 0 : 1 };
  }

  #resize(): void {
    const box = this.#canvas.parentElement ?? this.#canvas;
    const w = Math.max(1, box.clientWidth);
    const h = Math.max(1, box.clientHeight);
    const dpr = devicePixelRatio || 1;
    if (w === this.#size.w && h === this.#size.h && dpr === this.#size.dpr) return;
    this.#size = { w, h, dpr };
    this.#canvas.width = Math.round(w * dpr);
    this.#canvas.height = Math.round(h * dpr);
    this.#canvas.style.width = `${w}px`;
    this.#canvas.style.height = `${h}px`;
    this.#layout = gameLayout(this.#game, w, h, this.#seats);
    // Snap every card to the new layout (no motion on resize).
    for (const spot of this.#table?.spots ?? []) {
      spot.cards.forEach((card, i) => {
        const item = this.#items.get(card);
        if (item) item.tween = new Tween(this.#pose(spot, card, i), this.#pose(spot, card, i), 0, 0);
      });
    }
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
    const t = this.#table;
    this.#sprites.resize(L.cw, dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.imageSmoothingQuality = 'high';
    felt(ctx, w, h);
    if (!t) return;
    const back = this.#sprites.back('french');
    const look = { back, cw: L.cw, ch: L.ch };
    const labels: LabelBox[] = [];
    let waiting = 0;
    for (const item of this.#items.values()) if (item.tween.waiting(now)) waiting++;
    // The stock, with its count (and the shoe's note) under it.
    pile(ctx, L.stock.x, L.stock.y, t.stock + waiting, { ...look, label: '' });
    labels.push(label(ctx, L.stock.x, L.stock.y + L.ch / 2 + 9, t.stockLabel));
    if (t.stockNote) labels.push(label(ctx, L.stock.x, L.stock.y + L.ch / 2 + 29, t.stockNote, t.stockNote === 'Shuffle needed' ? WARN : undefined));
    const flying: [Card, Pose][] = [];
    let drawn = 0;
    for (const spot of t.spots) {
      const at = L.spots.get(spot.id);
      if (!at) continue;
      if (spot.kind === 'pile') {
        const landed = spot.cards.filter((c) => this.#items.get(c)?.tween.done(now)).length;
        pile(ctx, at.slot(0, 1).x, at.slot(0, 1).y, landed, { ...look, label: '' });
        drawn += landed;
      }
      for (let i = spot.cards.length; i < (spot.slots ?? 0); i++) outline(ctx, at.slot(i, spot.slots!), L.cw, L.ch);
      labels.push(label(ctx, at.labelX, at.labelY, spot.label));
    }
    for (const spot of t.spots) {
      for (const card of spot.cards) {
        const item = this.#items.get(card);
        if (!item || item.tween.waiting(now)) continue;
        if (!item.tween.done(now)) flying.push([card, item.tween.at(now)]);
        else if (spot.kind === 'hand') {
          this.#paint(card, item.tween.to);
          drawn++;
        }
      }
    }
    for (const [card, pose] of flying) this.#paint(card, pose);
    this.#leaving = this.#leaving.filter((l) => !l.done(now));
    for (const l of this.#leaving) drawCard(ctx, l.at(now), { face: back, back, cw: L.cw, ch: L.ch, selected: false });
    if (waiting || flying.length || this.#leaving.length) {
      this.#frame = requestAnimationFrame(() => this.#draw());
    } else {
      this.#canvas.dataset.labels = JSON.stringify(labels.map((b) => ({ ...b, x: Math.round(b.x), y: Math.round(b.y), w: Math.round(b.w) })));
      this.#canvas.dataset.cards = String(drawn);
      this.#canvas.dataset.idle = 'true';
      for (const resolve of this.#waiters.splice(0)) resolve();
    }
  }

  #paint(card: Card, pose: Pose): void {
    const L = this.#layout;
    const back = this.#sprites.back('french');
    drawCard(this.#ctx, pose, { face: this.#sprites.face(card), back, cw: L.cw, ch: L.ch, selected: false });
  }
}

/** A dashed outline where a card will lie (the board's places before the flop, turn and river). */
function outline(ctx: CanvasRenderingContext2D, at: Place, cw: number, ch: number): void {
  ctx.save();
  ctx.setLineDash([6, 5]);
  ctx.strokeStyle = 'rgba(241, 245, 238, 0.4)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(at.x - cw / 2, at.y - ch / 2, cw, ch, cw * 0.07);
  ctx.stroke();
  ctx.restore();
}

function samePose(a: Pose, b: Pose): boolean {
  return Math.abs(a.x - b.x) < 0.01 && Math.abs(a.y - b.y) < 0.01 && Math.abs(a.rot - b.rot) < 1e-4 && a.flip === b.flip;
}
