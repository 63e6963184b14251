import type { AlarmKind, ParsedInput, ROUTES } from '@gatehouse/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { AlarmTable } from '../../db/tables/alarm.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime, parseRange } from '../../http/dates.ts';
import { listScope, withinScope } from '../../http/scope.ts';
import { type Cursor, keysetPage, type StreamedRow } from '../../db/keyset.ts';
import type { RowOf } from '../../db/row-of.ts';
import { addressesNamed, communitiesNamed, inRange, likeArg } from '../../db/sql.ts';
import { withPlaceNames } from '../../db/names.ts';

export type AlarmQ = SelectQueryBuilder<DB & { al: AlarmTable }, 'al', object>;

/** The alarm list's filters (its export's input: the page's without the paging). */
export type AlarmFilters = ParsedInput<typeof ROUTES.alarm.exportAlarms>;

/** Alarms of the caller's communities (narrowed by the header's community), filtered as the access event log. */
export async function alarmQuery(ctx: AuthCtx, f: AlarmFilters): Promise<AlarmQ> {
  const d = parseRange(ctx.config.TZ_NAME, { text: f.validfrom, field: 'f.validfrom' }, { text: f.validto, field: 'f.validto' });
  let q: AlarmQ = withinScope(ctx.db.selectFrom('alarm as al'), await listScope(ctx.db, ctx.caller), 'al.community_id');
  if (f.communityName) q = q.where('al.community_id', 'in', communitiesNamed(ctx.db, f.communityName));
  if (f.addressName) q = q.where('al.address_id', 'in', addressesNamed(ctx.db, f.addressName));
  if (f.deviceName) q = q.where('al.device_name', 'ilike', likeArg(f.deviceName));
  if (f.kind) q = q.where('al.kind', '=', f.kind);
  if (f.acknowledged) q = q.where('al.ack_at', f.acknowledged === '1' ? 'is not' : 'is', null);
  return inRange(q, d, 'al.time');
}

/** Alarms after a keyset position over (time, id), names joined: a page of the list, or an export batch. */
export function alarmSelect(q: AlarmQ, desc: boolean, at: Cursor | null, limit: number, offset = 0) {
  const page = keysetPage(q, { sort: 'al.time', id: 'al.id' }, desc, at, limit, offset).select([
    'al.id',
    'al.kind',
    'al.time',
    'al.serial',
    'al.device_name',
    'al.cleared_at',
    'al.ack_regno',
    'al.ack_at',
    'al.ack_note',
  ]);
  return withPlaceNames(page, { community: 'al.community_id', address: 'al.address_id' });
}
export type AlarmRaw = RowOf<typeof alarmSelect>;

export const presentAlarm = (ctx: AuthCtx, r: AlarmRaw | StreamedRow<AlarmRaw>) => {
  const tz = ctx.config.TZ_NAME;
  return {
    id: Number(r.id),
    kind: r.kind as AlarmKind,
    time: formatDateTime(r.time, tz),
    communityName: r.community_name ?? '',
    addressName: r.address_text ?? '',
    deviceName: r.device_name,
    serial: r.serial,
    clearedAt: formatDateTime(r.cleared_at, tz),
    acknowledged: r.ack_at !== null,
    acknowledgedBy: r.ack_regno ?? '',
    acknowledgedAt: formatDateTime(r.ack_at, tz),
    note: r.ack_note,
  };
};
