import {
  ADDRESS_TYPE,
  type DeviceRow,
  type DeviceSecret,
  isEnterpriseRole,
  msg,
  type Page,
  type ParsedInput,
  type deviceRoutes,
  type UnitKind,
} from '@gatehouse/contracts';
import { sql } from 'kysely';
import { nullsSmallest } from '../../db/sorted-page.ts';
import type { Db } from '../../db/index.ts';
import { withCommands } from '../../devices/commands.ts';
import { doorUnit, profileCommands } from '../../devices/desired.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { listForLog } from '../../http/oplog-list.ts';
import { presentedInScope } from '../../http/row-in-scope.ts';
import { assertCommunity, listScope, withinScope } from '../../http/scope.ts';
import type { Scope } from '../../http/caller.ts';
import { bindDevice, unbindDevice } from './binding.ts';
import { likeArg, likePrefix, pageAndTotal, PG_ERROR, pgCode } from '../../db/sql.ts';
import { withSync } from '../../devices/sync-state.ts';
import type { RowOf } from '../../db/row-of.ts';

type R = typeof deviceRoutes;
type PageIn = ParsedInput<R['getDevicesPage']>;

const SORT = {
  addressName: 'a.name',
  addressRegNo: 'd.serial',
  userPhone: 'd.phone',
  communityName: 'c.name',
  communityLocation: 'c.location',
  online: 'd.online',
  lastSeen: 'd.last_seen_at',
} as const;

function deviceQuery(db: Db) {
  return db
    .selectFrom('device as d')
    .innerJoin('address as a', 'a.id', 'd.address_id')
    .innerJoin('community as c', 'c.id', 'a.community_id')
    .leftJoin('account as u', (j) => j.onRef('u.reg_no', '=', 'd.phone').on('u.role_id', '=', 10))
    .select([
      'a.id as addressid',
      'd.id as deviceId',
      'a.name as addressName',
      'd.serial as addressRegNo',
      'd.phone',
      'c.name as communityName',
      'c.location as communityLocation',
      'c.address as communityAddress',
      'c.id as communityID',
      'u.id as clouduserId',
      'a.devstate',
      'a.is_villa as isVilla',
      'd.hardware',
      'd.online',
      'd.last_seen_at as lastSeenAt',
      'd.firmware',
      'd.unit_kind as unitKind',
    ]);
}

/** Bound devices in the caller's scope with the list's filters (list and export). */
export function filteredDevices(db: Db, scope: Scope, i: Omit<PageIn, 'page' | 'rows' | 'sort' | 'order'>) {
  let q = deviceQuery(db);
  q = withinScope(q, scope, 'a.community_id');
  if (i.addressName) q = q.where('a.name', 'ilike', likeArg(i.addressName));
  if (i.addressRegNo) q = q.where('d.serial', 'ilike', likeArg(i.addressRegNo));
  if (i.userPhone) q = q.where('d.phone', 'like', likePrefix(i.userPhone));
  if (i.communityName) q = q.where('c.name', 'ilike', likeArg(i.communityName));
  if (i.communityLocation) q = q.where('c.location', 'ilike', likeArg(i.communityLocation));
  if (i.unitKind) q = q.where('d.unit_kind', '=', i.unitKind);
  return q;
}

type DbRow = RowOf<typeof deviceQuery>;

async function present(ctx: AuthCtx, rows: DbRow[]): Promise<DeviceRow[]> {
  const synced = await withSync(ctx.db, ctx.config.TZ_NAME, rows);
  return synced.map(({ phone, ...r }) => ({ ...r, unitKind: r.unitKind as UnitKind, userPhone: phone ?? '' }));
}

export async function devicesPage(ctx: AuthCtx, i: PageIn): Promise<Page<DeviceRow>> {
  const base = filteredDevices(ctx.db, await listScope(ctx.db, ctx.caller), i);
  let q = base.limit(i.rows).offset(i.page * i.rows);
  q = i.sort ? q.orderBy(sql.ref(SORT[i.sort]), nullsSmallest(i.order)).orderBy('a.id', 'desc') : q.orderBy('a.id', 'desc');
  const { rows, total } = await pageAndTotal(base, q);
  return { rows: await present(ctx, rows), total };
}

/** One device list row; another community's row answers 403. */
export async function deviceById(ctx: AuthCtx, addressId: number): Promise<DeviceRow> {
  const row = await deviceQuery(ctx.db).where('a.id', '=', addressId).executeTakeFirst();
  return presentedInScope(ctx, row, (r) => r.communityID, present);
}

/**
 * Adds a device: a new door-unit address named addressName in the company, bound to
 * the pool device regNo. Role 10 adds only to its own company (the scope check).
 */
