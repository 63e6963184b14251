#!/usr/bin/env node
/**
 * The whole suite, as CI runs it: typecheck, lint, unit + API tests on the
 * embedded PGlite, the API tests again on PostgreSQL when DATABASE_URL is set,
 * then the browser tests against the built web app.
 */
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and API tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DB: 'pglite' }],
];
if (process.env.DATABASE_URL) {
  steps.push(['API tests (PostgreSQL at DATABASE_URL)', 'npx', ['vitest', 'run', 'packages/server'], { TEST_DB: 'postgres' }]);
} else {
  console.log('DATABASE_URL is not set: the API tests run on PGlite only.');
}
steps.push(['browser tests', 'npm', ['run', 'test:e2e']]);

for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...(env ?? {}) } });
  console.log(`=== ${name}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
console.log('\nAll tests passed.');
