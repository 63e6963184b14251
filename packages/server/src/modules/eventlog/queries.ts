import { isAdminLevel, OPEN_TYPES, type ParsedInput, type ROUTES } from '@gatehouse/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { AccessEventTable, VisitorQrcodeTable } from '../../db/tables/devices.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime, parseRange } from '../../http/dates.ts';
import { listScope, withinScope } from '../../http/scope.ts';
import { type Db, streamArrays } from '../../db/index.ts';
import { monthSpans } from '../../db/event-partitions.ts';
import { type Cursor, keysetPage, type StreamedRow } from '../../db/keyset.ts';
import type { RowOf } from '../../db/row-of.ts';
import { addressesNamed, communitiesNamed, inRange, likeArg, likePrefix } from '../../db/sql.ts';
import { withPlaceNames } from '../../db/names.ts';

export type EventQ = SelectQueryBuilder<DB & { e: AccessEventTable }, 'e', object>;
export type QrQ = SelectQueryBuilder<DB & { q: VisitorQrcodeTable }, 'q', object>;

/**
 * Access events (not punches) of the caller's communities (narrowed by the header's community),
 * bounded by the month partitions' spans when the default partition is empty (`monthSpans`).
 */
async function events(ctx: AuthCtx): Promise<EventQ> {
  const [scope, spans] = await Promise.all([listScope(ctx.db, ctx.caller), monthSpans(ctx.db)]);
  let q: EventQ = withinScope(ctx.db.selectFrom('access_event as e').where('e.is_work', '=', false), scope, 'e.community_id');
  if (spans) q = q.where((eb) => eb.or(spans.map((s) => eb.and([eb('e.time', '>=', s.from), eb('e.time', '<', s.to)]))));
  return q;
}

/** A list's filters are its export's input (the page's without the paging). */
type Filters<K extends keyof typeof ROUTES.eventlog> = ParsedInput<(typeof ROUTES.eventlog)[K]>;
export type AccessLogFilters = Filters<'exportAccessLog'>;

/** The access event log (001 §7): names contain, account and card number start with the text. */
export async function accessLogQuery(ctx: AuthCtx, f: AccessLogFilters): Promise<EventQ> {
  const d = parseRange(ctx.config.TZ_NAME, { text: f.validfrom, field: 'f.validfrom' }, { text: f.validto, field: 'f.validto' });
  let q = await events(ctx);
  if (f.communityName) q = q.where('e.community_id', 'in', communitiesNamed(ctx.db, f.communityName));
  if (f.addressName) q = q.where('e.address_id', 'in', addressesNamed(ctx.db, f.addressName));
  if (f.account) q = q.where('e.account', 'like', likePrefix(f.account));
  if (f.type !== undefined) q = q.where('e.type', '=', f.type);
  if (f.unlockUserName) q = q.where('e.unlock_user_name', 'ilike', likeArg(f.unlockUserName));
  if (f.CARD_MODE !== undefined) q = q.where('e.card_mode', '=', f.CARD_MODE);
  if (f.CARD_NUM) q = q.where('e.card_num', 'like', likePrefix(f.CARD_NUM));
  if (f.result !== undefined) q = q.where('e.result', '=', f.result);
  return inRange(q, d, 'e.time');
}

export type EntranceFilters = Filters<'exportAccessReport'>;

/**
 * The entrance report: successful opens (result 0) by card, QR code or face — the
 * open types of 001 §9; refusals and alarms are on the access event log.
 */
export async function entranceQuery(ctx: AuthCtx, f: EntranceFilters): Promise<EventQ> {
  const d = parseRange(ctx.config.TZ_NAME, { text: f.starttime, field: 'f.openFrom' }, { text: f.endtime, field: 'f.openTo' });
  let q = (await events(ctx)).where('e.result', '=', 0);
  q = f.event !== undefined ? q.where('e.type', '=', f.event) : q.where('e.type', 'in', [...OPEN_TYPES]);
  if (f.deviceName) q = q.where('e.device_name', 'ilike', likeArg(f.deviceName));
  if (f.communityName) q = q.where('e.community_id', 'in', communitiesNamed(ctx.db, f.communityName));
  if (f.account) q = q.where('e.account', 'like', likePrefix(f.account));
  return inRange(q, d, 'e.time');
}

/**
 * The events of `q` read first and kept (a materialized CTE, aliased `e` again) so the page
 * is ordered from them: for a filter with few matches (a card number, an account) on the
 * partitioned table, PostgreSQL would otherwise walk every month's time index in order and
 * test each event against the filter, reading whole months that hold no match.
 */
export const matchesFirst =
  (db: Db) =>
  (q: EventQ): EventQ =>
    db
      .with(
        (w) => w('m').materialized(),
        () => q.selectAll('e'),
      )
      .selectFrom('m as e') as unknown as EventQ;

/** Events after a keyset position, with names joined: a page of the list, or an export batch. */
export const eventSelect = (q: EventQ, desc: boolean, at: Cursor | null, limit: number, offset = 0) =>
  withNames(keysetPage(q, { sort: 'e.time', id: 'e.id' }, desc, at, limit, offset));

