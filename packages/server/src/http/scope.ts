import { isAdminLevel, isEnterpriseRole, isManagerRole, ROLE } from '@gatehouse/contracts';
import type { Db } from '../db/index.ts';
import type { Caller } from './context.ts';
import { AppError } from './errors.ts';

/** The communities a caller may see: all, or a list of ids (possibly empty). */
export type Scope = { all: true } | { all: false; ids: number[] };

/**
 * Community scope, one helper for every query (DESIGN §3): administrators and
 * engineering supervisors see all; engineers the communities they are assigned to;
 * managers their community list; householders and enterprise users their own
 * community (company).
 */
export async function scopeOf(db: Db, caller: Caller): Promise<Scope> {
  if (isAdminLevel(caller.roleId)) return { all: true };
  if (caller.roleId === ROLE.engineer) {
    const rows = await db.selectFrom('community_engineer').select('community_id').where('account_id', '=', caller.accountId).execute();
    return { all: false, ids: rows.map((r) => r.community_id) };
  }
  if (isManagerRole(caller.roleId)) {
    const rows = await db.selectFrom('account_community').select('community_id').where('account_id', '=', caller.accountId).execute();
    return { all: false, ids: rows.map((r) => r.community_id) };
  }
  const own = await db.selectFrom('account').select('community_id').where('id', '=', caller.accountId).executeTakeFirst();
  return { all: false, ids: own?.community_id ? [own.community_id] : [] };
}

/**
 * The scope narrowed by the community chosen in the header (0 = all of the scope).
 * Lists use this; single-row checks use scopeOf.
 */
export async function listScope(db: Db, caller: Caller): Promise<Scope> {
  const scope = await scopeOf(db, caller);
  if (!caller.communityId) return scope;
  if (scope.all || scope.ids.includes(caller.communityId)) return { all: false, ids: [caller.communityId] };
  return scope;
}

export const inScope = (scope: Scope, communityId: number | null | undefined): boolean =>
  scope.all || (communityId != null && scope.ids.includes(communityId));

/** Refuses (403) a community outside the caller's scope. */
export async function assertCommunity(db: Db, caller: Caller, communityId: number | null | undefined): Promise<void> {
  const scope = await scopeOf(db, caller);
  if (!inScope(scope, communityId)) throw new AppError(403, ['err.outOfScope']);
}

/** Ids for a Kysely `where(col, 'in', ...)`: never empty (an empty IN list is invalid SQL). */
export const scopeIds = (scope: Scope & { all: false }): number[] => (scope.ids.length ? scope.ids : [-1]);

export const isEnterpriseCaller = (caller: Caller): boolean => isEnterpriseRole(caller.roleId);
