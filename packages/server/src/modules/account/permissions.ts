import {
  GRANTABLE_MENUS,
  isSystemAdmin,
  LEAF_MENUS,
  MENUS,
  type MenuNode,
  menuFitsRole,
  msg,
  type RoleId,
  roleNameKey,
} from '@gatehouse/contracts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { menuTree } from '../../http/menu-tree.ts';
import { manageableTarget } from './manage.ts';

const LEAF_IDS = new Set(LEAF_MENUS.map((m) => m.id));
const keyOf = (id: number) => MENUS.find((m) => m.id === id)?.key ?? String(id);

/**
 * getAllMenu: the tree a caller may grant from, which is the menus it holds itself
 * (administrators: every menu), so nobody hands out more than they have.
 */
export const allMenus = (ctx: AuthCtx): MenuNode[] => menuTree(ctx.lang, ctx.caller.menuIds);

async function grantsOf(ctx: AuthCtx, accountId: number): Promise<number[]> {
  const rows = await ctx.db.selectFrom('account_menu').select('menu_id').where('account_id', '=', accountId).orderBy('menu_id').execute();
  return rows.map((r) => r.menu_id).filter((id) => LEAF_IDS.has(id));
}

/** getPerMenu: the leaf menus granted to an account the caller manages. */
export async function perMenu(ctx: AuthCtx, userId: number): Promise<number[]> {
  const target = await manageableTarget(ctx, userId);
  if (isSystemAdmin(target.role_id)) return LEAF_MENUS.map((m) => m.id);
  return grantsOf(ctx, target.id);
}

/** Refuses menus that do not fit the account's role, naming the first one. */
function assertFitsRole(roleId: number, menuIds: number[]): void {
  if (!menuIds.length) return;
  if (!GRANTABLE_MENUS[roleId as RoleId]?.length) throw badRequest('perm.roleNoMenus');
  const misfit = menuIds.find((id) => !menuFitsRole(roleId, id));
  if (misfit !== undefined) throw badRequest(msg('perm.roleMismatch', { menu: `@menu.${keyOf(misfit)}`, role: `@${roleNameKey(roleId)}` }));
}

/**
 * updateUserMenu: the ticked leaves become the account's grants, effective at its
 * next request (the guard reads grants on every call). Parent ids are implied and
 * dropped; unknown ids are refused; a menu must fit the account's role
 * (GRANTABLE_MENUS: a householder gets no staff menu); menus the caller does not
 * hold cannot be granted, and grants of those menus the account already has are kept.
 */
export async function updateUserMenu(ctx: AuthCtx, userId: number, menuIds: number[]): Promise<number[]> {
  const target = await manageableTarget(ctx, userId);
  if (isSystemAdmin(target.role_id)) throw badRequest('perm.adminAll');
  const known = new Set(MENUS.map((m) => m.id));
  if (menuIds.some((id) => !known.has(id))) throw badRequest(msg('v.invalid', { field: '@f.menus' }));
  const wanted = [...new Set(menuIds.filter((id) => LEAF_IDS.has(id)))];
  assertFitsRole(target.role_id, wanted);
  if (wanted.some((id) => !ctx.caller.menuIds.has(id))) throw forbidden('perm.notHeld');
  const before = await grantsOf(ctx, target.id);
  const kept = before.filter((id) => !ctx.caller.menuIds.has(id));
  const after = [...new Set([...kept, ...wanted])].sort((a, b) => a - b);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_menu').where('account_id', '=', target.id).execute();
    if (after.length)
      await trx
        .insertInto('account_menu')
        .values(after.map((m) => ({ account_id: target.id, menu_id: m })))
        .execute();
    await writeOpLog(trx, ctx, {
      menu: 'permission',
      content: msg('op.account.menus', { regNo: target.reg_no, name: target.name }),
      communityId: target.community_id,
      before: { userid: target.id, menus: before.map(keyOf) },
      after: { userid: target.id, menus: after.map(keyOf) },
    });
  });
  return after;
}
