import { ADDRESS_TYPE, type CommunityRow, type communityRoutes, isAdminLevel, type Page, type ParsedInput } from '@gatehouse/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { byParent } from '../../db/by-parent.ts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { presentedInScope } from '../../http/row-in-scope.ts';
import { listScope, scopeOf, withinScope } from '../../http/scope.ts';
import { sortedPage } from '../../db/sorted-page.ts';
import { likeArg } from '../../db/sql.ts';
import type { RowOf } from '../../db/row-of.ts';

type R = typeof communityRoutes;

/** An ILIKE argument matching the text anywhere (wildcards in the text are literal). */

/** Communities the caller may switch to, optionally filtered by name. */
export async function homeCommunities(ctx: AuthCtx, name?: string) {
  const scope = await scopeOf(ctx.db, ctx.caller);
  let q = ctx.db.selectFrom('community').select(['id as communityid', 'name', 'location', 'address']).orderBy('name').limit(500);
  q = withinScope(q, scope, 'id');
  if (name?.trim()) q = q.where('name', 'ilike', likeArg(name));
  return q.execute();
}

/** getAllCommunities: id and name of every community in scope (optionally of one type). */
export async function allCommunities(ctx: AuthCtx, type?: number) {
  const scope = await scopeOf(ctx.db, ctx.caller);
  let q = ctx.db.selectFrom('community').select(['id as communityid', 'name']).orderBy('name');
  q = withinScope(q, scope, 'id');
  if (type !== undefined) q = q.where('type', '=', type);
  return q.execute();
}

/** searchCommunitynames: names in scope matching the typed text (an autocomplete; at most 20). */
export async function searchCommunityNames(ctx: AuthCtx, name?: string) {
  const scope = await scopeOf(ctx.db, ctx.caller);
  let q = ctx.db.selectFrom('community').select(['id as communityid', 'name']).orderBy('name').limit(20);
  q = withinScope(q, scope, 'id');
  if (name) q = q.where('name', 'ilike', likeArg(name));
  return q.execute();
}

/** Active devices of a community: door units whose device is active (devstate 1). */
export const deviceNum = (eb: ExpressionBuilder<DB, 'community'>) =>
  eb
    .selectFrom('address')
    .select(sql<number>`count(*)::int`.as('n'))
    .whereRef('address.community_id', '=', 'community.id')
    .where('address.type', '=', ADDRESS_TYPE.doorUnit)
    .where('address.devstate', '=', 1);

const addressNum = (eb: ExpressionBuilder<DB, 'community'>) =>
  eb.selectFrom('address').select(sql<number>`count(*)::int`.as('n')).whereRef('address.community_id', '=', 'community.id');

const SORT = {
  name: 'community.name',
  location: 'community.location',
  address: 'community.address',
  type: 'community.type',
  deviceNum: 'deviceNum',
  addressNum: 'addressNum',
} as const;

function communityRows(db: Db) {
  return db
    .selectFrom('community')
    .select((eb) => [
      'community.id',
      'community.name',
      'community.location',
      'community.address',
      'community.ip',
      'community.type',
      'community.reg_no',
      deviceNum(eb).as('deviceNum'),
      addressNum(eb).as('addressNum'),
    ]);
}

type Raw = RowOf<typeof communityRows>;

/** Engineers of communities (their account ids and names), by community, in name order. */
function engineersOf(db: Db, ids: number[]) {
  return byParent(
    ids,
    () =>
      db
        .selectFrom('community_engineer as ce')
        .innerJoin('account as a', 'a.id', 'ce.account_id')
        .select(['ce.community_id', 'a.id', 'a.name'])
        .where('ce.community_id', 'in', ids)
        .orderBy('a.name')
        .execute(),
    (r) => r.community_id,
    (r) => ({ id: r.id, name: r.name }),
  );
}

/** Maps rows to the answer; the engineers column only for roles 2 or lower (000 §2). */
async function present(ctx: AuthCtx, rows: Raw[]): Promise<CommunityRow[]> {
  const withEngineers = isAdminLevel(ctx.caller.roleId);
  const eng = withEngineers
    ? await engineersOf(
        ctx.db,
        rows.map((r) => r.id),
      )
    : new Map<number, { id: number; name: string }[]>();
  return rows.map((r) => {
    const row: CommunityRow = {
      communityid: r.id,
      name: r.name,
      location: r.location,
      address: r.address,
      ip: r.ip ?? '',
      type: r.type,
      regNo: r.reg_no ?? '',
      deviceNum: Number(r.deviceNum ?? 0),
      addressNum: Number(r.addressNum ?? 0),
    };
    if (!withEngineers) return row;
    const e = eng.get(r.id) ?? [];
    return { ...row, engineerIdList: e.map((x) => x.id), engineers: e.map((x) => x.name).join(', ') };
  });
}

/** getCommunitiesByPage: communities in the list scope, filtered, server-sorted, paged. */
export async function communityPage(ctx: AuthCtx, i: ParsedInput<R['getCommunitiesByPage']>): Promise<Page<CommunityRow>> {
  const scope = await listScope(ctx.db, ctx.caller);
  let q = communityRows(ctx.db);
  q = withinScope(q, scope, 'community.id');
  if (i.name) q = q.where('community.name', 'ilike', likeArg(i.name));
  if (i.location) q = q.where('community.location', 'ilike', likeArg(i.location));
  if (i.address) q = q.where('community.address', 'ilike', likeArg(i.address));
  if (i.type !== undefined) q = q.where('community.type', '=', i.type);
  const { rows, total } = await sortedPage(q, i, SORT, 'community.id', 'community.id', 'desc');
  return { rows: await present(ctx, rows), total };
}

/** getCommunity: one community in scope (403 outside it, 404 when it does not exist). */
export async function communityById(ctx: AuthCtx, id: number): Promise<CommunityRow> {
  const row = await communityRows(ctx.db).where('community.id', '=', id).executeTakeFirst();
  return presentedInScope(ctx, row, (r) => r.id, present);
}
