#!/usr/bin/env node
// Writes one card as a PNG with fairdeck/faces and @napi-rs/canvas, as a server would:
//
//   node scripts/card-png.mjs [code] [file] [--width 250] [--scale 1] [--style german] [--back navy] [--face-down]
//   node scripts/card-png.mjs               # AS.png, the Ace of Spades, 250 × 350
//
// `fairdeck/faces` is the package's own export (dist/, built by `npm run build`); it never loads
// the WASM core. --scale draws at that many pixels per unit of width, like devicePixelRatio.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import { CARD_ASPECT, cardLabel, drawCard } from 'fairdeck/faces';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    width: { type: 'string', default: '250' },
    scale: { type: 'string', default: '1' },
    style: { type: 'string' },
    back: { type: 'string' },
    'face-down': { type: 'boolean', default: false },
  },
});
const [code = 'AS', file = `${code}.png`] = positionals;
const width = Number(values.width);
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 8)) throw new RangeError(`--scale must be a number in (0, 8], got ${values.scale}`);

const options = { width, faceUp: !values['face-down'], ...(values.style && { style: values.style }), ...(values.back && { back: values.back }) };
const label = cardLabel(code, values.style ? { style: values.style } : undefined); // validates the code first
if (!(width > 0 && Number.isFinite(width))) throw new RangeError(`--width must be a positive number, got ${values.width}`);
const canvas = createCanvas(Math.ceil(width * scale), Math.ceil(width * CARD_ASPECT * scale));
const ctx = canvas.getContext('2d');
ctx.scale(scale, scale);
drawCard(ctx, code, options);
writeFileSync(file, canvas.toBuffer('image/png'));
console.log(`${file}: ${label}${options.faceUp ? '' : ' (face down)'}, ${canvas.width} × ${canvas.height} px`);
