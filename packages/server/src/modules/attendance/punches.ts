import type { ParsedInput, PunchRow, ROUTES } from '@gatehouse/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { AccessEventTable } from '../../db/tables/devices.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { assertCommunity, listScope, withinScope } from '../../http/scope.ts';
import { parseRange } from '../../http/dates.ts';
import { type Cursor, keysetPage, type StreamedRow } from '../../db/keyset.ts';
import type { RowOf } from '../../db/row-of.ts';
import { inRange } from '../../db/sql.ts';

type PunchQ = SelectQueryBuilder<DB & { e: AccessEventTable }, 'e', object>;

/** The punch list's filters (its export's input: the page's without the paging). */
export type PunchFilters = ParsedInput<typeof ROUTES.attendance.exportPunchlist>;

/**
 * Punches (access events with is_work) of the caller's communities: one account
 * (exact: the registration number of the clock-in row), between the start of
 * `starttime` and the end of `endtime`, optionally of one company in scope.
 */
export async function punchQuery(ctx: AuthCtx, f: PunchFilters): Promise<PunchQ> {
  const d = parseRange(ctx.config.TZ_NAME, { text: f.starttime, field: 'f.att.from' }, { text: f.endtime, field: 'f.att.to' });
  let q: PunchQ = ctx.db.selectFrom('access_event as e').where('e.is_work', '=', true);
  const scope = await listScope(ctx.db, ctx.caller);
  q = withinScope(q, scope, 'e.community_id');
  if (f.communityId !== undefined) {
    await assertCommunity(ctx.db, ctx.caller, f.communityId);
    q = q.where('e.community_id', '=', f.communityId);
  }
  if (f.account) q = q.where('e.account', '=', f.account);
  return inRange(q, d, 'e.time');
}

/** Punches after a keyset position over (time, id): a page of the list, or an export batch. */
export const punchSelect = (q: PunchQ, desc: boolean, at: Cursor | null, limit: number, offset = 0) =>
  keysetPage(q, { sort: 'e.time', id: 'e.id' }, desc, at, limit, offset).select(['e.id', 'e.account', 'e.device_name', 'e.time']);
export type PunchRaw = RowOf<typeof punchSelect>;

export const presentPunch = (ctx: AuthCtx, r: PunchRaw | StreamedRow<PunchRaw>): PunchRow => ({
  id: Number(r.id),
  account: r.account,
  deviceName: r.device_name,
  addtime: formatDateTime(r.time, ctx.config.TZ_NAME),
});
