import type { AddressRow, addressRoutes, Page, ParsedInput } from '@gatehouse/contracts';
import { presentHardware } from '../device/pool.ts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { withPlaceNames } from '../../db/names.ts';
import type { AuthCtx } from '../../http/context.ts';
import { assertCommunity, foundInScope } from '../../http/scope.ts';
import { likeArg, pageAndTotal } from '../../db/sql.ts';
import type { RowOf } from '../../db/row-of.ts';

type R = typeof addressRoutes;
const SORT = {
  address: 'a.address',
  name: 'a.name',
  type: 'a.type',
  isVilla: 'a.is_villa',
  devstate: 'a.devstate',
  regNo: 'a.reg_no',
} as const;

export function addressRows(db: Kysely<DB>) {
  const addresses = db
    .selectFrom('address as a')
    .select((eb) => [
      'a.id',
      'a.address',
      'a.name',
      'a.community_id',
      'a.type',
      'a.is_villa',
      'a.hardware',
      'a.devstate',
      'a.reg_no',
      eb.selectFrom('amt').select(sql<number>`count(*)::int`.as('n')).whereRef('amt.caller_address_id', '=', 'a.id').as('amtNum'),
    ]);
  return withPlaceNames(addresses, { community: 'a.community_id' }, ['community']);
}

export type AddressRaw = RowOf<typeof addressRows>;

export const presentAddress = (r: AddressRaw): AddressRow => ({
  addressid: r.id,
  address: r.address,
  name: r.name,
  communityID: r.community_id,
  communityName: r.community_name,
  type: r.type,
  ...presentHardware(r),
  devstate: r.devstate,
  regNo: r.reg_no ?? '',
  amtNum: Number(r.amtNum ?? 0),
});

/** The address list of one community in scope (GET /api/address/getAddressesPage). */
export async function addressPage(ctx: AuthCtx, i: ParsedInput<R['getAddressesPage']>): Promise<Page<AddressRow>> {
  await assertCommunity(ctx.db, ctx.caller, i.communityID);
  let q = addressRows(ctx.db).where('a.community_id', '=', i.communityID);
  if (i.name) q = q.where('a.name', 'ilike', likeArg(i.name));
  if (i.address) q = q.where('a.address', 'ilike', likeArg(i.address));
  if (i.type !== undefined) q = q.where('a.type', '=', i.type);
  if (i.isvilla !== undefined) q = q.where('a.is_villa', '=', i.isvilla);
  const page = (i.sort ? q.orderBy(sql.ref(SORT[i.sort]), i.order === 'desc' ? 'desc' : 'asc') : q.orderBy('a.type').orderBy('a.address'))
    .orderBy('a.id')
    .limit(i.rows)
    .offset(i.page * i.rows);
  const { rows, total } = await pageAndTotal(q, page);
  return { rows: rows.map(presentAddress), total };
}

/** One address, checked against the caller's scope (403 for another community's, 404 for none). */
export async function loadAddress(ctx: AuthCtx, db: Kysely<DB>, id: number): Promise<AddressRaw> {
  return foundInScope(db, ctx.caller, await addressRows(db).where('a.id', '=', id).executeTakeFirst());
}

export async function addressById(ctx: AuthCtx, id: number): Promise<AddressRow> {
  return presentAddress(await loadAddress(ctx, ctx.db, id));
}
