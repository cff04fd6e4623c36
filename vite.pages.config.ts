// The pages as they ship in the package (issue 61 item 2: `npx fairdeck pages`), built into
// dist/pages by scripts/build-package.sh. The same pages as vite.config.ts builds, but each
// imports the package's own built entries (dist/index.js, dist/games.js, …) instead of carrying a
// copy of them: every `fairdeck…` import is external, rewritten to the entry's file relative to
// dist/pages/assets/, so the pages add only their own code to the install. The audited
// dependencies that dist/provable and dist/verify import by name (@noble/hashes, @noble/ciphers,
// @noble/curves) are found through an import map that each page carries and `fairdeck pages`
// serves (web/src/cli/pages.ts), so they too are the installed packages, never copies.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { packageSources } from './vite.config.js';
import { IMPORT_MAP } from './web/src/cli/pages-policy.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pages = ['index.html', 'demo/index.html', 'visualiser/index.html', 'faces/index.html', 'verify/index.html', 'trustless/index.html'];

/** Each entry's built file, from dist/pages/assets/ (where every chunk and worker lands). */
const paths = Object.fromEntries(packageSources.map(({ name, source }) => [name, `../../${source.replace(/^\.\/web\/src\//, '').replace(/\.ts$/, '.js')}`]));
const external = packageSources.map(({ name }) => name);

/** The import map's CSP hash: the pages' policy allows exactly this inline script. */
const IMPORT_MAP_HASH = `'sha256-${createHash('sha256').update(IMPORT_MAP).digest('base64')}'`;

/** Puts the import map first in each page's <head>, and its hash into the visualiser's own CSP meta. */
const importMap = (): Plugin => ({
  name: 'fairdeck-pages-import-map',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html
      .replace(/<head>/, `<head>\n    <script type="importmap">${IMPORT_MAP}</script>`)
      .replace(/(http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' 'wasm-unsafe-eval')/, `$1 ${IMPORT_MAP_HASH}`),
  },
});

export default defineConfig({
  root: here('web'),
  base: './',
  publicDir: false,  // public/ holds the README's screenshots; the pages' own files are copied by scripts/build-package.sh
  plugins: [importMap()],
  logLevel: 'warn',
  build: {
    outDir: here('dist/pages'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: Object.fromEntries(pages.map((p) => [p.replace(/\/?index\.html$/, '') || 'home', here(`web/${p}`)])),
      external,
      output: { paths },
    },
  },
  worker: { format: 'es', rollupOptions: { external, output: { paths } } },
});
