import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';

/**
 * The terminals of `ids` this instance polls this round: those no instance asked within the last
 * `periodMs` (their `unit_poll` row moved forward to now, by this instance, in one statement).
 * Several instances on one database then poll each terminal about once a period between them.
 */
export async function claimPolls(db: Db, ids: readonly number[], instance: string, periodMs: number): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ device_id: number }>`
    insert into unit_poll (device_id, polled_at, polled_by)
    select id, now(), ${instance} from unnest(${sql.val([...ids])}::int[]) as t(id)
    on conflict (device_id) do update set polled_at = excluded.polled_at, polled_by = excluded.polled_by
      where unit_poll.polled_at < now() - ${Math.floor(periodMs * 0.9)} * interval '1 millisecond'
    returning device_id`.execute(db);
  return new Set(rows.map((r) => Number(r.device_id)));
}
