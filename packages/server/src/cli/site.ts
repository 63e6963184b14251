import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { type Db, type DbHandle, migrator, openDb } from '../db/index.ts';
import { CliError } from './command.ts';

/** The embedded database's directory (what openDb opens for DATA_DIR). */
export const embeddedDir = (config: Config): string => path.join(config.dataDir, 'pg');

/**
 * In DATA_DIR while `gatehouse restore` makes its embedded database: a restore killed half-way
 * leaves it, and then neither the server nor the tool opens that database (a second restore makes it
 * again).
 */
export const RESTORE_MARKER = '.restore-incomplete';

/** Refuses a DATA_DIR whose embedded database a killed restore left half made. */
export function refuseHalfRestored(dataDir: string): void {
  if (fs.existsSync(path.join(dataDir, RESTORE_MARKER)))
    throw new CliError(
      `A restore into ${dataDir} did not finish (${RESTORE_MARKER} is there): run \`gatehouse restore <file>\` again, or remove ${path.join(dataDir, 'pg')} and ${RESTORE_MARKER}`,
    );
}

/** A PostgreSQL URL without its password, to print. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the PostgreSQL URL';
  }
}

/** Where the configured database is, in words. */
export const siteName = (config: Config): string =>
  config.DATABASE_URL ? `PostgreSQL at ${shownUrl(config.DATABASE_URL)}` : `the embedded database in ${embeddedDir(config)}`;

/**
 * Opens a PostgreSQL database and checks it answers, or fails with one line naming it.
 */
export async function openPostgres(url: string): Promise<DbHandle> {
  const handle = await openDb({ url });
  try {
    await handle.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
  } catch (e) {
    await handle.close();
    throw new CliError(`Cannot reach PostgreSQL at ${shownUrl(url)}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return handle;
}

/**
 * Opens the database the server would open (DATABASE_URL, else the embedded one in DATA_DIR). The
 * embedded one must exist unless `create`, and must not be open in a running server: PGlite keeps
 * `postmaster.pid` in its directory while it is open, and two processes on one directory ruin it.
 */
export async function openSite(config: Config, opts: { create?: boolean; restoring?: boolean } = {}): Promise<DbHandle> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  if (!opts.restoring) refuseHalfRestored(config.dataDir);
  const dir = embeddedDir(config);
  if (!opts.create && !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new CliError(
      `No embedded database in ${dir}: set DATA_DIR to the server's (DATABASE_URL for PostgreSQL), or make one with \`gatehouse migrate\``,
    );
  }
  if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new CliError(
      `The embedded database in ${dir} is in use (postmaster.pid): stop the server first (if none runs, it was killed: start it and stop it once)`,
    );
  }
  return openDb({ dataDir: config.dataDir, sharedBuffers: config.PGLITE_SHARED_BUFFERS });
}

/** The migrations applied to a database (name order) and those still to run. */
export async function schemaState(db: Db): Promise<{ applied: string[]; pending: string[] }> {
  const all = await migrator(db).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt).map((m) => m.name),
    pending: all.filter((m) => !m.executedAt).map((m) => m.name),
  };
}

/** Refuses a database whose schema is behind this version's migrations. */
export async function requireCurrentSchema(db: Db, where: string): Promise<void> {
  const { pending } = await schemaState(db);
  if (pending.length) {
    throw new CliError(`The schema of ${where} is behind (${pending.length} migrations pending): run \`gatehouse migrate\` first`);
  }
}

/**
 * Runs `work` on the configured database (`openSite`; `create` as there), closing it after whatever
 * happens; `current` first refuses a database whose schema is behind (`requireCurrentSchema`).
 */
export async function withSite<T>(
  config: Config,
  opts: { create?: boolean; current?: boolean },
  work: (handle: DbHandle) => Promise<T>,
): Promise<T> {
  const handle = await openSite(config, { create: opts.create });
  try {
    if (opts.current) await requireCurrentSchema(handle.db, siteName(config));
    return await work(handle);
  } finally {
    await handle.close();
  }
}
