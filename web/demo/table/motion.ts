/**
 * Motion on the table: poses (place + how far a card has turned face up), eased tweens between
 * them, the riffle the deck pile plays on a shuffle, and the user's `prefers-reduced-motion`
 * setting — under which every duration is zero and the riffle is skipped.
 */
import type { Place } from './layout.js';

/** A card's place plus its flip: 0 shows the back, 1 the face. */
export interface Pose extends Place {
  readonly flip: number;
}

/** Durations in milliseconds (before the reduced-motion switch). */
export const DURATION = { fly: 430, shift: 260, gather: 360, riffle: 820, stagger: 55, staggerTotal: 1100 } as const;

/** Ease-out cubic: fast start, gentle landing. */
export function ease(t: number): number {
  const u = 1 - Math.min(1, Math.max(0, t));
  return 1 - u * u * u;
}

/** Linear interpolation between two poses. */
export function mix(a: Pose, b: Pose, t: number): Pose {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, rot: a.rot + (b.rot - a.rot) * t, flip: a.flip + (b.flip - a.flip) * t };
}

/** A pose moving from `from` to `to` between `start` and `start + duration` (ms, page clock). */
export class Tween {
  constructor(
    readonly from: Pose,
    readonly to: Pose,
    readonly start: number,
    readonly duration: number,
  ) {}
  /** The pose at time `now`. */
  at(now: number): Pose {
    if (this.duration <= 0 || now >= this.start + this.duration) return this.to;
    return mix(this.from, this.to, ease((now - this.start) / this.duration));
  }
  /** True once the tween has landed. */
  done(now: number): boolean {
    return now >= this.start + this.duration;
  }
  /** True before the tween has begun (the card is still in its pile). */
  waiting(now: number): boolean {
    return now < this.start;
  }
}

/** Tracks `prefers-reduced-motion: reduce` and follows changes while the page is open. */
export class MotionPreference {
  #query = matchMedia('(prefers-reduced-motion: reduce)');
  /** True if the user asked for reduced motion. */
  get reduced(): boolean {
    return this.#query.matches;
  }
  /** A duration, or 0 under reduced motion. */
  time(ms: number): number {
    return this.reduced ? 0 : ms;
  }
}

/** The riffles queued on the deck pile: each splits the pile in two and interleaves the halves. */
export class Riffles {
  #until = 0;
  #starts: number[] = [];

  /** Queues `count` riffles after any already playing; returns when the last one ends. */
  queue(count: number, now: number, duration: number): number {
    let t = Math.max(now, this.#until);
    for (let i = 0; i < count; i++, t += duration + 80) this.#starts.push(t);
    this.#until = t;
    return t;
  }

  /** True while a riffle is queued or playing. */
  busy(now: number): boolean {
    this.#starts = this.#starts.filter((s) => now < s + DURATION.riffle);
    return this.#starts.length > 0;
  }

  /** Poses of `k` back-up cards of the pile at `deck`, mid-riffle, or undefined when idle. */
  poses(now: number, deck: Place, cw: number, k: number): Pose[] | undefined {
    const start = this.#starts.find((s) => now >= s && now < s + DURATION.riffle);
    if (start === undefined) return undefined;
    const t = (now - start) / DURATION.riffle;
    // The pile slides out onto the felt, splits in two halves, the halves interleave card by
    // card, and the squared pile slides home.
    const away = ease(Math.min(1, t / 0.2)) * (1 - ease(Math.max(0, (t - 0.84) / 0.16)));
    // It rises a little as it slides, so the fanned halves (whose outer corners dip as they
    // turn) stay clear of the pile's label underneath.
    const cx = deck.x + away * cw * 0.8;
    const cy = deck.y - away * cw * 0.1;
    const out: Pose[] = [];
    for (let j = 0; j < k; j++) {
      const side = j % 2 === 0 ? -1 : 1;
      const split = ease(Math.min(1, Math.max(0, (t - 0.08) / 0.22)));
      const land = 0.32 + 0.46 * (j / k);
      const spread = split * (1 - (t < land ? 0 : ease((t - land) / 0.14)));
      out.push({ x: cx + side * cw * 0.56 * spread, y: cy - j * 0.5, rot: side * 0.14 * spread, flip: 0 });
    }
    return out;
  }
}
