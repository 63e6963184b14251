import { CMD_STATUS, type CmdMessage, PENDING_CMD_STATUSES } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { anyInt, anyText } from '../db/sql.ts';
import type { DB } from '../db/types.ts';
import type { DeviceBus } from './bus.ts';
import type { NewCommand, QueuedSend } from './new-command.ts';
import type { DoorConfig } from './desired.ts';

/**
 * Commands written inside a transaction, for dispatch after it commits. Use it through
 * `withCommands` so the dispatch cannot be forgotten:
 *
 *   await withCommands(ctx, async (trx, q) => { ...change...; await q.add(addressId, [cmd]); });
 */
export class CommandQueue {
  readonly deviceIds = new Set<number>();
  readonly commandIds: number[] = [];
  /** Community broadcasts to publish after the commit, before the dispatch (DeviceBus.broadcast). */
  readonly broadcasts: { communityId: number; message: CmdMessage }[] = [];
  /** `doors`: what a door unit's full configuration and lift file are built from. */
  constructor(
    private readonly trx: Kysely<DB>,
    readonly doors: DoorConfig,
  ) {}

  /** Queues commands for the device bound to each door unit; door units without a device are skipped. */
  add(addressIds: number | number[], cmds: NewCommand[]): Promise<number> {
    return this.addMany([{ to: Array.isArray(addressIds) ? addressIds : [addressIds], cmds }]);
  }

  /**
   * Queues many sends at once: the devices of all their door units read in one statement,
   * the commands written with one statement per 10,000 rows (`insertCommands`), older pending commands of the same object
   * keys superseded in one statement (door units without a device are skipped). Within the
   * batch, a later command of an object on a device supersedes an earlier one.
   */
  async addMany(sends: readonly QueuedSend[]): Promise<number> {
    const all = [...new Set(sends.flatMap((s) => (s.cmds.length ? s.to : [])))];
    if (!all.length) return 0;
    const found = await this.trx
      .selectFrom('device as d')
      .innerJoin('address as a', 'a.id', 'd.address_id')
      .select(['d.id as deviceId', 'a.id as addressId', 'a.community_id as communityId', 'a.address'])
      .where('d.address_id', '=', anyInt(all))
      .orderBy('d.id')
      .execute();
    if (!found.length) return 0;
    const byAddress = new Map<number, typeof found>();
    for (const t of found) byAddress.set(t.addressId, [...(byAddress.get(t.addressId) ?? []), t]);
    // One row per (send, door unit's device, command) in the order the ids must follow; each distinct
    // command's fields are bound once (a lockdown of 10,000 units binds one payload, not 10,000).
    const cmds: NewCommand[] = [];
    const cmdIndex = new Map<NewCommand, number>();
    const rows: { device_id: number; address_id: number; community_id: number; subject: string; cmd: number; object_key: string }[] = [];
    for (const s of sends) {
      for (const addressId of [...new Set(s.to)].sort((a, b) => a - b)) {
        for (const t of byAddress.get(addressId) ?? []) {
          for (const c of s.cmds) {
            let k = cmdIndex.get(c);
            if (k === undefined) {
              k = cmds.push(c);
              cmdIndex.set(c, k);
            }
            rows.push({
              device_id: t.deviceId,
              address_id: t.addressId,
              community_id: t.communityId,
              subject: (c.subject ?? t.address).slice(0, 200),
              cmd: k,
              object_key: c.objectKey,
            });
          }
        }
      }
    }
    if (!rows.length) return 0;
    const inserted: number[] = [];
    for (let i = 0; i < rows.length; i += INSERT_PART) {
      inserted.push(...(await insertCommands(this.trx, rows.slice(i, i + INSERT_PART), cmds)));
    }
    const devices = [...new Set(rows.map((r) => r.device_id))];
    await supersede(
      this.trx,
      devices,
      [...new Set(rows.map((r) => r.object_key).filter(Boolean))],
      inserted.reduce((a, b) => Math.min(a, b)),
    );
    for (const d of devices) this.deviceIds.add(d);
    for (const id of inserted) this.commandIds.push(id);
    return inserted.length;
  }

  /**
   * Queues a community broadcast of a command just added for its units (`firstId`: the lowest id of
   * those commands, so a unit takes it as no newer than its own copy, protocol §10).
   */
  broadcast(communityId: number, cmd: NewCommand, firstId: number): void {
    const message = { id: firstId, type: cmd.type, kind: cmd.kind, payload: cmd.payload, createdAt: new Date().toISOString() };
    this.broadcasts.push({ communityId, message: { ...message, ...(cmd.objectKey ? { object: cmd.objectKey } : {}) } as CmdMessage });
  }

