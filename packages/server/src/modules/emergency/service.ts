import {
  ADDRESS_TYPE,
  CMD_KIND,
  COMMAND_PRIORITY,
  EMERGENCY_MODE,
  type EmergencyMode,
  type EmergencyModePayload,
  type EmergencyRow,
  type EmergencyScope,
  LOCKDOWN_ROLES,
  msg,
  ROLE,
  type SettableEmergencyMode,
} from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { type CommandQueue, withCommands } from '../../devices/commands.ts';
import { command, type NewCommand } from '../../devices/new-command.ts';
import type { DesiredSource } from '../../devices/desired.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, foundInScope, withinScope } from '../../http/scope.ts';
import type { Scope } from '../../http/caller.ts';
import { withPlaceNames } from '../../db/names.ts';
import { unitsWithDevice } from '../../devices/door-unit-rows.ts';
import { enqueueWebhooks } from '../webhook/delivery-queue.ts';

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

/**
 * The `emergency.mode` command for the units of a community; `scope` says whether it is a unit's own
 * mode (`unit`) or its community's (`community`, which the community broadcasts may replace).
 */
async function modeCommand(
  db: Kysely<DB>,
  communityId: number,
  mode: EmergencyMode,
  reason: string,
  since: Date,
  scope: EmergencyScope,
): Promise<NewCommand> {
  const payload: EmergencyModePayload = {
    mode,
    reason,
    allow: mode === EMERGENCY_MODE.lockdown ? await lockdownAccounts(db, communityId) : [],
    since: since.toISOString(),
    scope,
  };
  return command(CMD_KIND.emergencyMode, payload, { objectKey: 'emergency', priority: COMMAND_PRIORITY.emergency });
}

/**
 * Queues a community's mode for the units that follow it: their own commands (acks, sync state),
 * and the one retained broadcast the broker hands to all of them at once (protocol §10), so a
 * lockdown reaches a large community at the broker's speed. Answers the commands queued.
 */
async function queueCommunityMode(q: CommandQueue, units: number[], communityId: number, cmd: NewCommand): Promise<number> {
  const before = q.commandIds.length;
  const queued = await q.add(units, [cmd]);
  const ids = q.commandIds.slice(before);
  if (ids.length)
    q.broadcast(
      communityId,
      cmd,
      ids.reduce((a, b) => Math.min(a, b)),
    );
  return queued;
}

const activeRows = (db: Kysely<DB>) =>
  db.selectFrom('emergency_mode').select(['id', 'community_id', 'address_id', 'mode', 'reason', 'set_at']).where('lifted_at', 'is', null);

/** Door units of a community that have a device and no mode of their own in force. */
async function unitsFollowingCommunity(trx: Kysely<DB>, communityId: number): Promise<number[]> {
  const rows = await unitsWithDevice(trx, communityId)
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
  if (!row) return [];
  const scope = row.address_id === door.addressId ? 'unit' : 'community';
  return [await modeCommand(db, door.communityId, row.mode as EmergencyMode, row.reason, row.set_at, scope)];
};

/** What a set or a lift records in its transaction: its op log row and its webhook deliveries. */
interface ModeChange {
  action: 'set' | 'lift';
  /** The mode row. */
  id: number;
  communityId: number;
  addressId: number | null;
  /** The op log's message key and the mode and reason it names. */
  log: { key: 'op.emergency.set' | 'op.emergency.lift'; mode: string; reason: string };
  before: unknown;
  after: unknown;
  /** What the webhook says of the mode (after the place, before who did it). */
  hook: Record<string, unknown>;
}

