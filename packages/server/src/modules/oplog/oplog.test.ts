import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let admin: { id: number; token: string };

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn({ roleId: 1 });
});
afterAll(async () => t.close());

type Page = {
  rows: { name1: string; name2: string; name: string; regno: string; changes: { field: string; before: string; after: string }[] }[];
  total: number;
  estimated?: boolean;
};

describe('operation log', () => {
  it('answers 401 without a session and 403 without the menu', async () => {
    expect((await t.get('/oplog/getOpLogPage')).statusCode).toBe(401);
    const staff = await t.signIn({ roleId: 5 });
    expect((await t.get('/oplog/getOpLogPage', {}, staff.token)).statusCode).toBe(403);
  });

  it('shows what a mutation changed, in the reader’s language', async () => {
    const user = await t.signIn({ roleId: 5, regNo: '13922220001', name: 'Old Name' });
    await t.post('/account/updateBaseInfo', { userid: user.id, regNo: '13922220001', name: 'New Name' }, user.token);
    const res = await t.get<Page>('/oplog/getOpLogPage', { regno: '13922220001' }, admin.token);
    expect(res.body.content.total).toBe(1);
    const row = res.body.content.rows[0];
    expect(row).toMatchObject({ name1: 'Account management', name: 'Edited basic info: 13922220001 New Name', regno: '13922220001' });
    expect(row?.changes).toEqual([{ field: 'name', before: 'Old Name', after: 'New Name' }]);
    const zhAdmin = await t.signIn({ roleId: 1 }, 'zh-CN');
    const zh = await t.get<Page>('/oplog/getOpLogPage', { regno: '13922220001' }, zhAdmin.token);
    expect(zh.body.content.rows[0]?.name1).toBe('账号管理');
  });

  it('filters by first and second menu, and lists menus by parent', async () => {
    const firsts = await t.get<{ intValue: number; label: string }[]>('/oplog/getMenusByPid', { pid: 0 }, admin.token);
    expect(firsts.body.content.map((m) => m.label)).toContain('Door access management');
    const seconds = await t.get<{ intValue: number; label: string }[]>('/oplog/getMenusByPid', { pid: 4 }, admin.token);
    expect(seconds.body.content.map((m) => m.label)).toEqual(['Device pool', 'Device list', 'Project config']);
    await t.db
      .insertInto('op_log')
      .values({
        name1: 'project',
        name2: 'project.pool',
        content: 'x',
        account_id: null,
        regno: '13900000000',
        community_id: null,
        detail: null,
      })
      .execute();
    const pool = await t.get<Page>('/oplog/getOpLogPage', { name1: 4, name2: 401 }, admin.token);
    expect(pool.body.content.total).toBe(1);
    expect(pool.body.content.rows[0]).toMatchObject({ name1: 'Engineering config management', name2: 'Device pool' });
  });

  it('refuses a page size above 200 and a bad date with messages', async () => {
    const res = await t.get('/oplog/getOpLogPage', { rows: 500, starttime: '2026/13/45x' }, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.msgs).toEqual(['start time is invalid', 'page size is invalid']);
  });

  it('keeps the total cheap on large logs: exact up to 10k, then an estimate', async () => {
    await sql`insert into op_log (name1, name2, content, regno, addtime)
      select 'account', 'account', 'bulk', '13800000000', now() - (g || ' seconds')::interval from generate_series(1, 10050) g`.execute(
      t.db,
    );
    await sql`analyze op_log`.execute(t.db);
    const res = await t.get<Page>('/oplog/getOpLogPage', { rows: 20 }, admin.token);
    expect(res.body.content.estimated).toBe(true);
    expect(res.body.content.total).toBeGreaterThanOrEqual(10_000);
    expect(res.body.content.rows).toHaveLength(20);
    const exact = await t.get<Page>('/oplog/getOpLogPage', { name1: 4 }, admin.token);
    expect(exact.body.content.estimated).toBe(false);
  });

  it('exports the filtered log as a spreadsheet', async () => {
    const res = await t.app.inject({ url: '/api/oplog/exportOpLog?name1=4', headers: { token: admin.token, 'x-lang': 'english' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('Operation%20log.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).values).toEqual([undefined, 'First menu', 'Second menu', 'Operation', 'Account', 'Time', 'Changes']);
    expect(ws?.rowCount).toBe(2);
  });
});
