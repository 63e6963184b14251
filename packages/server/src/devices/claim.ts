import { CMD_STATUS, type UnitKind } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';

/** Advisory-lock namespace of a door unit's dispatch (the second key is the device id). */
export const DEVICE_LOCK_NS = 0x6764;

export interface ClaimedCommand {
  id: number;
  device_id: number;
  serial: string;
  type: number;
  kind: string;
  payload: unknown;
  priority: number;
  created_at: Date;
  /** The unit's kind (UNIT_KINDS): the dispatcher hands the command to that kind's adapter. */
  unit_kind: UnitKind;
  /** The supersession key (commands.ts): a newer command of the same key replaces this one. */
  object_key: string;
}

export interface ClaimOptions {
  /** Who claims (INSTANCE_ID): written to claimed_by. */
  instance: string;
  /** A sent command not acknowledged within this is due again (COMMAND_ACK_TIMEOUT_MS). */
  leaseMs: number;
  limit: number;
  /** Claim only for units of these kinds (the dispatcher: its ready push adapters); absent, any kind (a pull adapter's own claim). */
  kinds?: readonly UnitKind[];
}

/**
 * Devices whose dispatch this connection may do: each device id is taken with a
 * session-level advisory lock (`pg_try_advisory_lock`) held while the claimed commands
 * are published, then released with `unlockDevices` (or by the connection ending when
 * the instance dies), so while one instance publishes a device's commands no other
 * instance sends that device anything (its order holds). The claim itself commits at
 * once: an ack never waits for a publish. The others are answered as `busy`.
 */
export async function lockDevices(conn: Kysely<DB>, ids: number[]): Promise<{ locked: number[]; busy: number[] }> {
  if (!ids.length) return { locked: [], busy: [] };
  const rows = await sql<{ id: number; got: boolean }>`
    select id::int as id, pg_try_advisory_lock(${DEVICE_LOCK_NS}, id::int) as got
    from unnest(${sql.raw(`array[${ids.map((id) => Number(id)).join(',')}]`)}::int[]) as t(id)`.execute(conn);
  return {
    locked: rows.rows.filter((r) => r.got).map((r) => r.id),
    busy: rows.rows.filter((r) => !r.got).map((r) => r.id),
  };
}

/** Releases the device locks `lockDevices` took on this connection. */
export async function unlockDevices(conn: Kysely<DB>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await sql`select pg_advisory_unlock(${DEVICE_LOCK_NS}, id::int)
    from unnest(${sql.raw(`array[${ids.map((id) => Number(id)).join(',')}]`)}::int[]) as t(id)`.execute(conn);
}

/**
 * Claims the due commands of these devices in one statement and answers them in
 * per-device order (priority desc, then id). Due: not sent (0); sent (1) whose lease
 * ran out while the unit is online; and, for `resend` devices (the unit just came
 * online), sent commands published before `since` (the moment its status was
 * applied), so a second handling of the same status sends nothing again. Rows
 * locked by another claim are skipped (FOR UPDATE SKIP LOCKED): every command is
 * claimed by exactly one instance. A claim sets status 1, attempts + 1, sent_at,
 * claimed_by and lease_until.
 */
export async function claimCommands(
  db: Kysely<DB>,
  deviceIds: number[],
  resend: { id: number; since: Date }[],
  o: ClaimOptions,
): Promise<ClaimedCommand[]> {
  if (!deviceIds.length) return [];
  const ids = sql.join(deviceIds.map((id) => sql`${Number(id)}::int`));
  const resent = resend.length
    ? sql`or (c.status = ${CMD_STATUS.sent} and exists (
          select 1 from (values ${sql.join(resend.map((r) => sql`(${Number(r.id)}::int, ${r.since.toISOString()}::timestamptz)`))}) as r(id, since)
          where r.id = c.device_id and (c.sent_at is null or c.sent_at < r.since)))`
    : sql``;
  const kinds = o.kinds ? sql`and d.unit_kind = any(${sql.val([...o.kinds])}::text[])` : sql``;
  const res = await sql<ClaimedCommand>`
    with due as (
      select c.id from command c
      join device d on d.id = c.device_id
      where c.device_id in (${ids}) and d.address_id is not null ${kinds}
        and (c.status = ${CMD_STATUS.notSent}
          or (c.status = ${CMD_STATUS.sent} and d.online and (c.lease_until is null or c.lease_until < now()))
          ${resent})
      order by c.device_id, c.priority desc, c.id
      limit ${o.limit}
      for update of c skip locked
    )
    update command c set
      status = ${CMD_STATUS.sent}, attempts = c.attempts + 1, sent_at = now(), updated_at = now(),
      claimed_by = ${o.instance}, lease_until = now() + ${o.leaseMs} * interval '1 millisecond'
    from due, device d
    where c.id = due.id and d.id = c.device_id
    returning c.id, c.device_id, d.serial, c.type, c.kind, c.payload, c.priority, c.created_at, d.unit_kind, c.object_key`.execute(db);
  return res.rows
    .map((r) => ({ ...r, id: Number(r.id), device_id: Number(r.device_id), priority: Number(r.priority) }))
    .sort((a, b) => a.device_id - b.device_id || b.priority - a.priority || a.id - b.id);
}

