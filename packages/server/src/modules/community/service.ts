import {
  COMMUNITY_TYPE,
  type CommunityRow,
  type communityRoutes,
  isAdminLevel,
  isEngineerRole,
  msg,
  type ParsedInput,
} from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { removeKept } from '../../http/uploads.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { allFoundInScope, assertCommunity } from '../../http/scope.ts';
import { dependentsText } from './dependents.ts';
import { communityById } from './queries.ts';

type R = typeof communityRoutes;
type Fields = ParsedInput<R['create']>;

const snapshot = (trx: Kysely<DB>, id: number) =>
  trx.selectFrom('community').select(['id', 'name', 'location', 'address', 'ip', 'type', 'reg_no']).where('id', '=', id).executeTakeFirst();

/** Engineers must be engineering accounts (roles 2, 3), as getEngineers offers them. */
async function checkEngineers(trx: Kysely<DB>, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await trx.selectFrom('account').select(['id', 'role_id']).where('id', 'in', unique).execute();
  if (rows.length !== unique.length || rows.some((r) => !isEngineerRole(r.role_id))) throw badRequest('comm.badEngineer');
}

/** A name is unique (case-insensitive); an enterprise's registration number too. */
export async function checkUnique(trx: Kysely<DB>, f: { name: string; type?: number; regNo?: string }, exceptId = 0): Promise<void> {
  const same = await trx
    .selectFrom('community')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${f.name})`)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (same) throw conflict(msg('comm.nameTaken', { name: f.name }));
  if (f.type === COMMUNITY_TYPE.enterprise && f.regNo) {
    const reg = await trx.selectFrom('community').select('id').where('reg_no', '=', f.regNo).where('id', '<>', exceptId).executeTakeFirst();
    if (reg) throw conflict(msg('comm.regNoTaken', { regNo: f.regNo }));
  }
}

const typeKey = (type: number) => `@comm.type.${type}`;

async function setEngineers(trx: Kysely<DB>, communityId: number, ids: number[]): Promise<void> {
  await trx.deleteFrom('community_engineer').where('community_id', '=', communityId).execute();
  await trx
    .insertInto('community_engineer')
    .values([...new Set(ids)].map((account_id) => ({ community_id: communityId, account_id })))
    .execute();
}

const engineerIds = async (trx: Kysely<DB>, id: number) =>
  (await trx.selectFrom('community_engineer').select('account_id').where('community_id', '=', id).orderBy('account_id').execute()).map(
    (r) => r.account_id,
  );

/** create: a community (project) or an enterprise with its engineers (roles 2 or lower). */
export async function createCommunity(ctx: AuthCtx, f: Fields): Promise<CommunityRow> {
  const type = f.type ?? COMMUNITY_TYPE.project;
  const id = await ctx.db.transaction().execute(async (trx) => {
    await checkEngineers(trx, f.engineerIdList);
    await checkUnique(trx, { ...f, type });
    const row = await trx
      .insertInto('community')
      .values({
        name: f.name,
        location: f.location,
        address: f.address,
        ip: f.ip ?? null,
        type,
        reg_no: type === COMMUNITY_TYPE.enterprise ? (f.regNo ?? null) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setEngineers(trx, row.id, f.engineerIdList);
    await writeOpLog(trx, ctx, {
      menu: 'project.project',
      content: msg('op.comm.create', { name: f.name, type: typeKey(type) }),
      communityId: row.id,
      after: { ...(await snapshot(trx, row.id)), engineerIdList: f.engineerIdList },
    });
    return row.id;
  });
  return communityById(ctx, id);
}

/** updateCommu: every field of the dialog, engineers replaced (roles 2 or lower). */
export async function updateCommunity(ctx: AuthCtx, f: ParsedInput<R['updateCommu']>): Promise<CommunityRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await snapshot(trx, f.communityid);
    if (!before) throw notFound();
    await assertCommunity(trx, ctx.caller, before.id);
    const type = f.type ?? before.type;
    await checkEngineers(trx, f.engineerIdList);
    await checkUnique(trx, { ...f, type }, before.id);
    const beforeEngineers = await engineerIds(trx, before.id);
    await trx
      .updateTable('community')
      .set({
        name: f.name,
        location: f.location,
        address: f.address,
        ip: f.ip ?? null,
        type,
        reg_no: type === COMMUNITY_TYPE.enterprise ? (f.regNo ?? before.reg_no) : null,
      })
      .where('id', '=', before.id)
      .execute();
    await setEngineers(trx, before.id, f.engineerIdList);
    await writeOpLog(trx, ctx, {
      menu: 'project.project',
      content: msg('op.comm.update', { name: f.name }),
      communityId: before.id,
      before: { ...before, engineerIdList: beforeEngineers },
      after: { ...(await snapshot(trx, before.id)), engineerIdList: await engineerIds(trx, before.id) },
    });
  });
  return communityById(ctx, f.communityid);
}

/**
 * batchDel: Delete (one id) is for everyone in scope, several ids only for roles 2 or
 * lower. A community that still has accounts, devices or call codes (or cards, faces)
 * is refused, naming them; its addresses, engineers, covers and rule go with it.
 */
export async function deleteCommunities(ctx: AuthCtx, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length > 1 && !isAdminLevel(ctx.caller.roleId)) throw forbidden('comm.batchAdminOnly');
  const files = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('community').select(['id', 'name']).where('id', 'in', unique).forUpdate().execute();
    await allFoundInScope(trx, ctx.caller, rows, unique.length, (r) => r.id);
    const refusals: string[] = [];
    for (const r of rows) {
      const what = await dependentsText(ctx, trx, { communityId: r.id });
      if (what) refusals.push(msg('comm.deleteRefused', { name: r.name, what }));
    }
    if (refusals.length) throw new AppError(409, refusals);
    const covers = await trx
      .selectFrom('stored_file')
      .select(['id', 'path'])
      .where('community_id', 'in', unique)
      .where('kind', '=', 'cover')
      .execute();
    for (const r of rows) {
      const before = await snapshot(trx, r.id);
      await trx.deleteFrom('address').where('community_id', '=', r.id).execute();
      await trx.deleteFrom('stored_file').where('community_id', '=', r.id).where('kind', '=', 'cover').execute();
      await trx.deleteFrom('community').where('id', '=', r.id).execute();
      await writeOpLog(trx, ctx, { menu: 'project.project', content: msg('op.comm.delete', { name: r.name }), communityId: r.id, before });
    }
    return covers.map((c) => c.path);
  });
  await removeKept(ctx.config, files);
}
