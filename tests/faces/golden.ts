/**
 * Golden images of the card faces: compares a rendered PNG with its committed reference
 * (tests/faces/<name>.png) using pixelmatch. References are rewritten only when the environment
 * variable FAIRDECK_UPDATE_GOLDEN=1 is set (scripts/update-faces-golden.sh), on purpose.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * Per-pixel colour threshold of pixelmatch (0–1, YIQ distance): 0.1 is its default; it ignores
 * anti-aliasing noise and rounding but sees any change of ink.
 */
export const THRESHOLD = 0.1;
/**
 * Differing pixels allowed per sheet: 20. The same renderer draws the same sheet identically (0
 * in every run so far), so this only absorbs a renderer's rounding; the control's change (one
 * 72 px card: 7♥ drawn as 7♦, Herz 7 as Schellen 7) differs in 158 and more pixels.
 */
export const MAX_DIFF = 20;

/** Path of the reference called `name`. */
export const referencePath = (name: string) => fileURLToPath(new URL(`./${name}.png`, import.meta.url));

/** True when references are being regenerated on purpose. */
export const updating = () => process.env.FAIRDECK_UPDATE_GOLDEN === '1';

/** Pixels that differ between two PNGs of the same size (throws if the sizes differ). */
export function diffPixels(a: Buffer, b: Buffer): number {
  const pa = PNG.sync.read(a);
  const pb = PNG.sync.read(b);
  if (pa.width !== pb.width || pa.height !== pb.height) {
    throw new Error(`image sizes differ: ${pa.width}×${pa.height} and ${pb.width}×${pb.height}`);
  }
  return pixelmatch(pa.data, pb.data, undefined, pa.width, pa.height, { threshold: THRESHOLD });
}

/** Pixels of `png` that differ from the reference `name`. */
export function diffWithReference(png: Buffer, name: string): number {
  const path = referencePath(name);
  if (!existsSync(path)) throw new Error(`no reference ${path}: run scripts/update-faces-golden.sh`);
  return diffPixels(png, readFileSync(path));
}

/** As diffWithReference, after writing `png` as the reference when updating on purpose. */
export function compareWithReference(png: Buffer, name: string): number {
  if (updating()) writeFileSync(referencePath(name), png);
  return diffWithReference(png, name);
}
