import { canManageRole, isManagerRole, managedRoles, ROLE } from '@gatehouse/contracts';
import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { AccountTable } from '../../db/tables/foundation.ts';
import type { Db } from '../../db/index.ts';
import type { AuthCtx } from '../../http/context.ts';
import type { Caller } from '../../http/caller.ts';
import { forbidden, notFound, outOfScope } from '../../http/errors.ts';
import { scopeIds, scopeOf } from '../../http/scope.ts';
import type { Scope } from '../../http/caller.ts';

/** Role lists as SQL literals (the conditions below read like the rule). */
export const rolesSql = (...roles: number[]) => sql.join(roles.map((r) => sql.lit(r)));
export const MANAGER_ROLES_SQL = rolesSql(ROLE.propertySupervisor, ROLE.propertyStaff);
export const ENGINEER_SQL = sql.lit(ROLE.engineer);

/**
 * "Who manages whom" as one SQL condition on `account as a` (000 §6): another
 * account, of a role the caller manages, inside the caller's community scope. An
 * account's communities are: managers (4, 5) their community list, engineers (3)
 * the projects they are assigned to, everyone else their community (company);
 * every one of them must be in scope. Engineering supervisors (2) and
 * administrators belong to no community: only callers who see all manage them.
 */
export function manageableSql(caller: Caller, scope: Scope): RawBuilder<SqlBool> {
  const roles = managedRoles(caller.roleId);
  if (!roles.length) return sql<SqlBool>`false`;
  const base = sql`a.id <> ${caller.accountId} and a.role_id in (${sql.join(roles)})`;
  if (scope.all) return sql<SqlBool>`(${base})`;
  const ids = sql.join(scopeIds(scope));
  return sql<SqlBool>`(${base} and (
    (a.role_id in (${MANAGER_ROLES_SQL})
      and exists (select 1 from account_community x where x.account_id = a.id)
      and not exists (select 1 from account_community x where x.account_id = a.id and x.community_id not in (${ids})))
    or (a.role_id = ${ENGINEER_SQL}
      and exists (select 1 from community_engineer x where x.account_id = a.id)
      and not exists (select 1 from community_engineer x where x.account_id = a.id and x.community_id not in (${ids})))
    or (a.role_id not in (${rolesSql(ROLE.engineerSupervisor, ROLE.engineer, ROLE.propertySupervisor, ROLE.propertyStaff)}) and a.community_id in (${ids}))))`;
}

/** Accounts that belong to one community (the community chosen in the header). */
export function inCommunitySql(communityId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(a.community_id = ${communityId}
    or exists (select 1 from account_community x where x.account_id = a.id and x.community_id = ${communityId})
    or exists (select 1 from community_engineer x where x.account_id = a.id and x.community_id = ${communityId}))`;
}

/** The account columns a manager's change reads (TARGET_COLUMNS). */
export type Target = Pick<
  Selectable<AccountTable>,
  'id' | 'reg_no' | 'area_code' | 'name' | 'role_id' | 'state' | 'community_id' | 'address_id' | 'face_limit' | 'resident_limit'
>;

/** Who an account is and whether it may sign in: what the account list and a manager's change both read. */
export const ACCOUNT_COLUMNS = ['a.id', 'a.reg_no', 'a.area_code', 'a.name', 'a.role_id', 'a.state'] as const;

export const TARGET_COLUMNS = [...ACCOUNT_COLUMNS, 'a.community_id', 'a.address_id', 'a.face_limit', 'a.resident_limit'] as const;

/**
 * Loads accounts the caller may manage: 404 when one does not exist, 403 when one
 * is the caller, of a role the caller does not manage, or outside the scope.
 */
export async function manageableTargets(ctx: AuthCtx, ids: number[]): Promise<Target[]> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db.selectFrom('account as a').select(TARGET_COLUMNS).where('a.id', 'in', unique).execute();
  if (rows.length !== unique.length) throw notFound();
  if (rows.some((r) => r.id === ctx.caller.accountId)) throw forbidden('account.self');
  if (rows.some((r) => !canManageRole(ctx.caller.roleId, r.role_id))) throw forbidden('account.roleRefused');
  const scope = await scopeOf(ctx.db, ctx.caller);
  const ok = await ctx.db
    .selectFrom('account as a')
    .select('a.id')
    .where('a.id', 'in', unique)
    .where(manageableSql(ctx.caller, scope))
    .execute();
  if (ok.length !== unique.length) throw outOfScope();
  return rows;
}

export async function manageableTarget(ctx: AuthCtx, id: number): Promise<Target> {
  const [row] = await manageableTargets(ctx, [id]);
  if (!row) throw notFound();
  return row;
}

/** The communities an account belongs to (see manageableSql). */
export async function communitiesOf(db: Db, a: { id: number; role_id: number; community_id: number | null }): Promise<number[]> {
  // managers manage their list of communities, engineers are assigned to theirs; the others belong to one
  const list = isManagerRole(a.role_id) ? 'account_community' : a.role_id === ROLE.engineer ? 'community_engineer' : null;
  if (!list) return a.community_id ? [a.community_id] : [];
  const rows = await db.selectFrom(list).select('community_id').where('account_id', '=', a.id).orderBy('community_id').execute();
  return rows.map((r) => r.community_id);
}
