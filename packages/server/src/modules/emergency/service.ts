import {
  ADDRESS_TYPE,
  CMD_KIND,
  COMMAND_PRIORITY,
  EMERGENCY_MODE,
  type EmergencyMode,
  type EmergencyModePayload,
  type EmergencyRow,
  LOCKDOWN_ROLES,
  msg,
  ROLE,
  type SettableEmergencyMode,
} from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { command, type NewCommand, withCommands } from '../../devices/commands.ts';
import type { DesiredSource } from '../../devices/desired.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { inScope, scopeOf } from '../../http/scope.ts';
import { enqueueWebhooks } from '../webhook/outbox.ts';

interface ModeRow {
  id: number;
  community_id: number;
  address_id: number | null;
  mode: string;
  reason: string;
  set_at: Date;
}

/**
 * Accounts whose cards and faces still open a community's units in lockdown ("administrator
 * cards", docs/live-operations.md): system administrators, and the property supervisors and
 * staff who manage the community.
 */
async function lockdownAccounts(db: Kysely<DB>, communityId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('account as a')
    .select('a.reg_no')
    .where('a.role_id', 'in', [...LOCKDOWN_ROLES])
    .where((eb) =>
      eb.or([
        eb('a.role_id', 'in', [ROLE.superAdmin, ROLE.admin]),
        eb.exists(
          eb
            .selectFrom('account_community as ac')
            .select(sql<number>`1`.as('x'))
            .whereRef('ac.account_id', '=', 'a.id')
            .where('ac.community_id', '=', communityId),
        ),
      ]),
    )
    .orderBy('a.reg_no')
    .execute();
  return rows.map((r) => r.reg_no);
}

/** The `emergency.mode` command for the units of a community. */
async function modeCommand(db: Kysely<DB>, communityId: number, mode: EmergencyMode, reason: string, since: Date): Promise<NewCommand> {
  const payload: EmergencyModePayload = {
    mode,
    reason,
    allow: mode === EMERGENCY_MODE.lockdown ? await lockdownAccounts(db, communityId) : [],
    since: since.toISOString(),
  };
  return command(CMD_KIND.emergencyMode, payload, { objectKey: 'emergency', priority: COMMAND_PRIORITY.emergency });
}

const activeRows = (db: Kysely<DB>) =>
  db.selectFrom('emergency_mode').select(['id', 'community_id', 'address_id', 'mode', 'reason', 'set_at']).where('lifted_at', 'is', null);

