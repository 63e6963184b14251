import { bucketCount, parseCalendarDate, type StatPoint, type StatRange, TIME_OPTION, USAGE_KIND } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { AuthCtx } from '../../http/context.ts';
import { parseDateTime } from '../../http/dates.ts';
import { listScope, withinScope } from '../../http/scope.ts';

/** Which usage events a chart counts. */
export type StatKind = 'activity' | 'talk' | 'monitor';

const pad = (n: number) => String(n).padStart(2, '0');
type Ymd = [number, number, number];

/** The calendar date `n` days (or months, at day 1) after a date. */
function shift([y, m, d]: Ymd, n: number, option: StatRange['timeOption']): Ymd {
  const u = option === TIME_OPTION.month ? new Date(Date.UTC(y, m - 1 + n, 1)) : new Date(Date.UTC(y, m - 1, d + n));
  return [u.getUTCFullYear(), u.getUTCMonth() + 1, u.getUTCDate()];
}

const label = ([y, m, d]: Ymd, option: StatRange['timeOption']) =>
  option === TIME_OPTION.month ? `${y}/${pad(m)}` : `${y}/${pad(m)}/${pad(d)}`;

/**
 * The buckets of a range in the server's time zone: their labels, and the instants
 * [from, to) they cover (the first bucket's start to the day or month after the end).
 */
export function buckets(range: StatRange, tz: string): { labels: string[]; from: Date; to: Date } {
  const s = parseCalendarDate(range.start) as Ymd;
  const e = parseCalendarDate(range.end) as Ymd;
  const opt = range.timeOption;
  const first: Ymd = opt === TIME_OPTION.month ? [s[0], s[1], 1] : s;
  const n = bucketCount(s, e, opt);
  const labels = Array.from({ length: n }, (_, i) => label(shift(first, i, opt), opt));
  const after = shift(first, n, opt);
  const from = parseDateTime(`${first[0]}/${pad(first[1])}/${pad(first[2])}`, tz) as Date;
  const to = parseDateTime(`${after[0]}/${pad(after[1])}/${pad(after[2])}`, tz) as Date;
  return { labels, from, to };
}

/**
 * Counts usage events per bucket with SQL (date_trunc in the zone), within the
 * caller's community scope. Every bucket is answered, zero where nothing happened.
 * Activity counts calls and monitor sessions; talk counts calls made (dataY) and
 * answered (dataY2); monitor counts monitor sessions.
 */
export async function statistics(ctx: AuthCtx, range: StatRange, kind: StatKind): Promise<StatPoint[]> {
  const tz = ctx.config.TZ_NAME;
  const { labels, from, to } = buckets(range, tz);
  const unit = range.timeOption === TIME_OPTION.month ? 'month' : 'day';
  const fmt = range.timeOption === TIME_OPTION.month ? 'YYYY/MM' : 'YYYY/MM/DD';
  const kinds: number[] =
    kind === 'activity' ? [USAGE_KIND.call, USAGE_KIND.monitor] : [kind === 'talk' ? USAGE_KIND.call : USAGE_KIND.monitor];
  const scope = await listScope(ctx.db, ctx.caller);
  const bucket = sql<string>`to_char(date_trunc(${sql.lit(unit)}, u.time at time zone ${tz}), ${sql.lit(fmt)})`;
  let q = ctx.db
    .selectFrom('usage_event as u')
    .select([
      bucket.as('x'),
      sql<number>`count(*)::int`.as('y'),
      (kind === 'talk' ? sql<number>`(count(*) filter (where u.answered))::int` : sql<number>`0`).as('y2'),
    ])
    .where('u.kind', 'in', kinds)
    .where('u.time', '>=', from)
    .where('u.time', '<', to);
  q = withinScope(q, scope, 'u.community_id');
  const rows = await q.groupBy(sql`1`).execute();
  const byX = new Map(rows.map((r) => [r.x, r]));
  return labels.map((dataX) => {
    const r = byX.get(dataX);
    return { dataX, dataY: Number(r?.y ?? 0), dataY2: Number(r?.y2 ?? 0) };
  });
}
