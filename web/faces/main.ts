/**
 * The card-faces gallery: every French and German card, both jokers and every back, each drawn
 * with fairdeck/faces on a canvas and as an SVG <img>, at an adjustable large size and at 48 px.
 * `?sheet=french` (or german) shows only that style's contact sheet (the golden-image tests).
 */
import { BACKS, CARD_ASPECT, cardLabel, cardSvg, drawCard, type DrawOptions } from 'fairdeck/faces';
import { CODES, drawSheet, sheetSize } from './sheet.js';

const SMALL = 48;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

interface Entry {
  readonly code: string;
  readonly options: DrawOptions;
  readonly label: string;
}

const face = (code: string, style: 'french' | 'german'): Entry => ({ code, options: { style }, label: cardLabel(code, { style }) });
const GROUPS: [key: string, title: string, entries: Entry[]][] = [
  ['french', 'French deck (52)', CODES.french.map((c) => face(c, 'french'))],
  ['german', 'German Skat deck (32)', CODES.german.map((c) => face(c, 'german'))],
  ['extras', 'Jokers and backs', [
    face('X1', 'french'),
    face('X2', 'french'),
    ...BACKS.map((back) => ({ code: 'X1', options: { faceUp: false, back }, label: `Back: ${back}` })),
  ]],
];

/** A canvas showing the card `width` CSS px wide, drawn at device resolution. */
function canvasOf(entry: Entry, width: number): HTMLCanvasElement {
  const dpr = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  const height = width * CARD_ASPECT;
  canvas.width = Math.ceil(width * dpr);
  canvas.height = Math.ceil(height * dpr);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `${entry.label} (canvas, ${width} px)`);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(dpr, dpr);
  drawCard(ctx, entry.code, { ...entry.options, width });
  return canvas;
}

/** An <img> of the card's SVG, `width` CSS px wide. */
function svgOf(entry: Entry, width: number): HTMLImageElement {
  const img = new Image(width, width * CARD_ASPECT);
  img.src = `data:image/svg+xml,${encodeURIComponent(cardSvg(entry.code, { ...entry.options, width }))}`;
  img.alt = `${entry.label} (SVG, ${width} px)`;
  return img;
}

function figure(entry: Entry, large: number): HTMLElement {
  const fig = document.createElement('figure');
  const pair = document.createElement('div');
  pair.className = 'pair';
  pair.append(canvasOf(entry, large), svgOf(entry, large), canvasOf(entry, SMALL), svgOf(entry, SMALL));
  const caption = document.createElement('figcaption');
  const code = document.createElement('code');
  code.textContent = entry.options.faceUp === false ? `back: '${entry.options.back}'` : entry.code;
  caption.append(code, entry.label);
  fig.append(pair, caption);
  return fig;
}

function render(): void {
  const show = $<HTMLSelectElement>('show').value;
  const large = Number($<HTMLInputElement>('large').value);
  $('large-value').textContent = `${large} px`;
  $('dpr').textContent = `devicePixelRatio ${window.devicePixelRatio || 1}`;
  const sections = GROUPS.filter(([key]) => show === 'all' || show === key).map(([, title, entries]) => {
    const section = document.createElement('section');
    const h2 = document.createElement('h2');
    h2.textContent = title;
    const grid = document.createElement('div');
    grid.className = 'grid';
    grid.append(...entries.map((e) => figure(e, large)));
    section.append(h2, grid);
    return section;
  });
  $('gallery').replaceChildren(...sections);
}

/** The contact sheet; `swap` ('7H,7D': the 7D drawn in the 7H's place) is the golden tests' control. */
function sheet(style: 'french' | 'german', swap: string | null): void {
  const { width, height } = sheetSize(style);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.id = 'contact-sheet';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `Contact sheet of the ${style} deck`);
  const [from, to] = (swap ?? '').split(',');
  drawSheet(canvas.getContext('2d')!, style, from && to ? { [from]: to } : {});
  $('sheet').append(canvas);
  $('sheet').hidden = false;
  $('gallery').hidden = true;
  document.querySelector('.legend')?.setAttribute('hidden', '');
  document.body.dataset.ready = 'sheet';
}

/** Redraws when the page moves to a screen with another devicePixelRatio (or the user zooms). */
function watchResolution(): void {
  const query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
  query.addEventListener('change', () => (render(), watchResolution()), { once: true });
}

const query = new URLSearchParams(location.search);
const sheetStyle = query.get('sheet');
if (sheetStyle === 'french' || sheetStyle === 'german') {
  sheet(sheetStyle, query.get('swap'));
} else {
  render();
  $('controls').addEventListener('change', render);
  $('large').addEventListener('input', () => ($('large-value').textContent = `${$<HTMLInputElement>('large').value} px`));
  $('controls').addEventListener('submit', (e) => e.preventDefault());
  watchResolution();
  document.body.dataset.ready = 'gallery';
}
