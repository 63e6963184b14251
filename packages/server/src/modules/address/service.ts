import { ADDRESS_TYPE, type AddressRow, type addressRoutes, hardwareOf, msg, type ParsedInput } from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { withCommands } from '../../devices/commands.ts';
import { bindDevice } from '../device/binding.ts';
import type { AuthCtx } from '../../http/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { allFoundInScope, assertCommunity } from '../../http/scope.ts';
import { dependentsText } from '../community/dependents.ts';
import { activateDevice } from './activation.ts';
import { queueAddressChange } from './amt-sync.ts';
import { addressById, loadAddress } from './queries.ts';

type R = typeof addressRoutes;

const snapshot = (trx: Kysely<DB>, id: number) =>
  trx
    .selectFrom('address')
    .select(['id', 'community_id', 'address', 'name', 'type', 'is_villa', 'hardware', 'devstate', 'reg_no'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The address text is unique in its community (case-insensitive). */
export async function checkAddressFree(trx: Kysely<DB>, communityId: number, address: string, exceptId = 0): Promise<void> {
  const same = await trx
    .selectFrom('address')
    .select('id')
    .where('community_id', '=', communityId)
    .where(sql<boolean>`lower(address) = lower(${address})`)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (same) throw conflict(msg('addr.addressTaken', { address }));
}

/** create: an address of a community in scope. */
export async function createAddress(ctx: AuthCtx, i: ParsedInput<R['create']>): Promise<AddressRow> {
  await assertCommunity(ctx.db, ctx.caller, i.communityID);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const c = await trx.selectFrom('community').select('id').where('id', '=', i.communityID).forUpdate().executeTakeFirst();
    if (!c) throw notFound();
    await checkAddressFree(trx, c.id, i.address);
    const row = await trx
      .insertInto('address')
      .values({
        community_id: c.id,
        address: i.address,
        name: i.name,
        type: i.type,
        is_villa: i.isVilla,
        hardware: hardwareOf(i),
        devstate: 0,
        reg_no: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeOpLog(trx, ctx, {
      menu: 'project.project',
      content: msg('op.addr.create', { address: i.address }),
      communityId: c.id,
      after: await snapshot(trx, row.id),
    });
    return row.id;
  });
  return addressById(ctx, id);
}

/** updateAddr: address, short name, single-family and hardware (the type is set when adding). */
export async function updateAddress(ctx: AuthCtx, i: ParsedInput<R['updateAddr']>): Promise<AddressRow> {
  const a = await loadAddress(ctx, ctx.db, i.addressid);
  await withCommands(ctx, async (trx, q) => {
    const before = await snapshot(trx, a.id);
    if (!before) throw notFound();
    await checkAddressFree(trx, before.community_id, i.address, before.id);
    await trx
      .updateTable('address')
      .set({ address: i.address, name: i.name, is_villa: i.isVilla, hardware: hardwareOf(i) })
      .where('id', '=', before.id)
      .execute();
    await queueAddressChange(trx, q, before.id);
    await writeOpLog(trx, ctx, {
      menu: 'project.project',
      content: msg('op.addr.update', { address: i.address }),
      communityId: before.community_id,
      before,
      after: await snapshot(trx, before.id),
    });
  });
  return addressById(ctx, a.id);
}

/**
 * batchDelAddr: single-family door units cannot be deleted (000 §5); an address that
 * still has accounts, an active device or call codes (or cards, faces) is refused,
 * naming them.
 */
export async function deleteAddresses(ctx: AuthCtx, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('address')
      .select(['id', 'community_id', 'address', 'type', 'is_villa'])
      .where('id', 'in', unique)
      .forUpdate()
      .execute();
    await allFoundInScope(trx, ctx.caller, rows, unique.length);
    if (rows.some((r) => r.type === ADDRESS_TYPE.doorUnit && r.is_villa === 1)) throw forbidden('addr.villaNoDelete');
    const refusals: string[] = [];
    for (const r of rows) {
      const what = await dependentsText(ctx, trx, { addressId: r.id });
      if (what) refusals.push(msg('addr.deleteRefused', { address: r.address, what }));
    }
    if (refusals.length) throw new AppError(409, refusals);
    for (const r of rows) {
      const before = await snapshot(trx, r.id);
      await trx.deleteFrom('address').where('id', '=', r.id).execute();
      await writeOpLog(trx, ctx, {
        menu: 'project.project',
        content: msg('op.addr.delete', { address: r.address }),
        communityId: r.community_id,
        before,
      });
    }
  });
}

/** activeDevice: activates or replaces the device of a door unit in scope. */
export async function activeDevice(ctx: AuthCtx, i: ParsedInput<R['activeDevice']>): Promise<AddressRow & { secret: string }> {
  const a = await loadAddress(ctx, ctx.db, i.addressid);
  if (i.communityID !== undefined && i.communityID !== a.community_id) throw notFound();
  const bound = await withCommands(ctx, async (trx, q) => {
    const done = await activateDevice(trx, { addressId: a.id, serial: i.regNo });
    const device = await bindDevice(trx, q, { addressId: a.id, serial: i.regNo, autoPool: true });
    await writeOpLog(trx, ctx, {
      menu: 'project.project',
      content: msg('op.addr.activate', { address: done.address, regNo: i.regNo }),
      communityId: done.communityId,
      before: done.before,
      after: done.after,
    });
    return device;
  });
  for (const serial of bound.revoked) ctx.devices.disconnect(serial);
  await ctx.devices.provision?.([...bound.revoked, bound.serial]);
  // The device secret is shown once, for the installer to enter into the door unit.
  return { ...(await addressById(ctx, a.id)), secret: bound.secret };
}
