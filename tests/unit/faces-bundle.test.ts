/**
 * fairdeck/faces never loads or bundles the WASM module: its import graph (runtime imports; type
 * imports are erased) stays inside web/src/faces, and Vite bundling it alone emits no trace of
 * the module. The gzip size of that bundle is printed (README: "Card faces").
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = join(root, 'web/src/faces/index.ts');

/** Files reachable from `start` through runtime imports (`import type` and `export type` skipped). */
function importGraph(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
      if (m[1]) continue;
      const spec = m[2];
      if (!spec.startsWith('.')) {
        seen.add(spec);
        continue;
      }
      const target = resolve(dirname(file), spec);
      const ts = target.replace(/\.js$/, '.ts');
      if (existsSync(ts)) visit(ts);
      else seen.add(target); // generated JavaScript (the Emscripten glue): a leaf

    }
  };
  visit(start);
  return seen;
}

/** Bundles `input` alone, minified, as an ES module; returns the code of every chunk and asset. */
async function bundle(input: string): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: true, lib: { entry: input, formats: ['es'], fileName: 'faces' } },
  })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  return outputs.map((o) => (o.type === 'chunk' ? o.code : String(o.source))).join('\n');
}

describe('fairdeck/faces without WASM', () => {
  it('imports only its own files at run time, statically', () => {
    const files = [...importGraph(entry)].map((f) => relative(root, f));
    expect(files.length).toBeGreaterThan(5);
    // …and two leaves that import nothing: the package's one options reader, web/src/input.ts
    // (issue 59), and the cards' names, web/src/card-names.ts (issue 61: Card's literal types).
    const leaves = ['web/src/input.ts', 'web/src/card-names.ts'];
    for (const leaf of leaves) expect(readFileSync(join(root, leaf), 'utf8')).not.toMatch(/^(?:import|export)\s[^;]*?from\s/m);
    expect(files.filter((f) => !f.startsWith('web/src/faces/') && !leaves.includes(f))).toEqual([]);
    expect(files.filter((f) => /\bimport\(/.test(readFileSync(join(root, f), 'utf8')))).toEqual([]);
  });

  it('control: the graph walk does find the WASM loader from the main entry', () => {
    const files = [...importGraph(join(root, 'web/src/index.ts'))].map((f) => relative(root, f));
    const local = files.filter((f) => existsSync(join(root, f)));  // not the npm packages it names (fflate, for initSync)
    expect(local.filter((f) => readFileSync(join(root, f), 'utf8').includes('WebAssembly')).length).toBeGreaterThan(0);
  });

  it('bundles alone with no trace of the module, and reports its size', async () => {
    const code = await bundle(entry);
    expect(code).toContain('drawCard');
    for (const trace of ['WebAssembly', '.wasm', 'fairdeck.js', 'instantiate']) expect(code).not.toContain(trace);
    const gzip = gzipSync(code, { level: 9 }).length;
    console.log(`fairdeck/faces bundled alone: ${code.length} bytes minified, ${gzip} bytes gzip`);
    expect(gzip).toBeLessThan(20_000);
  });

  it('control: bundling the main entry does show the module', async () => {
    expect(await bundle(join(root, 'web/src/index.ts'))).toContain('WebAssembly');
  });
});
