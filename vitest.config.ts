import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One migrated database per run (PGlite or PostgreSQL), which every testApp starts from (packages/server/src/test/db-template.ts).
    globalSetup: ['packages/server/src/test/db-template.ts'],
    pool: 'forks',
    // Test files share a worker's modules (no fresh import of the whole server per file: 210 s of
    // a 441 s run): nothing a test file sets is process-wide beyond what each app's boot sets again.
    isolate: false,
    maxWorkers: 2,
  },
});
