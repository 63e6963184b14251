import { msg } from '@gatehouse/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { cappedCount } from '../db/paging.ts';
import { badRequest } from '../http/errors.ts';

/**
 * Refuses, before a byte is sent, an export of the list's filtered query `q` with more rows
 * than EXPORT_MAX_ROWS: the file is never cut silently. Counts at most max + 1 rows; answers
 * the count (the export's exact row count, sent to the browser for its progress).
 */
export async function assertExportable<DB, TB extends keyof DB, O>(
  ctx: { db: Db; config: Pick<Config, 'EXPORT_MAX_ROWS'> },
  q: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const max = ctx.config.EXPORT_MAX_ROWS;
  const n = await cappedCount(ctx.db, q.select(sql<number>`1`.as('x')), max);
  if (n > max) throw badRequest(msg('export.tooMany', { max: max.toLocaleString('en-US') }));
  return n;
}
