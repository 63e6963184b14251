import { CMD_STATUS, PENDING_CMD_STATUSES, type SyncState } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { formatDateTime } from '../../http/dates.ts';
import { anyInt } from '../../db/sql.ts';
import { isPending, isStandingFailure } from '../../devices/sync-state.ts';

/** Pending and standing failed commands per device (devices/sync-state.ts says what counts). */
export async function commandCounts(db: Db, deviceIds: number[]): Promise<Map<number, { pending: number; failed: number }>> {
  const out = new Map<number, { pending: number; failed: number }>();
  if (!deviceIds.length) return out;
  const rows = await sql<{ device_id: number; pending: number; failed: number }>`
    select c.device_id,
      count(*) filter (where ${isPending('c')})::int as pending,
      count(*) filter (where ${isStandingFailure('c')})::int as failed
    from command c
    where c.device_id = ${anyInt(deviceIds)} and c.status in (${sql.join([...PENDING_CMD_STATUSES, CMD_STATUS.failed])})
    group by c.device_id`.execute(db);
  for (const r of rows.rows) out.set(r.device_id, { pending: r.pending, failed: r.failed });
  return out;
}

/** Adds the sync state (online, last seen, pending, failed) to rows that carry a device id. */
export async function withSync<T extends { deviceId: number | null; online: boolean | null; lastSeenAt: Date | string | null }>(
  db: Db,
  tz: string,
  rows: T[],
): Promise<(Omit<T, 'lastSeenAt'> & SyncState)[]> {
  const counts = await commandCounts(
    db,
    rows.flatMap((r) => (r.deviceId ? [r.deviceId] : [])),
  );
  return rows.map(({ lastSeenAt, ...r }) => {
    const c = (r.deviceId && counts.get(r.deviceId)) || { pending: 0, failed: 0 };
    return {
      ...r,
      online: r.online === true,
      lastSeen: lastSeenAt ? formatDateTime(lastSeenAt, tz) : null,
      pending: c.pending,
      failed: c.failed,
    };
  });
}
