import { holidayImportRow, type HolidayRow, type ParsedInput, type ROUTES, RULES_LIMITS, type ImportReport } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import { CommandQueue } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { assertCommunity, foundInScope } from '../../http/scope.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { runImport, sendTemplate } from '../../xlsx/import-runner.ts';
import { importColumns } from '../../xlsx/columns.ts';
import { assertBelowLimit, editedRow, MENU } from './common.ts';
import { deleteTableRow, queueTable, saveTableRow } from './tables.ts';

type Save = ParsedInput<typeof ROUTES.rules.saveHoliday>;
type Stored = { id: number; community_id: number; name: string; date_from: string; date_to: string };

/** Import-history message type of holidays (MESSAGE_TYPES: 5). */
const MESSAGE_TYPE_HOLIDAY = 5;

const toRow = (r: Stored): HolidayRow => ({
  id: r.id,
  communityId: r.community_id,
  name: r.name,
  datefrom: r.date_from,
  dateto: r.date_to,
});
const COLUMNS = ['id', 'community_id', 'name', 'date_from', 'date_to'] as const;

/** getHolidays: the community's holidays by first day. */
export async function listHolidays(ctx: AuthCtx, communityId: number): Promise<HolidayRow[]> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  const rows = await ctx.db
    .selectFrom('access_holiday')
    .select(COLUMNS)
    .where('community_id', '=', communityId)
    .orderBy('date_from')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

async function loadHoliday(ctx: AuthCtx, id: number): Promise<Stored> {
  return foundInScope(
    ctx.db,
    ctx.caller,
    await ctx.db.selectFrom('access_holiday').select(COLUMNS).where('id', '=', id).executeTakeFirst(),
  );
}

/** saveHoliday: add (no id) or edit; the community's units get the new holiday table. */
export async function saveHoliday(ctx: AuthCtx, i: Save): Promise<HolidayRow> {
  const before = await editedRow(ctx, i, (id) => loadHoliday(ctx, id));
  if (!before) await assertBelowLimit(ctx.db, 'access_holiday', i.communityId, RULES_LIMITS.holidaysPerCommunity, 'rules.tooManyHolidays');
  const values = { name: i.name, date_from: i.datefrom, date_to: i.dateto };
  const row = await saveTableRow(
    ctx,
    'holiday',
    i,
    before ? toRow(before) : undefined,
    (trx) =>
      before
        ? trx.updateTable('access_holiday').set(values).where('id', '=', before.id).returning(COLUMNS).executeTakeFirstOrThrow()
        : trx
            .insertInto('access_holiday')
            .values({ ...values, community_id: i.communityId })
            .returning(COLUMNS)
            .executeTakeFirstOrThrow(),
    toRow,
  );
  return toRow(row);
}

export async function deleteHoliday(ctx: AuthCtx, id: number): Promise<void> {
  const h = await loadHoliday(ctx, id);
  await deleteTableRow(ctx, 'holiday', h, toRow(h));
}

export const HOLIDAY_COLUMNS_XLSX = importColumns('rules.col', ['name', 'datefrom', 'dateto']);

/** The holiday template: the column headers in the session language. */
export async function holidayTemplate(ctx: AuthCtx, reply: FastifyReply): Promise<void> {
  await sendTemplate(ctx, reply, 'rules.sheet.holidays', HOLIDAY_COLUMNS_XLSX);
}

/** importHolidays: every row checked like the dialog; all rows or none; the units get the new table. */
export async function importHolidays(
  ctx: AuthCtx,
  communityId: number,
  file: UploadedFile | undefined,
  progressId: string | undefined,
): Promise<ImportReport> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  let queue: CommandQueue | undefined;
  const report = await runImport(ctx, {
    file,
    columns: HOLIDAY_COLUMNS_XLSX,
    rowSchema: holidayImportRow,
    messageType: MESSAGE_TYPE_HOLIDAY,
    communityId,
    menu: MENU,
    title: 'rules.import.title',
    progressId,
    apply: async (rows, trx) => {
      await assertBelowLimit(trx, 'access_holiday', communityId, RULES_LIMITS.holidaysPerCommunity, 'rules.tooManyHolidays', rows.length);
      await trx
        .insertInto('access_holiday')
        .values(rows.map((r) => ({ community_id: communityId, name: r.name, date_from: r.datefrom, date_to: r.dateto })))
        .execute();
      queue = new CommandQueue(trx, ctx.doors);
      await queueTable(trx, queue, communityId, 'holiday');
    },
  });
  if (report.imported && queue?.deviceIds.size) ctx.devices.dispatch(queue.deviceIds);
  return report;
}
