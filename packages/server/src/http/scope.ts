import { isAdminLevel, isEnterpriseRole, isManagerRole, ROLE } from '@gatehouse/contracts';
import { type ReferenceExpression, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Caller, Scope } from './caller.ts';
import { notFound, outOfScope } from './errors.ts';

/** The communities a caller may see: all, or a list of ids (possibly empty). */

/**
 * Community scope, one helper for every query (DESIGN §3): administrators and
 * engineering supervisors see all; engineers the communities they are assigned to;
 * managers their community list; householders and enterprise users their own
 * community (company).
 */
export async function scopeOf(db: Db, caller: Caller): Promise<Scope> {
  if (caller.scope) return caller.scope;
  const row = await db
    .selectFrom('account as a')
    .select([
      'a.community_id as own',
      sql<number[]>`array(select community_id from account_community where account_id = a.id)`.as('manages'),
      sql<number[]>`array(select community_id from community_engineer where account_id = a.id)`.as('engineers'),
    ])
    .where('a.id', '=', caller.accountId)
    .executeTakeFirst();
  return scopeFor(caller.roleId, row ?? { own: null, manages: [], engineers: [] });
}

/** The role rule of scopeOf over the account's community lists (read with the session by http/auth.ts). */
export function scopeFor(roleId: number, lists: { own: number | null; manages: number[]; engineers: number[] }): Scope {
  if (isAdminLevel(roleId)) return { all: true };
  if (roleId === ROLE.engineer) return { all: false, ids: lists.engineers.map(Number) };
  if (isManagerRole(roleId)) return { all: false, ids: lists.manages.map(Number) };
  return { all: false, ids: lists.own ? [lists.own] : [] };
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
  if (!inScope(scope, communityId)) throw outOfScope();
}

/** A row read by id, when it exists (else 404) and its community is in the caller's scope (else 403). */
export async function foundInScope<T extends { community_id: number | null }>(db: Db, caller: Caller, row: T | undefined): Promise<T> {
  if (!row) throw notFound();
  await assertCommunity(db, caller, row.community_id);
  return row;
}

/**
 * Rows read by `expected` distinct ids, when every one exists (else 404) and every community is in
 * the caller's scope (else 403). The scope is read once.
 */
export async function allFoundInScope<T>(
  db: Db,
  caller: Caller,
  rows: T[],
  expected: number,
  communityOf: (row: T) => number | null = (r) => (r as { community_id: number | null }).community_id,
): Promise<T[]> {
  if (rows.length !== expected) throw notFound();
  const scope = await scopeOf(db, caller);
  if (!rows.every((r) => inScope(scope, communityOf(r)))) throw outOfScope();
  return rows;
}

/** Ids for a Kysely `where(col, 'in', ...)`: never empty (an empty IN list is invalid SQL). */
export const scopeIds = (scope: Scope & { all: false }): number[] => (scope.ids.length ? scope.ids : [-1]);

/** `q`'s rows in the scope's communities (`community`: the column holding a row's community); all of them for an unlimited scope. */
export function withinScope<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  scope: Scope,
  community: ReferenceExpression<DB, TB>,
): SelectQueryBuilder<DB, TB, O> {
  return scope.all ? q : q.where(community, 'in', scopeIds(scope));
}

export const isEnterpriseCaller = (caller: Caller): boolean => isEnterpriseRole(caller.roleId);
