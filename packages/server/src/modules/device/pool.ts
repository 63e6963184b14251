import {
  HARDWARE,
  hardwareOf,
  type HardwareFlags,
  isAdminLevel,
  msg,
  type Page,
  type ParsedInput,
  type PoolRow,
  type poolRoutes,
  isAddressedKind,
  type UnitKind,
} from '@gatehouse/contracts';
import { deviceCredentialBox } from '../../crypto/key-file.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { withCommands } from '../../devices/commands.ts';
import { doorUnit, profileCommands } from '../../devices/desired.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { likeArg, pageAndTotal } from '../../db/sql.ts';
import type { RowOf } from '../../db/row-of.ts';

type PageIn = ParsedInput<typeof poolRoutes.getPoolPage>;
type AddIn = ParsedInput<typeof poolRoutes.addPool>;
type UpdateIn = ParsedInput<typeof poolRoutes.updatePool>;

const SORT = { name: 'd.name', regNo: 'd.serial', isVilla: 'd.is_villa', hardware: 'd.hardware' } as const;

/** A door unit's single-family flag and hardware bits as the address and pool lists show them. */
export const presentHardware = (r: { is_villa: number; hardware: number }): HardwareFlags => ({
  isVilla: r.is_villa,
  hardware: r.hardware,
  faceSupported: r.hardware & HARDWARE.face,
  qrcodeSupported: r.hardware & HARDWARE.qrcode,
  cardSupported: r.hardware & HARDWARE.card,
  pwdSupported: r.hardware & HARDWARE.password,
});

function poolQuery(db: Db) {
  return db
    .selectFrom('device as d')
    .leftJoin('address as a', 'a.id', 'd.address_id')
    .select(['d.id', 'd.address_id', 'd.name', 'd.serial', 'a.address', 'd.is_villa', 'd.hardware', 'd.note'])
    .select(['d.unit_kind', 'd.vendor_host', 'd.vendor_port', 'd.vendor_user'])
    .select(sql<boolean>`d.vendor_secret_box is not null`.as('has_password'));
}
type PoolDbRow = RowOf<typeof poolQuery>;

function toRow(r: PoolDbRow, roleId: number): PoolRow {
  return {
    id: r.id,
    addressid: r.address_id,
    name: r.name,
    regNo: r.serial,
    address: r.address ?? '',
    ...presentHardware(r),
    ...(isAdminLevel(roleId) ? { note: r.note } : {}),
    unitKind: r.unit_kind as UnitKind,
    vendorHost: r.vendor_host,
    vendorPort: r.vendor_port,
    vendorUser: r.vendor_user,
    hasPassword: r.has_password,
  };
}

/** The pool's filters (short name, single-family, hardware bits), shared by the list and the export. */
export function filteredPool(db: Db, i: Pick<PageIn, 'name' | 'isVilla' | 'hardware' | 'unitKind'>) {
  let q = poolQuery(db);
  if (i.name) q = q.where('d.name', 'ilike', likeArg(i.name));
  if (i.isVilla !== undefined) q = q.where('d.is_villa', '=', i.isVilla);
  if (i.hardware) q = q.where(sql<number>`d.hardware & ${i.hardware}`, '=', i.hardware);
  if (i.unitKind) q = q.where('d.unit_kind', '=', i.unitKind);
  return q;
}

export async function poolPage(ctx: AuthCtx, i: PageIn): Promise<Page<PoolRow>> {
  const base = filteredPool(ctx.db, i);
  let q = base.limit(i.rows).offset(i.page * i.rows);
  q = i.sort ? q.orderBy(SORT[i.sort], i.order ?? 'asc').orderBy('d.id', 'desc') : q.orderBy('d.id', 'desc');
  const { rows, total } = await pageAndTotal(base, q);
  return { rows: rows.map((r) => toRow(r, ctx.caller.roleId)), total };
}

export async function poolById(ctx: AuthCtx, id: number): Promise<PoolRow> {
  const r = await poolQuery(ctx.db).where('d.id', '=', id).executeTakeFirst();
  if (!r) throw notFound();
  return toRow(r, ctx.caller.roleId);
}

/** Pool rules shared by the form and the import: serial unique. */
export async function assertSerialFree(db: Db, serial: string): Promise<void> {
  const taken = await db.selectFrom('device').select('id').where(sql`lower(serial)`, '=', serial.toLowerCase()).executeTakeFirst();
  if (taken) throw badRequest(msg('pool.serialTaken', { regNo: serial }));
}

/**
 * A unit's kind and vendor columns from the form: an addressed kind (ADDRESSED_KINDS) keeps its address, port (default 80),
 * user and, sealed, its password (`sealed`: the one it has when none is sent); the other kinds none.
 */