export async function insertDevice(ctx: AuthCtx, i: ParsedInput<R['insertDevice']>): Promise<DeviceSecret> {
  const company = await ctx.db.selectFrom('community').select(['id', 'name']).where('id', '=', i.communityID).executeTakeFirst();
  if (!company) throw badRequest(msg('v.choose', { field: '@f.dev.company' }));
  await assertCommunity(ctx.db, ctx.caller, company.id);
  const pool = await ctx.db.selectFrom('device').select(['is_villa', 'hardware']).where('serial', '=', i.regNo).executeTakeFirst();
  if (!pool) throw badRequest(msg('device.notInPool', { regNo: i.regNo }));
  const bound = await withCommands(ctx, async (trx, q) => {
    const addr = await trx
      .insertInto('address')
      .values({
        community_id: company.id,
        address: i.addressName,
        name: i.addressName,
        type: ADDRESS_TYPE.doorUnit,
        is_villa: pool.is_villa,
        hardware: pool.hardware,
        devstate: 0,
        reg_no: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const b = await bindDevice(trx, q, { addressId: addr.id, serial: i.regNo, phone: i.userPhone, ownAddress: true });
    await writeOpLog(trx, ctx, {
      menu: 'project.devices',
      content: msg('op.device.insert', { regNo: i.regNo, name: i.addressName }),
      communityId: company.id,
      after: { addressid: addr.id, addressName: i.addressName, regNo: i.regNo, userPhone: i.userPhone, communityID: company.id },
    });
    return { ...b, addressid: addr.id };
  });
  for (const s of bound.revoked) ctx.devices.disconnect(s);
  await ctx.devices.provision?.([...bound.revoked, bound.serial]);
  return { addressid: bound.addressid, serial: bound.serial, secret: bound.secret, unitKind: bound.unitKind };
}

/** Edits the short name and the account; the company stays (delete and add again to move a device). */
export async function updateDevice(ctx: AuthCtx, i: ParsedInput<R['updateDevice']>): Promise<DeviceRow> {
  const before = await deviceById(ctx, i.addressid);
  if (i.communityID !== before.communityID) throw badRequest('device.companyReadOnly');
  await withCommands(ctx, async (trx, q) => {
    await trx.updateTable('address').set({ name: i.addressName }).where('id', '=', i.addressid).execute();
    await trx.updateTable('device').set({ phone: i.userPhone, updated_at: sql<Date>`now()` }).where('id', '=', before.deviceId).execute();
    const door = await doorUnit(trx, i.addressid);
    if (door) await q.add(i.addressid, await profileCommands(trx, door));
    await writeOpLog(trx, ctx, {
      menu: 'project.devices',
      content: msg('op.device.update', { regNo: before.addressRegNo, name: i.addressName }),
      communityId: before.communityID,
      before: { addressName: before.addressName, userPhone: before.userPhone },
      after: { addressName: i.addressName, userPhone: i.userPhone },
    });
  });
  return deviceById(ctx, i.addressid);
}

/**
 * Deletes devices from the list: each goes back to the pool with its secret dropped;
 * a door unit the device list created goes too, unless something else still refers to it.
 */
export async function delDevices(ctx: AuthCtx, addressIds: number[]): Promise<void> {
  const rows = await Promise.all([...new Set(addressIds)].map((id) => deviceById(ctx, id)));
  await withCommands(ctx, async (trx, q) => {
    for (const r of rows) {
      const own = await trx.selectFrom('device').select('own_address').where('id', '=', r.deviceId).executeTakeFirstOrThrow();
      await unbindDevice(trx, q, r.deviceId);
      if (!own.own_address) continue;
      await sql`savepoint del_address`.execute(trx);
      try {
        await trx.deleteFrom('address').where('id', '=', r.addressid).execute();
        await sql`release savepoint del_address`.execute(trx);
      } catch (e) {
        if (pgCode(e) !== PG_ERROR.foreignKeyViolation) throw e;
        await sql`rollback to savepoint del_address`.execute(trx);
      }
    }
    await writeOpLog(trx, ctx, {
      menu: 'project.devices',
      content: msg('op.device.delete', {
        regNos: listForLog(rows, (r) => r.addressRegNo, 300),
      }),
      communityId: rows.length === 1 ? rows[0]?.communityID : null,
      before: rows.map((r) => ({ addressid: r.addressid, regNo: r.addressRegNo, addressName: r.addressName })),
    });
  });
  for (const r of rows) ctx.devices.disconnect(r.addressRegNo);
  await ctx.devices.provision?.(rows.map((r) => r.addressRegNo));
}

/** The company of a registration number; an enterprise user may ask only for its own. */
export async function companyByRegNo(ctx: AuthCtx, regNo: string): Promise<{ communityID: number; communityName: string }> {
  if (isEnterpriseRole(ctx.caller.roleId) && regNo !== ctx.caller.regNo) throw forbidden();
  const c = await ctx.db.selectFrom('community').select(['id', 'name']).where('reg_no', '=', regNo).orderBy('id').executeTakeFirst();
  if (!c) throw notFound('device.companyNotFound');
  await assertCommunity(ctx.db, ctx.caller, c.id);
  return { communityID: c.id, communityName: c.name };
}
