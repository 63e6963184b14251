import {
  type AccountDetail,
  CREATABLE_ROLES,
  canManageRole,
  msg,
  type ParsedInput,
  ROLE,
  type RoleId,
  type ROUTES,
} from '@gatehouse/contracts';
import { sql, type Transaction } from 'kysely';
import { deleteRows, PG_ERROR, pgCode } from '../../db/sql.ts';
import type { DB } from '../../db/types.ts';
import { revokeSessions } from '../../http/auth.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { scopeOf } from '../../http/scope.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { withCommands } from '../../devices/commands.ts';
import { removeKept } from '../../http/uploads.ts';
import { erasePeople } from '../privacy/erase-person.ts';
import { grantDefaultMenus } from './default-menus.ts';
import { assertDialCode, assertRegNoFree, type Place, placeOf } from './checks.ts';
import { normalizeDialCode } from './countries.ts';
import { manageableTarget, manageableTargets, type Target } from './manage.ts';
import { detailOf } from './queries.ts';

type CreateIn = ParsedInput<typeof ROUTES.account.create>;
type UpdateIn = ParsedInput<typeof ROUTES.account.updateAccount>;

/** What the op log keeps of an account: never its password. */
const snapshot = (a: { regNo: string; areacode: string; name: string; roleID: number; state: number }, p: Place) => ({
  ...a,
  communityIdList: p.communityIds,
  communityId: p.communityId,
  commuAddressId: p.addressId,
  facelimit: p.faceLimit,
  residentlimit: p.residentLimit,
});

const firstCommunity = (p: Place) => p.communityId ?? p.communityIds[0] ?? null;

async function setCommunities(trx: Transaction<DB>, accountId: number, ids: number[]): Promise<void> {
  await trx.deleteFrom('account_community').where('account_id', '=', accountId).execute();
  if (ids.length)
    await trx
      .insertInto('account_community')
      .values(ids.map((c) => ({ account_id: accountId, community_id: c })))
      .execute();
}

/** A unique-constraint race (two adds of the same phone and role) answers like the check. */
async function uniqueGuard<T>(regNo: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (pgCode(e) === PG_ERROR.uniqueViolation) throw badRequest(msg('account.regNoTaken', { regNo }));
    throw e;
  }
}

/** Add account (000 §5): a role the caller manages, communities in its scope; new accounts start inactive. */
export async function createAccount(ctx: AuthCtx, i: CreateIn): Promise<AccountDetail> {
  if (!canManageRole(ctx.caller.roleId, i.roleID)) throw forbidden('account.roleRefused');
  const place = await placeOf(ctx.db, await scopeOf(ctx.db, ctx.caller), i);
  assertDialCode(i.areacode);
  await assertRegNoFree(ctx.db, i.regNo, i.roleID);
  const hash = await hashPassword(i.password);
  const areacode = normalizeDialCode(i.areacode);
  const id = await uniqueGuard(i.regNo, () =>
    ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('account')
        .values({
          reg_no: i.regNo,
          area_code: areacode,
          name: i.name,
          password_hash: hash,
          role_id: i.roleID,
          state: 0,
          community_id: place.communityId,
          address_id: place.addressId,
          face_limit: place.faceLimit,
          resident_limit: place.residentLimit,
          lang: ctx.lang,
          created_by: ctx.caller.accountId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setCommunities(trx, row.id, place.communityIds);
      await grantDefaultMenus(trx, row.id, i.roleID as RoleId);
      await writeOpLog(trx, ctx, {
        menu: 'account',
        content: msg('op.account.create', { regNo: i.regNo, name: i.name }),
        communityId: firstCommunity(place),
        after: { userid: row.id, ...snapshot({ regNo: i.regNo, areacode, name: i.name, roleID: i.roleID, state: 0 }, place) },
      });
      return row.id;
    }),
  );
  return detailOf(ctx, id);
}

async function placeBefore(ctx: AuthCtx, a: Target): Promise<Place> {
  const rows = await ctx.db
    .selectFrom('account_community')
    .select('community_id')
    .where('account_id', '=', a.id)
    .orderBy('community_id')
    .execute();
  return {
    communityIds: rows.map((r) => r.community_id),
    communityId: a.community_id,
    addressId: a.address_id,
    faceLimit: a.face_limit,
    residentLimit: a.resident_limit,
  };
}

/**
 * Edit account. Door-unit and other accounts (8, 9) cannot be edited. A new role
 * must be one the caller may add; it resets the menus to the role's defaults. A
 * new password, a new role or a state other than normal ends the account's
 * sessions at once.
 */
