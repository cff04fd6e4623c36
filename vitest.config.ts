// Vitest runs the unit suites under Node against the TypeScript sources and the built WASM.
import { defineConfig } from 'vitest/config';
import { packageAliases } from './vite.config.js';

export default defineConfig({
  resolve: { alias: packageAliases },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
