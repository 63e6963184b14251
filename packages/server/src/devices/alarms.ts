import type { DeviceAlarmType } from '@gatehouse/contracts';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AlarmTable } from '../db/tables/alarm.ts';
import type { AlarmNews } from './news.ts';

/** The door unit an event came from, as events.ts reads it. */
interface EventDevice {
  id: number;
  serial: string;
  addressId: number;
  communityId: number;
  name: string;
}

/** The alarm record of an `alarm` event. */
export const alarmRecord = (dev: EventDevice, e: { eid: string; time: string; alarmType: DeviceAlarmType }): Insertable<AlarmTable> => ({
  device_id: dev.id,
  eid: e.eid.slice(0, 64),
  serial: dev.serial,
  address_id: dev.addressId,
  community_id: dev.communityId,
  device_name: dev.name.slice(0, 100),
  kind: e.alarmType,
  time: new Date(e.time),
});

/** Stores alarms a unit reported; each (device, eid) once, so a unit may re-send safely. */
export async function storeAlarms(db: Db, rows: Insertable<AlarmTable>[]): Promise<AlarmNews[]> {
  if (!rows.length) return [];
  const stored = await db
    .insertInto('alarm')
    .values(rows)
    .onConflict((oc) => oc.columns(['device_id', 'eid']).doNothing())
    .returning(['id', 'device_id', 'community_id', 'kind'])
    .execute();
  return stored.map(alarmNews(true));
}

const alarmNews =
  (open: boolean) =>
  (r: { id: number | string; device_id: number; community_id: number | null; kind: string }): AlarmNews => ({
    id: Number(r.id),
    deviceId: r.device_id,
    communityId: r.community_id,
    kind: r.kind,
    open,
  });

/**
 * A bound unit's status changed: offline opens an "offline" alarm (one open per unit, so
 * the retained status read again after a restart adds nothing); online clears it.
 */
export async function offlineAlarm(db: Db, deviceId: number, online: boolean): Promise<AlarmNews[]> {
  if (online) {
    const cleared = await db
      .updateTable('alarm')
      .set({ cleared_at: sql<Date>`now()` })
      .where('device_id', '=', deviceId)
      .where('kind', '=', 'offline')
      .where('cleared_at', 'is', null)
      .returning(['id', 'device_id', 'community_id', 'kind'])
      .execute();
    return cleared.map(alarmNews(false));
  }
  const opened = await db
    .insertInto('alarm')
    .columns(['device_id', 'serial', 'address_id', 'community_id', 'device_name', 'kind', 'time'])
    .expression(
      db
        .selectFrom('device as d')
        .innerJoin('address as a', 'a.id', 'd.address_id')
        .select([
          'd.id',
          'd.serial',
          'a.id as address_id',
          'a.community_id',
          sql<string>`left(a.name, 100)`.as('device_name'),
          sql<string>`'offline'`.as('kind'),
          sql<Date>`now()`.as('time'),
        ])
        .where('d.id', '=', deviceId),
    )
    .onConflict((oc) => oc.column('device_id').where('kind', '=', 'offline').where('cleared_at', 'is', null).doNothing())
    .returning(['id', 'device_id', 'community_id', 'kind'])
    .execute();
  return opened.map(alarmNews(true));
}
