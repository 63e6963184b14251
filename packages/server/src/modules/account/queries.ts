import {
  type AccountDetail,
  type AccountRow,
  ADDRESS_TYPE,
  type Page,
  type ParsedInput,
  isManagerRole,
  PERMISSION_FILTER_ROLES,
  ROLE,
  type ROUTES,
  roleNameKey,
} from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AuthCtx } from '../../http/context.ts';
import { formatDateTime } from '../../http/dates.ts';
import { notFound } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { foundInScope, scopeOf } from '../../http/scope.ts';
import {
  ACCOUNT_COLUMNS,
  communitiesOf,
  ENGINEER_SQL,
  inCommunitySql,
  MANAGER_ROLES_SQL,
  manageableSql,
  manageableTarget,
} from './manage.ts';
import { likeArg as like, pageAndTotal } from '../../db/sql.ts';
import type { RowOf } from '../../db/row-of.ts';

type SearchIn = ParsedInput<typeof ROUTES.account.searchAccounts>;

const SORT = { regNo: 'a.reg_no', name: 'a.name', roleID: 'a.role_id', state: 'a.state', regTime: 'a.reg_time' } as const;

/** The communities column: managers' list, engineers' projects, or the account's own community. */
const communityNames = sql<string | null>`case
  when a.role_id in (${MANAGER_ROLES_SQL}) then (select string_agg(c.name, ', ' order by c.name) from account_community x join community c on c.id = x.community_id where x.account_id = a.id)
  when a.role_id = ${ENGINEER_SQL} then (select string_agg(c.name, ', ' order by c.name) from community_engineer x join community c on c.id = x.community_id where x.account_id = a.id)
  else (select c.name from community c where c.id = a.community_id) end`;

const addressText = sql<string | null>`(select ad.address from address ad where ad.id = a.address_id)`;

function rowQuery(db: Db) {
  return db
    .selectFrom('account as a')
    .select([...ACCOUNT_COLUMNS, 'a.reg_time', communityNames.as('community_names'), addressText.as('address')]);
}
type DbRow = RowOf<typeof rowQuery>;

function toRow(ctx: AuthCtx, r: DbRow): AccountRow {
  return {
    userid: r.id,
    regNo: r.reg_no,
    areacode: r.area_code,
    name: r.name,
    roleID: r.role_id,
    roleName: t(ctx.lang, roleNameKey(r.role_id)),
    state: r.state,
    regTime: formatDateTime(r.reg_time, ctx.config.TZ_NAME),
    communityNames: r.community_names ?? '',
    addressStrs: r.address ?? '',
  };
}

/**
 * The filtered account list of the caller: only accounts it manages, narrowed to
 * the header's community when one is chosen; filters regNo, name, address, role
 * and state; server-side sort with the id as tie-breaker.
 */
export async function searchAccounts(ctx: AuthCtx, i: SearchIn, opts: { roles?: readonly number[] } = {}): Promise<Page<AccountRow>> {
  const scope = await scopeOf(ctx.db, ctx.caller);
  let q = rowQuery(ctx.db).where(manageableSql(ctx.caller, scope));
  if (ctx.caller.communityId) q = q.where(inCommunitySql(ctx.caller.communityId));
  if (opts.roles) q = q.where('a.role_id', 'in', [...opts.roles]);
  if (i.regNo) q = q.where('a.reg_no', 'like', like(i.regNo));
  if (i.name) q = q.where('a.name', 'ilike', like(i.name));
  if (i.addressStrs)
    q = q.where(sql<boolean>`exists (select 1 from address ad where ad.id = a.address_id and ad.address ilike ${like(i.addressStrs)})`);
  if (i.roleID !== undefined) q = q.where('a.role_id', '=', i.roleID);
  if (i.state !== undefined) q = q.where('a.state', '=', i.state);
  const order = i.order ?? 'asc';
  const sorted = i.sort ? q.orderBy(SORT[i.sort], order).orderBy('a.id', order) : q.orderBy('a.reg_time', 'desc').orderBy('a.id', 'desc');
  const { rows, total } = await pageAndTotal(q, sorted.limit(i.rows).offset(i.page * i.rows));
  return { rows: rows.map((r) => toRow(ctx, r)), total };
}

/** The permission screen's list: accounts with menus (roles up to 5, and 10). */
export const searchAccountsForPerm = (ctx: AuthCtx, i: SearchIn) => searchAccounts(ctx, i, { roles: PERMISSION_FILTER_ROLES });

/** Door units (address type 0) of a company, as cloud-user device options. */
export async function companyDevices(db: Db, communityId: number | null, name?: string) {
  if (!communityId) return [];
  let q = db
    .selectFrom('address')
    .select(['id', 'name', 'address'])
    .where('community_id', '=', communityId)
    .where('type', '=', ADDRESS_TYPE.doorUnit)
    .orderBy('name')
    .orderBy('id')
    .limit(500);
  if (name) q = q.where((eb) => eb.or([eb('name', 'ilike', like(name)), eb('address', 'ilike', like(name))]));
  const rows = await q.execute();
  return rows.map((r) => ({ value: r.id, label: r.name || r.address }));
}

/** One account with its role-dependent fields (the edit form), if the caller manages it. */
export async function accountDetail(ctx: AuthCtx, id: number): Promise<AccountDetail> {
  const target = await manageableTarget(ctx, id);
  return detailOf(ctx, target.id);
}

/** The detail of an account, without a scope check (after a change the caller made). */
export async function detailOf(ctx: AuthCtx, id: number): Promise<AccountDetail> {
  const r = await rowQuery(ctx.db)
    .select(['a.community_id', 'a.address_id', 'a.face_limit', 'a.resident_limit'])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound();
  const devices = r.role_id === ROLE.cloudUser ? await companyDevices(ctx.db, r.community_id) : [];
  return {
    ...toRow(ctx, r),
    communityIdList: isManagerRole(r.role_id)
      ? await communitiesOf(ctx.db, { id: r.id, role_id: r.role_id, community_id: r.community_id })
      : [],
    communityId: r.community_id,
    commuAddressId: r.address_id,
    facelimit: r.face_limit,
    residentlimit: r.resident_limit,
    deviceIdList: devices.map((d) => d.value),
  };
}

/** Accounts living at an address (householders, cloud users) of a community in scope. */
export async function accountsByResident(ctx: AuthCtx, addressId: number): Promise<AccountRow[]> {
  const ad = ctx.db.selectFrom('address').select(['id', 'community_id']).where('id', '=', addressId);
  await foundInScope(ctx.db, ctx.caller, await ad.executeTakeFirst());
  const rows = await rowQuery(ctx.db).where('a.address_id', '=', addressId).orderBy('a.role_id').orderBy('a.id').limit(500).execute();
  return rows.map((r) => toRow(ctx, r));
}
