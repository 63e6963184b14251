import { LEAF_MENUS, MENUS } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { Db } from './index.ts';

/** Keeps the menu table equal to the menu tree of contracts (run at every start). */
export async function syncMenus(db: Db): Promise<void> {
  for (const m of MENUS) {
    await db
      .insertInto('menu')
      .values({ id: m.id, key: m.key, path: m.path, parent_id: m.parentId, sort: m.sort })
      .onConflict((oc) => oc.column('id').doUpdateSet({ key: m.key, path: m.path, parent_id: m.parentId, sort: m.sort }))
      .execute();
  }
}

export const leafMenuIds = (): number[] => LEAF_MENUS.map((m) => m.id);
export const nowSql = sql<Date>`now()`;
