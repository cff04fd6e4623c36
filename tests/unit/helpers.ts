/** Shared by the unit suites: the golden vectors and small utilities. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A seed as the vector files write it. */
export interface VectorSeed {
  kind: 'integer' | 'text' | 'bytes';
  seed: string;
}

/** The seed value the public API takes for a vector's seed. */
export function seedOf(v: VectorSeed): number | bigint | string | Uint8Array {
  if (v.kind === 'integer') return BigInt(v.seed) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v.seed) : BigInt(v.seed);
  if (v.kind === 'text') return v.seed;
  return Uint8Array.from(v.seed.match(/../g) ?? [], (h) => parseInt(h, 16));
}

/** Reads tests/vectors/NAME. */
export function vectors<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../vectors/${name}`, import.meta.url), 'utf8')) as T;
}

/**
 * Emscripten's raw heap functions, which every module object has (the package never uses them):
 * tests take blocks with them to fill or grow a module's heap. `_malloc` is the wasm export
 * itself, so it returns 0 when nothing fits and a signed i32 (an address above 2 GiB reads as a
 * negative number, which `_free` takes back as it is).
 */
export interface RawHeap {
  _malloc(bytes: number): number;
  _free(ptr: number): void;
}

/** `m` with its raw heap functions typed (see RawHeap). */
export function raw<M extends object>(m: M): M & RawHeap {
  return m as M & RawHeap;
}

/**
 * Makes sure dist/ holds the built package (bash scripts/build-package.sh) and returns the path of
 * one of its bins. npm test builds the package only after Vitest, so on a fresh clone there is no
 * dist yet; several suites spawn the bins, and Vitest runs them in parallel, so the build is
 * guarded by a lock directory (mkdir is atomic) and the others wait for it. build-package.sh
 * starts with `rm -rf dist`: two builds at once would pull the files from under each other. A
 * dist older than any file in web/src is built again.
 */
export function builtBin(name: 'fairdeck' | 'random' | 'audit'): string {
  const bin = `dist/cli/${name}.js`;
  const done = 'dist/.built';
  const lock = 'build/.package-build.lock';
  const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  mkdirSync('build', { recursive: true });
  const fresh = () => existsSync(done) && statSync(done).mtimeMs >= newest('web/src');
  for (const start = Date.now(); !fresh(); ) {
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() - start > 300_000) throw new Error(`builtBin: waited 300 s for ${lock}; remove it if no build is running`);
      sleep(200);
      continue;
    }
    try {
      if (!fresh()) {
        execFileSync('bash', ['scripts/build-package.sh'], { stdio: 'ignore' });
        writeFileSync(done, '');
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return bin;
}

/** The newest modification time of any file under `dir`. */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) t = Math.max(t, statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs);
  }
  return t;
}
