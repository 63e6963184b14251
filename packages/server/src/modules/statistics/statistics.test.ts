import type { StatPoint } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let manager: string;
let mine: number;
let other: number;
let seq = 0;

/** Stores usage events as door units do (kind 1 call, 2 monitor), at UTC instants. */
async function usage(communityId: number, kind: 1 | 2, isoTimes: string[], answered = false) {
  await t.db
    .insertInto('usage_event')
    .values(
      isoTimes.map((time) => ({
        device_id: null,
        eid: `e${++seq}`,
        address_id: null,
        community_id: communityId,
        kind,
        answered,
        time,
        account: '',
        call_code: '',
        duration_sec: 0,
      })),
    )
    .execute();
}

const q = (start: string, end: string, timeOption: unknown) => ({ jsonData: JSON.stringify({ start, end, timeOption }) });
const get = (call: string, data: Record<string, unknown>, token = manager) => t.get<StatPoint[]>(`/statistics/${call}`, data, token);

beforeAll(async () => {
  t = await testApp();
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  mine = await t.createCommunity('Lakeside');
  other = await t.createCommunity('Hillside');
  const m = await t.signIn({ roleId: 4 });
  await t.db.insertInto('account_community').values({ account_id: m.id, community_id: mine }).execute();
  manager = m.token;
  // Server zone is Asia/Shanghai (UTC+8): 2026-03-31T16:00Z is 2026/04/01 00:00 there.
  await usage(mine, 1, ['2026-03-31T15:59:59Z', '2026-03-31T16:00:00Z', '2026-04-02T03:00:00Z'], false);
  await usage(mine, 1, ['2026-04-02T04:00:00Z', '2026-05-20T10:00:00Z'], true);
  await usage(mine, 2, ['2026-04-01T01:00:00Z', '2026-05-31T16:30:00Z']);
  // Another community: never counted for the manager.
  await usage(other, 1, ['2026-04-02T05:00:00Z', '2026-04-02T06:00:00Z'], true);
  await usage(other, 2, ['2026-04-02T05:00:00Z']);
});
afterAll(async () => t.close());

