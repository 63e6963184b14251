import { ADDRESS_TYPE, type DeviceOption, ROLE } from '@gatehouse/contracts';
import type { AuthCtx } from '../../http/context.ts';
import { listScope, withinScope } from '../../http/scope.ts';
import { manageableTarget } from './manage.ts';
import { companyDevices } from './queries.ts';
import { likeArg } from '../../db/sql.ts';

/**
 * getDevicesForClouduser: door units (address type 0) the caller may see, matching
 * the typed name: an enterprise user its own company's, others those of their
 * scope (narrowed to the header's community).
 */
export async function devicesForClouduser(ctx: AuthCtx, deviceName?: string): Promise<DeviceOption[]> {
  const scope = await listScope(ctx.db, ctx.caller);
  let q = ctx.db
    .selectFrom('address')
    .select(['id', 'name', 'address'])
    .where('type', '=', ADDRESS_TYPE.doorUnit)
    .orderBy('name')
    .orderBy('id')
    .limit(200);
  q = withinScope(q, scope, 'community_id');
  if (deviceName) {
    const like = likeArg(deviceName);
    q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('address', 'ilike', like)]));
  }
  const rows = await q.execute();
  return rows.map((r) => ({ value: r.id, label: r.name || r.address }));
}

/** getClouduserDevices: the door units of a cloud user's company (itself, or an account the caller manages). */
export async function clouduserDevices(ctx: AuthCtx, userId: number): Promise<DeviceOption[]> {
  const self = userId === ctx.caller.accountId;
  const a = self
    ? await ctx.db.selectFrom('account').select(['role_id', 'community_id']).where('id', '=', userId).executeTakeFirstOrThrow()
    : await manageableTarget(ctx, userId);
  if (a.role_id !== ROLE.cloudUser && a.role_id !== ROLE.cloudEmployee) return [];
  return companyDevices(ctx.db, a.community_id);
}
