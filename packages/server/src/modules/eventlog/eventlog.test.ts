import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doorUnitAddress } from '../../test/addresses.ts';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let admin: { id: number; token: string };
let manager: { id: number; token: string };
let mine: number;
let other: number;
let qrMine: number;

type Page<R> = { rows: R[]; total: number; estimated?: boolean };
type LogRow = {
  communityname: string;
  time: string;
  addressName: string;
  unlockUserName: string;
  type: number;
  result: number;
  account: string;
  CARD_NUM: string;
  CARD_MODE: number;
};
type EntranceRow = { deviceName: string; communityName: string; account: string; event: number; addtime: string };
type QrRow = {
  userRegno: string;
  communityName: string;
  deviceName: string;
  numOpen: number;
  used: number;
  validfrom?: string;
  validto: string;
  createTime: string;
};

const address = (communityId: number, text: string) => doorUnitAddress(t, communityId, text);

let eid = 0;
const event = (
  communityId: number,
  addressId: number,
  device: string,
  time: string,
  e: Partial<{ type: number; result: number; account: string; user: string; card: string; mode: number; qr: number }>,
) =>
  t.db
    .insertInto('access_event')
    .values({
      device_id: 1,
      eid: `e${++eid}`,
      address_id: addressId,
      community_id: communityId,
      device_name: device,
      time: new Date(time),
      type: e.type ?? 1,
      result: e.result ?? 0,
      account: e.account ?? '',
      unlock_user_name: e.user ?? '',
      card_num: e.card ?? '',
      card_mode: e.mode ?? 0,
      qr_id: e.qr ?? null,
      is_work: false,
    })
    .execute();

