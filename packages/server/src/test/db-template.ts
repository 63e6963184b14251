/**
 * Vitest global setup: one migrated database for the whole run, which every `testApp` starts from
 * (harness.ts). Made fresh at the start of each run, from the migrations of the tree under test;
 * boot still runs them (each is already applied).
 *
 * - PGlite: a new in-memory PGlite runs initdb (1.6–2.7 s here) and the migrations (0.35 s);
 *   starting from this dump of a migrated one takes about 0.5 s.
 * - PostgreSQL (TEST_DB=postgres): a new database migrated takes about 1 s; a copy of this
 *   migrated one (`create database … template …`) 0.1 s, and boot's check of the migrations 0.1 s.
 *   Nothing connects to the template after it is made (PostgreSQL copies only an unused one).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDb } from '../db/index.ts';
import { syncMenus } from '../db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of the migrated PGlite template (a tar of its data directory), or '' on PostgreSQL. */
    pgliteTemplate: string;
    /** The name of the migrated PostgreSQL template database, or '' on PGlite. */
    postgresTemplate: string;
  }
}

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres' && process.env.DATABASE_URL) {
    const name = `gh_template_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const handle = await openDb({ url: url.toString() });
    await migrate(handle.db);
    await syncMenus(handle.db);
    await handle.close();
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', name);
    return () => adminQuery(`drop database if exists ${name} with (force)`);
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
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
