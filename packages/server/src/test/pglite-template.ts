/**
 * Vitest global setup: on PGlite, one migrated database for the whole run. A new in-memory
 * PGlite runs initdb (1.6–2.7 s here) and the migrations (0.35 s); starting from this dump of a
 * migrated one takes about 0.5 s, and every `testApp` starts so (harness.ts). The dump is made
 * fresh at the start of each run, from the migrations of the tree under test, and boot still
 * runs them (each is already applied). On PostgreSQL (TEST_DB=postgres) nothing is made.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openDb } from '../db/index.ts';
import { syncMenus } from '../db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of the migrated PGlite template (a tar of its data directory), or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres' && process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const handle = await openDb({});
  await migrate(handle.db);
  await syncMenus(handle.db);
  const dump = await handle.pglite?.dumpDataDir('none');
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-template-'));
  const file = path.join(dir, 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await (dump as Blob).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
