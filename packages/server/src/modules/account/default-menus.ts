import { DEFAULT_ROLE_MENUS, type MenuKey, menuByKey, type RoleId } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

/** Grants an account the default menus of its role (the role rule of 000 §6). */
export async function grantDefaultMenus(db: Kysely<DB>, accountId: number, roleId: RoleId): Promise<void> {
  const keys: MenuKey[] = DEFAULT_ROLE_MENUS[roleId] ?? [];
  if (!keys.length) return;
  await db
    .insertInto('account_menu')
    .values(keys.map((k) => ({ account_id: accountId, menu_id: menuByKey(k).id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
