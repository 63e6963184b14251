import crypto from 'node:crypto';
import { isSystemAdmin, MENUS } from '@gatehouse/contracts';
import { CompiledQuery, sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { CallerCache } from './caller-cache.ts';
import type { Caller } from './caller.ts';
import { scopeFor } from './scope.ts';
import { keepPrepared } from '../db/prepared.ts';
import type { RowOf } from '../db/row-of.ts';

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
/** An opaque random token of 256 bits. */
export const newToken = (): string => crypto.randomBytes(32).toString('base64url');

const ALL_MENU_IDS = new Set(MENUS.map((m) => m.id));
/** A session's idle-time mark is written at most this often. */
const IDLE_MARK_MS = 60_000;
/** The caller statement's SQL text, once compiled (db/prepared.ts). */
let callerSql: string | undefined;

/** Menu ids an account holds: administrators hold every menu; others their grants. */
export async function menuIdsOf(db: Db, accountId: number, roleId: number): Promise<Set<number>> {
  if (isSystemAdmin(roleId)) return new Set(ALL_MENU_IDS);
  const rows = await db.selectFrom('account_menu').select('menu_id').where('account_id', '=', accountId).execute();
  return withParents(
    roleId,
    rows.map((r) => r.menu_id),
  );
}

/** Grants plus their parents (a granted leaf implies its parent, for the menu tree). */
function withParents(roleId: number, grants: number[]): Set<number> {
  if (isSystemAdmin(roleId)) return new Set(ALL_MENU_IDS);
  const ids = new Set(grants.map(Number));
  for (const m of MENUS) if (ids.has(m.id) && m.parentId) ids.add(m.parentId);
  return ids;
}

/** The caller's statement for a token hash and the idle limit: built once, then run by its compiled text. */
function callerQuery(db: Db, hash: string, idleMinutes: number) {
  return db
    .selectFrom('session as s')
    .innerJoin('account as a', 'a.id', 's.account_id')
    .select([
      's.id as sessionId',
      's.account_id as accountId',
      's.role_id as roleId',
      's.community_id as communityId',
      's.lang',
      's.last_seen_at',
      's.expires_at',
      'a.reg_no as regNo',
      'a.name',
      'a.state',
      sql<number[]>`array(select menu_id from account_menu where account_id = a.id)`.as('grants'),
      // The community scope in the same round trip (http/scope.ts applies the role rule).
      'a.community_id as ownCommunityId',
      sql<number[]>`array(select community_id from account_community where account_id = a.id)`.as('manages'),
      sql<number[]>`array(select community_id from community_engineer where account_id = a.id)`.as('engineers'),
    ])
    .where('s.token_hash', '=', hash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`);
}

type CallerRow = RowOf<typeof callerQuery>;

/**
 * Runs the caller's statement. Every request reads its caller, so it is built and compiled once (its
 * values are the token hash and the idle limit, in that order) and on PostgreSQL planned once per
 * connection (db/prepared.ts).
 */
async function callerRow(db: Db, hash: string, idleMinutes: number): Promise<CallerRow | undefined> {
  if (!callerSql) {
    const compiled = callerQuery(db, hash, idleMinutes).compile();
    if (compiled.parameters.length !== 2 || compiled.parameters[0] !== hash || compiled.parameters[1] !== idleMinutes)
      throw new Error('the caller statement takes the token hash, then the idle limit');
    callerSql = compiled.sql;
    keepPrepared(callerSql, 'gh_caller');
  }
  const r = await db.executeQuery<CallerRow>(CompiledQuery.raw(callerSql, [hash, idleMinutes]));
  return r.rows[0];
}

const callerOf = (row: CallerRow): Caller => ({
  sessionId: row.sessionId,
  accountId: row.accountId,
  roleId: row.roleId,
  regNo: row.regNo,
  name: row.name,
  communityId: row.communityId,
  menuIds: withParents(row.roleId, row.grants),
  scope: scopeFor(row.roleId, { own: row.ownCommunityId, manages: row.manages, engineers: row.engineers }),
});

/**
 * The caller of a token hash read from the database now, with the rules of readCaller, neither kept
 * nor marking the session as used: a live stream re-checks its caller with it (live/streams.ts), and
 * an open stream is no activity, so the idle limit still ends it.
 */
export async function rereadCaller(db: Db, config: Config, tokenHash: string): Promise<Caller | null> {
  const row = await callerRow(db, tokenHash, config.SESSION_IDLE_MINUTES);
  return row?.state === 1 ? callerOf(row) : null;
}

/**
 * Reads the caller of a token: the session must be neither revoked, nor past its
 * absolute expiry, nor idle longer than the idle limit; the account must be normal.
 * A caller read since the last write that may change callers is answered from the cache while
 * the cache is trusted (http/caller-cache.ts), its session's times checked here.
 */
export async function readCaller(
  db: Db,
  config: Config,
  token: string,
  cache: CallerCache | null = null,
): Promise<{ caller: Caller; lang: string } | null> {
  if (token.length < 20 || token.length > 200) return null;
  const hash = hashToken(token);
  const kept = cache?.get(hash);
  const now = Date.now();
  if (
    kept &&
    cache?.trusted() &&
    kept.expiresAt > now &&
    now - kept.lastSeenAt < Math.min(IDLE_MARK_MS, config.SESSION_IDLE_MINUTES * 60_000)
  )
    return kept;
  const readIn = cache?.generation() ?? 0;
  const row = await callerRow(db, hash, config.SESSION_IDLE_MINUTES);
  if (row?.state !== 1) {
    cache?.forget(hash);
    return null;
  }
  const lastSeenAt = new Date(row.last_seen_at).getTime();
  if (Date.now() - lastSeenAt > IDLE_MARK_MS) {
    // The mark is a write to the session: it drops what a cache kept, this caller too.
    await db.updateTable('session').set({ last_seen_at: sql<Date>`now()` }).where('id', '=', row.sessionId).execute();
  }
  const found = { lang: row.lang, caller: callerOf(row) };
  cache?.keep(hash, { ...found, expiresAt: new Date(row.expires_at).getTime(), lastSeenAt }, readIn);
  return found;
}

/**
 * Opens a session for an account and answers its token (only the hash is stored):
 * the one way sessions are made, by sign-in and by the test and bench harnesses.
 */
export async function openSession(
  db: Db,
  s: { accountId: number; roleId: number; communityId?: number; lang?: string; ip?: string; maxHours?: number },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('session')
    .values({
      token_hash: hashToken(token),
      account_id: s.accountId,
      role_id: s.roleId,
      community_id: s.communityId ?? 0,
      lang: s.lang ?? 'en',
      ip: s.ip ?? '',
      last_seen_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + make_interval(hours => ${s.maxHours ?? 1})`,
    })
    .execute();
  return token;
}

/** Revokes every open session of an account (password change, disable, migration). */
export async function revokeSessions(db: Db, accountId: number, exceptSessionId?: number): Promise<void> {
  let q = db
    .updateTable('session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
