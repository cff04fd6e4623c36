// Vite serves and builds the pages (web/demo, web/visualiser, web/faces, web/verify). They import the package's public
// API by name; here the name points at the TypeScript sources, so dev and build use the same code.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pages = ['index.html', 'demo/index.html', 'visualiser/index.html', 'faces/index.html', 'verify/index.html'].filter((p) => existsSync(here(`web/${p}`)));

/**
 * Every entry of the package resolved to its TypeScript source, derived from package.json's
 * `exports` map (the one place the entries are written): each entry's `fairdeck-source`
 * condition names its source, which tsconfig.json's `customConditions` also follows. Vitest uses
 * these aliases too.
 */
const exportsMap = (JSON.parse(readFileSync(here('package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports;
export const packageAliases = Object.entries(exportsMap).flatMap(([entry, target]) => {
  const source = (target as { 'fairdeck-source'?: string })['fairdeck-source'];
  if (!source) return [];
  const name = entry === '.' ? 'fairdeck' : `fairdeck/${entry.slice(2)}`;
  return [{ find: new RegExp(`^${name.replace('/', '\\/')}$`), replacement: here(source) }];
});

export default defineConfig({
  root: here('web'),
  publicDir: here('public'),
  base: './',
  resolve: { alias: packageAliases },
  build: {
    outDir: here('build/pages'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: Object.fromEntries(pages.map((p) => [p.replace(/\/?index\.html$/, '') || 'home', here(`web/${p}`)])) },
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173, open: false },
  preview: { host: '127.0.0.1', port: 4173 },
});
