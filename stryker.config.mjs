// `npm run mutation` (not part of `npm test`): StrykerJS mutates the package's input, card, pile
// and option modules and runs the unit suites of tests/mutation/vitest.config.ts against each
// mutant; a mutant that no test fails "survives". Survivors that cannot be told apart from the
// original by any caller are marked in the source with `// Stryker disable next-line <mutator>:
// <reason>`. Needs the WASM modules built first (scripts/build-wasm.sh). Report:
// build/mutation/index.html.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'tests/mutation/vitest.config.ts' },
  mutate: ['web/src/card.ts', 'web/src/input.ts', 'web/src/piles.ts', 'web/src/options.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  jsonReporter: { fileName: 'build/mutation/report.json' },
  incremental: true,
  incrementalFile: 'build/mutation/incremental.json',
  htmlReporter: { fileName: 'build/mutation/index.html' },
  tempDirName: 'build/stryker-tmp',
  ignorePatterns: ['build', 'dist', 'test-results', 'tests/e2e', 'tests/reach', 'tests/fuzz', 'cpp', 'docs', '!web/src/wasm/**'],
  thresholds: { high: 90, low: 85, break: null },
};
