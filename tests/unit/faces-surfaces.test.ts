/**
 * One description, two surfaces: for every face and back, cardSvg rendered by Skia's SVG module
 * (@napi-rs/canvas loadImage) matches drawCard on an @napi-rs/canvas context pixel for pixel,
 * within MAX_DIFF; the control compares two different cards and must exceed it.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { BACKS, cardSvg, drawCard, type DrawOptions } from 'fairdeck/faces';
import { CODES } from '../../web/faces/sheet.js';
import { diffPixels, MAX_DIFF } from '../faces/golden.js';

const WIDTH = 120;
const HEIGHT = 168;

function canvasPng(code: string, options: DrawOptions): Buffer {
  const canvas = createCanvas(WIDTH, HEIGHT);
  drawCard(canvas.getContext('2d'), code, { ...options, width: WIDTH });
  return canvas.toBuffer('image/png');
}

async function svgPng(code: string, options: DrawOptions): Promise<Buffer> {
  const canvas = createCanvas(WIDTH, HEIGHT);
  canvas.getContext('2d').drawImage(await loadImage(Buffer.from(cardSvg(code, { ...options, width: WIDTH }))), 0, 0);
  return canvas.toBuffer('image/png');
}

const cases: [string, DrawOptions][] = [
  ...CODES.french.map((c): [string, DrawOptions] => [c, { style: 'french' }]),
  ...CODES.german.map((c): [string, DrawOptions] => [c, { style: 'german' }]),
  ['X1', {}],
  ['X2', {}],
  ...BACKS.map((back): [string, DrawOptions] => ['X1', { faceUp: false, back }]),
];

describe('canvas and SVG draw the same picture', () => {
  it(`for all ${cases.length} faces and backs`, async () => {
    const worst: [string, number][] = [];
    for (const [code, options] of cases) {
      const diff = diffPixels(canvasPng(code, options), await svgPng(code, options));
      if (diff > MAX_DIFF) worst.push([`${options.style ?? options.back ?? ''} ${code}`, diff]);
    }
    expect(worst).toEqual([]);
  });

  it('control: two different cards (King and Queen of Spades, Unter and Ober) exceed the tolerance', async () => {
    expect(diffPixels(canvasPng('KS', {}), await svgPng('QS', {}))).toBeGreaterThan(MAX_DIFF);
    expect(diffPixels(canvasPng('UE', {}), await svgPng('OE', {}))).toBeGreaterThan(MAX_DIFF);
  });
});
