// Vitest runs the unit suites under Node against the TypeScript sources and the built WASM.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(`./web/src/${p}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^fairdeck\/random$/, replacement: src('random.ts') },
      { find: /^fairdeck\/fairness$/, replacement: src('fairness/index.ts') },
      { find: /^fairdeck$/, replacement: src('index.ts') },
    ],
  },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
