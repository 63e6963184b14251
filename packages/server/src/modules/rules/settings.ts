import { msg, type RulesSettings } from '@gatehouse/contracts';
import { withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity } from '../../http/scope.ts';
import { MENU } from './common.ts';
import { unitsWithDevice } from '../../devices/door-unit-rows.ts';
import { queueTable } from './tables.ts';

/** getSettings: the community's time zone. */
export async function rulesSettings(ctx: AuthCtx, communityId: number): Promise<RulesSettings> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  const row = await ctx.db.selectFrom('community').select('time_zone').where('id', '=', communityId).executeTakeFirst();
  if (!row) throw notFound();
  return { communityId, timeZone: row.time_zone, doorUnits: (await unitsWithDevice(ctx.db, communityId).execute()).length };
}

/** setTimeZone: the units get the schedule table with the new zone. */
export async function setTimeZone(ctx: AuthCtx, communityId: number, timeZone: string): Promise<RulesSettings> {
  const before = await rulesSettings(ctx, communityId);
  if (before.timeZone === timeZone) return before;
  await withCommands(ctx, async (trx, q) => {
    await trx.updateTable('community').set({ time_zone: timeZone }).where('id', '=', communityId).execute();
    await queueTable(trx, q, communityId, 'schedule');
    await writeOpLog(trx, ctx, {
      menu: MENU,
      content: msg('op.rules.timeZone', { timeZone }),
      communityId,
      before,
      after: { communityId, timeZone },
    });
  });
  return { ...before, timeZone };
}
