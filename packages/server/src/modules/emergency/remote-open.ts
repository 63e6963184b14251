import {
  CMD_KIND,
  CMD_STATUS,
  COMMAND_PRIORITY,
  DOOR_OPEN_PER_MINUTE,
  DOOR_OPEN_WAIT_MS,
  type DoorOpenAnswer,
  msg,
  PENDING_CMD_STATUSES,
} from '@gatehouse/contracts';
import { sql } from 'kysely';
import { withCommands } from '../../devices/commands.ts';
import { command } from '../../devices/new-command.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, conflict, tooMany } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { foundInScope } from '../../http/scope.ts';

const answered = (status: number) => status === CMD_STATUS.success || status === CMD_STATUS.failed;

/**
 * Opens one door now: a `door.open` command (ahead of the unit's pending commands) naming
 * the operator, written with the op log; then waits up to DOOR_OPEN_WAIT_MS for the unit's
 * answer (told by the device news, re-read from the command row so an answer consumed by
 * another instance counts too). Unanswered, the command is withdrawn if it has not left
 * yet: a door must not open minutes later.
 */
export async function openDoor(ctx: AuthCtx, addressId: number, waitMs = DOOR_OPEN_WAIT_MS): Promise<DoorOpenAnswer> {
  const found = ctx.db
    .selectFrom('address as a')
    .leftJoin('device as d', 'd.address_id', 'a.id')
    .select(['a.id', 'a.community_id', 'a.address', 'd.id as deviceId', 'd.online'])
    .where('a.id', '=', addressId);
  const unit = await foundInScope(ctx.db, ctx.caller, await found.executeTakeFirst());
  if (unit.deviceId === null) throw badRequest('door.err.noDevice');
  if (!unit.online) throw conflict('door.err.offline');
  // Per operator, counted before anything is sent (property staff sent 100 in 8.8 s before).
  const limit = await ctx.limiter.hit(`door:open:${ctx.caller.accountId}`, DOOR_OPEN_PER_MINUTE, 60);
  if (!limit.allowed) throw tooMany(limit.retryAfter, 'door.tooMany');

  const commandId = await withCommands(ctx, async (trx, q) => {
    await q.add(addressId, [
      command(
        CMD_KIND.doorOpen,
        { operator: ctx.caller.regNo, operatorName: ctx.caller.name },
        { objectKey: '', priority: COMMAND_PRIORITY.doorOpen, account: ctx.caller.regNo },
      ),
    ]);
    const id = q.commandIds[0] as number;
    await writeOpLog(trx, ctx, {
      menu: 'access.gm',
      content: msg('op.door.open', { address: unit.address }),
      communityId: unit.community_id,
      after: { addressId, commandId: id, operator: ctx.caller.regNo },
    });
    return id;
  });

  const read = () => ctx.db.selectFrom('command').select(['status', 'info']).where('id', '=', commandId).executeTakeFirstOrThrow();
  let wake: () => void = () => {};
  const off = ctx.news.on('command', (list) => {
    if (list.some((n) => n.id === commandId)) wake();
  });
  try {
    const end = Date.now() + waitMs;
    let row = await read();
    while (!answered(row.status) && Date.now() < end) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.min(250, Math.max(0, end - Date.now())));
      });
      row = await read();
    }
    if (!answered(row.status)) {
      // Sent no more either way (a door must not open minutes later). What the answer says depends on
      // whether the command had left: one that had may have opened the door (its ack is late or lost).
      await ctx.db
        .updateTable('command')
        .set({
          status: CMD_STATUS.cancelled,
          info: sql<string>`case when status = ${CMD_STATUS.notSent} then 'door.withdrawn' else 'door.noAnswer' end`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', commandId)
        .where('status', 'in', PENDING_CMD_STATUSES)
        .execute();
      row = await read();
    }
    if (row.status === CMD_STATUS.success) return { commandId, result: 'opened', info: row.info };
    if (row.status === CMD_STATUS.failed) return { commandId, result: 'failed', info: row.info };
    return { commandId, result: row.info === 'door.withdrawn' ? 'withdrawn' : 'noAnswer', info: row.info };
  } finally {
    off();
  }
}