/** Door units of a community that have a device and no mode of their own in force. */
async function unitsFollowingCommunity(trx: Kysely<DB>, communityId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('address as a')
    .innerJoin('device as d', 'd.address_id', 'a.id')
    .select('a.id')
    .where('a.community_id', '=', communityId)
    .where('a.type', '=', ADDRESS_TYPE.doorUnit)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('emergency_mode as e')
            .select(sql<number>`1`.as('x'))
            .whereRef('e.address_id', '=', 'a.id')
            .where('e.lifted_at', 'is', null),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** A unit's mode in force: its own, else its community's, else none. */
export const emergencySource: DesiredSource = async (db, door) => {
  const rows = await activeRows(db)
    .where('community_id', '=', door.communityId)
    .where((eb) => eb.or([eb('address_id', 'is', null), eb('address_id', '=', door.addressId)]))
    .execute();
  const row = rows.find((r) => r.address_id === door.addressId) ?? rows[0];
  return row ? [await modeCommand(db, door.communityId, row.mode as EmergencyMode, row.reason, row.set_at)] : [];
};

async function targetText(
  db: Kysely<DB>,
  communityId: number,
  addressId: number | null,
): Promise<{ community: string; address: string; target: string }> {
  const c = await db.selectFrom('community').select('name').where('id', '=', communityId).executeTakeFirst();
  const a = addressId ? await db.selectFrom('address').select('address').where('id', '=', addressId).executeTakeFirst() : undefined;
  const community = c?.name ?? '';
  const address = a?.address ?? '';
  return { community, address, target: addressId ? address : '@emergency.wholeCommunity' };
}

async function presentRow(db: Kysely<DB>, id: number, tz: string): Promise<EmergencyRow> {
  return (await activeModes(db, { all: true }, tz, id))[0] as EmergencyRow;
}

/** The modes in force in a scope (the banner), newest first. */
export async function activeModes(
  db: Kysely<DB>,
  scope: { all: true } | { all: false; ids: number[] },
  tz: string,
  id?: number,
): Promise<EmergencyRow[]> {
  let q = db
    .selectFrom('emergency_mode as e')
    .innerJoin('community as c', 'c.id', 'e.community_id')
    .leftJoin('address as a', 'a.id', 'e.address_id')
    .select([
      'e.id',
      'e.community_id',
      'c.name as community_name',
      'e.address_id',
      'a.address',
      'e.mode',
      'e.reason',
      'e.set_regno',
      'e.set_at',
    ])
    .where('e.lifted_at', 'is', null)
    .orderBy('e.id', 'desc');
  if (!scope.all) q = q.where('e.community_id', 'in', scope.ids.length ? scope.ids : [-1]);
  if (id !== undefined) q = q.where('e.id', '=', id);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    communityId: r.community_id,
    communityName: r.community_name,
    addressId: r.address_id,
    address: r.address ?? '',
    mode: r.mode as SettableEmergencyMode,
    reason: r.reason,
    setBy: r.set_regno,
    setAt: formatDateTime(r.set_at, tz),
  }));
}

/** Refuses an address of another community (403), a missing one (404), one that is not a door unit of the community (400). */
async function checkDoorUnit(ctx: AuthCtx, communityId: number, addressId: number): Promise<void> {
  const a = await ctx.db.selectFrom('address').select(['community_id', 'type']).where('id', '=', addressId).executeTakeFirst();
  if (!a) throw notFound();
  if (!inScope(await scopeOf(ctx.db, ctx.caller), a.community_id)) throw new AppError(403, ['err.outOfScope']);
  if (a.community_id !== communityId || a.type !== ADDRESS_TYPE.doorUnit) throw badRequest('emergency.err.notDoorUnit');
}

/**
 * Sets a mode on a community or one door unit (replacing the mode in force there): the
 * units concerned get `emergency.mode` at priority, ahead of their pending commands. The
 * row, the commands, the op log and the webhook deliveries commit together.
 */
export async function setEmergencyMode(
  ctx: AuthCtx,
  input: { communityId: number; addressId?: number; mode: SettableEmergencyMode; reason: string },
): Promise<EmergencyRow & { queued: number }> {
  if (!inScope(await scopeOf(ctx.db, ctx.caller), input.communityId)) throw new AppError(403, ['err.outOfScope']);
  const community = await ctx.db.selectFrom('community').select('id').where('id', '=', input.communityId).executeTakeFirst();
  if (!community) throw notFound();
  const addressId = input.addressId ?? null;
  if (addressId !== null) await checkDoorUnit(ctx, input.communityId, addressId);
  const { id, queued } = await withCommands(ctx, async (trx, q) => {
    const replaced = await trx
      .updateTable('emergency_mode')
      .set({ lifted_at: sql<Date>`now()`, lifted_regno: ctx.caller.regNo.slice(0, 20), lift_reason: 'replaced' })
      .where('community_id', '=', input.communityId)
      .where(addressId === null ? sql<boolean>`address_id is null` : sql<boolean>`address_id = ${addressId}`)
      .where('lifted_at', 'is', null)
      .returning(['id', 'mode'])
      .execute();
    const row = await trx
      .insertInto('emergency_mode')
      .values({
        community_id: input.communityId,
        address_id: addressId,
        mode: input.mode,
        reason: input.reason,
        set_account_id: ctx.caller.accountId,
        set_regno: ctx.caller.regNo.slice(0, 20),
      })
      .returning(['id', 'set_at'])
      .executeTakeFirstOrThrow();
    const units = addressId === null ? await unitsFollowingCommunity(trx, input.communityId) : [addressId];
    const cmd = await modeCommand(trx, input.communityId, input.mode, input.reason, row.set_at);
    const queued = await q.add(units, [cmd]);
    const t = await targetText(trx, input.communityId, addressId);
    await writeOpLog(trx, ctx, {
      menu: 'access.gm',
      content: msg('op.emergency.set', {
        community: t.community,
        target: t.target,
        mode: `@emergency.mode.${input.mode}`,
        reason: input.reason,
      }),
      communityId: input.communityId,
      before: replaced.length ? { replaced } : null,
      after: { id: row.id, communityId: input.communityId, addressId, mode: input.mode, reason: input.reason, units: units.length },
    });
    await enqueueWebhooks(trx, 'emergency', {
      action: 'set',
      id: row.id,
      communityId: input.communityId,
      communityName: t.community,
      addressId,
      address: t.address,
      mode: input.mode,
      reason: input.reason,
      by: ctx.caller.regNo,
    });
    return { id: row.id, queued };
  });
  return { ...(await presentRow(ctx.db, id, ctx.config.TZ_NAME)), queued };
}

