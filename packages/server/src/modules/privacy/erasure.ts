import {
  CMD_KIND,
  CMD_STATUS,
  type ErasureReason,
  type ErasureReceipt,
  type ErasureRow,
  msg,
  type Page,
  type ParsedInput,
  type privacyRoutes,
  type ReceiptState,
} from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import { sortedPage } from '../../db/sorted-page.ts';
import { anyInt, likeArg } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import { byParent } from '../../db/by-parent.ts';
import { type CommandQueue, withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { foundInScope, listScope, withinScope } from '../../http/scope.ts';
import { faceDeleteCommand } from '../holder/faces.ts';
import type { RowOf } from '../../db/row-of.ts';

/**
 * Erasure proven (issue 35 item 3; docs/privacy.md "Erasure"): when a face goes, a record says whose
 * face, when, by whom and why, with one row per door unit it was told to forget it on. The receipt
 * of a unit is the state of that face.delete command (status 2: the unit acknowledged), read from the
 * command table, not a second truth; "re-send" queues a new face.delete to the units that have not
 * acknowledged and points their row at it. Offline units get theirs when they come back (the queue
 * sends pending commands on reconnect).
 */

type R = typeof privacyRoutes;

export interface ErasedFace {
  id: number;
  account: string;
  user_name: string;
  community_id: number;
}

/**
 * The erasure record of faces whose face.delete commands `q` has just queued (in the same
 * transaction): the commands are found by their object key among the queue's. Answers the ids.
 */
export async function recordErasures(
  trx: Kysely<DB>,
  q: CommandQueue,
  actor: { caller: { accountId: number | null; regNo: string } },
  faces: readonly ErasedFace[],
  reason: ErasureReason,
): Promise<number[]> {
  if (!faces.length) return [];
  const cmds = q.commandIds.length
    ? await trx
        .selectFrom('command')
        .select(['id', 'address_id', 'object_key'])
        .where('id', '=', anyInt(q.commandIds))
        .where('kind', '=', CMD_KIND.faceDelete)
        .execute()
    : [];
  const rows = await trx
    .insertInto('face_erasure')
    .values(
      faces.map((f) => ({
        community_id: f.community_id,
        face_id: f.id,
        account: f.account,
        person_name: f.user_name.slice(0, 50),
        reason,
        // A built-in caller (the retention job: account 0) is no account: the record names it by its regNo.
        staff_account_id: actor.caller.accountId || null,
        staff_regno: actor.caller.regNo.slice(0, 100),
      })),
    )
    .returning(['id', 'face_id'])
    .execute();
  const byFace = new Map(rows.map((r) => [`face:${r.face_id}`, r.id]));
  const units = cmds
    .filter((c) => byFace.has(c.object_key) && c.address_id !== null)
    .map((c) => ({ erasure_id: byFace.get(c.object_key) as number, address_id: c.address_id as number, command_id: c.id }));
  if (units.length) {
    const names = await trx
      .selectFrom('address')
      .select(['id', 'address'])
      .where('id', '=', anyInt([...new Set(units.map((u) => u.address_id))]))
      .execute();
    const name = new Map(names.map((n) => [n.id, n.address]));
    await trx
      .insertInto('face_erasure_unit')
      .values(units.map((u) => ({ ...u, unit_name: (name.get(u.address_id) ?? '').slice(0, 200) })))
      .onConflict((oc) => oc.columns(['erasure_id', 'address_id']).doUpdateSet({ command_id: sql`excluded.command_id` }))
      .execute();
  }
  return rows.map((r) => r.id);
}

const stateOf = (status: number | null): ReceiptState =>
  status === CMD_STATUS.success
    ? 'acked'
    : status === CMD_STATUS.failed
      ? 'failed'
      : status === CMD_STATUS.cancelled
        ? 'cancelled'
        : 'pending';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The per-unit receipts of erasures, from their commands. */
function receiptsOf(db: Kysely<DB>, ids: number[]): Promise<Map<number, ErasureReceipt[]>> {
  return byParent(
    ids,
    () =>
      db
        .selectFrom('face_erasure_unit as u')
        .leftJoin('command as c', 'c.id', 'u.command_id')
        .select(['u.erasure_id', 'u.address_id', 'u.unit_name', 'u.command_id', 'c.status', 'c.sent_at', 'c.acked_at'])
        .where('u.erasure_id', '=', anyInt(ids))
        .orderBy('u.erasure_id')
        .orderBy('u.address_id')
        .execute(),
    (r) => r.erasure_id,
    (r): ErasureReceipt => ({
      addressId: r.address_id,
      unit: r.unit_name,
      commandId: Number(r.command_id),
      state: stateOf(r.status ?? null),
      sentAt: iso(r.sent_at ?? null),
      ackedAt: iso(r.acked_at ?? null),
    }),
  );
}

function erasureBase(db: Kysely<DB>) {
  return db
    .selectFrom('face_erasure as e')
    .leftJoin('community as c', 'c.id', 'e.community_id')
    .select([
      'e.id',
      'e.face_id',
      'e.account',
      'e.person_name',
      'e.community_id',
      'c.name as communityname',
      'e.reason',
      'e.staff_regno',
      'e.created_at',
    ]);
}
type ErasureDbRow = RowOf<typeof erasureBase>;

function toErasure(r: ErasureDbRow, units: ErasureReceipt[]): ErasureRow {
  return {
    id: r.id,
    faceId: r.face_id,
    account: r.account,
    personName: r.person_name,
    communityId: r.community_id,
    communityname: r.communityname ?? '',
    reason: r.reason as ErasureReason,
    staff: r.staff_regno,
    erasedAt: new Date(r.created_at).toISOString(),
    units,
    complete: units.every((u) => u.state === 'acked'),
  };
}

/** getErasures: erasures of the communities in scope, newest first, each with its receipts. */
export async function erasuresPage(ctx: AuthCtx, i: ParsedInput<R['getErasures']>): Promise<Page<ErasureRow>> {
  let q = withinScope(erasureBase(ctx.db), await listScope(ctx.db, ctx.caller), 'e.community_id');
  if (i.account) q = q.where('e.account', 'like', likeArg(i.account));
  if (i.communityId) q = q.where('e.community_id', '=', i.communityId);
  const { rows, total } = await sortedPage(q, { ...i, order: 'desc' }, { id: 'e.id' }, 'e.id', 'e.id', 'desc');
  const receipts = await receiptsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { total, rows: rows.map((r) => toErasure(r, receipts.get(r.id) ?? [])) };
}

/** An erasure in the caller's scope (404 / 403). */
async function visibleErasure(ctx: AuthCtx, id: number): Promise<ErasureDbRow> {
  return foundInScope(ctx.db, ctx.caller, await erasureBase(ctx.db).where('e.id', '=', id).executeTakeFirst());
}

/**
 * resendErasure: a new face.delete to each unit whose receipt is not 'acked' (the unit's row then
 * follows the new command); 400 when every unit acknowledged. Staff of another community get 403
 * and nothing is sent.
 */
export async function resendErasure(ctx: AuthCtx, id: number): Promise<ErasureRow> {
  const e = await visibleErasure(ctx, id);
  const open = ((await receiptsOf(ctx.db, [id])).get(id) ?? []).filter((u) => u.state !== 'acked');
  if (!open.length) throw badRequest('privacy.nothingToResend');
  await withCommands(ctx, async (trx, q) => {
    await q.add(
      open.map((u) => u.addressId),
      [faceDeleteCommand(e.face_id, e.account)],
    );
    if (q.commandIds.length)
      await sql`update face_erasure_unit u set command_id = c.id
        from command c where c.id = any(${q.commandIds.map(String)}::bigint[]) and u.erasure_id = ${id} and u.address_id = c.address_id`.execute(
        trx,
      );
    await writeOpLog(trx, ctx, {
      menu: 'access.privacy',
      content: msg('op.privacy.resend', { account: e.account, count: open.length }),
      communityId: e.community_id,
      after: { erasureId: id, units: open.map((u) => u.addressId) },
    });
  });
  return toErasure(e, (await receiptsOf(ctx.db, [id])).get(id) ?? []);
}
