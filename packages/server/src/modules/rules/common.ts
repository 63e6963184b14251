import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { PG_ERROR, pgCode } from '../../db/sql.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { assertCommunity } from '../../http/scope.ts';
import { msg } from '@gatehouse/contracts';

/** The menu every access-rule change is logged under. */
export const MENU = 'access.rules' as const;

/** Refuses a name already used in the community by another row of the table (400 with the name). */
export async function assertNameFree(
  db: Kysely<DB>,
  table: 'access_schedule' | 'access_group',
  communityId: number,
  name: string,
  id: number | undefined,
): Promise<void> {
  let q = db.selectFrom(table).select('id').where('community_id', '=', communityId).where('name', '=', name);
  if (id !== undefined) q = q.where('id', '!=', id);
  if (await q.executeTakeFirst()) throw badRequest(msg('rules.nameTaken', { name }));
}

/** Refuses a new row past the community's limit. */
export async function assertBelowLimit(
  db: Kysely<DB>,
  table: 'access_schedule' | 'access_holiday' | 'access_group',
  communityId: number,
  max: number,
  key: string,
  adding = 1,
): Promise<void> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('community_id', '=', communityId)
    .executeTakeFirstOrThrow();
  if (Number(row.n) + adding > max) throw badRequest(msg(key, { max }));
}

/** A unique-name race lost to a concurrent save answers like the check. */
export async function uniqueName<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (pgCode(e) === PG_ERROR.uniqueViolation) throw conflict(msg('rules.nameTaken', { name }));
    throw e;
  }
}

/**
 * The row a save edits (none when it adds one), in the community the save names: the
 * caller must hold that community, and an edit cannot move the row to another one.
 */
export async function editedRow<T extends { community_id: number }>(
  ctx: AuthCtx,
  i: { id?: number; communityId: number },
  load: (id: number) => Promise<T>,
): Promise<T | undefined> {
  await assertCommunity(ctx.db, ctx.caller, i.communityId);
  const before = i.id === undefined ? undefined : await load(i.id);
  if (before && before.community_id !== i.communityId) throw badRequest(msg('v.invalid', { field: '@f.community' }));
  return before;
}
