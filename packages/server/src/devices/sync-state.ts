import { CMD_STATUS, PENDING_CMD_STATUSES, type SyncState } from '@gatehouse/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { anyInt } from '../db/sql.ts';
import { formatDateTime } from '../http/dates.ts';

/**
 * What "in sync" means, everywhere (the overview's percentage, the door-unit lists' tags, the
 * device health): a door unit is in sync when none of its commands is pending (not sent, or
 * sent without an answer) and none has failed standing. A failure stands while it is the
 * newest command of its object on that unit: a resend or a later change of the same card,
 * face or file clears it; a failed command without an object (a remote open) stands until
 * it is resent.
 */

/** The command row `c` (an alias) is pending. */
export const isPending = (c: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${c}.status`)} in (${sql.join([...PENDING_CMD_STATUSES])})`;

/** The command row `c` (an alias) failed and no newer command of its object on its unit followed. */
export const isStandingFailure = (
  c: string,
): RawBuilder<boolean> => sql<boolean>`(${sql.ref(`${c}.status`)} = ${CMD_STATUS.failed} and not exists (
  select 1 from command n where n.device_id = ${sql.ref(`${c}.device_id`)} and n.object_key = ${sql.ref(`${c}.object_key`)}
    and ${sql.ref(`${c}.object_key`)} <> '' and n.id > ${sql.ref(`${c}.id`)}))`;

/** The device (a column reference) is in sync: no pending command, no standing failure. */
export const isInSync = (deviceId: string): RawBuilder<boolean> => sql<boolean>`not exists (
  select 1 from command m where m.device_id = ${sql.ref(deviceId)}
    and m.status in (${sql.join([...PENDING_CMD_STATUSES, CMD_STATUS.failed])})
    and (${isPending('m')} or ${isStandingFailure('m')}))`;

/** Pending and standing failed commands per device (as above). */
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
