import { eventMessage, USAGE_KIND } from '@gatehouse/contracts';
import { type Insertable, sql } from 'kysely';
import { anyText } from '../db/sql.ts';
import type { Db } from '../db/index.ts';
import type { AlarmTable } from '../db/tables/alarm.ts';
import type { AccessEventTable, UsageEventTable } from '../db/tables/devices.ts';
import { alarmRecord, storeAlarms } from './alarms.ts';
import type { AccessNews, AlarmNews } from './news.ts';
import { insertAccessEvents, insertUsageEvents } from './event-insert.ts';

export interface RawEvent {
  serial: string;
  body: Record<string, unknown>;
}

/**
 * Stores device events: access and punch events in access_event (the access log,
 * entrance report and punch records), calls and monitor sessions in usage_event,
 * alarms in alarm (the alarm records). Each
 * (device, eid) is kept once, so a device may re-send events safely. Events of
 * serials that are not bound to a door unit are dropped, and so are events the
 * `eventMessage` schema refuses (no kind, eid or time). Answers the access events and
 * alarms newly stored (not those a unit sent again).
 *
 * Two round trips a batch: the devices are read (and those in `touch` marked as seen, in
 * the same statement), then the events are written (one statement a kind present).
 */
export async function storeEvents(
  db: Db,
  events: RawEvent[],
  touch: readonly string[] = [],
): Promise<{ access: AccessNews[]; alarms: AlarmNews[] }> {
  const serials = [...new Set(events.map((e) => e.serial))];
  const seen = touch.length
    ? sql`with seen as (update device set last_seen_at = now() where serial = ${anyText(touch)} returning id) `
    : sql``;
  const { rows: devices } = await sql<{ id: number; serial: string; addressId: number; communityId: number; name: string }>`${seen}
    select d.id, d.serial, a.id as "addressId", a.community_id as "communityId", a.name
    from device d join address a on a.id = d.address_id
    where d.serial = ${anyText(serials)}`.execute(db);
  const bySerial = new Map(devices.map((d) => [d.serial, d]));
  const access: Insertable<AccessEventTable>[] = [];
  const usage: Insertable<UsageEventTable>[] = [];
  const alarms: Insertable<AlarmTable>[] = [];
  for (const { serial, body } of events) {
    const dev = bySerial.get(serial);
    const read = eventMessage.safeParse(body);
    if (!dev || !read.success) continue;
    const e = read.data;
    if (e.kind === 'alarm') {
      alarms.push(alarmRecord(dev, e));
      continue;
    }
    const base = {
      device_id: dev.id,
      eid: e.eid.slice(0, 64),
      address_id: dev.addressId,
      community_id: dev.communityId,
      time: new Date(e.time),
    };
    if (e.kind === 'access' || e.kind === 'punch') {
      access.push({
        ...base,
        device_name: dev.name.slice(0, 100),
        type: e.type,
        result: e.kind === 'punch' ? 0 : e.result,
        account: e.account.slice(0, 20),
        unlock_user_name: e.userName.slice(0, 50),
        card_num: e.cardNum.slice(0, 20),
        card_mode: e.cardMode,
        qr_id: e.qrId,
        is_work: e.kind === 'punch',
        refusal: e.kind === 'access' ? (e.reason ?? '') : '',
      });
    } else {
      usage.push({
        ...base,
        kind: e.kind === 'call' ? USAGE_KIND.call : USAGE_KIND.monitor,
        account: e.account.slice(0, 20),
        call_code: e.callCode.slice(0, 20),
        answered: e.answered,
        duration_sec: e.durationSec,
      });
    }
  }
  const stored = await insertAccessEvents(db, access);
  await insertUsageEvents(db, usage);
  return {
    access: stored.map((r) => ({
      id: Number(r.id),
      deviceId: r.device_id,
      communityId: r.community_id,
      addressId: r.address_id,
      time: new Date(r.time),
      type: r.type,
      result: r.result,
      account: r.account,
      userName: r.unlock_user_name,
      cardNum: r.card_num,
      isWork: r.is_work,
    })),
    alarms: await storeAlarms(db, alarms),
  };
}