async function recordChange(trx: Kysely<DB>, ctx: AuthCtx, c: ModeChange): Promise<void> {
  const t = await targetText(trx, c.communityId, c.addressId);
  await writeOpLog(trx, ctx, {
    menu: 'access.gm',
    content: msg(c.log.key, { community: t.community, target: t.target, mode: `@emergency.mode.${c.log.mode}`, reason: c.log.reason }),
    communityId: c.communityId,
    before: c.before,
    after: c.after,
  });
  await enqueueWebhooks(trx, 'emergency', {
    action: c.action,
    id: c.id,
    communityId: c.communityId,
    communityName: t.community,
    addressId: c.addressId,
    address: t.address,
    ...c.hook,
    by: ctx.caller.regNo,
  });
}

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
export async function activeModes(db: Kysely<DB>, scope: Scope, tz: string, id?: number): Promise<EmergencyRow[]> {
  const modes = db
    .selectFrom('emergency_mode as e')
    .select(['e.id', 'e.community_id', 'e.address_id', 'e.mode', 'e.reason', 'e.set_regno', 'e.set_at'])
    .where('e.lifted_at', 'is', null)
    .orderBy('e.id', 'desc');
  // A mode is shown with its community's name (a mode of a community that is gone is not shown).
  let q = withPlaceNames(withinScope(modes, scope, 'e.community_id'), { community: 'e.community_id', address: 'e.address_id' }, [
    'community',
  ]);
  if (id !== undefined) q = q.where('e.id', '=', id);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    communityId: r.community_id,
    communityName: r.community_name,
    addressId: r.address_id,
    address: r.address_text ?? '',
    mode: r.mode as SettableEmergencyMode,
    reason: r.reason,
    setBy: r.set_regno,
    setAt: formatDateTime(r.set_at, tz),
  }));
}

/** Refuses an address of another community (403), a missing one (404), one that is not a door unit of the community (400). */
async function checkDoorUnit(ctx: AuthCtx, communityId: number, addressId: number): Promise<void> {
  const address = ctx.db.selectFrom('address').select(['community_id', 'type']).where('id', '=', addressId);
  const a = await foundInScope(ctx.db, ctx.caller, await address.executeTakeFirst());
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
  await assertCommunity(ctx.db, ctx.caller, input.communityId);
  const community = await ctx.db.selectFrom('community').select('id').where('id', '=', input.communityId).executeTakeFirst();
  if (!community) throw notFound();
  const addressId = input.addressId ?? null;
  if (addressId !== null) await checkDoorUnit(ctx, input.communityId, addressId);
  const { id, queued } = await withCommands(ctx, async (trx, q) => {
    // One change of a community's modes at a time (two operators, a double click): the second waits for the
    // first to commit, then replaces its mode. Without it, concurrent inserts broke the one-mode-in-force
    // index (emergency_mode_active_uq) and answered 500 on PostgreSQL.
    await trx.selectFrom('community').select('id').where('id', '=', input.communityId).forUpdate().execute();
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
    const cmd = await modeCommand(trx, input.communityId, input.mode, input.reason, row.set_at, addressId === null ? 'community' : 'unit');
    const units = addressId === null ? await unitsFollowingCommunity(trx, input.communityId) : [addressId];
    const queued = addressId === null ? await queueCommunityMode(q, units, input.communityId, cmd) : await q.add(units, [cmd]);
    await recordChange(trx, ctx, {
      action: 'set',
      id: row.id,
      communityId: input.communityId,
      addressId,
      log: { key: 'op.emergency.set', mode: input.mode, reason: input.reason },
      before: replaced.length ? { replaced } : null,
      after: { id: row.id, communityId: input.communityId, addressId, mode: input.mode, reason: input.reason, units: units.length },
      hook: { mode: input.mode, reason: input.reason },
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
  const mode = ctx.db
    .selectFrom('emergency_mode')
    .select(['id', 'community_id', 'address_id', 'mode', 'reason', 'set_at', 'lifted_at'])
    .where('id', '=', input.id);
  const row = await foundInScope(ctx.db, ctx.caller, await mode.executeTakeFirst());
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
      const normal = await modeCommand(trx, row.community_id, EMERGENCY_MODE.normal, reason, new Date(), 'community');
      queued = await queueCommunityMode(q, units, row.community_id, normal);
    } else {
      const community: ModeRow | undefined = await activeRows(trx)
        .where('community_id', '=', row.community_id)
        .where('address_id', 'is', null)
        .executeTakeFirst();
      const next = community
        ? await modeCommand(trx, row.community_id, community.mode as EmergencyMode, community.reason, community.set_at, 'community')
        : await modeCommand(trx, row.community_id, EMERGENCY_MODE.normal, reason, new Date(), 'community');
      queued = await q.add(row.address_id, [next]);
    }
    await recordChange(trx, ctx, {
      action: 'lift',
      id: row.id,
      communityId: row.community_id,
      addressId: row.address_id,
      log: { key: 'op.emergency.lift', mode: row.mode, reason: reason || '-' },
      before: { id: row.id, mode: row.mode, reason: row.reason },
      after: { lifted: true, reason },
      hook: { mode: EMERGENCY_MODE.normal, lifted: row.mode, reason },
    });
    return queued;
  });
}
