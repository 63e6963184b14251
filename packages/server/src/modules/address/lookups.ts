import { ADDRESS_TYPE, type AddressBrief, type addressRoutes, type Option, type ParsedInput } from '@gatehouse/contracts';
import type { AuthCtx } from '../../http/context.ts';
import { assertCommunity, foundInScope } from '../../http/scope.ts';
import { likeArg } from '../../db/sql.ts';

type R = typeof addressRoutes;

/** searchResidents: householder addresses of a community in scope, matching the typed text. */
export async function searchResidents(ctx: AuthCtx, communityId: number, text?: string) {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  let q = ctx.db
    .selectFrom('address')
    .select(['id', 'address'])
    .where('community_id', '=', communityId)
    .where('type', '=', ADDRESS_TYPE.householder)
    .orderBy('address')
    .limit(50);
  if (text?.trim()) q = q.where('address', 'ilike', likeArg(text));
  const rows = await q.execute();
  return rows.map((r) => ({ intValue: r.id, label: r.address }));
}

async function addressesOf(ctx: AuthCtx, i: ParsedInput<R['getAddressByCommId']>, limit: number) {
  await assertCommunity(ctx.db, ctx.caller, i.communityId);
  let q = ctx.db
    .selectFrom('address')
    .select(['id', 'address', 'name', 'type', 'is_villa'])
    .where('community_id', '=', i.communityId)
    .orderBy('address')
    .orderBy('id')
    .limit(limit);
  if (i.address) q = q.where('address', 'ilike', likeArg(i.address));
  if (i.type !== undefined) q = q.where('type', '=', i.type);
  return q.execute();
}

/** getAddressByCommId: the addresses of a community (at most 1000; narrow with address or type). */
export async function addressesByCommunity(ctx: AuthCtx, i: ParsedInput<R['getAddressByCommId']>): Promise<AddressBrief[]> {
  return (await addressesOf(ctx, i, 1000)).map((r) => ({
    addressid: r.id,
    address: r.address,
    name: r.name,
    type: r.type,
    isVilla: r.is_villa,
  }));
}

/** getAddressesByComm: address choices of a community matching the typed text (at most 50). */
export async function addressOptions(ctx: AuthCtx, i: ParsedInput<R['getAddressesByComm']>): Promise<Option[]> {
  return (await addressesOf(ctx, i, 50)).map((r) => ({ intValue: r.id, label: r.address }));
}

/** searchCalledAddrs: addresses a door unit may call (householders, management centres). */
export async function calledAddresses(ctx: AuthCtx, communityId: number, text?: string): Promise<Option[]> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  let q = ctx.db
    .selectFrom('address')
    .select(['id', 'address', 'name'])
    .where('community_id', '=', communityId)
    .where('type', 'in', [ADDRESS_TYPE.householder, ADDRESS_TYPE.managementCentre])
    .orderBy('address')
    .limit(50);
  if (text) q = q.where((eb) => eb.or([eb('address', 'ilike', likeArg(text)), eb('name', 'ilike', likeArg(text))]));
  return (await q.execute()).map((r) => ({ intValue: r.id, label: r.address }));
}

/** getActiveDevice: the serial number of the device active on an address (null when none). */
export async function activeDeviceOf(ctx: AuthCtx, addressId: number): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('address')
    .select(['community_id', 'devstate', 'reg_no'])
    .where('id', '=', addressId)
    .executeTakeFirst();
  const a = await foundInScope(ctx.db, ctx.caller, row);
  return a.devstate === 1 ? a.reg_no : null;
}
