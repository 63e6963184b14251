import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One migrated PGlite database per run, which every testApp starts from (packages/server/src/test/pglite-template.ts).
    globalSetup: ['packages/server/src/test/pglite-template.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
