import type { Overview } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { isInSync } from '../../devices/sync-state.ts';
import type { AuthCtx } from '../../http/context.ts';
import { listScope, scopeIds } from '../../http/scope.ts';

/** An alarm still wanting attention: an offline unit not back yet, any other alarm not acknowledged. */
const OPEN_ALARM = sql`((a.kind = 'offline' and a.cleared_at is null) or (a.kind <> 'offline' and a.ack_at is null))`;

/** Open alerts in the caller's scope (the header's alarm bell). */
export async function openAlarmCount(ctx: AuthCtx): Promise<number> {
  const scope = await listScope(ctx.db, ctx.caller);
  const where = scope.all ? sql`true` : sql`a.community_id in (${sql.join(scopeIds(scope))})`;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from alarm a where ${where} and ${OPEN_ALARM}`.execute(ctx.db);
  return rows[0]?.n ?? 0;
}

/** Midnight today in the server's zone, as a timestamptz expression. */
const todayStart = (tz: string) => sql<Date>`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;

/**
 * The overview's figures for every community in scope, in one statement: each figure
 * is one grouped aggregate (devices by community_id, pending commands by device via
 * command_device_idx, today's access events via access_event_community_idx, open alarms),
 * joined to the community list — no query per community.
 */
export async function overview(ctx: AuthCtx): Promise<Overview> {
  const scope = await listScope(ctx.db, ctx.caller);
  const inScope = scope.all ? sql`true` : sql`c.id in (${sql.join(scopeIds(scope))})`;
  const since = todayStart(ctx.config.TZ_NAME);
  const { rows } = await sql<{
    id: number;
    name: string;
    online: number;
    total: number;
    in_sync: number;
    opens: number;
    refused: number;
    alarms: number;
  }>`
    with scoped as (select c.id, c.name from community c where ${inScope}),
    units as (
      select d.community_id,
        count(*)::int as total,
        count(*) filter (where d.online)::int as online,
        count(*) filter (where ${isInSync('d.id')})::int as in_sync
      from device d
      where d.address_id is not null and d.community_id in (select id from scoped)
      group by d.community_id),
    today as (
      select e.community_id,
        count(*) filter (where e.result = 0)::int as opens,
        count(*) filter (where e.result <> 0)::int as refused
      from access_event e
      where e.community_id in (select id from scoped) and e.time >= ${since} and e.is_work = false
      group by e.community_id),
    alarms as (
      select a.community_id, count(*)::int as n
      from alarm a
      where a.community_id in (select id from scoped) and ${OPEN_ALARM}
      group by a.community_id)
    select s.id, s.name,
      coalesce(u.online, 0) as online, coalesce(u.total, 0) as total, coalesce(u.in_sync, 0) as in_sync,
      coalesce(t.opens, 0) as opens, coalesce(t.refused, 0) as refused, coalesce(al.n, 0) as alarms
    from scoped s
    left join units u on u.community_id = s.id
    left join today t on t.community_id = s.id
    left join alarms al on al.community_id = s.id
    order by s.name, s.id`.execute(ctx.db);
  const firmware = await sql<{ firmware: string; units: number }>`
    select coalesce(d.firmware, '') as firmware, count(*)::int as units
    from device d
    where d.address_id is not null and ${scope.all ? sql`true` : sql`d.community_id in (${sql.join(scopeIds(scope))})`}
    group by 1 order by 2 desc, 1`.execute(ctx.db);
  return {
    communities: rows.map((r) => ({
      communityId: r.id,
      communityName: r.name,
      unitsOnline: r.online,
      unitsTotal: r.total,
      unitsInSync: r.in_sync,
      syncPercent: r.total ? Math.round((r.in_sync * 1000) / r.total) / 10 : 100,
      opensToday: r.opens,
      refusedToday: r.refused,
      openAlarms: r.alarms,
    })),
    firmware: firmware.rows,
  };
}
