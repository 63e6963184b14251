import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AlarmNews } from './news.ts';

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
