import ExcelJS from 'exceljs';
import { menuByKey, type PoolRow } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, newSerial } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
});
afterAll(async () => t.close());

type Page = { rows: PoolRow[]; total: number };
const add = (body: Record<string, unknown>, token = admin) => t.post<PoolRow>('/pool/addPool', body, token);
const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Gate A',
  regNo: newSerial('P'),
  isVilla: 0,
  faceSupported: 1,
  cardSupported: 4,
  ...over,
});

/** An engineer (role 3) who was granted the pool menu: the menu lets him read, not administer. */
async function grantedEngineer() {
  const s = await t.signIn({ roleId: 3 });
  await t.db
    .insertInto('account_menu')
    .values({ account_id: s.id, menu_id: menuByKey('project.pool').id })
    .execute();
  return s.token;
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'pool.xlsx') {
  const boundary = `----gh${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const upload = async (file: Buffer, token = admin) => {
  const m = multipart(file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pool/importPool',
    payload: m.payload,
    headers: { token, 'content-type': m.contentType, 'x-lang': 'english' },
  });
  return {
    statusCode: res.statusCode,
    body: res.json() as {
      status: number;
      msgs: string[];
      content: { imported: number; rejected: number; errors: { row: number; column: string; message: string }[] };
    },
  };
};

describe('device pool', () => {
  it('answers 401 without a session and 403 without the menu or out of role', async () => {
    expect((await t.get('/pool/getPoolPage')).statusCode).toBe(401);
    expect((await t.post('/pool/addPool', valid())).statusCode).toBe(401);
    const { token: staff } = await t.signIn({ roleId: 5 });
    expect((await t.get('/pool/getPoolPage', {}, staff)).statusCode).toBe(403);
    const eng = await grantedEngineer();
    expect((await t.get('/pool/getPoolPage', {}, eng)).statusCode).toBe(200);
    const refused = await add(valid(), eng);
    expect(refused.statusCode).toBe(403);
    expect((await t.get('/pool/exportPool', {}, eng)).statusCode).toBe(403);
    expect((await t.post('/pool/updatePool', { id: 1, name: 'x', isVilla: 0 }, eng)).statusCode).toBe(403);
    expect((await t.get('/pool/poolTemplate', {}, eng)).statusCode).toBe(403);
    expect((await upload(await xlsx([['a']]), eng)).statusCode).toBe(403);
    expect((await t.post('/pool/delPool', { ids: 1 }, staff)).statusCode).toBe(403);
  });

  it('refuses a form per broken rule and changes nothing', async () => {
    const before = (await t.get<Page>('/pool/getPoolPage', {}, admin)).body.content.total;
    const empty = await add({});
    expect(empty.statusCode).toBe(400);
    expect(empty.body.msgs).toEqual(['Please enter short name', 'Please choose single-family', 'Please enter serial number']);
    const long = await add(valid({ name: 'n'.repeat(51), regNo: 's'.repeat(51), faceSupported: 2 }));
    expect(long.body.msgs).toEqual([
      'short name cannot exceed 50 characters',
      'face is invalid',
      'serial number cannot exceed 50 characters',
    ]);
    const bad = await add(valid({ regNo: 'a/b#', isVilla: 3 }));
    expect(bad.body.msgs).toEqual(['single-family is invalid', 'serial number is invalid']);
    expect((await t.get<Page>('/pool/getPoolPage', {}, admin)).body.content.total).toBe(before);
  });

  it('adds, lists with filters, edits (not the serial) and writes the op log', async () => {
    const serial = newSerial('P');
    const created = await add(valid({ regNo: serial, name: 'Pool North', isVilla: 1, note: 'shelf 3' }));
    expect(created.body).toMatchObject({ status: 200, msgs: ['Created'] });
    expect(created.body.content).toMatchObject({
      regNo: serial,
      name: 'Pool North',
      isVilla: 1,
      hardware: 5,
      faceSupported: 1,
      cardSupported: 4,
      qrcodeSupported: 0,
      note: 'shelf 3',
    });
    expect((await t.lastOpLog())?.content).toContain(serial);
    const dup = await add(valid({ regNo: serial }));
    expect(dup.body.msgs).toEqual([`Serial number ${serial} already exists`]);

    const byName = await t.get<Page>('/pool/getPoolPage', { name: 'north', isVilla: 1, hardware: 5 }, admin);
    expect(byName.body.content.rows.map((r) => r.regNo)).toEqual([serial]);
    expect((await t.get<Page>('/pool/getPoolPage', { name: 'north', hardware: 2 }, admin)).body.content.total).toBe(0);
    const sorted = await t.get<Page>('/pool/getPoolPage', { sort: 'regNo', order: 'asc', rows: 200 }, admin);
    const serials = sorted.body.content.rows.map((r) => r.regNo);
    expect(serials).toEqual([...serials].sort());
    expect((await t.get('/pool/getPoolPage', { sort: 'nope' }, admin)).body.msgs).toEqual(['sort column is invalid']);

    const id = created.body.content.id;
    const changed = await t.post('/pool/updatePool', { id, regNo: 'OTHER1', name: 'x', isVilla: 0 }, admin);
    expect(changed.body.msgs).toEqual(['The serial number cannot be edited']);
    const ok = await t.post<PoolRow>('/pool/updatePool', { id, regNo: serial, name: 'Pool South', isVilla: 0, qrcodeSupported: 2 }, admin);
    expect(ok.body.content).toMatchObject({ name: 'Pool South', regNo: serial, hardware: 2, note: '' });
    const log = await t.lastOpLog();
    expect(log?.name2).toBe('project.pool');
    expect(log?.detail).toMatchObject({ before: { name: 'Pool North' }, after: { name: 'Pool South' } });
    expect((await t.get<PoolRow>('/pool/getPoolById', { id }, admin)).body.content.name).toBe('Pool South');
    expect((await t.get('/pool/getPoolById', { id: 999999 }, admin)).statusCode).toBe(404);
  });

  it('hides the note from roles above 2', async () => {
    const created = await add(valid({ note: 'secret shelf' }));
    const eng = await grantedEngineer();
    const row = await t.get<PoolRow>('/pool/getPoolById', { id: created.body.content.id }, eng);
    expect(row.body.content.note).toBeUndefined();
  });

  it('deletes unbound entries and refuses a bound one', async () => {
    const a = await add(valid());
    const del = await t.post('/pool/delPool', { ids: String(a.body.content.id) }, admin);
    expect(del.body.msgs).toEqual(['Deleted']);
    expect((await t.lastOpLog())?.content).toContain(a.body.content.regNo);
    expect((await t.post('/pool/delPool', {}, admin)).body.msgs).toEqual(['Please choose selection']);
    const community = await t.createCommunity();
    const bound = await bindNewDevice(t, admin, community);
    const row = await t.db.selectFrom('device').select('id').where('serial', '=', bound.serial).executeTakeFirstOrThrow();
    const refused = await t.post('/pool/delPool', { ids: row.id }, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.msgs[0]).toContain('is bound to a door unit');
  });

  it('imports from the template: every row or none, each wrong row reported; exports with the filters', async () => {
    const tpl = await t.app.inject({ url: '/api/pool/poolTemplate', headers: { token: admin, 'x-lang': 'english' } });
    expect(tpl.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const header = ((book.worksheets[0]?.getRow(1).values ?? []) as string[]).slice(1);
    expect(header).toEqual([
      'Short name',
      'Serial number',
      'Single-family (Yes/No)',
      'Face (Yes/No)',
      'QR code (Yes/No)',
      'Card (Yes/No)',
      'Password (Yes/No)',
      'Note',
      'Kind',
      'Address',
      'Port',
      'User',
      'Terminal password',
    ]);

    const taken = (await add(valid())).body.content.regNo;
    const s1 = newSerial('I');
    const s2 = newSerial('I');
    const bad = await upload(
      await xlsx([
        header,
        ['Imp 1', s1, 'Yes', 'Yes', 'No', 'Yes', 'No', ''],
        ['', s2, 'maybe', '', '', '', '', ''],
        ['Imp 3', taken, 'No', '', '', '', '', ''],
        ['Imp 4', s1, 'No', '', '', '', '', ''],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.content.rejected).toBe(3);
    expect(bad.body.content.errors).toEqual([
      { row: 3, column: 'Short name', message: 'Please enter short name' },
      { row: 3, column: 'Single-family (Yes/No)', message: 'single-family is invalid' },
      { row: 4, column: 'Serial number', message: `Serial number ${taken} already exists` },
      { row: 5, column: 'Serial number', message: `Serial number ${s1} appears twice in the file` },
    ]);
    expect(await t.db.selectFrom('device').select('id').where('serial', '=', s1).executeTakeFirst()).toBeUndefined();

    const ok = await upload(
      await xlsx([header, ['Imp 1', s1, '是', '是', '否', '是', '否', 'n1'], ['Imp 2', s2, 'No', 'No', 'Yes', 'No', 'No', '']]),
    );
    expect(ok.body).toMatchObject({ status: 200, msgs: ['Import succeeded'], content: { imported: 2 } });
    const rows = await t.db
      .selectFrom('device')
      .select(['serial', 'is_villa', 'hardware', 'note'])
      .where('serial', 'in', [s1, s2])
      .orderBy('serial')
      .execute();
    expect(rows.find((r) => r.serial === s1)).toMatchObject({ is_villa: 1, hardware: 5, note: 'n1' });
    expect(rows.find((r) => r.serial === s2)).toMatchObject({ is_villa: 0, hardware: 2 });
    expect((await t.lastOpLog())?.name2).toBe('project.pool');

    const exp = await t.app.inject({ url: `/api/pool/exportPool?name=Imp`, headers: { token: admin, 'x-lang': 'english' } });
    expect(exp.statusCode).toBe(200);
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const values = out.worksheets[0]
      ?.getSheetValues()
      .slice(2)
      .map((r) => (r as string[]).slice(1, 3));
    expect(values?.map((v) => v[1]).sort()).toEqual([s1, s2].sort());
  });
});