export function vendorColumns(ctx: AuthCtx, i: AddIn | UpdateIn, sealed: string | null) {
  const kind: UnitKind = i.unitKind ?? 'gatehouse-mqtt';
  if (!isAddressedKind(kind)) return { unit_kind: kind, vendor_host: null, vendor_port: null, vendor_user: null, vendor_secret_box: null };
  return {
    unit_kind: kind,
    vendor_host: i.vendorHost ?? null,
    vendor_port: i.vendorPort ?? 80,
    vendor_user: i.vendorUser ?? null,
    vendor_secret_box: i.vendorPassword ? deviceCredentialBox(ctx.config).seal(i.vendorPassword) : sealed,
  };
}

/** A new pool entry's row, from the add form or an imported row (checked by the same schema). */
export const newDevice = (ctx: AuthCtx, i: AddIn) => ({
  serial: i.regNo,
  name: i.name,
  is_villa: i.isVilla,
  hardware: hardwareOf(i),
  note: i.note ?? '',
  ...vendorColumns(ctx, i, null),
});

/** What the op log keeps of a pool form: never the vendor password (only whether one was sent). */
const loggable = ({ vendorPassword, ...i }: AddIn | UpdateIn) => ({ ...i, ...(vendorPassword ? { vendorPassword: '***' } : {}) });

export async function addPool(ctx: AuthCtx, i: AddIn): Promise<PoolRow> {
  await assertSerialFree(ctx.db, i.regNo);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('device').values(newDevice(ctx, i)).returning('id').executeTakeFirstOrThrow();
    await writeOpLog(trx, ctx, { menu: 'project.pool', content: msg('op.pool.add', { regNo: i.regNo, name: i.name }), after: loggable(i) });
    return row.id;
  });
  return poolById(ctx, id);
}

/**
 * Edits a pool entry; the serial cannot change, nor the kind of a unit bound to a door (unbind it
 * first). A unit of an addressed kind sent without a password keeps its own (one is required when it has none).
 * A bound device gets its new profile (name, single-family, hardware) as a command.
 */
export async function updatePool(ctx: AuthCtx, i: UpdateIn): Promise<PoolRow> {
  const before = await ctx.db
    .selectFrom('device')
    .select([
      'serial',
      'name',
      'is_villa',
      'hardware',
      'note',
      'address_id',
      'unit_kind',
      'vendor_host',
      'vendor_port',
      'vendor_user',
      'vendor_secret_box',
    ])
    .where('id', '=', i.id)
    .executeTakeFirst();
  if (!before) throw notFound();
  if (i.regNo !== undefined && i.regNo !== before.serial) throw badRequest('pool.serialReadOnly');
  const kind = i.unitKind ?? (before.unit_kind as UnitKind);
  if (before.address_id !== null && kind !== before.unit_kind) throw badRequest(msg('pool.kindBound', { regNo: before.serial }));
  const kept = isAddressedKind(before.unit_kind) ? before.vendor_secret_box : null;
  if (isAddressedKind(kind) && !i.vendorPassword && !kept) throw badRequest(msg('v.required', { field: '@f.dev.vendorPassword' }));
  const vendor = vendorColumns(ctx, { ...i, unitKind: kind }, kept);
  const after = { name: i.name, is_villa: i.isVilla, hardware: hardwareOf(i), note: i.note ?? '' };
  await withCommands(ctx, async (trx, q) => {
    await trx
      .updateTable('device')
      .set({ ...after, ...vendor, updated_at: sql<Date>`now()` })
      .where('id', '=', i.id)
      .execute();
    if (before.address_id) {
      const door = await doorUnit(trx, before.address_id);
      if (door) await q.add(before.address_id, await profileCommands(trx, door));
    }
    await writeOpLog(trx, ctx, {
      menu: 'project.pool',
      content: msg('op.pool.update', { regNo: before.serial, name: i.name }),
      before: {
        name: before.name,
        is_villa: before.is_villa,
        hardware: before.hardware,
        note: before.note,
        unit_kind: before.unit_kind,
        vendor_host: before.vendor_host,
        vendor_port: before.vendor_port,
        vendor_user: before.vendor_user,
      },
      after: {
        ...after,
        unit_kind: vendor.unit_kind,
        vendor_host: vendor.vendor_host,
        vendor_port: vendor.vendor_port,
        vendor_user: vendor.vendor_user,
        ...(i.vendorPassword ? { vendorPassword: '***' } : {}),
      },
    });
  });
  return poolById(ctx, i.id);
}

/** Deletes pool entries; a device bound to a door unit is refused (unbind it in the device list first). */
export async function delPool(ctx: AuthCtx, ids: number[]): Promise<void> {
  const rows = await ctx.db.selectFrom('device').select(['id', 'serial', 'address_id']).where('id', 'in', ids).execute();
  if (rows.length !== new Set(ids).size) throw notFound();
  const bound = rows.find((r) => r.address_id !== null);
  if (bound) throw badRequest(msg('pool.bound', { regNo: bound.serial }));
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('device').where('id', 'in', ids).where('address_id', 'is', null).execute();
    const regNos = rows.map((r) => r.serial).join(', ');
    await writeOpLog(trx, ctx, { menu: 'project.pool', content: msg('op.pool.delete', { regNos: regNos.slice(0, 300) }), before: rows });
  });
}
