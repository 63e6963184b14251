import { CMD_KIND, type HolidayMode, msg, type ScheduleEntry } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { type CommandQueue, withCommands } from '../../devices/commands.ts';
import { command, type NewCommand } from '../../devices/new-command.ts';
import type { DesiredSource } from '../../devices/desired.ts';
import type { AuthCtx } from '../../http/context.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { unitsWithDevice } from '../../devices/door-unit-rows.ts';
import { groupCardPutCommand } from '../holder/cards.ts';
import { MENU } from './common.ts';
import { schedulesByHolder } from '../holder/reach.ts';
import { groupTableCommand } from './lifts.ts';

/** The stored week of a schedule (JSON of 7 lists); a broken value reads as closed every day. */
export function weekOf(text: string): string[][] {
  try {
    const w = JSON.parse(text) as unknown;
    if (Array.isArray(w) && w.length === 7 && w.every((d) => Array.isArray(d))) return w as string[][];
  } catch {
    // fall through
  }
  return [[], [], [], [], [], [], []];
}

export async function schedulesOf(db: Kysely<DB>, communityId: number): Promise<ScheduleEntry[]> {
  const rows = await db
    .selectFrom('access_schedule')
    .select(['id', 'name', 'week', 'holiday_mode', 'holiday_weekday'])
    .where('community_id', '=', communityId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    week: weekOf(r.week),
    holidayMode: r.holiday_mode as HolidayMode,
    holidayWeekday: r.holiday_weekday,
  }));
}

/** schedule.table: every schedule of the community and its time zone. */
export async function scheduleTableCommand(db: Kysely<DB>, communityId: number): Promise<NewCommand> {
  const c = await db.selectFrom('community').select('time_zone').where('id', '=', communityId).executeTakeFirst();
  return command(
    CMD_KIND.scheduleTable,
    { timeZone: c?.time_zone ?? 'Asia/Shanghai', schedules: await schedulesOf(db, communityId) },
    { objectKey: 'schedule.table' },
  );
}

/** holiday.table: every holiday of the community. */
export async function holidayTableCommand(db: Kysely<DB>, communityId: number): Promise<NewCommand> {
  const rows = await db
    .selectFrom('access_holiday')
    .select(['name', 'date_from', 'date_to'])
    .where('community_id', '=', communityId)
    .orderBy('date_from')
    .orderBy('id')
    .execute();
  return command(
    CMD_KIND.holidayTable,
    { holidays: rows.map((r) => ({ name: r.name, from: r.date_from, to: r.date_to })) },
    { objectKey: 'holiday.table' },
  );
}

/** Queues a table to every door unit of the community (the newest supersedes older pending ones). */
export async function queueTable(trx: Kysely<DB>, q: CommandQueue, communityId: number, which: 'schedule' | 'holiday'): Promise<number> {
  const units = (await unitsWithDevice(trx, communityId).execute()).map((r) => r.id);
  if (!units.length) return 0;
  const cmd = which === 'schedule' ? await scheduleTableCommand(trx, communityId) : await holidayTableCommand(trx, communityId);
  return q.add(units, [cmd]);
}

/**
 * A door unit's access-rule parts (activation, resync): the schedule, holiday and group tables,
 * then every enabled card that reaches it through groups only (its own entries come from the card area).
 */
export const rulesOfUnit: DesiredSource = async (db, door) => {
  const rows = await db
    .selectFrom('access_group_unit as gu')
    .innerJoin('access_group as g', 'g.id', 'gu.group_id')
    .innerJoin('access_group_card as gc', 'gc.group_id', 'g.id')
    .innerJoin('card as c', 'c.id', 'gc.card_id')
    .select(['c.id', 'c.card_no', 'c.account', 'c.user_name', 'c.card_mode', 'c.card_type', 'c.status', 'g.schedule_id'])
    .where('gu.address_id', '=', door.addressId)
    .where('c.status', '=', 'enable')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('card_gate as cg').select('cg.id').whereRef('cg.card_id', '=', 'c.id').where('cg.gate_id', '=', door.addressId)),
      ),
    )
    .orderBy('c.id')
    .execute();
  return [
    await scheduleTableCommand(db, door.communityId),
    await holidayTableCommand(db, door.communityId),
    await groupTableCommand(db, door.addressId),
    ...schedulesByHolder(rows, (r) => r.id).map((e) => groupCardPutCommand(e.holder, e.schedules)),
  ];
};

const SAVED = {
  schedule: { add: 'op.rules.schedule.add', edit: 'op.rules.schedule.edit' },
  holiday: { add: 'op.rules.holiday.add', edit: 'op.rules.holiday.edit' },
} as const;

/**
 * Adds (no `before`) or edits a schedule or holiday: `write` saves it and answers the saved row;
 * the community's units get the new table; the op log holds `before` and `after(row)`.
 */
export async function saveTableRow<T>(
  ctx: AuthCtx,
  which: 'schedule' | 'holiday',
  i: { communityId: number; name: string },
  before: unknown,
  write: (trx: Kysely<DB>) => Promise<T>,
  after: (row: T) => unknown,
): Promise<T> {
  return withCommands(ctx, async (trx, q) => {
    const row = await write(trx);
    await queueTable(trx, q, i.communityId, which);
    await writeOpLog(trx, ctx, {
      menu: MENU,
      content: msg(SAVED[which][before ? 'edit' : 'add'], { name: i.name }),
      communityId: i.communityId,
      before,
      after: after(row),
    });
    return row;
  });
}

/** Deletes a holiday or a schedule (op log `before`: its row as listed); the community's units get the new table. */
export async function deleteTableRow(
  ctx: AuthCtx,
  which: 'schedule' | 'holiday',
  row: { id: number; community_id: number; name: string },
  before: unknown,
): Promise<void> {
  await withCommands(ctx, async (trx, q) => {
    await trx
      .deleteFrom(which === 'holiday' ? 'access_holiday' : 'access_schedule')
      .where('id', '=', row.id)
      .execute();
    await queueTable(trx, q, row.community_id, which);
    await writeOpLog(trx, ctx, {
      menu: MENU,
      content: msg(which === 'holiday' ? 'op.rules.holiday.delete' : 'op.rules.schedule.delete', { name: row.name }),
      communityId: row.community_id,
      before,
    });
  });
}
