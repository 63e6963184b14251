import crypto from 'node:crypto';
import { ADDRESS_TYPE, type RoleId } from '@gatehouse/contracts';
import { sql } from 'kysely';
import type { TestApp } from '../../test/harness.ts';

/** A mainland mobile number unique within a test file. */
let seq = 0;
export const phone = (): string => {
  seq += 1;
  return `13${String((crypto.randomInt(0, 1e5) * 1000 + seq) % 1e9).padStart(9, '0')}`;
};

/** Fixtures of the account tests: communities, addresses and accounts of each kind. */
export function kit(t: TestApp) {
  const address = async (communityId: number, text: string, type: number = ADDRESS_TYPE.householder) =>
    (
      await t.db
        .insertInto('address')
        .values({ community_id: communityId, address: text, name: text, type, is_villa: 0, hardware: 0, devstate: 0, reg_no: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** An account (normal state) with its communities: managers' list, engineers' projects, or its community. */
  const account = async (
    roleId: RoleId,
    communities: number[] = [],
    extra: { regNo?: string; name?: string; addressId?: number; state?: number } = {},
  ) => {
    const single = roleId >= 7 ? communities[0] : undefined;
    const id = await t.createAccount({
      roleId,
      regNo: extra.regNo ?? phone(),
      name: extra.name ?? `R${roleId}`,
      communityId: single,
      addressId: extra.addressId,
      state: extra.state,
    });
    if (roleId === 4 || roleId === 5) {
      for (const c of communities) await t.db.insertInto('account_community').values({ account_id: id, community_id: c }).execute();
    }
    if (roleId === 3)
      for (const c of communities) await t.db.insertInto('community_engineer').values({ account_id: id, community_id: c }).execute();
    return id;
  };

  /** An account and a session of it. */
  const session = async (roleId: RoleId, communities: number[] = [], extra: { regNo?: string; name?: string; addressId?: number } = {}) => {
    const id = await account(roleId, communities, extra);
    return { id, token: await t.tokenFor(id) };
  };

  const count = async (table: 'account' | 'account_menu' | 'op_log' | 'message') =>
    (await t.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

  const row = (id: number) =>
    t.db
      .selectFrom('account')
      .select(['id', 'reg_no', 'name', 'role_id', 'state', 'community_id', 'address_id', 'face_limit', 'resident_limit', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirst();

  return { address, account, session, count, row };
}

/** A multipart body with text fields and one file, for the upload routes. */
export function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; field?: string }) {
  const boundary = `----gh${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
