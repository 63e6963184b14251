import { msg } from '@gatehouse/contracts';
import type { Expression } from 'kysely';
import type { Db } from '../db/index.ts';
import { cappedCount } from '../db/paging.ts';
import { badRequest } from '../http/errors.ts';

/**
 * Refuses, before a byte is sent, an export with more rows than EXPORT_MAX_ROWS:
 * the file is never cut silently. Counts at most max + 1 rows; answers the count (the
 * export's exact row count, sent to the browser for its progress).
 */
export async function assertExportable(db: Db, max: number, ones: { limit(n: number): Expression<unknown> }): Promise<number> {
  const n = await cappedCount(db, ones, max);
  if (n > max) throw badRequest(msg('export.tooMany', { max: max.toLocaleString('en-US') }));
  return n;
}
