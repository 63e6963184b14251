import type { ImportProgress } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

type Stage = ImportProgress['stage'];

export interface ProgressWriter {
  /** Records the latest figures; written when the previous write is done (never awaited by the caller). */
  set(stage: Stage, done: number, total: number | null): void;
  /** Waits until the latest figures are stored (before a transaction takes PGlite's one connection). */
  flush(): Promise<void>;
  /** Marks the import finished (done or refused): the dialog's 100%. */
  finish(done: number, total: number | null): Promise<void>;
}

const NONE: ProgressWriter = { set: () => {}, flush: async () => {}, finish: async () => {} };

/**
 * The progress of one import in the database (import_progress), so the import dialog
 * sees the server's work on any instance. Writes are coalesced: at most one in flight,
 * then the newest figures, so a fast loop costs a handful of updates, not one a row.
 */
export async function progressWriter(db: Db, accountId: number, id: string | undefined): Promise<ProgressWriter> {
  if (!id) return NONE;
  await db.deleteFrom('import_progress').where('updated_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  const row = await db
    .insertInto('import_progress')
    .values({ id, account_id: accountId, stage: 'validate', total: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  // An id already used (by anyone) is not ours to overwrite.
  if (!row) return NONE;

  let latest: { stage: Stage; done: number; total: number | null; finished: boolean } | null = null;
  let writing: Promise<void> | null = null;
  const pump = (): Promise<void> => {
    if (writing || !latest) return writing ?? Promise.resolve();
    const v = latest;
    latest = null;
    writing = db
      .updateTable('import_progress')
      .set({ ...v, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute()
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        writing = null;
        void pump();
      });
    return writing;
  };
  const flush = async () => {
    while (writing || latest) await pump();
  };
  return {
    set(stage, done, total) {
      latest = { stage, done, total, finished: false };
      void pump();
    },
    flush,
    async finish(done, total) {
      latest = { stage: 'done', done, total, finished: true };
      await flush();
    },
  };
}

/** The progress of the caller's import `id`, or null when it has not started (or is not the caller's). */
export async function readProgress(db: Db, accountId: number, id: string): Promise<ImportProgress | null> {
  const row = await db
    .selectFrom('import_progress')
    .select(['stage', 'done', 'total', 'finished'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ? { stage: row.stage, done: row.done, total: row.total, finished: row.finished } : null;
}