const qrcode = async (communityId: number, addressId: number, regno: string, device: string, from: string, to: string, created: string) =>
  Number(
    (
      await t.db
        .insertInto('visitor_qrcode')
        .values({
          device_id: 1,
          address_id: addressId,
          community_id: communityId,
          user_regno: regno,
          account_id: null,
          device_name: device,
          num_open: 3,
          validfrom: new Date(from),
          validto: new Date(to),
          payload: 'p',
          created_at: new Date(created),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn({ roleId: 1 });
  mine = await t.createCommunity('Maple Court');
  other = await t.createCommunity('Oak Yard');
  manager = await t.signIn({ roleId: 4 });
  await t.db.insertInto('account_community').values({ account_id: manager.id, community_id: mine }).execute();
  const gate = await address(mine, 'Gate A');
  const far = await address(other, 'Far Gate');
  qrMine = await qrcode(mine, gate, '13800000001', 'GA', '2026-03-01T00:00:00Z', '2026-03-02T15:59:59Z', '2026-03-01T01:00:00Z');
  await qrcode(other, far, '13800000009', 'FG', '2026-03-01T00:00:00Z', '2026-03-09T00:00:00Z', '2026-03-01T02:00:00Z');
  // times are UTC; the server speaks Asia/Shanghai (UTC+8)
  await event(mine, gate, 'GA', '2026-03-01T02:00:00Z', { type: 1, account: '13800000001', user: 'Ann Lee', card: '12345678', mode: 1 });
  await event(mine, gate, 'GA', '2026-03-01T03:00:00Z', { type: 4, account: '13800000001', qr: qrMine });
  await event(mine, gate, 'GA', '2026-03-02T03:00:00Z', { type: 5, account: '13800000002', user: 'Bo Chen' });
  await event(mine, gate, 'GA', '2026-03-02T04:00:00Z', { type: 13, result: 1, card: '99999999', mode: 2 });
  await event(mine, gate, 'GA', '2026-03-02T05:00:00Z', { type: 4, result: 2, account: '13800000001', qr: qrMine });
  await event(other, far, 'FG', '2026-03-01T05:00:00Z', { type: 1, account: '13800000009', card: '55555555', mode: 1 });
});
afterAll(async () => t.close());

const URLS = ['/eventlog/getAccessLogPage', '/eventlog/getAccessReportlistByPage', '/eventlog/getQrcodelistByPage'];

describe('event log and reports', () => {
  it('answers 401 without a session and 403 without the menu; the visitor export is for administrators', async () => {
    const householder = await t.signIn({ roleId: 7 });
    for (const url of [...URLS, '/eventlog/exportAccessLog', '/eventlog/exportAccessReport', '/eventlog/exportQrcodelist']) {
      expect((await t.get(url)).statusCode).toBe(401);
      expect((await t.get(url, {}, householder.token)).statusCode).toBe(403);
    }
    expect((await t.get('/eventlog/exportQrcodelist', {}, manager.token)).statusCode).toBe(403);
    expect((await t.get('/eventlog/getQrcodelistByPage', {}, manager.token)).statusCode).toBe(200);
  });

  it('never lists rows of another community', async () => {
    const log = await t.get<Page<LogRow>>('/eventlog/getAccessLogPage', {}, manager.token);
    expect(log.body.content.total).toBe(5);
    expect(log.body.content.rows.every((r) => r.communityname === 'Maple Court')).toBe(true);
    const ent = await t.get<Page<EntranceRow>>('/eventlog/getAccessReportlistByPage', { communityName: 'Oak' }, manager.token);
    expect(ent.body.content.total).toBe(0);
    const qr = await t.get<Page<QrRow>>('/eventlog/getQrcodelistByPage', {}, manager.token);
    expect(qr.body.content.rows.map((r) => r.userRegno)).toEqual(['13800000001']);
    const all = await t.get<Page<LogRow>>('/eventlog/getAccessLogPage', {}, admin.token);
    expect(all.body.content.total).toBe(6);
  });

  it('refuses each bad filter with its message', async () => {
    const bad: [string, Record<string, unknown>, string][] = [
      ['/eventlog/getAccessLogPage', { type: 8 }, 'type is invalid'],
      ['/eventlog/getAccessLogPage', { result: 10 }, 'result is invalid'],
      ['/eventlog/getAccessLogPage', { CARD_MODE: 6 }, 'card property is invalid'],
      ['/eventlog/getAccessLogPage', { type: 'x' }, 'type must be a number'],
      ['/eventlog/getAccessLogPage', { validfrom: '2026/13/45' }, 'start date is invalid'],
      ['/eventlog/getAccessLogPage', { validto: 'yesterday' }, 'end date is invalid'],
      ['/eventlog/getAccessLogPage', { CARD_NUM: 'x'.repeat(21) }, 'card number cannot exceed 20 characters'],
      ['/eventlog/getAccessLogPage', { sort: 'account' }, 'sort column is invalid'],
      ['/eventlog/getAccessLogPage', { rows: 500 }, 'page size is invalid'],
      ['/eventlog/getAccessReportlistByPage', { event: 2 }, 'open type is invalid'],
      ['/eventlog/getAccessReportlistByPage', { starttime: '2026/02/31' }, 'open time from is invalid'],
      ['/eventlog/getQrcodelistByPage', { validfrom: '2026-3-1' }, 'valid from is invalid'],
      ['/eventlog/getQrcodelistByPage', { validto: '2026-02-30' }, 'valid to is invalid'],
    ];
    for (const [url, q, message] of bad) {
      const res = await t.get(url, q, admin.token);
      expect(res.statusCode, `${url} ${JSON.stringify(q)}`).toBe(400);
      expect(res.body.msgs?.[0]).toContain(message);
    }
  });

  it('filters and sorts the access event log', async () => {
    const get = async (q: Record<string, unknown>) =>
      (await t.get<Page<LogRow>>('/eventlog/getAccessLogPage', q, manager.token)).body.content;
    expect((await get({ type: 4 })).total).toBe(2);
    expect((await get({ result: 1 })).rows.map((r) => r.CARD_NUM)).toEqual(['99999999']);
    expect((await get({ CARD_MODE: 1, CARD_NUM: '1234' })).rows.map((r) => r.unlockUserName)).toEqual(['Ann Lee']);
    expect((await get({ unlockUserName: 'chen' })).total).toBe(1);
    expect((await get({ account: '13800000001' })).total).toBe(3);
    expect((await get({ addressName: 'Gate A', communityName: 'Maple' })).total).toBe(5);
    expect((await get({ addressName: 'Nowhere' })).total).toBe(0);
    expect((await get({ account: '%' })).total).toBe(0);
    // 2026/03/01 in Asia/Shanghai: 10:00 and 11:00
    const day = await get({ validfrom: '2026/03/01 00:00:00', validto: '2026/03/01 23:59:59' });
    expect(day.rows.map((r) => r.time)).toEqual(['2026/03/01 11:00:00', '2026/03/01 10:00:00']);
    const asc = await get({ sort: 'time', order: 'asc', rows: 2 });
    expect(asc.rows.map((r) => r.time)).toEqual(['2026/03/01 10:00:00', '2026/03/01 11:00:00']);
    expect(asc.rows[0]).toMatchObject({
      communityname: 'Maple Court',
      addressName: 'Gate A',
      type: 1,
      result: 0,
      CARD_MODE: 1,
      account: '13800000001',
    });
    const page2 = await get({ sort: 'time', order: 'asc', rows: 2, page: 2 });
    expect(page2.rows.map((r) => r.time)).toEqual(['2026/03/02 13:00:00']);
  });

  it('lists successful card, QR code and face opens on the entrance report', async () => {
    const get = async (q: Record<string, unknown>) =>
      (await t.get<Page<EntranceRow>>('/eventlog/getAccessReportlistByPage', q, manager.token)).body.content;
    const all = await get({});
    expect(all.rows.map((r) => r.event)).toEqual([5, 4, 1]);
    expect(all.rows[2]).toEqual({
      id: expect.any(Number),
      deviceName: 'GA',
      communityName: 'Maple Court',
      account: '13800000001',
      event: 1,
      addtime: '2026/03/01 10:00:00',
    });
    expect((await get({ event: 4 })).rows.map((r) => r.addtime)).toEqual(['2026/03/01 11:00:00']);
    expect((await get({ starttime: '2026/03/02', endtime: '2026/03/02' })).rows.map((r) => r.event)).toEqual([5]);
    expect((await get({ deviceName: 'G', account: '13800000002' })).total).toBe(1);
    expect((await get({ deviceName: 'FG' })).total).toBe(0);
  });

  it('shows visitor codes with hyphenated dates, the opens used, and valid from only to roles 2 and below', async () => {
    const asManager = (await t.get<Page<QrRow>>('/eventlog/getQrcodelistByPage', {}, manager.token)).body.content.rows[0];
    expect(asManager).toEqual({
      id: qrMine,
      userRegno: '13800000001',
      communityName: 'Maple Court',
      deviceName: 'GA',
      numOpen: 3,
      used: 1,
      validto: '2026-03-02 23:59:59',
      createTime: '2026-03-01 09:00:00',
    });
    const asAdmin = await t.get<Page<QrRow>>('/eventlog/getQrcodelistByPage', { sort: 'createTime', order: 'asc' }, admin.token);
    expect(asAdmin.body.content.rows.map((r) => r.userRegno)).toEqual(['13800000001', '13800000009']);
    expect(asAdmin.body.content.rows[0]?.validfrom).toBe('2026-03-01 08:00:00');
    const get = async (q: Record<string, unknown>) =>
      (await t.get<Page<QrRow>>('/eventlog/getQrcodelistByPage', q, admin.token)).body.content.total;
    expect(await get({ validto: '2026-03-02' })).toBe(1);
    expect(await get({ validfrom: '2026-03-01 08:00:01' })).toBe(0);
    expect(await get({ communityName: 'Oak', deviceName: 'F', userRegno: '1380000000' })).toBe(1);
  });

  it('exports each list with its filters and localized labels', async () => {
    const load = async (url: string, token: string) => {
      const res = await t.app.inject({ url: `/api/eventlog/${url}`, headers: { token, 'x-lang': 'english' } });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      return {
        name: decodeURIComponent(String(res.headers['content-disposition'])),
        rows: (ws?.getSheetValues() ?? []).slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : [])),
      };
    };
    const log = await load('exportAccessLog?result=1', manager.token);
    expect(log.name).toContain('Access event log.xlsx');
    expect(log.rows).toEqual([
      ['Community', 'Time', 'Address', 'Executor', 'Type', 'Result', 'Account', 'Card number', 'Card property'],
      ['Maple Court', '2026/03/02 12:00:00', 'Gate A', undefined, 'Invalid card', 'Unknown credential', undefined, '99999999', 'ID card'],
    ]);
    const ent = await load('exportAccessReport?event=5', manager.token);
    expect(ent.rows).toEqual([
      ['Short name', 'Company', 'Open type', 'Account', 'Open time'],
      ['GA', 'Maple Court', 'Face', '13800000002', '2026/03/02 11:00:00'],
    ]);
    const qr = await load('exportQrcodelist?communityName=Maple', admin.token);
    expect(qr.name).toContain('Visitor records.xlsx');
    expect(qr.rows[1]).toEqual([
      '13800000001',
      'Maple Court',
      'GA',
      3,
      1,
      '2026-03-01 08:00:00',
      '2026-03-02 23:59:59',
      '2026-03-01 09:00:00',
    ]);
  });

  it('keeps the total cheap on large logs and exports beyond one keyset batch', async () => {
    await sql`insert into access_event (device_id, eid, address_id, community_id, device_name, time, type, result, account)
      select 2, 'b' || g, null, ${other}, 'BULK', now() - (g || ' seconds')::interval, 1, 0, '13900000000' from generate_series(1, 10050) g`.execute(
      t.db,
    );
    await sql`analyze access_event`.execute(t.db);
    const big = await t.get<Page<LogRow>>('/eventlog/getAccessLogPage', { rows: 20 }, admin.token);
    expect(big.body.content.estimated).toBe(true);
    expect(big.body.content.total).toBeGreaterThanOrEqual(10_000);
    expect(big.body.content.rows).toHaveLength(20);
    const scoped = await t.get<Page<LogRow>>('/eventlog/getAccessLogPage', {}, manager.token);
    expect(scoped.body.content).toMatchObject({ total: 5, estimated: false });
    const res = await t.app.inject({
      url: '/api/eventlog/exportAccessReport?deviceName=BULK&starttime=2000/01/01',
      headers: { token: admin.token },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.rowCount).toBe(10_051);
  }, 120_000);
});