/**
 * Claims for many polling units at once (the ZKTeco PUSH polls of one moment), at most `limit`
 * commands each, in one statement; answers each unit's commands in its order (priority desc, then
 * id). Due as in `claimCommands`. A row another claim took first is not taken again: the update
 * checks it is still due once it holds the row (under READ COMMITTED a row claimed meanwhile has
 * status 1 with a running lease and is left out).
 */
export async function claimEach(
  db: Kysely<DB>,
  deviceIds: readonly number[],
  o: Omit<ClaimOptions, 'kinds'>,
): Promise<Map<number, ClaimedCommand[]>> {
  const out = new Map<number, ClaimedCommand[]>();
  if (!deviceIds.length) return out;
  const due = (c: string) =>
    sql.raw(`(${c}.status = ${CMD_STATUS.notSent}
      or (${c}.status = ${CMD_STATUS.sent} and d.online and (${c}.lease_until is null or ${c}.lease_until < now())))`);
  const res = await sql<ClaimedCommand>`
    with ranked as (
      select c.id, row_number() over (partition by c.device_id order by c.priority desc, c.id) as n
      from command c join device d on d.id = c.device_id
      where c.device_id = any(${sql.val(deviceIds.map(Number))}::int[]) and d.address_id is not null and ${due('c')}
    )
    update command c set
      status = ${CMD_STATUS.sent}, attempts = c.attempts + 1, sent_at = now(), updated_at = now(),
      claimed_by = ${o.instance}, lease_until = now() + ${o.leaseMs} * interval '1 millisecond'
    from ranked r, device d
    where c.id = r.id and r.n <= ${o.limit} and d.id = c.device_id and ${due('c')}
    returning c.id, c.device_id, d.serial, c.type, c.kind, c.payload, c.priority, c.created_at, d.unit_kind, c.object_key`.execute(db);
  const rows = res.rows
    .map((r) => ({ ...r, id: Number(r.id), device_id: Number(r.device_id), priority: Number(r.priority) }))
    .sort((a, b) => a.device_id - b.device_id || b.priority - a.priority || a.id - b.id);
  for (const r of rows) {
    const list = out.get(r.device_id);
    if (list) list.push(r);
    else out.set(r.device_id, [r]);
  }
  return out;
}

/** Puts claimed commands whose publish failed back to "not sent" (the next claim takes them). */
export async function unclaim(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('command')
    .set({ status: CMD_STATUS.notSent, lease_until: null })
    .where('id', 'in', ids)
    .where('status', '=', CMD_STATUS.sent)
    .execute();
}

/**
 * Devices with due commands (not sent, or sent with an expired lease while online), for the sweep,
 * leaving out the units of `skipKinds` (pull kinds, whose adapter claims when the unit asks, and kinds
 * with no ready adapter): still one statement, the few units of those kinds read once as a hashed set.
 */
export async function dueDevices(db: Kysely<DB>, limit: number, skipKinds: readonly UnitKind[] = []): Promise<number[]> {
  const skip = skipKinds.length
    ? sql`and c.device_id not in (select s.id from device s where s.unit_kind = any(${sql.val([...skipKinds])}::text[]))`
    : sql``;
  const res = await sql<{ device_id: number }>`
    select distinct c.device_id from command c
    where c.status = ${CMD_STATUS.notSent} ${skip}
    union
    select distinct c.device_id from command c join device d on d.id = c.device_id
    where c.status = ${CMD_STATUS.sent} and d.online and (c.lease_until is null or c.lease_until < now()) ${skip}
    limit ${limit}`.execute(db);
  return res.rows.map((r) => Number(r.device_id));
}

/**
 * Units of a kind with commands published before `before` and not answered yet (the broker connection
 * came back: what the broker held for them may be gone with its sessions).
 */
export async function sentDevices(db: Kysely<DB>, kind: UnitKind, before: Date): Promise<number[]> {
  const res = await sql<{ device_id: number }>`
    select distinct c.device_id from command c join device d on d.id = c.device_id
    where c.status = ${CMD_STATUS.sent} and c.sent_at < ${before.toISOString()}::timestamptz and d.unit_kind = ${kind}`.execute(db);
  return res.rows.map((r) => Number(r.device_id));
}
