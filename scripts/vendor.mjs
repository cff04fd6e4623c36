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
  const code = output[0].code;
  if (/\bfrom\s*["']|\brequire\s*\(|\bimport\s*\(/.test(code)) throw new Error(`vendor: the bundle of ${from} still imports something`);
  const banner = `/*! ${from}@${version}, bundled for fairdeck by scripts/vendor.mjs. License: ${license}; see ./${name}.LICENSE${existsSync(new URL('NOTICE', pkgDir)) ? ` and ./${name}.NOTICE` : ''}. */\n`;
  writeFileSync(`dist/vendor/${name}.js`, banner + code);
  copyFileSync(new URL('LICENSE', pkgDir), `dist/vendor/${name}.LICENSE`);
  if (existsSync(new URL('NOTICE', pkgDir))) copyFileSync(new URL('NOTICE', pkgDir), `dist/vendor/${name}.NOTICE`);
  console.log(`vendor: dist/vendor/${name}.js from ${from}@${version} (${(code.length / 1024).toFixed(1)} KB)`);
}
