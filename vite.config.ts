// Vite serves and builds the pages (web/demo, web/visualiser, web/faces, web/verify). They import the package's public
// API by name; here the name points at the TypeScript sources, so dev and build use the same code.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pages = ['index.html', 'demo/index.html', 'visualiser/index.html', 'faces/index.html', 'verify/index.html'].filter((p) => existsSync(here(`web/${p}`)));

/** `fairdeck`, `fairdeck/random`, `fairdeck/fairness` and `fairdeck/faces` resolved to the TypeScript sources (Vitest uses them too). */
export const packageAliases = [
  { find: /^fairdeck\/random$/, replacement: here('web/src/random.ts') },
  { find: /^fairdeck\/fairness$/, replacement: here('web/src/fairness/index.ts') },
  { find: /^fairdeck\/faces$/, replacement: here('web/src/faces/index.ts') },
  { find: /^fairdeck\/provable$/, replacement: here('web/src/provable/index.ts') },
  { find: /^fairdeck\/verify$/, replacement: here('web/src/verify/index.ts') },
  { find: /^fairdeck$/, replacement: here('web/src/index.ts') },
];

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
