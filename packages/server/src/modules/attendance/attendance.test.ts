import type { ClockInRow, DailycheckCompany, PunchRow } from '@gatehouse/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

type Page<R> = { rows: R[]; total: number };

let t: TestApp;
let admin: { id: number; token: string };
let manager: { id: number; token: string };
let staff: { id: number; token: string };
let mine: number;
let other: number;

let eid = 0;
/** A door-unit event at a wall-clock time of the server's zone (Asia/Shanghai, UTC+8). */
const punch = (communityId: number, account: string, user: string, local: string, isWork = true) =>
  t.db
    .insertInto('access_event')
    .values({
      device_id: 1,
      eid: `p${++eid}`,
      address_id: null,
      community_id: communityId,
      device_name: communityId === mine ? 'Lobby' : 'Far Gate',
      time: new Date(`${local.replace(' ', 'T')}:00+08:00`),
      type: 5,
      result: 0,
      account,
      unlock_user_name: user,
      card_num: '',
      card_mode: 0,
      qr_id: null,
      is_work: isWork,
    })
    .execute();

const ANN = '13800000001';
const BO = '13800000002';
const MARCH = { starttime: '2026/03/01', endtime: '2026/03/31' };

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn({ roleId: 1 });
  mine = await t.createCommunity('Birch Works', 1);
  other = await t.createCommunity('Cedar Labs', 1);
  await t.db.updateTable('community').set({ reg_no: '13900000001' }).where('id', '=', mine).execute();
  manager = await t.signIn({ roleId: 4 });
  staff = await t.signIn({ roleId: 5 });
  for (const a of [manager, staff]) await t.db.insertInto('account_community').values({ account_id: a.id, community_id: mine }).execute();
  // Ann: a full 4-punch Monday, then a late Tuesday without the noon return.
  for (const at of ['08:55', '12:05', '12:55', '18:10']) await punch(mine, ANN, 'Ann Lee', `2026-03-02 ${at}`);
  for (const at of ['09:20', '12:05', '18:10']) await punch(mine, ANN, 'Ann Lee', `2026-03-03 ${at}`);
  await punch(mine, ANN, 'Ann Lee', '2026-03-02 07:00', false); // a door opening, not a punch
  // Bo: on time but no noon punches.
  for (const at of ['08:50', '18:00']) await punch(mine, BO, 'Bo Chen', `2026-03-02 ${at}`);
  await punch(other, '13800000009', 'Cy Far', '2026-03-02 09:00');
});
afterAll(async () => t.close());

const worklist = (q: Record<string, unknown>, token = manager.token) =>
  t.get<Page<ClockInRow>>('/attendance/getAccessWorklistByPage', { communityId: mine, ...MARCH, ...q }, token);

describe('attendance calls: permissions and scope', () => {
  it('answers 401 without a token', async () => {
    for (const url of ['getDailycheckCompanies', 'getAccessWorklistByPage', 'getPunchlistByPage', 'exportPunchlist']) {
      expect((await t.get(`/attendance/${url}`, { communityId: mine })).statusCode).toBe(401);
    }
  });

  it('answers 403 without the attendance menu and for a company out of scope', async () => {
    expect((await t.get('/attendance/getDailycheckCompanies', {}, staff.token)).statusCode).toBe(403);
    expect((await worklist({}, staff.token)).statusCode).toBe(403);
    const out = await worklist({ communityId: other });
    expect(out.statusCode).toBe(403);
    expect(out.body.content).toBeNull();
    expect((await t.get('/attendance/getPunchlistByPage', { communityId: other }, manager.token)).statusCode).toBe(403);
  });

  it('limits an enterprise user to its own company', async () => {
    const cloud = await t.signIn({ roleId: 10, communityId: mine });
    const list = await t.get<Page<DailycheckCompany>>('/attendance/getDailycheckCompanies', {}, cloud.token);
    expect(list.body.content.rows.map((r) => r.communityid)).toEqual([mine]);
    expect((await worklist({}, cloud.token)).statusCode).toBe(200);
    expect((await worklist({ communityId: other }, cloud.token)).statusCode).toBe(403);
  });

  it('lists the companies in scope with their rule mode', async () => {
    const mineOnly = await t.get<Page<DailycheckCompany>>('/attendance/getDailycheckCompanies', {}, manager.token);
    expect(mineOnly.body.content.rows.map((r) => r.name)).toEqual(['Birch Works']);
    expect(mineOnly.body.content.rows[0]).toMatchObject({ regNo: '13900000001', vtype: 2, type: 0 });
    const all = await t.get<Page<DailycheckCompany>>('/attendance/getDailycheckCompanies', { name: 'labs' }, admin.token);
    expect(all.body.content.rows.map((r) => r.communityid)).toEqual([other]);
    const byReg = await t.get<Page<DailycheckCompany>>('/attendance/getDailycheckCompanies', { regNo: '139000' }, admin.token);
    expect(byReg.body.content.rows.map((r) => r.communityid)).toEqual([mine]);
  });
});

