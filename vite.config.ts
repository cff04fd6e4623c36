// Vite serves and builds the pages (web/demo, web/visualiser, web/faces, web/verify, web/trustless). They import the package's public
// API by name; here the name points at the TypeScript sources, so dev and build use the same code.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pages = ['index.html', 'demo/index.html', 'visualiser/index.html', 'faces/index.html', 'verify/index.html', 'trustless/index.html'].filter((p) => existsSync(here(`web/${p}`)));

/**
 * Every entry of the package resolved to its TypeScript source, derived from package.json's
 * `exports` map (the one place the entries are written): an entry's built file dist/X.js comes
 * from web/src/X.ts (tsconfig.build.json's rootDir), so the map needs no condition pointing at files
 * the tarball does not ship. tsconfig.json's `paths` say the same for the type checker
 * (tests/unit/exports-map.test.ts holds the two together). Vitest uses these aliases too.
 */
const exportsMap = (JSON.parse(readFileSync(here('package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports;
export const sourceOf = (built: string): string => built.replace(/^\.\/dist\//, './web/src/').replace(/\.js$/, '.ts');
export const packageSources = Object.entries(exportsMap).flatMap(([entry, target]) => {
  const built = typeof target === 'object' && target !== null ? (target as { default?: string }).default : undefined;
  if (!built?.endsWith('.js')) return [];
  return [{ name: entry === '.' ? 'fairdeck' : `fairdeck/${entry.slice(2)}`, source: sourceOf(built) }];
});
export const packageAliases = packageSources.map(({ name, source }) => ({ find: new RegExp(`^${name.replace('/', '\\/')}$`), replacement: here(source) }));

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
