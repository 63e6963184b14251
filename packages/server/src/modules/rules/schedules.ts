import {
  ALWAYS_SCHEDULE_ID,
  HOLIDAY_MODE,
  type HolidayMode,
  msg,
  type ParsedInput,
  type ROUTES,
  RULES_LIMITS,
  type ScheduleRow,
} from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { t } from '../../http/i18n.ts';
import { badRequest } from '../../http/errors.ts';
import { assertCommunity, foundInScope } from '../../http/scope.ts';
import { assertBelowLimit, assertNameFree, editedRow, uniqueName } from './common.ts';
import { deleteTableRow, saveTableRow, weekOf } from './tables.ts';

type Save = ParsedInput<typeof ROUTES.rules.saveSchedule>;

const ALL_DAY = ['00:00-24:00'];

/** The built-in "Always" schedule of a community, in the session language. */
const always = (ctx: AuthCtx, communityId: number, groupCount: number): ScheduleRow => ({
  id: ALWAYS_SCHEDULE_ID,
  communityId,
  name: t(ctx.lang, 'rules.always'),
  builtIn: true,
  week: [ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY],
  holidayMode: HOLIDAY_MODE.weekday,
  holidayWeekday: null,
  groupCount,
});

/** getSchedules: "Always" first, then the community's schedules with how many groups use each. */
export async function listSchedules(ctx: AuthCtx, communityId: number): Promise<ScheduleRow[]> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  const rows = await ctx.db
    .selectFrom('access_schedule')
    .select(['id', 'community_id', 'name', 'week', 'holiday_mode', 'holiday_weekday'])
    .where('community_id', '=', communityId)
    .orderBy('name')
    .execute();
  const uses = await ctx.db
    .selectFrom('access_group')
    .select(['schedule_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('community_id', '=', communityId)
    .groupBy('schedule_id')
    .execute();
  const useOf = (id: number | null) => Number(uses.find((u) => u.schedule_id === id)?.n ?? 0);
  return [always(ctx, communityId, useOf(null)), ...rows.map((r) => ({ ...toRow(r), groupCount: useOf(r.id) }))];
}

type Stored = { id: number; community_id: number; name: string; week: string; holiday_mode: number; holiday_weekday: number | null };

const toRow = (r: Stored): Omit<ScheduleRow, 'groupCount'> => ({
  id: r.id,
  communityId: r.community_id,
  name: r.name,
  builtIn: false,
  week: weekOf(r.week),
  holidayMode: r.holiday_mode as HolidayMode,
  holidayWeekday: r.holiday_weekday,
});

async function loadSchedule(ctx: AuthCtx, id: number, db: Kysely<DB> = ctx.db): Promise<Stored> {
  if (id === ALWAYS_SCHEDULE_ID) throw badRequest('rules.alwaysReadOnly');
  const row = await db
    .selectFrom('access_schedule')
    .select(['id', 'community_id', 'name', 'week', 'holiday_mode', 'holiday_weekday'])
    .where('id', '=', id)
    .executeTakeFirst();
  return foundInScope(ctx.db, ctx.caller, row);
}

/**
 * saveSchedule: add (no id) or edit. The community's units get the new schedule table;
 * cards of the groups using it need nothing else (their entries name the schedule id).
 */
export async function saveSchedule(ctx: AuthCtx, i: Save): Promise<ScheduleRow> {
  const before = await editedRow(ctx, i, (id) => loadSchedule(ctx, id));
  await assertNameFree(ctx.db, 'access_schedule', i.communityId, i.name, i.id);
  if (!before)
    await assertBelowLimit(ctx.db, 'access_schedule', i.communityId, RULES_LIMITS.schedulesPerCommunity, 'rules.tooManySchedules');
  const values = {
    name: i.name,
    week: JSON.stringify(i.week),
    holiday_mode: i.holidayMode,
    holiday_weekday: i.holidayMode === HOLIDAY_MODE.weekday ? (i.holidayWeekday ?? null) : null,
  };
  const id = await uniqueName(i.name, () =>
    saveTableRow(
      ctx,
      'schedule',
      i,
      before ? toRow(before) : undefined,
      async (trx) =>
        before
          ? (await trx.updateTable('access_schedule').set(values).where('id', '=', before.id).returning('id').executeTakeFirstOrThrow()).id
          : (
              await trx
                .insertInto('access_schedule')
                .values({ ...values, community_id: i.communityId })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
      (id) => ({
        id,
        communityId: i.communityId,
        name: i.name,
        week: i.week,
        holidayMode: values.holiday_mode,
        holidayWeekday: values.holiday_weekday,
      }),
    ),
  );
  const list = await listSchedules(ctx, i.communityId);
  return list.find((s) => s.id === id) as ScheduleRow;
}

/** deleteSchedule: refused while a group uses it; the units get the table without it. */
export async function deleteSchedule(ctx: AuthCtx, id: number): Promise<void> {
  const s = await loadSchedule(ctx, id);
  const used = await ctx.db
    .selectFrom('access_group')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('schedule_id', '=', id)
    .executeTakeFirstOrThrow();
  if (Number(used.n) > 0) throw badRequest(msg('rules.scheduleInUse', { count: Number(used.n) }));
  await deleteTableRow(ctx, 'schedule', s, toRow(s));
}

/** A schedule a group may use: Always (0) or one of the community's. */
export async function assertScheduleOf(db: Kysely<DB>, communityId: number, scheduleId: number): Promise<void> {
  if (scheduleId === ALWAYS_SCHEDULE_ID) return;
  const row = await db.selectFrom('access_schedule').select('community_id').where('id', '=', scheduleId).executeTakeFirst();
  if (row?.community_id !== communityId) throw badRequest('rules.unknownSchedule');
}
