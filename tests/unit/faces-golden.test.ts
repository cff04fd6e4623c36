/**
 * Golden images in Node: the contact sheet of each style, drawn by fairdeck/faces on an
 * @napi-rs/canvas context, matches its committed reference (tests/faces/<style>.node.png) within
 * MAX_DIFF pixels; the control draws one changed face and must exceed it. When references are
 * regenerated on purpose, the README's pictures (docs/faces-<style>.webp) are rewritten too.
 */
import { writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { drawSheet, sheetSize } from '../../web/faces/sheet.js';
import { compareWithReference, diffWithReference, MAX_DIFF, updating } from '../faces/golden.js';

function sheet(style: 'french' | 'german', swap: Record<string, string> = {}) {
  const { width, height } = sheetSize(style);
  const canvas = createCanvas(width, height);
  drawSheet(canvas.getContext('2d'), style, swap);
  return canvas;
}
const render = (style: 'french' | 'german', swap: Record<string, string> = {}) => sheet(style, swap).toBuffer('image/png');

describe.each(['french', 'german'] as const)('%s contact sheet in Node (@napi-rs/canvas)', (style) => {
  it('matches the reference', () => {
    expect(compareWithReference(render(style), `${style}.node`)).toBeLessThanOrEqual(MAX_DIFF);
    // The README's picture of the sheet (WebP, a fraction of the PNG's size), rewritten with it.
    if (updating()) writeFileSync(new URL(`../../docs/faces-${style}.webp`, import.meta.url), sheet(style).toBuffer('image/webp', 80));
  });

  it('control: a changed face (7 of hearts drawn as the 7 of diamonds, or Herz 7 as Schellen 7) fails', () => {
    const swap = style === 'french' ? { '7H': '7D' } : { '7H': '7S' };
    expect(diffWithReference(render(style, swap), `${style}.node`)).toBeGreaterThan(MAX_DIFF);
  });
});