describe('getAccessWorklistByPage', () => {
  it('refuses bad filters with one message per broken rule', async () => {
    expect((await worklist({ endtime: '2026/04/05' })).body.msgs).toEqual(['The date range cannot exceed 31 days']);
    expect((await worklist({ starttime: '2026/03/10', endtime: '2026/03/01' })).body.msgs).toEqual([
      'The start date cannot be after the end date',
    ]);
    const bad = await worklist({ weektime: 7, status: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msgs).toEqual(['weekday is invalid', 'status is invalid']);
    expect((await worklist({ starttime: '2026/02/30' })).body.msgs).toEqual(['start date is invalid']);
  });

  it('computes the days with the default rule (2 punches, 09:00–18:00) before one is set', async () => {
    const res = await worklist({ account: BO });
    expect(res.body.content.rows).toEqual([
      expect.objectContaining({
        userName: 'Bo Chen',
        datetime: '2026/03/02',
        weektime: 1,
        opentime: '08:50:00',
        closetime: '18:00:00',
        longtime: '09:10',
        status: 1,
      }),
    ]);
  });

  it('computes every person and day from the punches and the 4-punch rule', async () => {
    const rule = { communityid: mine, vtype: 1, type: 4, starttime: '09:00', endtime: '18:00', mstarttime: '12:00', mendtime: '13:00' };
    expect((await t.post('/community/createCommunityRule', rule, manager.token)).statusCode).toBe(200);
    expect((await t.lastOpLog())?.name2).toBe('access.dailycheck');
    const res = await worklist({});
    expect(res.statusCode).toBe(200);
    expect(res.body.content.total).toBe(3);
    const [tue, ...mon] = res.body.content.rows;
    expect(tue).toMatchObject({
      account: ANN,
      datetime: '2026/03/03',
      weektime: 2,
      opentime: '09:20:00',
      mstarttime: '12:05:00',
      mendtime: '',
      status: 0,
    });
    const ann = mon.find((r) => r.account === ANN);
    expect(ann).toEqual({
      userName: 'Ann Lee',
      account: ANN,
      datetime: '2026/03/02',
      weektime: 1,
      opentime: '08:55:00',
      closetime: '18:10:00',
      mstarttime: '12:05:00',
      mendtime: '12:55:00',
      pstarttime: '',
      pendtime: '',
      longtime: '08:25',
      status: 1,
    });
    expect(mon.find((r) => r.account === BO)?.status).toBe(0);
  });

  it('filters by name, account, weekday and status, and pages', async () => {
    const names = async (q: Record<string, unknown>) => (await worklist(q)).body.content.rows.map((r) => `${r.account} ${r.datetime}`);
    expect(await names({ userName: 'bo' })).toEqual([`${BO} 2026/03/02`]);
    expect(await names({ account: '1380000000', weektime: 2 })).toEqual([`${ANN} 2026/03/03`]);
    expect(await names({ status: 1 })).toEqual([`${ANN} 2026/03/02`]);
    expect(await names({ sort: 'account', order: 'asc', rows: 1, page: 2 })).toEqual([`${BO} 2026/03/02`]);
    const page = await worklist({ rows: 2, page: 1 });
    expect(page.body.content).toMatchObject({ total: 3 });
    expect(page.body.content.rows).toHaveLength(1);
  });

  it('defaults to the current month', async () => {
    const res = await t.get<Page<ClockInRow>>('/attendance/getAccessWorklistByPage', { communityId: mine }, manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.content.total).toBe(0);
  });
});

describe('getPunchlistByPage / exportPunchlist', () => {
  const day = { account: ANN, starttime: '2026/03/02 00:00:00', endtime: '2026/03/02 23:59:59', iswork: 1 };

  it('lists one account’s punches of a day in order, without door openings', async () => {
    const res = await t.get<Page<PunchRow>>('/attendance/getPunchlistByPage', { ...day, communityId: mine }, manager.token);
    expect(res.body.content.total).toBe(4);
    expect(res.body.content.rows.map((r) => r.addtime)).toEqual([
      '2026/03/02 08:55:00',
      '2026/03/02 12:05:00',
      '2026/03/02 12:55:00',
      '2026/03/02 18:10:00',
    ]);
    expect(res.body.content.rows[0]).toMatchObject({ account: ANN, deviceName: 'Lobby' });
    expect((await t.get('/attendance/getPunchlistByPage', { ...day, iswork: 0 }, manager.token)).body.msgs).toEqual([
      'punch flag is invalid',
    ]);
  });

  it('keeps other companies’ punches out of scope', async () => {
    const q = { account: '13800000009', starttime: '2026/03/02', endtime: '2026/03/02' };
    expect((await t.get<Page<PunchRow>>('/attendance/getPunchlistByPage', q, manager.token)).body.content.total).toBe(0);
    expect((await t.get<Page<PunchRow>>('/attendance/getPunchlistByPage', q, admin.token)).body.content.total).toBe(1);
  });

  it('exports the punches as sheet equimentlist named after the punch details', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/attendance/exportPunchlist',
      query: { ...day, iswork: '1' },
      headers: { token: manager.token, 'x-lang': 'english' },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('Punch details.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('equimentlist');
    expect(ws?.getRow(1).values).toEqual([undefined, 'Registration number', 'Device short name', 'Punch time']);
    expect(ws?.getRow(2).values).toEqual([undefined, ANN, 'Lobby', '2026/03/02 08:55:00']);
    expect(ws?.rowCount).toBe(5);
  });
});
