import type { AccountImportReport, Envelope } from '@gatehouse/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { kit, multipart } from './test-kit.ts';

let t: TestApp;
let k: ReturnType<typeof kit>;
let A: number;
let B: number;
let manager: { id: number; token: string };
const HEADERS = ['Area code', 'Phone number', 'Name', 'Password', 'Role', 'Householder address', 'Face limit', 'Resident limit'];
beforeAll(async () => {
  t = await testApp();
  k = kit(t);
  A = await t.createCommunity('Import A');
  B = await t.createCommunity('Import B');
  for (const room of ['1-101', '1-102', '1-103']) await k.address(A, room);
  manager = await k.session(4, [A]);
});
afterAll(async () => t.close());

async function xlsx(rows: (string | number)[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Accounts');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(
  data: Buffer,
  fields: Record<string, string>,
  token = manager.token,
  name = 'accounts.xlsx',
  path = 'uploadAccountFile',
) {
  const m = multipart(fields, { name, data });
  const res = await t.app.inject({ method: 'POST', url: `/api/account/${path}`, payload: m.payload, headers: { ...m.headers, token } });
  return { statusCode: res.statusCode, body: res.json() as Envelope<AccountImportReport | null> };
}

const importedNames = async (communityId: number) =>
  (
    await t.db
      .selectFrom('account')
      .select('name')
      .where('community_id', '=', communityId)
      .where('name', 'like', 'Imp%')
      .orderBy('name')
      .execute()
  ).map((r) => r.name);

describe('accountTemplate', () => {
  it('answers an xlsx with the headers in the session language; 401 and 403 as usual', async () => {
    const res = await t.app.inject({ url: '/api/account/accountTemplate', headers: { token: manager.token } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws ? (ws.getRow(1).values as string[]).slice(1) : []).toEqual(HEADERS);
    const zh = await t.app.inject({ url: '/api/account/accountTemplate', headers: { token: await t.tokenFor(manager.id, 'zh-CN') } });
    const wz = new ExcelJS.Workbook();
    await wz.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    expect(wz.worksheets[0]?.getRow(1).getCell(2).value).toBe('手机号');
    expect((await t.app.inject({ url: '/api/account/accountTemplate' })).statusCode).toBe(401);
    const company = await t.createCommunity('Tpl Ltd', 1);
    const boss = await k.session(10, [company]);
    expect((await t.app.inject({ url: '/api/account/accountTemplate', headers: { token: boss.token } })).statusCode).toBe(403);
  });
});

describe('uploadAccountFile', () => {
  it('reports every bad row (row, column, message) and imports nothing', async () => {
    const taken = await k.account(7, [A]);
    const takenNo = (await k.row(taken))?.reg_no as string;
    const before = await k.count('account');
    const messages = await k.count('message');
    const file = await xlsx([
      ['86', '13811110001', 'Imp Good', 'Pass1', 'Householder', '1-101', '', ''],
      ['86', '1381111000x', 'Imp Bad phone', 'Pass1', 7, '1-101', 6, 3],
      ['86', '13811110003', 'Imp No address', 'Pass1', 7, '', 6, 3],
      ['86', '13811110004', 'Imp Unknown', 'Pass1', 7, '9-999', 6, 3],
      ['86', takenNo, 'Imp Taken', 'Pass1', 7, '1-102', 6, 3],
      ['86', '13811110006', 'Imp Boss', 'Pass1', '物业主管', '', 6, 3],
      ['86', '13811110001', 'Imp Twin', 'Pass1', 7, '1-103', 6, 3],
    ]);
    const res = await upload(file, { communityID: String(A) });
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['6 rows are wrong; nothing was imported. Fix them and import again']);
    expect(res.body.content?.errors).toEqual([
      { row: 3, column: 'Phone number', message: 'The phone number format is incorrect' },
      { row: 4, column: 'Householder address', message: 'Please pick an address' },
      { row: 5, column: 'Householder address', message: 'The community has no address "9-999"' },
      { row: 6, column: 'Phone number', message: `The phone number ${takenNo} already has an account of this role` },
      { row: 7, column: 'Role', message: 'You may not manage accounts of this role' },
      { row: 8, column: 'Phone number', message: 'The phone number 13811110001 appears more than once in the file for this role' },
    ]);
    expect(await k.count('account')).toBe(before);
    expect(await k.count('message')).toBe(messages);
  });

  it('stores imported passwords at the import cost and upgrades each to the full cost at its first good sign-in', async () => {
    const file = await xlsx([
      ['86', '13833330001', 'Rh Rehash', 'Init7788', 7, '1-101', '', ''],
      ['86', '13833330002', 'Rh Other', 'Other7788', 7, '1-102', '', ''],
    ]);
    expect((await upload(file, { communityID: String(A) })).body.status).toBe(200);
    const hashOf = async (regNo: string) =>
      (await t.db.selectFrom('account').select('password_hash').where('reg_no', '=', regNo).executeTakeFirstOrThrow()).password_hash;
    const imported = await hashOf('13833330001');
    expect(imported).toMatch(/^\$argon2id\$v=19\$m=2048,t=1,p=1\$/);
    expect(await hashOf('13833330002')).not.toBe(imported);
    const login = (password: string) => t.post('/login', { username: '13833330001', password, vcode: 'x', roleId: 7 });

    expect((await login('Wrong7788')).body.status).toBe(400);
    expect(await hashOf('13833330001')).toBe(imported);
    // Imported accounts are not activated yet (203): the password was right, so the hash is upgraded all the same.
    expect((await login('Init7788')).body.status).toBe(203);
    const upgraded = await hashOf('13833330001');
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login('Init7788')).body.status).toBe(203);
    expect(await hashOf('13833330001')).toBe(upgraded);
    expect(await hashOf('13833330002')).toMatch(/m=2048,t=1,p=1/);
  });

  it('imports every row into the community, with an import-history message, its file and an op log row', async () => {
    const file = await xlsx([
      ['86', '13822220001', 'Imp One', 'Init123', 'Householder', '1-101', '', ''],
      ['86', '13822220002', 'Imp Two', 'Init123', 7, '1-102', 4, 2],
      ['86', '13822220003', 'Imp Staff', 'Init123', 'Property staff', '', '', ''],
      ['972', '0521234567', 'Imp Abroad', 'Init123', '住户', '1-103', '', ''],
    ]);
    const res = await upload(file, { communityID: String(A) });
    expect(res.body.status).toBe(200);
    expect(res.body.msgs).toEqual(['Import succeeded']);
    expect(res.body.content).toEqual({ imported: 4, rejected: 0, errors: [], omitted: 0, kinds: [] });
    expect(await importedNames(A)).toEqual(['Imp Abroad', 'Imp One', 'Imp Two']);
    const two = await t.db
      .selectFrom('account')
      .select(['face_limit', 'resident_limit', 'state', 'password_hash'])
      .where('reg_no', '=', '13822220002')
      .executeTakeFirstOrThrow();
    expect(two).toMatchObject({ face_limit: 4, resident_limit: 2, state: 0 });
    const one = await t.db
      .selectFrom('account')
      .select(['face_limit', 'password_hash'])
      .where('reg_no', '=', '13822220001')
      .executeTakeFirstOrThrow();
    expect(one.face_limit).toBe(6);
    expect(one.password_hash).toMatch(/^\$argon2id\$/);
    const staff = await t.db.selectFrom('account').select('id').where('reg_no', '=', '13822220003').executeTakeFirstOrThrow();
    const list = await t.db.selectFrom('account_community').select('community_id').where('account_id', '=', staff.id).execute();
    expect(list).toEqual([{ community_id: A }]);
    const msg = await t.db
      .selectFrom('message')
      .select(['type', 'community_id', 'file_id', 'creator_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ type: 0, community_id: A, creator_id: manager.id });
    expect(msg.file_id).not.toBeNull();
    expect((await t.lastOpLog())?.content).toContain('accounts.xlsx');
  });

  it('stores each cell as written, whatever it holds (rows are written as one array per column)', async () => {
    const names = ['Imp "Q" {a,b}', "Imp O'Neil\\x", 'Imp NULL', 'Imp 李,{}"'];
    const file = await xlsx(names.map((name, i) => ['86', `1382223000${i}`, name, 'Init123', 'Householder', '1-101', '', '']));
    const res = await upload(file, { communityID: String(A) });
    expect(res.body.content).toEqual({ imported: 4, rejected: 0, errors: [], omitted: 0, kinds: [] });
    const rows = await t.db
      .selectFrom('account as a')
      .innerJoin('address as d', 'd.id', 'a.address_id')
      .select(['a.reg_no', 'a.name', 'a.community_id', 'd.address', 'a.lang', 'a.created_by', 'a.role_id'])
      .where('a.reg_no', 'like', '1382223000%')
      .orderBy('a.reg_no')
      .execute();
    expect(rows.map((r) => r.name)).toEqual(names);
    for (const r of rows) expect(r).toMatchObject({ community_id: A, address: '1-101', lang: 'en', created_by: manager.id, role_id: 7 });
  });

  it('refuses a legacy .xls file by its content, naming .xlsx, under either call name', async () => {
    // An OLE2 compound file (the container of Excel 97-2003 workbooks), whatever its name says.
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    const before = await k.count('account');
    for (const [name, path] of [
      ['legacy.xls', 'uploadAccounts'],
      ['renamed.xlsx', 'uploadAccountFile'],
    ]) {
      const res = await upload(ole2, { communityID: String(A) }, manager.token, name, path);
      expect(res.statusCode).toBe(400);
      expect(res.body.msgs).toEqual([
        'Excel 97-2003 files (.xls) are not accepted: save the file as an Excel workbook (.xlsx) and import it again',
      ]);
    }
    expect(await k.count('account')).toBe(before);
  });

  it('needs a community in scope, a spreadsheet and a caller who may import', async () => {
    const before = await k.count('account');
    const file = await xlsx([['86', '13844440001', 'Imp Out', 'Init123', 7, '1-101', 6, 3]]);
    const none = await upload(file, {});
    expect(none.body.msgs).toEqual(['Please choose community']);
    const out = await upload(file, { communityID: String(B) });
    expect(out.statusCode).toBe(403);
    expect(out.body.msgs).toEqual(['You have no access to this community']);
    const junk = await upload(Buffer.from('not a spreadsheet'), { communityID: String(A) });
    expect(junk.body.msgs).toEqual(['The file is not a valid spreadsheet (.xlsx)']);
    const company = await t.createCommunity('Imp Ltd', 1);
    const boss = await k.session(10, [company]);
    expect((await upload(file, { communityID: String(company) }, boss.token)).statusCode).toBe(403);
    const m = multipart({ communityID: String(A) }, { name: 'a.xlsx', data: file });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/account/uploadAccountFile', payload: m.payload, headers: m.headers })).statusCode,
    ).toBe(401);
    expect(await k.count('account')).toBe(before + 1);
    const counted = await t.db
      .selectFrom('account')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('name', '=', 'Imp Out')
      .executeTakeFirstOrThrow();
    expect(counted.n).toBe(0);
  });
});
