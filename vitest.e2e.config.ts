// End-to-end suites: Playwright (playwright-core) drives Debian's Chromium against the production
// build of the pages (vite build + vite preview) and against the built package.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
