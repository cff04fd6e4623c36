// Scenario 6: what a bundler ships, and how long the module takes to start. A minimal app
// (`import { init, Deck } from 'fairdeck'`, one deal) is built with `vite build`; the emitted
// JavaScript (fairdeck's TypeScript + the Emscripten glue + 3 lines of app) and .wasm are
// gzipped at level 9. What-if builds reuse the real em++ command lines (from build/wasm) with one
// flag removed, to show what the size is made of. Instantiate time: `await init()` in fresh
// Node processes (read + compile + instantiate + Embind registration).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { median, report } from '../lib.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const work = join(root, 'build/bench/size');
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const rows = [];
const add = (name, bytes, note = '') => rows.push({ name, group: 'size', peer: false, note, bytes: bytes.length, gzip: gz(bytes) });

// 1. The app as Vite ships it.
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'app'), { recursive: true });
writeFileSync(join(work, 'app/index.html'), '<!doctype html><script type="module" src="./main.js"></script>\n');
writeFileSync(join(work, 'app/main.js'), "import { init, Deck } from 'fairdeck';\nawait init();\ndocument.title = new Deck().deal(5).join(' ');\n");
const { build } = await import('vite');
await build({
  root: join(work, 'app'), logLevel: 'silent', configFile: false, base: './',
  resolve: { alias: [{ find: /^fairdeck$/, replacement: join(root, 'dist/index.js') }] },
  build: { outDir: join(work, 'out'), emptyOutDir: true, target: 'es2022' },
});
const assets = join(work, 'out/assets');
let js = 0, wasm = 0;
for (const f of readdirSync(assets)) {
  const bytes = readFileSync(join(assets, f));
  if (f.endsWith('.js')) js += gz(bytes);
  if (f.endsWith('.wasm')) wasm += gz(bytes);
  add(`vite build: ${f.replace(/-[\w-]{8}\./, '.')}`, bytes, f.endsWith('.js') ? "app bundle: fairdeck's TS + glue" : 'the module');
}
const shipped = { js, wasm, total: js + wasm };

// 2. The package's own files.
add('package: dist/wasm/fairdeck.js (glue)', readFileSync(join(root, 'dist/wasm/fairdeck.js')));
add('package: dist/wasm/fairdeck.wasm', readFileSync(join(root, 'dist/wasm/fairdeck.wasm')));

// 3. What-if builds: the real compile and link flags minus one.
const flags = (file, key) => {
  const text = readFileSync(join(root, 'build/wasm/CMakeFiles/fairdeck_wasm.dir', file), 'utf8');
  return key ? text.split('\n').find((l) => l.startsWith(key)).slice(key.length).trim().split(/\s+/) : text.trim().split(/\s+/);
};
const cxx = flags('flags.make', 'CXX_FLAGS =');
const link = flags('link.txt').slice(1).filter((f) => !f.startsWith('@') && f !== '-o' && f !== 'fairdeck.js');
const whatIf = [];
for (const [name, from, to] of [
  ['without C++ exceptions (no -fexceptions: a throw would abort the module)', '-fexceptions', null],
  ['optimised for size (-Oz instead of -O3)', '-O3', '-Oz'],
]) {
  const swap = (list) => list.flatMap((f) => (f === from ? (to ? [to] : []) : [f]));
  const out = join(work, `whatif-${from.replace(/\W/g, '')}.js`);
  try {
    execFileSync('em++', [...swap(cxx), `-I${join(root, 'cpp/include')}`, join(root, 'cpp/bindings/fairdeck.cpp'), ...swap(link), '-o', out],
      { env: { ...process.env, NODE_PATH: '/usr/share/nodejs' }, stdio: 'pipe' });
    const g = gz(readFileSync(out)), w = gz(readFileSync(out.replace(/\.js$/, '.wasm')));
    whatIf.push({ name, glue: g, wasm: w, total: g + w });
  } catch (e) {
    whatIf.push({ name, error: String(e.message).split('\n')[0] });
  }
}
const pkg = { glue: gz(readFileSync(join(root, 'dist/wasm/fairdeck.js'))), wasm: gz(readFileSync(join(root, 'dist/wasm/fairdeck.wasm'))) };

// 4. Instantiate time, each in a fresh process.
const probe = `const t0 = performance.now(); const { init } = await import(${JSON.stringify(join(root, 'dist/index.js'))}); ` +
  `const t1 = performance.now(); await init(); console.log(JSON.stringify({ importMs: t1 - t0, initMs: performance.now() - t1 }));`;
const runs = [];
for (let i = 0; i < 9; i++) runs.push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' })));
const instantiate = { initMs: median(runs.map((r) => r.initMs)), importMs: median(runs.map((r) => r.importMs)), runs: runs.length };
report('size', rows, { shipped, pkg: { ...pkg, total: pkg.glue + pkg.wasm }, whatIf, instantiate, wasmBytes: statSync(join(root, 'dist/wasm/fairdeck.wasm')).size });