  /** Cancels every pending command of a device (a full configuration or a replacement follows). */
  async cancelPending(deviceId: number, reason: string): Promise<void> {
    await this.trx
      .updateTable('command')
      .set({ status: CMD_STATUS.cancelled, info: reason, updated_at: sql<Date>`now()` })
      .where('device_id', '=', deviceId)
      .where('status', 'in', PENDING_CMD_STATUSES)
      .execute();
  }
}

/** Command rows a statement: the row fields are bound as arrays (one value each, whatever the count). */
const INSERT_PART = 10_000;

/**
 * Writes command rows with one statement: the rows' own fields as arrays, each distinct command's
 * fields once (`cmd` is its 1-based place in `cmds`); ids follow the rows' order. Answers the ids.
 */
async function insertCommands(
  trx: Kysely<DB>,
  rows: readonly { device_id: number; address_id: number; community_id: number; subject: string; cmd: number }[],
  cmds: readonly NewCommand[],
): Promise<number[]> {
  const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  const res = await sql<{ id: string }>`
    insert into command (device_id, address_id, community_id, subject, account, type, kind, object_key, payload, priority)
    select r.device_id, r.address_id, r.community_id, r.subject, c.account, c.type, c.kind, c.object_key, c.payload, c.priority
    from unnest(${col('device_id')}::int[], ${col('address_id')}::int[], ${col('community_id')}::int[],
                ${col('subject')}::text[], ${col('cmd')}::int[]) with ordinality as r(device_id, address_id, community_id, subject, cmd, n)
    join unnest(${cmds.map((c) => (c.account ?? '').slice(0, 20))}::text[], ${cmds.map((c) => c.type)}::int[],
                ${cmds.map((c) => c.kind)}::text[], ${cmds.map((c) => c.objectKey)}::text[],
                ${cmds.map((c) => JSON.stringify(c.payload ?? null))}::jsonb[], ${cmds.map((c) => c.priority ?? 0)}::int[])
      with ordinality as c(account, type, kind, object_key, payload, priority, k) on c.k = r.cmd
    order by r.n
    returning id`.execute(trx);
  return res.rows.map((r) => Number(r.id));
}

/**
 * Marks older pending commands (status 0 or 1) of the same devices and object keys as
 * cancelled (4), naming the newest command of the key that replaced them (the lists as
 * array parameters, so a batch of any size binds four values). The rows are locked in id
 * order first, the order other writers of many commands keep, so no two of them deadlock.
 */
async function supersede(trx: Kysely<DB>, deviceIds: number[], keys: string[], firstNewId: number): Promise<void> {
  if (!keys.length || !deviceIds.length) return;
  await sql`
    with n as (
      select device_id, object_key, max(id) as newest from command
      where device_id = ${anyInt(deviceIds)} and object_key = ${anyText(keys)} and id >= ${firstNewId}
      group by device_id, object_key
    ),
    old as materialized (
      select c.id, n.newest from command c join n on c.device_id = n.device_id and c.object_key = n.object_key
      where c.id < n.newest and c.status in (${CMD_STATUS.notSent}, ${CMD_STATUS.sent})
      order by c.id for update of c
    )
    update command c set status = ${CMD_STATUS.cancelled}, updated_at = now(),
      info = 'cmd.info.superseded::{"id":' || old.newest::text || '}'
    from old
    where c.id = old.id and c.status in (${CMD_STATUS.notSent}, ${CMD_STATUS.sent})`.execute(trx);
}

/** Runs a change in a transaction with a command queue, then dispatches what it queued. */
export async function withCommands<T>(
  ctx: { db: Db; devices: DeviceBus; doors: DoorConfig },
  fn: (trx: Kysely<DB>, q: CommandQueue) => Promise<T>,
): Promise<T> {
  let queue: CommandQueue | undefined;
  const out = await ctx.db.transaction().execute(async (trx) => {
    queue = new CommandQueue(trx, ctx.doors);
    return fn(trx, queue);
  });
  for (const b of queue?.broadcasts ?? []) ctx.devices.broadcast?.(b.communityId, b.message);
  if (queue?.deviceIds.size) ctx.devices.dispatch(queue.deviceIds);
  return out;
}
