import ExcelJS from 'exceljs';
import type { ImportReport } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';
import { upload } from '../../test/multipart.ts';
import { workbookBuffer } from '../../xlsx/write.ts';
import { managerOf, revokeMenu } from '../card/test-kit.ts';

const HEAD = ['Name', 'First day', 'Last day'];
const xlsx = async (rows: (string | number)[][]) => ({ name: 'holidays.xlsx', data: await workbookBuffer('s', HEAD, rows), field: 'file' });

/** Holiday import from the xlsx template (issue 13 item 2). */
describe('importHolidays', () => {
  let t: TestApp;
  let mine: number;
  let other: number;
  let manager: { id: number; token: string };
  const holidaysOf = (c: number) =>
    t.db.selectFrom('access_holiday').select(['name', 'date_from', 'date_to']).where('community_id', '=', c).orderBy('date_from').execute();

  beforeAll(async () => {
    t = await testApp();
    mine = await t.createCommunity('Holiday Court');
    other = await t.createCommunity('Elsewhere');
    manager = await managerOf(t, mine);
  });
  afterAll(async () => t.close());

  it('the template has the headers in the session language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rules/downloadHolidayTemplate', headers: { token: manager.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet && (sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEAD);
  });

  it('401, 403 out of scope or without the menu', async () => {
    const file = await xlsx([['New year', '2027-01-01', '2027-01-01']]);
    expect((await upload(t, '/rules/importHolidays', { communityId: mine }, [file])).statusCode).toBe(401);
    expect((await upload(t, '/rules/importHolidays', { communityId: other }, [file], manager.token)).statusCode).toBe(403);
    const staff = await managerOf(t, mine);
    await revokeMenu(t, staff.id, 'access.rules');
    expect((await upload(t, '/rules/importHolidays', { communityId: mine }, [file], staff.token)).statusCode).toBe(403);
    expect(await holidaysOf(mine)).toEqual([]);
  });

  it('a malformed import id only means no progress: the file is imported (was a 500 on PostgreSQL)', async () => {
    const file = await xlsx([['Id day', '2027-05-01', '2027-05-01']]);
    const res = await upload(t, '/rules/importHolidays', { communityId: mine, importId: 'abc' }, [file], manager.token);
    expect(res.statusCode).toBe(200);
    await t.db.deleteFrom('access_holiday').where('community_id', '=', mine).execute();
  });

  it('an input check without a message of ours answers in the session language, not in English', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/message/getMessagesPage?page=abc&rows=10',
      headers: { token: await t.tokenFor(manager.id, 'zh-CN') },
    });
    const body = res.json() as { status: number; msgs: string[] };
    expect([res.statusCode, body.msgs]).toEqual([400, ['请求参数错误']]);
  });

  it('a sheet of thousands of wrong rows answers the first 1000 problems and counts the rest by kind', async () => {
    const rows = Array.from({ length: 4000 }, (_, i) => ['', `2027-13-${(i % 28) + 1}`, '2027-01-01']);
    const res = await upload<ImportReport>(t, '/rules/importHolidays', { communityId: mine }, [await xlsx(rows)], manager.token);
    expect(res.statusCode).toBe(400);
    const report = res.body.content;
    expect(report.rejected).toBe(4000);
    expect(report.errors).toHaveLength(1000);
    expect(report.errors[0]?.row).toBe(2);
    expect(report.errors.every((e, i, all) => i === 0 || (all[i - 1]?.row ?? 0) <= e.row)).toBe(true);
    const total = report.kinds.reduce((n, k) => n + k.count, 0);
    expect(report.omitted).toBe(total - 1000);
    expect(report.kinds.find((k) => k.column === 'Name')?.count).toBe(4000);
    expect(await holidaysOf(mine)).toEqual([]);
  });

  it('reports each bad row with its column and imports nothing; a good file imports every row with a message and op log', async () => {
    const bad = await xlsx([
      ['New year', '2027-01-01', '2027-01-01'],
      ['', '2027-02-01', '2027-02-03'],
      ['Spring', '2027-02-10', '2027-02-01'],
      ['Odd', '2027-02-30', '2027-03-01'],
    ]);
    const res = await upload<ImportReport>(t, '/rules/importHolidays', { communityId: mine }, [bad], manager.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.content.errors).toEqual([
      { row: 3, column: 'Name', message: 'Please enter holiday name' },
      { row: 4, column: 'Last day', message: 'The last day cannot be before the first day' },
      { row: 5, column: 'First day', message: 'first day is invalid' },
    ]);
    expect(await holidaysOf(mine)).toEqual([]);

    const good = await xlsx([
      ['New year', '2027/01/01', '2027/01/01'],
      ['Spring festival', '2027-02-06', '2027-02-12'],
    ]);
    const ok = await upload<ImportReport>(t, '/rules/importHolidays', { communityId: mine }, [good], manager.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.content.imported).toBe(2);
    expect(await holidaysOf(mine)).toEqual([
      { name: 'New year', date_from: '2027-01-01', date_to: '2027-01-01' },
      { name: 'Spring festival', date_from: '2027-02-06', date_to: '2027-02-12' },
    ]);
    const message = await t.db.selectFrom('message').select(['type', 'title']).where('community_id', '=', mine).executeTakeFirst();
    expect(message).toEqual({ type: 5, title: 'rules.import.title' });
    expect((await t.lastOpLog())?.name2).toBe('access.rules');
  });
});
