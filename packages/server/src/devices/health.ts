import { heartbeatMessage } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { offlineAlarm } from './alarms.ts';
import type { AlarmNews, News } from './news.ts';

/** Advisory lock key of the silence check (one instance at a time on PostgreSQL). */
const SILENCE_LOCK = 0x73696c6e; // 'siln'

/**
 * A unit's heartbeat (docs/device-protocol.md "Heartbeat"): stores firmware, uptime and
 * free storage and marks it seen. A unit that was taken as offline (silent, or its last
 * will) is online again: news tells it and its "offline" alarm is cleared.
 */
export async function recordHeartbeat(db: Db, news: News | undefined, serial: string, body: unknown): Promise<void> {
  const parsed = heartbeatMessage.safeParse(body);
  if (!parsed.success) return;
  const h = parsed.data;
  const { rows } = await sql<{
    id: number;
    address_id: number | null;
    community_id: number | null;
    was: boolean;
    firmware_was: string | null;
  }>`
    update device d set online = true, last_seen_at = now(), heartbeat_at = now(),
      firmware = ${h.firmware}, uptime_s = ${h.uptimeS}, free_storage = ${h.freeStorageBytes}
    from (select id, online, firmware from device where serial = ${serial}) o
    where d.id = o.id
    returning d.id, d.address_id, (select community_id from address where id = d.address_id) as community_id,
      o.online as was, o.firmware as firmware_was`.execute(db);
  const row = rows[0];
  if (!row) return;
  if (!row.was || row.firmware_was !== h.firmware) {
    news?.emit('device', { deviceId: row.id, serial, communityId: row.community_id, online: true, firmware: h.firmware });
  }
  if (!row.was && row.address_id) news?.emit('alarm', await offlineAlarm(db, row.id, true));
}

/**
 * Bound units silent longer than `afterMs` (no heartbeat, status or event) are taken as
 * offline: online = false and an "offline" alarm, told to news. On PostgreSQL one
 * instance at a time does it (pg_try_advisory_xact_lock); the others skip the round.
 * Answers how many units went silent.
 */
export async function checkSilence(db: Db, kind: 'pglite' | 'postgres', news: News | undefined, afterMs: number): Promise<number> {
  const silent = await db.transaction().execute(async (trx) => {
    if (kind === 'postgres') {
      const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${SILENCE_LOCK}) as ok`.execute(trx);
      if (!rows[0]?.ok) return [];
    }
    const units = await trx
      .updateTable('device')
      .set({ online: false })
      .where('online', '=', true)
      .where('address_id', 'is not', null)
      .where((eb) =>
        eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', sql<Date>`now() - make_interval(secs => ${afterMs / 1000})`)]),
      )
      .returning([
        'id',
        'serial',
        'firmware',
        sql<number | null>`(select community_id from address where id = device.address_id)`.as('community_id'),
      ])
      .execute();
    const alarms: AlarmNews[] = [];
    for (const u of units) alarms.push(...(await offlineAlarm(trx, u.id, false)));
    return units.map((u) => ({ u, alarms: alarms.filter((a) => a.deviceId === u.id) }));
  });
  for (const { u, alarms } of silent) {
    news?.emit('device', {
      deviceId: u.id,
      serial: u.serial,
      communityId: u.community_id,
      online: false,
      firmware: u.firmware ?? undefined,
    });
    news?.emit('alarm', alarms);
  }
  return silent.length;
}

/** Runs the silence check periodically (a quarter of the silence limit, between 0.5 s and 60 s). */
export function startSilenceWatch(
  db: Db,
  kind: 'pglite' | 'postgres',
  news: News,
  afterMs: number,
  onError: (e: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const every = Math.min(60_000, Math.max(500, afterMs / 4));
  const timer = setInterval(() => {
    running = running.then(() => checkSilence(db, kind, news, afterMs)).catch(onError);
  }, every);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
