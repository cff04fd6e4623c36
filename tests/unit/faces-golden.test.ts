/**
 * Golden images in Node: the contact sheet of each style, drawn by fairdeck/faces on an
 * @napi-rs/canvas context, matches its committed reference (tests/faces/<style>.node.png) within
 * MAX_DIFF pixels; the control draws one changed face and must exceed it.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { drawSheet, sheetSize } from '../../web/faces/sheet.js';
import { compareWithReference, diffWithReference, MAX_DIFF } from '../faces/golden.js';

function render(style: 'french' | 'german', swap: Record<string, string> = {}): Buffer {
  const { width, height } = sheetSize(style);
  const canvas = createCanvas(width, height);
  drawSheet(canvas.getContext('2d'), style, swap);
  return canvas.toBuffer('image/png');
}

describe.each(['french', 'german'] as const)('%s contact sheet in Node (@napi-rs/canvas)', (style) => {
  it('matches the reference', () => {
    expect(compareWithReference(render(style), `${style}.node`)).toBeLessThanOrEqual(MAX_DIFF);
  });

  it('control: a changed face (7 of hearts drawn as the 7 of diamonds, or Herz 7 as Schellen 7) fails', () => {
    const swap = style === 'french' ? { '7H': '7D' } : { '7H': '7S' };
    expect(diffWithReference(render(style, swap), `${style}.node`)).toBeGreaterThan(MAX_DIFF);
  });
});