/**
 * Lifts a mode in force: a door unit goes back to its community's mode (if one is in force)
 * or normal; a community's units without a mode of their own go back to normal.
 */
export async function liftEmergencyMode(ctx: AuthCtx, input: { id: number; reason?: string }): Promise<number> {
  const row = await ctx.db
    .selectFrom('emergency_mode')
    .select(['id', 'community_id', 'address_id', 'mode', 'reason', 'set_at', 'lifted_at'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!inScope(await scopeOf(ctx.db, ctx.caller), row.community_id)) throw new AppError(403, ['err.outOfScope']);
  if (row.lifted_at) throw conflict('emergency.err.alreadyLifted');
  const reason = input.reason ?? '';
  return withCommands(ctx, async (trx, q) => {
    const done = await trx
      .updateTable('emergency_mode')
      .set({ lifted_at: sql<Date>`now()`, lifted_regno: ctx.caller.regNo.slice(0, 20), lift_reason: reason })
      .where('id', '=', row.id)
      .where('lifted_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw conflict('emergency.err.alreadyLifted');
    let queued: number;
    if (row.address_id === null) {
      const units = await unitsFollowingCommunity(trx, row.community_id);
      queued = await q.add(units, [await modeCommand(trx, row.community_id, EMERGENCY_MODE.normal, reason, new Date())]);
    } else {
      const community: ModeRow | undefined = await activeRows(trx)
        .where('community_id', '=', row.community_id)
        .where('address_id', 'is', null)
        .executeTakeFirst();
      const next = community
        ? await modeCommand(trx, row.community_id, community.mode as EmergencyMode, community.reason, community.set_at)
        : await modeCommand(trx, row.community_id, EMERGENCY_MODE.normal, reason, new Date());
      queued = await q.add(row.address_id, [next]);
    }
    const t = await targetText(trx, row.community_id, row.address_id);
    await writeOpLog(trx, ctx, {
      menu: 'access.gm',
      content: msg('op.emergency.lift', {
        community: t.community,
        target: t.target,
        mode: `@emergency.mode.${row.mode}`,
        reason: reason || '-',
      }),
      communityId: row.community_id,
      before: { id: row.id, mode: row.mode, reason: row.reason },
      after: { lifted: true, reason },
    });
    await enqueueWebhooks(trx, 'emergency', {
      action: 'lift',
      id: row.id,
      communityId: row.community_id,
      communityName: t.community,
      addressId: row.address_id,
      address: t.address,
      mode: EMERGENCY_MODE.normal,
      lifted: row.mode,
      reason,
      by: ctx.caller.regNo,
    });
    return queued;
  });
}
