import { accountImportRow, ADDRESS_TYPE, canManageRole, msg, type RoleId, roleFields } from '@gatehouse/contracts';
import type { FastifyReply } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { DEFAULT_ROLE_MENUS, menuByKey } from '@gatehouse/contracts';
import type { DB } from '../../db/types.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { assertCommunity } from '../../http/scope.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { runImport, sendTemplate } from '../../xlsx/import-runner.ts';
import type { ImportReport } from '@gatehouse/contracts';
import { importColumns } from '../../xlsx/columns.ts';
import { hashImported } from '../../crypto/passwords.ts';
import { isKnownDialCode, normalizeDialCode } from './countries.ts';

type Row = z.output<typeof accountImportRow>;

const COLUMNS = importColumns('col.acc', [
  'areacode',
  'regNo',
  'name',
  'password',
  ['roleID', 'role'],
  'address',
  'facelimit',
  'residentlimit',
]);
const BATCH = 1000;

/** The import template: the column headers in the session language. */
export async function accountTemplate(ctx: AuthCtx, reply: FastifyReply): Promise<void> {
  await sendTemplate(ctx, reply, 'account.sheet', COLUMNS);
}

const chunks = <T>(xs: T[], n = BATCH): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/**
 * Imports accounts into one community (000 §5 "Import accounts": a community
 * first). Each row passes the dialog's rules, then: a role the caller manages, a
 * known dial code, a phone free for its role (in the database and in the file),
 * and for householders an address of the community. All rows or none.
 */
export async function importAccounts(ctx: AuthCtx, communityId: number, files: UploadedFile[], progressId?: string): Promise<ImportReport> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  const community = await ctx.db.selectFrom('community').select('id').where('id', '=', communityId).executeTakeFirst();
  if (!community) throw badRequest('account.communityUnknown');
  const addressOf = new Map<number, number>();

  const check = async (rows: Row[], trx: Transaction<DB>) => {
    const errors: { index: number; column?: string; message: string }[] = [];
    const seen = new Set<string>();
    rows.forEach((r, index) => {
      if (!canManageRole(ctx.caller.roleId, r.roleID)) errors.push({ index, column: 'roleID', message: 'account.roleRefused' });
      if (!isKnownDialCode(r.areacode)) errors.push({ index, column: 'areacode', message: msg('v.invalid', { field: '@f.areacode' }) });
      const key = `${r.regNo}/${r.roleID}`;
      if (seen.has(key)) errors.push({ index, column: 'regNo', message: msg('account.duplicateInFile', { regNo: r.regNo }) });
      seen.add(key);
    });
    const taken = new Set<string>();
    for (const part of chunks([...new Set(rows.map((r) => r.regNo))])) {
      const found = await trx.selectFrom('account').select(['reg_no', 'role_id']).where('reg_no', 'in', part).execute();
      for (const f of found) taken.add(`${f.reg_no}/${f.role_id}`);
    }
    const texts = [...new Set(rows.filter((r) => roleFields(r.roleID).address && r.address).map((r) => r.address as string))];
    const ids = new Map<string, number>();
    for (const part of chunks(texts)) {
      const found = await trx
        .selectFrom('address')
        .select(['id', 'address'])
        .where('community_id', '=', communityId)
        .where('type', '=', ADDRESS_TYPE.householder)
        .where('address', 'in', part)
        .orderBy('id', 'desc')
        .execute();
      for (const f of found) ids.set(f.address, f.id);
    }
    rows.forEach((r, index) => {
      if (taken.has(`${r.regNo}/${r.roleID}`))
        errors.push({ index, column: 'regNo', message: msg('account.regNoTaken', { regNo: r.regNo }) });
      if (!roleFields(r.roleID).address || !r.address) return;
      const id = ids.get(r.address);
      if (id === undefined) errors.push({ index, column: 'address', message: msg('account.addressUnknown', { address: r.address }) });
      else addressOf.set(index, id);
    });
    return errors;
  };

  // Each distinct password once, at the import cost, upgraded at first sign-in (docs/security.md).
  let hashes = new Map<string, string>();
  const prepare = async (rows: Row[], progress: (done: number, total: number) => void) => {
    hashes = await hashImported(
      rows.map((r) => r.password),
      (done, total) => (done % 250 === 0 || done === total) && progress(done, total),
    );
  };

  // Each batch is one `insert … select from unnest(<one array per column>)`: 9 parameters, where a
  // multi-row VALUES built and bound one per cell (12,000 a batch), as device events are written.
  const apply = async (rows: Row[], trx: Transaction<DB>) => {
    for (let from = 0; from < rows.length; from += BATCH) {
      const part = rows.slice(from, from + BATCH);
      const col = <T>(f: (r: Row, index: number) => T): T[] => part.map((r, i) => f(r, from + i));
      const { rows: inserted } = await sql<{ id: number; role_id: number }>`
        insert into account (reg_no, area_code, name, password_hash, role_id, community_id, address_id,
                             face_limit, resident_limit, state, lang, created_by)
        select reg_no, area_code, name, password_hash, role_id, community_id, address_id,
               face_limit, resident_limit, 0, ${ctx.lang}::text, ${ctx.caller.accountId}::int
        from unnest(
          ${col((r) => r.regNo)}::text[], ${col((r) => normalizeDialCode(r.areacode))}::text[], ${col((r) => r.name)}::text[],
          ${col((r) => hashes.get(r.password) as string)}::text[], ${col((r) => r.roleID)}::smallint[],
          ${col((r) => (roleFields(r.roleID).community ? communityId : null))}::int[],
          ${col((_r, index) => addressOf.get(index) ?? null)}::int[], ${col((r) => r.facelimit)}::int[],
          ${col((r) => r.residentlimit)}::int[]
        ) with ordinality as t(reg_no, area_code, name, password_hash, role_id, community_id, address_id,
                               face_limit, resident_limit, n)
        order by n
        returning id, role_id`.execute(trx);
      const managers = inserted.filter((a) => roleFields(a.role_id).communityList);
      if (managers.length)
        await trx
          .insertInto('account_community')
          .values(managers.map((a) => ({ account_id: a.id, community_id: communityId })))
          .execute();
      const grants = inserted.flatMap((a) =>
        (DEFAULT_ROLE_MENUS[a.role_id as RoleId] ?? []).map((k) => ({ account_id: a.id, menu_id: menuByKey(k).id })),
      );
      for (const g of chunks(grants, 5000)) await trx.insertInto('account_menu').values(g).execute();
    }
  };

  return runImport(ctx, {
    file: files.find((f) => f.field === 'file') ?? files[0],
    columns: COLUMNS,
    rowSchema: accountImportRow,
    messageType: 0,
    communityId,
    menu: 'account',
    title: 'account.importTitle',
    progressId,
    check,
    prepare,
    apply,
  });
}
