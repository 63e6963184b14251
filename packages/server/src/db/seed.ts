import crypto from 'node:crypto';
import { DEFAULT_ROLE_MENUS, LEAF_MENUS, MENUS, type MenuKey, menuByKey, type RoleId } from '@gatehouse/contracts';
import { sql } from 'kysely';
import { hashPassword } from '../crypto/passwords.ts';
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

/** Grants an account the default menus of its role. */
export async function grantDefaultMenus(db: Db, accountId: number, roleId: RoleId): Promise<void> {
  const keys: MenuKey[] = DEFAULT_ROLE_MENUS[roleId] ?? [];
  if (!keys.length) return;
  await db
    .insertInto('account_menu')
    .values(keys.map((k) => ({ account_id: accountId, menu_id: menuByKey(k).id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface NewAccount {
  regNo: string;
  name: string;
  password: string;
  roleId: RoleId;
  state?: number;
  communityId?: number | null;
  addressId?: number | null;
}

export async function insertAccount(db: Db, a: NewAccount): Promise<number> {
  const row = await db
    .insertInto('account')
    .values({
      reg_no: a.regNo,
      area_code: '86',
      name: a.name,
      password_hash: await hashPassword(a.password),
      role_id: a.roleId,
      state: a.state ?? 1,
      community_id: a.communityId ?? null,
      address_id: a.addressId ?? null,
      face_limit: 6,
      resident_limit: 3,
      lang: 'zh-CN',
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grantDefaultMenus(db, row.id, a.roleId);
  return row.id;
}

/** A password that satisfies the sign-in rule: a letter, then 9 letters and digits. */
export const generatePassword = (): string => `G${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 9)}`;

export interface AdminSeed {
  created: boolean;
  phone: string;
  password?: string;
}

/** On an empty database: the system administrator from ADMIN_PHONE / ADMIN_PASSWORD, or generated. */
export async function ensureAdmin(db: Db, phone?: string, password?: string): Promise<AdminSeed> {
  const existing = await db.selectFrom('account').select(['reg_no']).where('role_id', '=', 1).orderBy('id').executeTakeFirst();
  if (existing) return { created: false, phone: existing.reg_no };
  const p = phone ?? '13800000000';
  const pw = password ?? generatePassword();
  await insertAccount(db, { regNo: p, name: 'Administrator', password: pw, roleId: 1 });
  return { created: true, phone: p, password: pw };
}

export const leafMenuIds = (): number[] => LEAF_MENUS.map((m) => m.id);
export const nowSql = sql<Date>`now()`;