/** The columns of an event row with its community and address names joined: a list page, an export batch, a live row. */
export function withNames(q: EventQ) {
  const row = q.select([
    'e.id',
    'e.time',
    'e.type',
    'e.result',
    'e.account',
    'e.unlock_user_name',
    'e.card_num',
    'e.card_mode',
    'e.device_name',
    'e.refusal',
  ]);
  return withPlaceNames(row, { community: 'e.community_id', address: 'e.address_id' });
}

export type EventRaw = RowOf<typeof eventSelect>;

/** An event of an export batch: the columns of `eventSelect` in their order, `time` in epoch ms. */
export type EventTuple = [
  id: number | string,
  time: number,
  type: number,
  result: number,
  account: string,
  unlockUserName: string,
  cardNum: string,
  cardMode: number,
  deviceName: string,
  refusal: string,
  communityName: string | null,
  addressText: string | null,
];

/**
 * An export batch of events after a keyset position (`time` in epoch ms): the rows of
 * `eventSelect` as arrays, streamed (db `streamArrays`), so a million-row export allocates no
 * row object and no `Date` per row, and holds only the rows about to be written.
 */
export function eventStream(db: Db, q: EventQ, desc: boolean, after: EventTuple | null, limit: number): AsyncIterable<EventTuple> {
  const at = after && { sort: new Date(after[1]), id: Number(after[0]) };
  return streamArrays(db, eventSelect(q, desc, at, limit).compile()) as AsyncIterable<EventTuple>;
}

/** An access-log row (001 §7) in the time zone `tz`: the list's rows and the live stream's. */
export const accessLogRow = (tz: string, r: EventRaw) => ({
  id: Number(r.id),
  communityname: r.community_name ?? '',
  time: formatDateTime(r.time, tz),
  addressName: r.address_text ?? '',
  unlockUserName: r.unlock_user_name,
  type: r.type,
  result: r.result,
  account: r.account,
  CARD_NUM: r.card_num,
  CARD_MODE: r.card_mode,
  reason: r.refusal,
});

export const presentAccessLog = (ctx: AuthCtx, r: EventRaw) => accessLogRow(ctx.config.TZ_NAME, r);

export const presentEntrance = (ctx: AuthCtx, r: EventRaw) => ({
  id: Number(r.id),
  deviceName: r.device_name,
  communityName: r.community_name ?? '',
  account: r.account,
  event: r.type,
  addtime: formatDateTime(r.time, ctx.config.TZ_NAME),
});

export type QrcodeFilters = Filters<'exportQrcodelist'>;

/** Visitor QR records: valid from at or after `validfrom`, valid to at or before `validto`. */
export async function qrcodeQuery(ctx: AuthCtx, f: QrcodeFilters): Promise<QrQ> {
  const d = parseRange(ctx.config.TZ_NAME, { text: f.validfrom, field: 'f.qrValidFrom' }, { text: f.validto, field: 'f.qrValidTo' });
  let q: QrQ = withinScope(ctx.db.selectFrom('visitor_qrcode as q'), await listScope(ctx.db, ctx.caller), 'q.community_id');
  if (f.userRegno) q = q.where('q.user_regno', 'like', likePrefix(f.userRegno));
  if (f.deviceName) q = q.where('q.device_name', 'ilike', likeArg(f.deviceName));
  if (f.communityName) q = q.where('q.community_id', 'in', communitiesNamed(ctx.db, f.communityName));
  return inRange(q, d, 'q.validfrom', 'q.validto');
}

/** QR records after a keyset position (a page or an export batch); `used` counts the opens the door units reported. */
export function qrcodeSelect(q: QrQ, desc: boolean, at: Cursor | null, limit: number, offset = 0) {
  const page = keysetPage(q, { sort: 'q.created_at', id: 'q.id' }, desc, at, limit, offset).select((eb) => [
    'q.id',
    'q.user_regno',
    'q.device_name',
    'q.num_open',
    'q.validfrom',
    'q.validto',
    'q.created_at',
    eb
      .selectFrom('access_event as u')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('u.qr_id', '=', 'q.id')
      .where('u.is_work', '=', false)
      .where('u.result', '=', 0)
      .as('used'),
  ]);
  return withPlaceNames(page, { community: 'q.community_id' });
}
export type QrRaw = RowOf<typeof qrcodeSelect>;

/** Hyphenated dates (001 "Visitor page"); valid from only for roles 2 and below. */
export const presentQrcode = (ctx: AuthCtx, r: QrRaw | StreamedRow<QrRaw>) => {
  const tz = ctx.config.TZ_NAME;
  return {
    id: Number(r.id),
    userRegno: r.user_regno,
    communityName: r.community_name ?? '',
    deviceName: r.device_name,
    numOpen: r.num_open,
    used: Number(r.used ?? 0),
    ...(isAdminLevel(ctx.caller.roleId) ? { validfrom: formatDateTime(r.validfrom, tz, '-') } : {}),
    validto: formatDateTime(r.validto, tz, '-'),
    createTime: formatDateTime(r.created_at, tz, '-'),
  };
};