describe('statistics', () => {
  it('answers 401 without a session and 403 without the menu', async () => {
    const range = q('2026/04/01', '2026/04/03', 2);
    for (const call of ['getDailyActivityRecordStatistics', 'getTalkRecordStatistics', 'getMonitorRecordStatistics']) {
      expect((await t.get(`/statistics/${call}`, range)).statusCode).toBe(401);
      const staff = await t.signIn({ roleId: 5 });
      expect((await t.get(`/statistics/${call}`, range, staff.token)).statusCode).toBe(403);
    }
  });

  it('refuses each broken rule with a message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Please enter statistics range'],
      [{ jsonData: '{start:' }, 'The statistics range is not valid JSON'],
      [q('2026.04.01', '2026/04/03', 2), 'The start date must be a date like yyyy/MM/dd'],
      [q('2026/04/01', '2026/02/30', 2), 'The end date must be a date like yyyy/MM/dd'],
      [q('2026/04/01', '2026/04/03', 3), 'Choose by month (1) or by day (2)'],
      [q('2026/04/03', '2026/04/01', 2), 'The start date cannot be after the end date'],
      [q('2026/05/01', '2026/04/30', 1), 'The start date cannot be after the end date'],
      [q('2024/01/01', '2026/01/01', 1), 'A range by month cannot exceed 24 months'],
      [q('2025/01/01', '2026/01/02', 2), 'A range by day cannot exceed 366 days'],
    ];
    for (const [data, message] of cases) {
      const res = await get('getTalkRecordStatistics', data);
      expect(res.statusCode, message).toBe(400);
      expect(res.body.msgs).toEqual([message]);
    }
    const zhAdmin = await t.signIn({ roleId: 1 }, 'zh-CN');
    const zh = await get('getTalkRecordStatistics', q('2026/04/03', '2026/04/01', 2), zhAdmin.token);
    expect(zh.body.msgs).toEqual(['开始日期不能晚于结束日期']);
  });

  it('accepts the widest ranges and hyphenated dates', async () => {
    expect((await get('getTalkRecordStatistics', q('2024-02-01', '2026-01-31', 1))).body.content).toHaveLength(24);
    expect((await get('getTalkRecordStatistics', q('2025/01/01', '2026/01/01', 2))).body.content).toHaveLength(366);
  });

  it('counts per day in the server zone, every day present, zeros where nothing happened', async () => {
    const talk = await get('getTalkRecordStatistics', q('2026/03/31', '2026/04/03', 2));
    expect(talk.statusCode).toBe(200);
    expect(talk.body.content).toEqual([
      { dataX: '2026/03/31', dataY: 1, dataY2: 0 },
      { dataX: '2026/04/01', dataY: 1, dataY2: 0 },
      { dataX: '2026/04/02', dataY: 2, dataY2: 1 },
      { dataX: '2026/04/03', dataY: 0, dataY2: 0 },
    ]);
    const monitor = await get('getMonitorRecordStatistics', q('2026/03/31', '2026/04/03', 2));
    expect(monitor.body.content.map((p) => p.dataY)).toEqual([0, 1, 0, 0]);
    const activity = await get('getDailyActivityRecordStatistics', q('2026/03/31', '2026/04/03', 2));
    expect(activity.body.content.map((p) => p.dataY)).toEqual([1, 2, 2, 0]);
  });

  it('counts per month, the month edge in the server zone', async () => {
    const talk = await get('getTalkRecordStatistics', q('2026/02/15', '2026/06/10', 1));
    expect(talk.body.content).toEqual([
      { dataX: '2026/02', dataY: 0, dataY2: 0 },
      { dataX: '2026/03', dataY: 1, dataY2: 0 },
      { dataX: '2026/04', dataY: 3, dataY2: 1 },
      { dataX: '2026/05', dataY: 1, dataY2: 1 },
      { dataX: '2026/06', dataY: 0, dataY2: 0 },
    ]);
    // 2026-05-31T16:30Z is June 1st in Shanghai.
    const monitor = await get('getMonitorRecordStatistics', q('2026/04/01', '2026/06/30', 1));
    expect(monitor.body.content.map((p) => [p.dataX, p.dataY])).toEqual([
      ['2026/04', 1],
      ['2026/05', 0],
      ['2026/06', 1],
    ]);
    const activity = await get('getDailyActivityRecordStatistics', q('2026/03/01', '2026/06/30', 1));
    expect(activity.body.content.map((p) => p.dataY)).toEqual([1, 4, 1, 1]);
  });

  it('a day range stops at the end day: events of the next day are not counted', async () => {
    const res = await get('getTalkRecordStatistics', q('2026/03/31', '2026/03/31', 2));
    expect(res.body.content).toEqual([{ dataX: '2026/03/31', dataY: 1, dataY2: 0 }]);
  });

  it("never counts another community's usage; administrators see all, narrowed by the header community", async () => {
    const all = await get('getTalkRecordStatistics', q('2026/04/02', '2026/04/02', 2), admin);
    expect(all.body.content).toEqual([{ dataX: '2026/04/02', dataY: 4, dataY2: 3 }]);
    const mon = await get('getMonitorRecordStatistics', q('2026/04/02', '2026/04/02', 2), admin);
    expect(mon.body.content[0]?.dataY).toBe(1);
    const mgrMon = await get('getMonitorRecordStatistics', q('2026/04/02', '2026/04/02', 2));
    expect(mgrMon.body.content[0]?.dataY).toBe(0);
    const narrowed = await t.signIn({ roleId: 1 });
    await t.db.updateTable('session').set({ community_id: other }).where('account_id', '=', narrowed.id).execute();
    const hill = await get('getTalkRecordStatistics', q('2026/04/02', '2026/04/02', 2), narrowed.token);
    expect(hill.body.content).toEqual([{ dataX: '2026/04/02', dataY: 2, dataY2: 2 }]);
    const outsider = await t.signIn({ roleId: 4 });
    const none = await get('getDailyActivityRecordStatistics', q('2026/04/01', '2026/04/30', 1), outsider.token);
    expect(none.body.content).toEqual([{ dataX: '2026/04', dataY: 0, dataY2: 0 }]);
  });
});
