import { msg } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { AuthCtx } from '../../http/context.ts';
import { conflict, notFound, outOfScope } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { inScope, scopeOf } from '../../http/scope.ts';

/**
 * Staff acknowledge alarms (who, when, note). All of the selection or nothing: an id that
 * does not exist answers 404, one of another community 403, one already acknowledged 409
 * (also when another session acknowledged it a moment before).
 */
export async function acknowledgeAlarms(ctx: AuthCtx, input: { ids: number[]; note?: string }): Promise<number> {
  const ids = [...new Set(input.ids)];
  const rows = await ctx.db
    .selectFrom('alarm')
    .select(['id', 'community_id', 'ack_at', 'device_id', 'kind'])
    .where('id', 'in', ids)
    .execute();
  if (rows.length < ids.length) throw notFound();
  const scope = await scopeOf(ctx.db, ctx.caller);
  if (rows.some((r) => !inScope(scope, r.community_id))) throw outOfScope();
  if (rows.some((r) => r.ack_at !== null)) throw conflict('alarm.err.alreadyAcknowledged');
  const note = input.note ?? '';
  const communities = [...new Set(rows.map((r) => r.community_id))];
  const acked = await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('alarm')
      .set({ ack_account_id: ctx.caller.accountId, ack_regno: ctx.caller.regNo.slice(0, 20), ack_at: sql<Date>`now()`, ack_note: note })
      .where('id', 'in', ids)
      .where('ack_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) < ids.length) throw conflict('alarm.err.alreadyAcknowledged');
    await writeOpLog(trx, ctx, {
      menu: 'eventlog.alarm',
      content: msg('op.alarm.ack', { ids: ids.join(',') }),
      communityId: communities.length === 1 ? communities[0] : null,
      after: { ids, note },
    });
    return ids.length;
  });
  // Every open bell and overview counts again at once (live `alarm` events, open: false).
  ctx.news.emit(
    'alarm',
    rows.map((r) => ({ id: r.id, deviceId: r.device_id, communityId: r.community_id, kind: r.kind, open: false })),
  );
  return acked;
}