export async function updateAccount(ctx: AuthCtx, i: UpdateIn): Promise<AccountDetail> {
  const before = await manageableTarget(ctx, i.userid);
  if (before.role_id === ROLE.doorUnit || before.role_id === ROLE.other) throw forbidden('account.notEditable');
  const roleChanged = i.roleID !== before.role_id;
  if (roleChanged && (!CREATABLE_ROLES.includes(i.roleID as RoleId) || !canManageRole(ctx.caller.roleId, i.roleID))) {
    throw forbidden('account.roleRefused');
  }
  const place = await placeOf(ctx.db, await scopeOf(ctx.db, ctx.caller), i);
  assertDialCode(i.areacode);
  await assertRegNoFree(ctx.db, i.regNo, i.roleID, before.id);
  const hash = i.password ? await hashPassword(i.password) : null;
  const state = i.state ?? before.state;
  const areacode = normalizeDialCode(i.areacode);
  const oldPlace = await placeBefore(ctx, before);
  await uniqueGuard(i.regNo, () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('account')
        .set({
          reg_no: i.regNo,
          area_code: areacode,
          name: i.name,
          role_id: i.roleID,
          state,
          community_id: place.communityId,
          address_id: place.addressId,
          face_limit: place.faceLimit,
          resident_limit: place.residentLimit,
          ...(hash ? { password_hash: hash } : {}),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', before.id)
        .execute();
      await setCommunities(trx, before.id, place.communityIds);
      if (roleChanged) {
        await trx.deleteFrom('account_menu').where('account_id', '=', before.id).execute();
        await grantDefaultMenus(trx, before.id, i.roleID as RoleId);
      }
      if (hash || roleChanged || state !== 1) await revokeSessions(trx, before.id);
      await writeOpLog(trx, ctx, {
        menu: 'account',
        content: msg('op.account.update', { regNo: i.regNo, name: i.name }),
        communityId: firstCommunity(place) ?? firstCommunity(oldPlace),
        before: {
          userid: before.id,
          ...snapshot(
            { regNo: before.reg_no, areacode: before.area_code, name: before.name, roleID: before.role_id, state: before.state },
            oldPlace,
          ),
        },
        after: {
          userid: before.id,
          ...snapshot({ regNo: i.regNo, areacode, name: i.name, roleID: i.roleID, state }, place),
          ...(hash ? { password: '(changed)' } : {}),
        },
      });
    }),
  );
  return detailOf(ctx, before.id);
}

/**
 * Batch delete. Every account must be one the caller manages; an engineer still
 * assigned to a project is refused and nothing is deleted. Like communities and
 * addresses, what refers to an account is counted before the delete (project
 * assignments are the only restricting reference: modules/areas.test.ts checks it),
 * not caught as a foreign-key error after it.
 */
export async function batchDelete(ctx: AuthCtx, ids: number[]): Promise<void> {
  const rows = await manageableTargets(ctx, ids);
  const engineer = await ctx.db
    .selectFrom('community_engineer as ce')
    .innerJoin('account as a', 'a.id', 'ce.account_id')
    .select('a.name')
    .where(
      'ce.account_id',
      'in',
      rows.map((r) => r.id),
    )
    .executeTakeFirst();
  if (engineer) throw badRequest(msg('account.engineerAssigned', { name: engineer.name }));
  let photos: string[] = [];
  await withCommands(ctx, async (trx, q) => {
    await deleteRows(trx, 'account', rows);
    // The person goes with the account: faces erased on every unit (receipts kept), events pseudonymised.
    const erased = await erasePeople(
      trx,
      q,
      ctx,
      rows.map((r) => r.reg_no),
    );
    photos = erased.photos;
    const regNos = rows.map((r) => r.reg_no).join(', ');
    await writeOpLog(trx, ctx, {
      menu: 'account',
      content: msg('op.account.delete', { regNos: regNos.length > 300 ? `${regNos.slice(0, 300)}…` : regNos }),
      communityId: rows[0]?.community_id ?? null,
      before: rows.map((r) => ({
        userid: r.id,
        regNo: r.reg_no,
        name: r.name,
        roleID: r.role_id,
        state: r.state,
        communityId: r.community_id,
      })),
      after: { facesErased: erased.faces, eventsPseudonymised: erased.events },
    });
  });
  await removeKept(ctx.config, photos);
}
