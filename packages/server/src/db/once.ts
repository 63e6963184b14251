import { sql } from 'kysely';
import type { Db } from './index.ts';

/** Advisory-lock keys of the work that runs on one instance at a time. */
export const ONCE_KEYS = { commandSweep: 1, eventPartitions: 2, scheduledBackup: 3, retention: 10 } as const;
const NS = 0x6768;

/**
 * Runs scheduled work on one instance at a time: on PostgreSQL inside a transaction
 * holding `pg_try_advisory_xact_lock` (another instance already running it skips,
 * answering false); on PGlite (one process, one instance) it just runs.
 */
export async function runOnce(db: Db, kind: 'pglite' | 'postgres', key: number, fn: () => Promise<void>): Promise<boolean> {
  if (kind === 'pglite') {
    await fn();
    return true;
  }
  return db.transaction().execute(async (trx) => {
    const got = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${NS}, ${key}) as got`.execute(trx);
    if (!got.rows[0]?.got) return false;
    await fn();
    return true;
  });
}
