import type { AttendanceRule } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/harness.ts';

let t: TestApp;
let manager: { id: number; token: string };
let community: number;
let other: number;

beforeAll(async () => {
  t = await testApp();
  community = await t.createCommunity('Rule Park');
  other = await t.createCommunity('Other Park');
  manager = await t.signIn({ roleId: 4 });
  await t.db.insertInto('account_community').values({ account_id: manager.id, community_id: community }).execute();
});
afterAll(async () => t.close());

const stored = () => t.db.selectFrom('attendance_rule').selectAll().where('community_id', '=', community).executeTakeFirst();

describe('getCommunityRule / createCommunityRule', () => {
  it('answers 401 without a token, 403 without the menu and out of scope', async () => {
    expect((await t.get('/community/getCommunityRule', { communityId: community })).statusCode).toBe(401);
    const householder = await t.signIn({ roleId: 7 });
    expect((await t.get('/community/getCommunityRule', { communityId: community }, householder.token)).statusCode).toBe(403);
    expect((await t.get('/community/getCommunityRule', { communityId: other }, manager.token)).statusCode).toBe(403);
    expect((await t.post('/community/createCommunityRule', { communityid: other, vtype: 2 }, manager.token)).statusCode).toBe(403);
  });

  it('answers the default mode before a rule is set', async () => {
    const res = await t.get<AttendanceRule>('/community/getCommunityRule', { communityId: community }, manager.token);
    expect(res.body.content).toMatchObject({ communityid: community, vtype: 2, type: 0, starttime: '' });
  });

  it('refuses missing ranges for the punch count and ranges out of order, storing nothing', async () => {
    const four = await t.post(
      '/community/createCommunityRule',
      { communityid: community, vtype: 1, type: 4, starttime: '09:00', endtime: '18:00' },
      manager.token,
    );
    expect(four.statusCode).toBe(400);
    expect(four.body.msgs).toEqual(['Please enter noon start', 'Please enter noon end']);
    const order = await t.post(
      '/community/createCommunityRule',
      { communityid: community, vtype: 1, type: 2, starttime: '18:00', endtime: '09:00' },
      manager.token,
    );
    expect(order.body.msgs).toEqual(['start of work must be before end of work']);
    const count = await t.post('/community/createCommunityRule', { communityid: community, vtype: 1, type: 3 }, manager.token);
    expect(count.body.msgs[0]).toBe('punch count is invalid');
    const time = await t.post(
      '/community/createCommunityRule',
      { communityid: community, vtype: 1, type: 2, starttime: '25:00', endtime: '26:00' },
      manager.token,
    );
    expect(time.body.msgs).toEqual(['start of work is invalid', 'end of work is invalid']);
    expect(await stored()).toBeUndefined();
  });

  it('creates, then replaces the rule, with the op log', async () => {
    const six = {
      communityid: community,
      vtype: 1,
      type: 6,
      starttime: '09:00',
      endtime: '18:00',
      mstarttime: '12:00',
      mendtime: '13:30',
      pstarttime: '19:00',
      pendtime: '21:00',
    };
    const res = await t.post<AttendanceRule>('/community/createCommunityRule', six, manager.token);
    expect(res.body.msgs).toEqual(['Configuration successful']);
    expect(res.body.content).toMatchObject({ vtype: 1, type: 6, starttime: '09:00:00', mendtime: '13:30:00', pendtime: '21:00:00' });
    expect((await t.lastOpLog())?.name2).toBe('access.dailycheck');
    const two = await t.post<AttendanceRule>('/community/createCommunityRule', { ...six, type: 2 }, manager.token);
    expect(two.body.content).toMatchObject({ type: 2, starttime: '09:00:00', mstarttime: '', pstarttime: '' });
    const log = await t.lastOpLog();
    expect(((log?.detail ?? {}) as { before: AttendanceRule }).before.type).toBe(6);
    const std = await t.post<AttendanceRule>('/community/createCommunityRule', { communityid: community, vtype: 2 }, manager.token);
    expect(std.body.content).toMatchObject({ vtype: 2, type: 0, starttime: '' });
    expect((await stored())?.vtype).toBe(2);
  });
});
