import { eventMessage, USAGE_KIND } from '@gatehouse/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { anyText } from '../db/sql.ts';
import type { AlarmNews, StoredAccessEvent } from './news.ts';

export interface RawEvent {
  serial: string;
  body: Record<string, unknown>;
}

/** One array per column, in the order of `rows` (a statement's `unnest` source). */
const columns = <R>(rows: R[]) => ({ of: <T>(f: (r: R) => T): T[] => rows.map(f) });

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * Stores device events: access and punch events in access_event (the access log,
 * entrance report and punch records), calls and monitor sessions in usage_event,
 * alarms in alarm (the alarm records). Each is kept once (an access event by (device,
 * eid, time), the others by (device, eid): access_event is partitioned by month of the
 * event's time, docs/device-protocol.md §7), so a device may re-send events safely.
 * Events of serials that are not bound to a door unit are dropped, and so are events the
 * `eventMessage` schema refuses (no kind, eid or time). Answers the access events (with
 * the names the access log shows) and alarms newly stored (not those a unit sent again).
 *
 * One round trip a batch (issue 32): one statement marks the units in `touch` as seen,
 * reads the units the events came from, writes every kind of event from that read and
 * answers what was newly stored. Each kind is one `insert … select from unnest(<one array
 * per column>)`: a fixed number of parameters whatever the row count.
 */
export async function storeEvents(
  db: Db,
  events: RawEvent[],
  touch: readonly string[] = [],
): Promise<{ access: StoredAccessEvent[]; alarms: AlarmNews[] }> {
  const access = [];
  const usage = [];
  const alarms = [];
  for (const { serial, body } of events) {
    const read = eventMessage.safeParse(body);
    if (!read.success) continue;
    const e = read.data;
    const head = { serial, eid: e.eid.slice(0, 64), time: new Date(e.time).toISOString() };
    if (e.kind === 'alarm') alarms.push({ ...head, kind: e.alarmType });
    else if (e.kind === 'access' || e.kind === 'punch')
      access.push({
        ...head,
        type: e.type,
        result: e.kind === 'punch' ? 0 : e.result,
        account: e.account.slice(0, 20),
        userName: e.userName.slice(0, 50),
        cardNum: e.cardNum.slice(0, 20),
        cardMode: e.cardMode,
        qrId: e.qrId == null ? null : Number(e.qrId),
        isWork: e.kind === 'punch',
        refusal: e.kind === 'access' ? (e.reason ?? '') : '',
      });
    else
      usage.push({
        ...head,
        kind: e.kind === 'call' ? USAGE_KIND.call : USAGE_KIND.monitor,
        account: e.account.slice(0, 20),
        callCode: e.callCode.slice(0, 20),
        answered: e.answered,
        durationSec: e.durationSec,
      });
  }
  if (!access.length && !usage.length && !alarms.length && !touch.length) return { access: [], alarms: [] };

  const ctes: RawBuilder<unknown>[] = [];
  if (touch.length) ctes.push(sql`seen as (update device set last_seen_at = now() where serial = ${anyText(touch)} returning id)`);
  // The units the events came from (bound to a door unit), with the names the access log shows.
  ctes.push(sql`dev as (
    select d.id, d.serial, a.id as address_id, a.community_id, left(a.name, 100) as name, a.address, c.name as community_name
    from device d join address a on a.id = d.address_id left join community c on c.id = a.community_id
    where d.serial = ${anyText([...new Set(events.map((e) => e.serial))])})`);
  const a = columns(access);
  ctes.push(sql`acc as (
    insert into access_event (device_id, eid, address_id, community_id, time, device_name, type, result,
                              account, unlock_user_name, card_num, card_mode, qr_id, is_work, refusal)
    select dev.id, u.eid, dev.address_id, dev.community_id, u.time, dev.name, u.type, u.result,
           u.account, u.unlock_user_name, u.card_num, u.card_mode, u.qr_id, u.is_work, u.refusal
    from unnest(
      ${a.of((r) => r.serial)}::text[], ${a.of((r) => r.eid)}::text[], ${a.of((r) => r.time)}::timestamptz[],
      ${a.of((r) => r.type)}::smallint[], ${a.of((r) => r.result)}::smallint[], ${a.of((r) => r.account)}::text[],
      ${a.of((r) => r.userName)}::text[], ${a.of((r) => r.cardNum)}::text[], ${a.of((r) => r.cardMode)}::smallint[],
      ${a.of((r) => r.qrId)}::bigint[], ${a.of((r) => r.isWork)}::boolean[], ${a.of((r) => r.refusal)}::text[]
    ) with ordinality as u(serial, eid, time, type, result, account, unlock_user_name, card_num, card_mode, qr_id, is_work, refusal, n)
    join dev on dev.serial = u.serial
    order by u.n
    on conflict (device_id, eid, time) do nothing
    returning id, device_id, community_id, address_id, time, type, result, account, unlock_user_name, card_num, card_mode,
              device_name, refusal, is_work)`);
  if (usage.length) {
    const u = columns(usage);
    ctes.push(sql`usg as (
      insert into usage_event (device_id, eid, address_id, community_id, time, kind, account, call_code, answered, duration_sec)
      select dev.id, u.eid, dev.address_id, dev.community_id, u.time, u.kind, u.account, u.call_code, u.answered, u.duration_sec
      from unnest(
        ${u.of((r) => r.serial)}::text[], ${u.of((r) => r.eid)}::text[], ${u.of((r) => r.time)}::timestamptz[],
        ${u.of((r) => r.kind)}::smallint[], ${u.of((r) => r.account)}::text[], ${u.of((r) => r.callCode)}::text[],
        ${u.of((r) => r.answered)}::boolean[], ${u.of((r) => r.durationSec)}::int[]
      ) with ordinality as u(serial, eid, time, kind, account, call_code, answered, duration_sec, n)
      join dev on dev.serial = u.serial
      order by u.n
      on conflict (device_id, eid) do nothing
      returning id)`);
  }
  const l = columns(alarms);
  ctes.push(sql`alm as (
    insert into alarm (device_id, eid, serial, address_id, community_id, device_name, kind, time)
    select dev.id, u.eid, dev.serial, dev.address_id, dev.community_id, dev.name, u.kind, u.time
    from unnest(${l.of((r) => r.serial)}::text[], ${l.of((r) => r.eid)}::text[], ${l.of((r) => r.kind)}::text[],
                ${l.of((r) => r.time)}::timestamptz[]) with ordinality as u(serial, eid, kind, time, n)
    join dev on dev.serial = u.serial
    order by u.n
    on conflict (device_id, eid) do nothing
    returning id, device_id, community_id, kind)`);
  const { rows } = await sql<{ access: unknown; alarms: unknown }>`
    with ${sql.join(ctes)}
    select
      coalesce((select json_agg(x order by x.id) from (
        select acc.*, dev.community_name, dev.address as address_text from acc join dev on dev.id = acc.device_id) x), '[]') as access,
      coalesce((select json_agg(alm order by alm.id) from alm), '[]') as alarms`.execute(db);
  const row = rows[0];
  type Stored = Omit<StoredAccessEvent, 'time' | 'id'> & { id: number | string; time: string };
  type Alarm = { id: number | string; device_id: number; community_id: number | null; kind: string };
  return {
    access: json<Stored[]>(row?.access ?? '[]').map((r) => ({ ...r, id: Number(r.id), time: new Date(r.time) })),
    alarms: json<Alarm[]>(row?.alarms ?? '[]').map((r) => ({
      id: Number(r.id),
      deviceId: r.device_id,
      communityId: r.community_id,
      kind: r.kind,
      open: true,
    })),
  };
}
