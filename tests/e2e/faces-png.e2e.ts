/**
 * scripts/card-png.mjs, the server-side use of fairdeck/faces: run with Node against the built
 * package (dist/, as `npm test` builds it before this stage; built here if missing), it writes
 * AS.png, pixel for pixel the card drawCard draws from the sources.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drawCard } from '../../web/src/faces/index.js';
import { diffPixels } from '../faces/golden.js';
import { root } from './browser.js';

const run = promisify(execFile);
const script = join(root, 'scripts/card-png.mjs');
let dir: string;

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/faces/index.js'))) await run('bash', [join(root, 'scripts/build-package.sh')]);
  dir = mkdtempSync(join(tmpdir(), 'fairdeck-faces-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes AS.png by default: the Ace of Spades, 250 × 350, exactly as drawCard draws it', async () => {
  const { stdout } = await run(process.execPath, [script], { cwd: dir });
  expect(stdout).toMatch(/AS\.png: Ace of Spades, 250 × 350 px/);
  const png = readFileSync(join(dir, 'AS.png'));
  expect(PNG.sync.read(png)).toMatchObject({ width: 250, height: 350 });
  const expected = createCanvas(250, 350);
  drawCard(expected.getContext('2d'), 'AS');
  expect(diffPixels(png, expected.toBuffer('image/png'))).toBe(0);
  // Control: the same comparison sees a different card.
  const other = createCanvas(250, 350);
  drawCard(other.getContext('2d'), 'AC');
  expect(diffPixels(png, other.toBuffer('image/png'))).toBeGreaterThan(100);
});

it('takes a code, a file, a width, a scale, a style and a back', async () => {
  const file = join(dir, 'ober.png');
  const { stdout } = await run(process.execPath, [script, 'OG', file, '--width', '60', '--scale', '2']);
  expect(stdout).toContain('Grün Ober, 120 × 168 px');
  expect(PNG.sync.read(readFileSync(file))).toMatchObject({ width: 120, height: 168 });
  const back = await run(process.execPath, [script, 'AS', join(dir, 'b.png'), '--style', 'german', '--face-down', '--back', 'navy']);
  expect(back.stdout).toContain('Schellen Ass (face down)');
});

it('fails with the RangeError that names a bad code, and writes nothing', async () => {
  const failed = await run(process.execPath, [script, 'ZZ', join(dir, 'ZZ.png')]).catch((e: { stderr: string }) => e);
  expect((failed as { stderr: string }).stderr).toMatch(/RangeError: card: unknown card code "ZZ"/);
  expect(existsSync(join(dir, 'ZZ.png'))).toBe(false);
});
