/**
 * Where a game's things sit on the table: the stock (deck or shoe), its piles (burn, discards),
 * the board and every seat, each seat with its label above its cards. The card size is the
 * largest that fits the canvas with every label clear of every other label and card; seats sit
 * in a grid of equal cells, so their labels can never overlap. Pure functions of sizes.
 */
import type { Place } from '../table/layout.js';
import type { GameName } from './rules.js';

/** A spot's geometry: where its label sits and where its cards go. */
export interface SpotPlace {
  /** Label centre x and top y. */
  readonly labelX: number;
  readonly labelY: number;
  /** The centre of card `i` of `n` (a pile: the pile's centre for every card). */
  slot(i: number, n: number): Place;
}

export interface GameLayout {
  readonly cw: number;
  readonly ch: number;
  /** Centre of the stock pile (its label sits under it, as the free table's piles' do). */
  readonly stock: Place;
  /** Each spot by id. */
  readonly spots: ReadonlyMap<string, SpotPlace>;
}

const M = 16; // margin
const GAP = 14;
/** Height of a label line (13-px bold text plus its backing plate) and the room kept under a pile for label + note. */
export const LABEL_H = 20;
const PILE_FOOT = 50;
/** Widest label a seat cell must hold ('Seat 10'), in CSS px. */
const SEAT_LABEL_W = 68;
/** Half the widest pile label ('Deck · 52', 'Shoe · 312', 'Shuffle needed', 'Discards · 120'), in CSS px. */
const PILE_LABEL_HALF = 58;

const flat = (x: number, y: number): Place => ({ x, y, rot: 0 });

/** Spreads `n` cards of width `cw` centred at `cx`, never wider than `room`. */
function spread(cx: number, y: number, cw: number, room: number, step: number) {
  return (i: number, n: number): Place => {
    const s = n > 1 ? Math.min(step, (room - cw) / (n - 1)) : 0;
    return flat(cx + (i - (n - 1) / 2) * s, y);
  };
}

/** Hold'em: stock, burn and board along the top (or in two rows when narrow), then the seats in a grid. */
function holdem(w: number, h: number, seats: number, cw: number, wideTop: boolean): GameLayout | undefined {
  const ch = Math.round(cw * 1.4);
  const boardW = 5 * cw + 4 * 8;
  // Piles far enough apart for their labels, which are wider than a small card.
  const pileStep = Math.max(cw + GAP + 10, 86);
  const stockX = M + Math.max(cw / 2 + 4, 42);
  const pilesW = stockX - M + pileStep + Math.max(cw / 2, 36);
  const topW = wideTop ? pilesW + 2 * GAP + boardW : Math.max(pilesW, boardW);
  if (topW > w - 2 * M) return undefined;
  const band = ch + PILE_FOOT - 14;
  const cellW = Math.max(1.62 * cw, SEAT_LABEL_W) + 8;
  const maxCols = Math.floor((w - 2 * M) / cellW);
  if (maxCols < 1) return undefined;
  const rows = Math.ceil(seats / maxCols);
  const cols = Math.ceil(seats / rows);
  const cellH = LABEL_H + 4 + ch + 12;
  const top = M + 4 + ch / 2;
  const below = M + (wideTop ? band : 2 * band) + 4;
  if (below + rows * cellH > h - M) return undefined;
  // Seats sit a little lower when there is room, so a short table looks laid, not stacked.
  const seatsTop = below + Math.min((h - M - below - rows * cellH) / 2, ch * 0.5);
  const spots = new Map<string, SpotPlace>();
  const stock = flat(stockX, top);
  const burn = flat(stock.x + pileStep, top);
  const boardX = wideTop ? burn.x + Math.max(cw / 2, 36) + 2 * GAP + boardW / 2 : w / 2;
  const boardY = wideTop ? top : top + band;
  spots.set('burn', { labelX: burn.x, labelY: burn.y + ch / 2 + 9, slot: () => burn });
  spots.set('board', { labelX: boardX, labelY: boardY + ch / 2 + 9, slot: (i) => flat(boardX - boardW / 2 + cw / 2 + i * (cw + 8), boardY) });
  for (let s = 0; s < seats; s++) {
    const row = Math.floor(s / cols);
    const inRow = Math.min(cols, seats - row * cols);
    const col = s % cols;
    const x0 = (w - inRow * cellW) / 2;
    const cx = x0 + (col + 0.5) * cellW;
    const y = seatsTop + row * cellH;
    spots.set(`seat-${s + 1}`, { labelX: cx, labelY: y, slot: spread(cx, y + LABEL_H + 4 + ch / 2, cw, cellW - 8, cw * 0.62) });
  }
  return { cw, ch, stock, spots };
}

/** Blackjack: shoe and discards on the left (or along the top when narrow), dealer above player. */
function blackjack(w: number, h: number, cw: number, wide: boolean): GameLayout | undefined {
  const ch = Math.round(cw * 1.4);
  const handRoom = cw * (1 + 5 * 0.62);
  const pileCol = Math.max(cw + 2 * GAP + 40, 2 * PILE_LABEL_HALF + 4);
  const pileStep = Math.max(cw + 2 * GAP + 40, 2 * PILE_LABEL_HALF + 12);
  const rowH = LABEL_H + 4 + ch + 16;
  const pilesH = ch + PILE_FOOT;
  const needW = wide ? pileCol + handRoom : Math.max(pileCol / 2 + pileStep + PILE_LABEL_HALF, handRoom);
  const needH = wide ? Math.max(2 * pilesH + 8, 2 * rowH) : pilesH + 2 * rowH;
  if (needW > w - 2 * M || needH > h - 2 * M) return undefined;
  const stock = flat(M + pileCol / 2, M + 4 + ch / 2);
  const discard = wide ? flat(stock.x, stock.y + pilesH + 8) : flat(stock.x + pileStep, stock.y);
  const left = wide ? M + pileCol : M;
  const room = w - M - left;
  const cx = left + room / 2;
  const y0 = wide ? M + (h - 2 * M - 2 * rowH) / 2 : M + pilesH + 8;
  const spots = new Map<string, SpotPlace>([
    ['discard', { labelX: discard.x, labelY: discard.y + ch / 2 + 9, slot: () => discard }],
    ['dealer', { labelX: cx, labelY: y0, slot: spread(cx, y0 + LABEL_H + 4 + ch / 2, cw, room, cw * 0.62) }],
    ['player', { labelX: cx, labelY: y0 + rowH, slot: spread(cx, y0 + rowH + LABEL_H + 4 + ch / 2, cw, room, cw * 0.62) }],
  ]);
  return { cw, ch, stock, spots };
}

/** The largest layout of `game` that fits a `w` × `h` canvas (cards 24–118 px wide). */
export function gameLayout(game: GameName, w: number, h: number, seats: number): GameLayout {
  for (let cw = 118; cw > 24; cw -= 2) {
    const forms = game === 'holdem' ? [holdem(w, h, seats, cw, true), holdem(w, h, seats, cw, false)] : [blackjack(w, h, cw, true), blackjack(w, h, cw, false)];
    const fit = forms.find((f) => f);
    if (fit) return fit;
  }
  return (game === 'holdem' ? holdem(1e4, 1e4, seats, 24, false) : blackjack(1e4, 1e4, 24, false))!;
}
