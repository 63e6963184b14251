import { type DeviceSecret, type MenuKey, menuByKey, msg, type ParsedInput, type deviceRoutes } from '@gatehouse/contracts';
import { withCommands } from '../../devices/commands.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity } from '../../http/scope.ts';
import { bindDevice, resetSecret, resyncDoorUnit } from './binding.ts';
import { deviceById } from './list.ts';

/**
 * Replaces the device of a door unit by another pool device (devicenumber →
 * newdevicenumber). The new device gets a new secret and the whole configuration; the
 * old one is unbound and its connections are dropped at once.
 */
export async function changeSerial(ctx: AuthCtx, i: ParsedInput<typeof deviceRoutes.changeSerial>): Promise<DeviceSecret> {
  const old = await ctx.db
    .selectFrom('device')
    .select(['address_id', 'community_id'])
    .where('serial', '=', i.devicenumber)
    .executeTakeFirst();
  if (!old?.address_id) throw badRequest('device.serialMismatch');
  await assertCommunity(ctx.db, ctx.caller, old.community_id);
  if (i.newdevicenumber === i.devicenumber) throw badRequest('device.sameSerial');
  const addressId = old.address_id;
  const b = await withCommands(ctx, async (trx, q) => {
    const bound = await bindDevice(trx, q, { addressId, serial: i.newdevicenumber });
    await writeOpLog(trx, ctx, {
      menu: 'project.devices',
      content: msg('op.device.replace', { from: i.devicenumber, to: i.newdevicenumber }),
      communityId: old.community_id,
      before: { regNo: i.devicenumber },
      after: { regNo: i.newdevicenumber, clouduserId: i.clouduserId ?? null },
    });
    return bound;
  });
  for (const s of b.revoked) ctx.devices.disconnect(s);
  await ctx.devices.provision?.([...b.revoked, b.serial]);
  return { addressid: addressId, serial: b.serial, secret: b.secret, unitKind: b.unitKind };
}

/** A new secret for the device of a door unit (a lost or leaked secret). */
export async function issueSecret(ctx: AuthCtx, addressId: number): Promise<DeviceSecret> {
  const row = await deviceById(ctx, addressId);
  const out = await ctx.db.transaction().execute(async (trx) => {
    const s = await resetSecret(trx, addressId);
    await writeOpLog(trx, ctx, {
      menu: 'project.devices',
      content: msg('op.device.secret', { regNo: s.serial }),
      communityId: row.communityID,
    });
    return s;
  });
  ctx.devices.disconnect(out.serial);
  await ctx.devices.provision?.([out.serial]);
  return { addressid: addressId, ...out };
}

/** The op-log menu of a call reachable from several menus: the first the caller holds. */
export const menuOf = (ctx: AuthCtx, menus: MenuKey[]): MenuKey =>
  menus.find((m) => ctx.caller.menuIds.has(menuByKey(m).id)) ?? (menus[0] as MenuKey);

/** Re-sends the whole desired configuration of a door unit (a reset, then every part). */
export async function resync(ctx: AuthCtx, addressId: number): Promise<{ queued: number }> {
  const door = await ctx.db.selectFrom('address').select(['id', 'name', 'community_id']).where('id', '=', addressId).executeTakeFirst();
  if (!door) throw badRequest('device.noDevice');
  await assertCommunity(ctx.db, ctx.caller, door.community_id);
  const queued = await withCommands(ctx, async (trx, q) => {
    const n = await resyncDoorUnit(trx, q, addressId);
    await writeOpLog(trx, ctx, {
      menu: menuOf(ctx, ['access.gm', 'project.devices']),
      content: msg('op.device.resync', { name: door.name }),
      communityId: door.community_id,
    });
    return n;
  });
  return { queued };
}
