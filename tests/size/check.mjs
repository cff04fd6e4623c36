// tests/size/check.mjs — the size check in `npm test` (after the package build): the README
// example (`init`, `new Deck()`, `deal(5)`) built with Vite and with webpack must ship at most
// BUDGET bytes gzip in total (every emitted .js and .wasm); the games, sim, faces and verify-only
// apps their own budgets (tests/size/apps.mjs); and the README's *Size* table must state what was
// measured and what is enforced. Control: the same check on the Vite
// output plus an incompressible 2 KB-over-budget file must fail, so the check can fail.
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { BUDGET, FACES_BUDGET, GAMES_BUDGET, SIM_BUDGET, VERIFY_BUDGET, measureDir, root, viteApp, webpackApp } from './apps.mjs';

const work = join(root, 'build/size-check');
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
/** The check itself: the failures for one build's sizes (none: within budget). */
const overBudget = (name, m, budget = BUDGET) => (m.gzip > budget ? [`${name}: ${kb(m.gzip)} gzip > budget ${kb(budget)}`] : []);

const failures = [];
const builds = { vite: await viteApp('fairdeck', join(work, 'vite')), webpack: await webpackApp('fairdeck', join(work, 'webpack')) };
for (const [name, m] of Object.entries(builds)) {
  console.log(`size: ${name} README example ships ${kb(m.gzip)} gzip (js ${kb(m.js)} + wasm ${kb(m.wasm)}), ${kb(m.brotli)} brotli; budget ${kb(BUDGET)}`);
  failures.push(...overBudget(name, m));
}
// The games app (tests/size/apps.mjs): the deck module with piles, and never the one without.
const games = { vite: await viteApp('fairdeck/games', join(work, 'games-vite')), webpack: await webpackApp('fairdeck/games', join(work, 'games-webpack')) };
for (const [name, m] of Object.entries(games)) {
  console.log(`size: ${name} games app ships ${kb(m.gzip)} gzip (js ${kb(m.js)} + wasm ${kb(m.wasm)}), ${kb(m.brotli)} brotli; budget ${kb(GAMES_BUDGET)}`);
  failures.push(...overBudget(`${name} games app`, m, GAMES_BUDGET));
}
// The sim app: the sim build of the deck module (issue 40), and never the other two.
const sim = { vite: await viteApp('fairdeck/sim', join(work, 'sim-vite')), webpack: await webpackApp('fairdeck/sim', join(work, 'sim-webpack')) };
for (const [name, m] of Object.entries(sim)) {
  console.log(`size: ${name} sim app ships ${kb(m.gzip)} gzip (js ${kb(m.js)} + wasm ${kb(m.wasm)}), ${kb(m.brotli)} brotli; budget ${kb(SIM_BUDGET)}`);
  failures.push(...overBudget(`${name} sim app`, m, SIM_BUDGET));
}
// The verify-only app (issue 60): the component, the verifier and the faces, and no WASM at all.
const verify = { vite: await viteApp('fairdeck/verify/view', join(work, 'verify-vite')), webpack: await webpackApp('fairdeck/verify/view', join(work, 'verify-webpack')) };
for (const [name, m] of Object.entries(verify)) {
  console.log(`size: ${name} verify-only app ships ${kb(m.gzip)} gzip (js ${kb(m.js)} + wasm ${kb(m.wasm)}), ${kb(m.brotli)} brotli; budget ${kb(VERIFY_BUDGET)}`);
  failures.push(...overBudget(`${name} verify-only app`, m, VERIFY_BUDGET));
  if (m.wasm !== 0) failures.push(`${name} verify-only app ships WASM (${m.files.filter((f) => f.kind === 'wasm').map((f) => f.file).join(', ')})`);
}

// The faces app (issue 61): the deal app drawing its five cards as SVG with 'fairdeck/faces'.
const faces = { vite: await viteApp('fairdeck/faces', join(work, 'faces-vite')), webpack: await webpackApp('fairdeck/faces', join(work, 'faces-webpack')) };
for (const [name, m] of Object.entries(faces)) {
  console.log(`size: ${name} faces app ships ${kb(m.gzip)} gzip (js ${kb(m.js)} + wasm ${kb(m.wasm)}), ${kb(m.brotli)} brotli; budget ${kb(FACES_BUDGET)}`);
  failures.push(...overBudget(`${name} faces app`, m, FACES_BUDGET));
}

// The README's *Size* table states each kind of app's figures and budget: each must be what was
// just measured (within README_SLACK) and what this check enforces, so the README cannot drift.
const README_SLACK = 0.3 * 1024;
const kinds = { deal: [builds, BUDGET], games: [games, GAMES_BUDGET], sim: [sim, SIM_BUDGET], faces: [faces, FACES_BUDGET], verify: [verify, VERIFY_BUDGET] };
/** The failures for the README's size table (text between its sizes markers) against the measurements. */
function readmeDrift(readme) {
  const out = [];
  const table = readme.match(/<!-- sizes:start -->([\s\S]*?)<!-- sizes:end -->/)?.[1];
  if (!table) return ['README.md has no <!-- sizes:start --> … <!-- sizes:end --> table'];
  const seen = new Set();
  for (const line of table.split('\n')) {
    const cells = line.split('|').map((c) => c.trim()).filter(Boolean);
    const kind = cells[0]?.split(' ')[0];
    if (!(kind in kinds)) continue;
    seen.add(kind);
    const [m, budget] = kinds[kind];
    const [vite, webpack, stated] = cells.slice(2, 5).map(Number);
    for (const [bundler, figure] of [['vite', vite], ['webpack', webpack]]) {
      if (!(Math.abs(figure * 1024 - m[bundler].gzip) <= README_SLACK)) out.push(`README.md says the ${kind} app ships ${figure} KB with ${bundler}; it measures ${kb(m[bundler].gzip)}`);
    }
    if (stated * 1024 !== budget) out.push(`README.md gives the ${kind} app a budget of ${stated} KB; the check enforces ${kb(budget)}`);
  }
  for (const kind of Object.keys(kinds)) if (!seen.has(kind)) out.push(`README.md's size table has no row for the ${kind} app`);
  return out;
}
const readme = readFileSync(join(root, 'README.md'), 'utf8');
failures.push(...readmeDrift(readme));
// Its control: the same table with the deal app's Vite figure 1 KB off must be caught.
const off = readme.replace(/(\| deal [^|]*\|[^|]*\| )([0-9.]+)/, (_, head, n) => `${head}${(Number(n) + 1).toFixed(1)}`);
if (off === readme || readmeDrift(off).length === 0) failures.push('control: a README size figure 1 KB off passed the check (the check cannot fail)');
else console.log(`size: README drift control fails as it must (${readmeDrift(off)[0]})`);

// Negative control: the Vite output grown past the budget by 2 KB of incompressible bytes.
const padded = join(work, 'control');
rmSync(padded, { recursive: true, force: true });
cpSync(join(work, 'vite/out'), padded, { recursive: true });
writeFileSync(join(padded, 'padding.wasm'), randomBytes(Math.max(0, BUDGET - builds.vite.gzip) + 2048));
const control = overBudget('control', measureDir(padded));
if (control.length === 0) failures.push('control: a build 2 KB over budget passed the check (the check cannot fail)');
else console.log(`size: control fails as it must (${control[0]})`);

if (failures.length) {
  console.error(`size check FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
