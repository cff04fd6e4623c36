// Replaces what tsc wrote for web/src/vendor/*.ts in dist/ with a bundle of the library each one
// wraps, and ships that library's licence and notice beside it: the published package depends on
// no npm package at run time (README, "Install"). Run by scripts/build-package.sh after tsc.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { rolldown } from 'rolldown';

/** Each vendored module: its source wrapper, the npm package it bundles, and that package's licence. */
const vendored = [
  { name: 'gammainc', from: '@stdlib/math-base-special-gammainc', license: 'Apache-2.0 (with the Boost-licensed parts its LICENSE lists)' },
  { name: 'gunzip', from: 'fflate', license: 'MIT' },
];

for (const { name, from, license } of vendored) {
  const pkgDir = new URL(`../node_modules/${from}/`, import.meta.url);
  const { version } = JSON.parse(readFileSync(new URL('package.json', pkgDir), 'utf8'));
  const bundle = await rolldown({ input: `web/src/vendor/${name}.ts`, platform: 'neutral', resolve: { mainFields: ['module', 'main'] }, logLevel: 'warn' });
  const { output } = await bundle.generate({ format: 'esm', minify: true, comments: false });
  await bundle.close();
  if (output.length !== 1) throw new Error(`vendor: ${name} bundled into ${output.length} chunks, expected 1`);
  const bundled = output[0].code;
  if (/\bfrom\s*["']|\brequire\s*\(|\bimport\s*\(/.test(bundled)) throw new Error(`vendor: the bundle of ${from} still imports something`);
  // The library's module body runs at its first call, not at import: fflate builds its Huffman
  // tables and @stdlib its constants when loaded, which took 4–9 ms (gunzip) and about 10 ms
  // (gammainc) of a Node process's `import('fairdeck')`, where Node's zlib does the gunzip and
  // gammainc is never called (docs/startup.md). The bundle must end in its one export.
  const last = /export\s*\{\s*([\w$]+)\s+as\s+([\w$]+)\s*\};?\s*$/.exec(bundled);
  if (!last || /\bexport\b/.test(bundled.slice(0, last.index))) throw new Error(`vendor: the bundle of ${from} does not end in its one export`);
  const code = `let loaded;export const ${last[2]}=(...args)=>(loaded??=(()=>{${bundled.slice(0, last.index)}return ${last[1]}})())(...args);\n`;
  const banner = `/*! ${from}@${version}, bundled for fairdeck by scripts/vendor.mjs. License: ${license}; see ./${name}.LICENSE${existsSync(new URL('NOTICE', pkgDir)) ? ` and ./${name}.NOTICE` : ''}. */\n`;
  writeFileSync(`dist/vendor/${name}.js`, banner + code);
  copyFileSync(new URL('LICENSE', pkgDir), `dist/vendor/${name}.LICENSE`);
  if (existsSync(new URL('NOTICE', pkgDir))) copyFileSync(new URL('NOTICE', pkgDir), `dist/vendor/${name}.NOTICE`);
  console.log(`vendor: dist/vendor/${name}.js from ${from}@${version} (${(code.length / 1024).toFixed(1)} KB)`);
}
