// Removes from dist/ the declaration files no published entry's types can reach (the bins'
// modules, and internal modules whose types no public signature uses): they cost the install
// bytes (about 25 KiB) and no consumer's compiler ever opens them. Reachability follows the
// relative imports of each .d.ts from the "types" conditions of package.json's exports; the types
// stage of npm test (tests/types, 26 consumer configurations, skipLibCheck off) proves nothing
// needed is gone. dist/wasm's declarations are kept: build-package.sh ships them on purpose.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const seen = new Set(), stack = [];
(function walk(e) {
  if (typeof e === 'string') e.endsWith('.d.ts') && stack.push(resolve(e));
  else if (e && typeof e === 'object') Object.values(e).forEach(walk);
})(pkg.exports);
while (stack.length) {
  const f = stack.pop();
  if (seen.has(f) || !existsSync(f)) continue;
  seen.add(f);
  for (const m of readFileSync(f, 'utf8').matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    stack.push(resolve(dirname(f), m[1].replace(/\.js$/, '.d.ts')));
  }
}
if (seen.size < 10) throw new Error(`prune-types: only ${seen.size} declaration files reached from package.json's exports; nothing removed`);
let removed = 0, bytes = 0;
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) { if (path !== join('dist', 'wasm')) walk(path); continue; }
    if (!name.endsWith('.d.ts') || seen.has(resolve(path))) continue;
    bytes += statSync(path).size, removed++;
    rmSync(path);
  }
})('dist');
console.log(`prune-types: ${seen.size} declaration files kept, ${removed} unreachable removed (${(bytes / 1024).toFixed(1)} KiB)`);
