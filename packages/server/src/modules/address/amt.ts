import { ADDRESS_TYPE, type AmtRow, type addressRoutes, msg, type Page, type ParsedInput, VILLA_CALL_CODE } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { withCommands } from '../../devices/commands.ts';
import { sortedPage } from '../../db/sorted-page.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { allFoundInScope, foundInScope } from '../../http/scope.ts';
import { queueCallCodes } from './amt-sync.ts';
import { loadAddress } from './queries.ts';
import type { RowOf } from '../../db/row-of.ts';

type R = typeof addressRoutes;
const SORT = { code: 'amt.code', address: 'd.address' } as const;

function amtRows(db: Kysely<DB>) {
  return db
    .selectFrom('amt')
    .innerJoin('address as d', 'd.id', 'amt.called_address_id')
    .select(['amt.id', 'amt.code', 'amt.caller_address_id', 'amt.called_address_id', 'amt.community_id', 'd.address', 'd.name']);
}

type Raw = RowOf<typeof amtRows>;
const present = (r: Raw): AmtRow => ({
  amtid: r.id,
  code: r.code,
  callerAddressID: r.caller_address_id,
  calledAddressID: r.called_address_id,
  address: r.address,
  name: r.name,
  communityId: r.community_id,
});

/** The calling address must be a door unit in scope. */
async function caller(ctx: AuthCtx, db: Kysely<DB>, id: number) {
  const a = await loadAddress(ctx, db, id);
  if (a.type !== ADDRESS_TYPE.doorUnit) throw badRequest('amt.callerNotDoorUnit');
  return a;
}

/** getAmts: the call-code table of one door unit, paged. */
export async function amtPage(ctx: AuthCtx, i: ParsedInput<R['getAmts']>): Promise<Page<AmtRow>> {
  await loadAddress(ctx, ctx.db, i.addressId);
  const q = amtRows(ctx.db).where('amt.caller_address_id', '=', i.addressId);
  const { rows, total } = await sortedPage(q, i, SORT, 'amt.id', 'amt.code');
  return { rows: rows.map(present), total };
}

async function loadAmt(ctx: AuthCtx, db: Kysely<DB>, id: number): Promise<Raw> {
  return foundInScope(db, ctx.caller, await amtRows(db).where('amt.id', '=', id).executeTakeFirst());
}

/** getAmtData: one call-code entry in scope. */
export async function amtById(ctx: AuthCtx, id: number): Promise<AmtRow> {
  return present(await loadAmt(ctx, ctx.db, id));
}

/**
 * The rules of an entry: the called address is a householder or management centre of
 * the same community; the code is unique on the door unit, and so is the called address.
 * A single-family door unit's code is always 000.
 */
export async function checkEntry(
  trx: Kysely<DB>,
  door: { id: number; community_id: number; is_villa: number },
  e: { calledAddressID: number; code: string },
  exceptId = 0,
): Promise<string> {
  const code = door.is_villa === 1 ? VILLA_CALL_CODE : e.code;
  const called = await trx
    .selectFrom('address')
    .select(['id', 'community_id', 'type', 'address'])
    .where('id', '=', e.calledAddressID)
    .executeTakeFirst();
  if (!called || called.community_id !== door.community_id || called.type === ADDRESS_TYPE.doorUnit) throw badRequest('amt.badCalled');
  const sameCode = await amtRows(trx)
    .where('amt.caller_address_id', '=', door.id)
    .where('amt.code', '=', code)
    .where('amt.id', '<>', exceptId)
    .executeTakeFirst();
  if (sameCode) throw conflict(msg('amt.codeTaken', { code, address: sameCode.address }));
  const sameCalled = await amtRows(trx)
    .where('amt.caller_address_id', '=', door.id)
    .where('amt.called_address_id', '=', called.id)
    .where('amt.id', '<>', exceptId)
    .executeTakeFirst();
  if (sameCalled) throw conflict(msg('amt.calledTaken', { code: sameCalled.code, address: called.address }));
  return code;
}

/**
 * Writes an entry of a door unit (`write` answers its id) under the unit's lock, its code
 * checked (`checkEntry`, `entry` the one being changed), then queues the unit's new table and
 * logs the change.
 */
async function saveEntry(
  ctx: AuthCtx,
  door: Awaited<ReturnType<typeof caller>>,
  i: { calledAddressID: number; code: string },
  entry: Raw | null,
  write: (trx: Kysely<DB>, code: string) => Promise<number>,
): Promise<AmtRow> {
  const id = await withCommands(ctx, async (trx, q) => {
    await trx.selectFrom('address').select('id').where('id', '=', door.id).forUpdate().execute();
    const code = await checkEntry(trx, door, i, entry?.id);
    const id = await write(trx, code);
    const after = await amtRows(trx).where('amt.id', '=', id).executeTakeFirstOrThrow();
    await queueCallCodes(trx, q, [door.id]);
    await writeOpLog(trx, ctx, {
      menu: 'project.project',
      content: msg(entry ? 'op.amt.update' : 'op.amt.create', { caller: door.address, code, called: after.address }),
      communityId: door.community_id,
      before: entry ? present(entry) : null,
      after: present(after),
    });
    return id;
  });
  return amtById(ctx, id);
}

/** createAmt: a call code on a door unit; the door unit's device gets its new table. */
export async function createAmt(ctx: AuthCtx, i: ParsedInput<R['createAmt']>): Promise<AmtRow> {
  const door = await caller(ctx, ctx.db, i.callerAddressID);
  return saveEntry(ctx, door, i, null, async (trx, code) => {
    const row = await trx
      .insertInto('amt')
      .values({ community_id: door.community_id, caller_address_id: door.id, called_address_id: i.calledAddressID, code })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** updateAmt: another code or called address for an entry. */
export async function updateAmt(ctx: AuthCtx, i: ParsedInput<R['updateAmt']>): Promise<AmtRow> {
  const entry = await loadAmt(ctx, ctx.db, i.amtid);
  const door = await caller(ctx, ctx.db, entry.caller_address_id);
  return saveEntry(ctx, door, i, entry, async (trx, code) => {
    await trx.updateTable('amt').set({ code, called_address_id: i.calledAddressID }).where('id', '=', entry.id).execute();
    return entry.id;
  });
}

/** delAmtBatch: entries in scope; a single-family door unit's entry cannot be deleted. */
export async function deleteAmts(ctx: AuthCtx, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await withCommands(ctx, async (trx, q) => {
    const rows = await allFoundInScope(trx, ctx.caller, await amtRows(trx).where('amt.id', 'in', unique).execute(), unique.length);
    const callerIds = [...new Set(rows.map((r) => r.caller_address_id))];
    const callers = await trx
      .selectFrom('address')
      .select(['id', 'address', 'is_villa', 'community_id'])
      .where('id', 'in', callerIds)
      .execute();
    if (callers.some((c) => c.is_villa === 1)) throw forbidden('addr.villaNoDelete');
    await trx.deleteFrom('amt').where('id', 'in', unique).execute();
    await queueCallCodes(trx, q, callerIds);
    for (const c of callers) {
      const mine = rows.filter((r) => r.caller_address_id === c.id);
      await writeOpLog(trx, ctx, {
        menu: 'project.project',
        content: msg('op.amt.delete', { caller: c.address, count: mine.length }),
        communityId: c.community_id,
        before: mine.map(present),
      });
    }
  });
}
