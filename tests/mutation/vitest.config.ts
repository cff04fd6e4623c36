// Vitest for `npm run mutation` (stryker.config.mjs): the unit suites that exercise the input,
// card, pile and option modules, without the slow statistical suites (fairness, provable
// statistics, games fairness), the leak suites (10^6 decks, a full heap), card.test.ts (its
// 2^26-card deck took most of a minute per mutant on a loaded machine) and deck-window.test.ts
// (the look-ahead against a twin, which reaches none of these modules' branches), which would run
// once per mutant. MUTATION_TESTS=all adds the last two.
import { defineConfig } from 'vitest/config';
import { packageAliases } from '../../vite.config.js';

export default defineConfig({
  resolve: { alias: packageAliases },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: [
      ...(process.env.MUTATION_TESTS === 'all' ? ['tests/unit/card.test.ts', 'tests/unit/deck-window.test.ts'] : []),
      'tests/unit/options.test.ts', 'tests/unit/deck.test.ts', 'tests/unit/deck-piles.test.ts',
      'tests/unit/deck-games.test.ts', 'tests/unit/games-module.test.ts',
      'tests/unit/games-recipes.test.ts', 'tests/unit/hostile.test.ts', 'tests/unit/state-errors.test.ts',
      'tests/unit/parse-seed.test.ts', 'tests/unit/input-messages.test.ts',
      ...(process.env.MUTATION_BASELINE ? [] : ['tests/unit/return-codes.test.ts', 'tests/unit/pile-numbers.test.ts', 'tests/unit/pile-pinned.test.ts', 'tests/unit/pile-log.test.ts', 'tests/unit/card-tables.test.ts',
        'tests/unit/card-compute.test.ts', 'tests/unit/verify-hand.test.ts', 'tests/unit/pile-modules.test.ts']),
    ],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
  },
});
