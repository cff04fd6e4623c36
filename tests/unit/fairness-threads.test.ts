// `workers: N` in Node: real worker_threads. A worker thread loads plain JavaScript, so this
// suite compiles the package (tsc, as scripts/build-package.sh does) into build/unit-threads and
// imports it from there; the same seed must give the same counts with 1 and 2 threads.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = `${root}build/unit-threads`;
let fairness: typeof import('fairdeck/fairness');

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json', '--outDir', out, '--declaration', 'false'], { cwd: root, stdio: 'pipe' });
  mkdirSync(`${out}/wasm`, { recursive: true });
  for (const f of readdirSync(`${root}web/src/wasm`)) if (/\.(js|wasm)$/.test(f)) cpSync(`${root}web/src/wasm/${f}`, `${out}/wasm/${f}`);
  fairness = await import(/* @vite-ignore */ pathToFileURL(`${out}/fairness/index.js`).href);
  await fairness.init();
}, 120_000);

it('gives the same counts with 1 and 2 worker threads, and records the workers and the seed', async () => {
  const trials = 2 * fairness.CHUNK_TRIALS + 12_345;
  const run = (workers: number) => fairness.positionMatrix({ algorithm: 'fisher-yates', n: 52, trials, seed: 'threads', rng: 'xoshiro256', workers });
  const one = await run(1), two = await run(2);
  expect(one.counts.reduce((a, b) => a + b)).toBe(trials * 52);
  expect(Array.from(two.counts)).toEqual(Array.from(one.counts));
  expect(one.parallel).toMatchObject({ workers: 1, chunks: 3, seed: { kind: 'text', hex: '74687265616473' } });
  expect(two.parallel?.workers).toBe(2);
  // Negative control: another seed through the same threads gives other counts.
  const other = await fairness.positionMatrix({ algorithm: 'fisher-yates', n: 52, trials, seed: 'other', rng: 'xoshiro256', workers: 2 });
  expect(Array.from(other.counts)).not.toEqual(Array.from(one.counts));
});

it('rejects with the signal\'s reason when aborted before the run, starting no thread', async () => {
  const controller = new AbortController();
  controller.abort(new Error('not now'));
  await expect(fairness.countPermutations({ algorithm: 'lazy', n: 3, trials: 10, workers: 2, signal: controller.signal })).rejects.toThrow('not now');
});
