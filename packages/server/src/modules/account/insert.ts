import crypto from 'node:crypto';
import { ROLE, type RoleId } from '@gatehouse/contracts';
import { hashPassword } from '../../crypto/passwords.ts';
import type { Db } from '../../db/index.ts';
import { grantDefaultMenus } from './default-menus.ts';

export interface NewAccount {
  regNo: string;
  name: string;
  password: string;
  roleId: RoleId;
  state?: number;
  communityId?: number | null;
  addressId?: number | null;
}

/** Inserts an account with its role's default menus (first start, demo data, tests). */
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
  const existing = await db.selectFrom('account').select(['reg_no']).where('role_id', '=', ROLE.admin).orderBy('id').executeTakeFirst();
  if (existing) return { created: false, phone: existing.reg_no };
  const p = phone ?? '13800000000';
  const pw = password ?? generatePassword();
  await insertAccount(db, { regNo: p, name: 'Administrator', password: pw, roleId: ROLE.admin });
  return { created: true, phone: p, password: pw };
}
