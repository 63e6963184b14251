import { type attendanceRoutes, type ClockInRow, MAX_DETAIL_DAYS, msg, type Page, type ParsedInput } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime, parseDateTime } from '../../http/dates.ts';
import { badRequest } from '../../http/errors.ts';
import { communityRule } from './rule.ts';
import { likePrefix } from '../../db/sql.ts';
import { computeDay, effectiveRule } from './compute.ts';

type R = typeof attendanceRoutes;
type Day = { y: number; m: number; d: number };

const DAY_MS = 86_400_000;
const dayOf = (text: string): Day => {
  const [y = 0, m = 0, d = 0] = text.slice(0, 10).split(/[/-]/).map(Number);
  return { y, m, d };
};
const utc = (x: Day) => Date.UTC(x.y, x.m - 1, x.d);
const text = (x: Day) => `${x.y}/${String(x.m).padStart(2, '0')}/${String(x.d).padStart(2, '0')}`;
const monthEnd = (x: Day): Day => ({ ...x, d: new Date(Date.UTC(x.y, x.m, 0)).getUTCDate() });

/**
 * The days of the detail: the given start and end dates; a missing start is the first
 * of the end's month, a missing end the last of the start's month; neither: the
 * current month. At most MAX_DETAIL_DAYS days, start not after end (400 otherwise).
 */
export function detailRange(tz: string, start: string | undefined, end: string | undefined, now = new Date()) {
  const bad: string[] = [];
  for (const [v, field] of [
    [start, 'f.att.startDate'],
    [end, 'f.att.endDate'],
  ] as const) {
    if (v && !parseDateTime(v.slice(0, 10), tz)) bad.push(msg('v.invalid', { field: `@${field}` }));
  }
  if (bad.length) throw badRequest(...bad);
  const today = dayOf(formatDateTime(now, tz));
  const from = start ? dayOf(start) : end ? { ...dayOf(end), d: 1 } : { ...today, d: 1 };
  const to = end ? dayOf(end) : monthEnd(start ? from : today);
  if (utc(to) < utc(from)) throw badRequest('att.dateOrder');
  if ((utc(to) - utc(from)) / DAY_MS + 1 > MAX_DETAIL_DAYS) throw badRequest(msg('att.rangeTooLong', { max: MAX_DETAIL_DAYS }));
  return { from: parseDateTime(text(from), tz) as Date, to: parseDateTime(text(to), tz, true) as Date };
}

const SORTERS: Record<string, (a: ClockInRow, b: ClockInRow) => number> = {
  datetime: (a, b) => a.datetime.localeCompare(b.datetime),
  account: (a, b) => a.account.localeCompare(b.account),
  userName: (a, b) => a.userName.localeCompare(b.userName),
};

/**
 * getAccessWorklistByPage: one row per person and day with punches at the company,
 * computed from the punches (access_event, is_work) and the company's rule. Days
 * without any punch are not listed (there is no roster of who should have worked).
 * The range is bounded (a month), so the day groups are computed and filtered in
 * memory, then paged.
 */
export async function worklist(ctx: AuthCtx, i: ParsedInput<R['getAccessWorklistByPage']>): Promise<Page<ClockInRow>> {
  const rule = effectiveRule(await communityRule(ctx, i.communityId));
  const tz = ctx.config.TZ_NAME;
  const { from, to } = detailRange(tz, i.starttime, i.endtime);
  const local = sql`(e.time at time zone ${tz})`;
  let q = ctx.db
    .selectFrom('access_event as e')
    .where('e.is_work', '=', true)
    .where('e.community_id', '=', i.communityId)
    .where('e.time', '>=', from)
    .where('e.time', '<=', to);
  if (i.account) q = q.where('e.account', 'like', likePrefix(i.account));
  if (i.weektime !== undefined) q = q.where(sql<number>`extract(dow from ${local})::int`, '=', i.weektime);
  const groups = await q
    .select((eb) => [
      'e.account',
      sql<string>`to_char(${local}, 'YYYY/MM/DD')`.as('day'),
      sql<number>`extract(dow from min(${local}))::int`.as('dow'),
      sql<string>`string_agg(to_char(${local}, 'HH24:MI:SS'), ',' order by e.time)`.as('times'),
      sql<string>`coalesce(nullif(max(e.unlock_user_name), ''), (${eb
        .selectFrom('account as a')
        .select('a.name')
        .whereRef('a.reg_no', '=', 'e.account')
        .limit(1)}), '')`.as('name'),
    ])
    .groupBy(sql`1, 2`)
    .execute();

  const name = i.userName?.toLowerCase();
  let rows: ClockInRow[] = groups.map((g) => ({
    userName: g.name,
    account: g.account,
    datetime: g.day,
    weektime: Number(g.dow),
    ...computeDay(g.times.split(','), rule),
  }));
  if (name) rows = rows.filter((r) => r.userName.toLowerCase().includes(name));
  if (i.status !== undefined) rows = rows.filter((r) => r.status === i.status);
  const by = SORTERS[i.sort ?? 'datetime'] ?? SORTERS.datetime;
  const dir = (i.order ?? (i.sort ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  rows.sort((a, b) => dir * (by?.(a, b) ?? 0) || a.datetime.localeCompare(b.datetime) || a.account.localeCompare(b.account));
  return { total: rows.length, rows: rows.slice(i.page * i.rows, (i.page + 1) * i.rows) };
}
