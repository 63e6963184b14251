import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress, managerOf, newCard, revokeMenu } from '../card/test-kit.ts';
import { b64, oneFace, consent } from '../face/test-photos.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { ADDRESS_TYPE, RULES_LIMITS } from '@gatehouse/contracts';

// biome-ignore lint/suspicious/noExplicitAny: the op log detail is free-form JSON
const detailOf = (l: { detail: unknown } | undefined): any => (typeof l?.detail === 'string' ? JSON.parse(l.detail) : l?.detail);
const WEEK = JSON.stringify([['06:00-09:00', '17:00-20:00'], [], [], [], [], ['08:00-12:00'], []]);

/** Access rules API (issue 13): schedules, holidays, groups, a card's groups. */
describe('access rules API', () => {
  let t: TestApp;
  let admin: string;
  let c1: number;
  let c2: number;
  let manager: { id: number; token: string };
  let home: number;
  let gateA: number;
  let gateB: number;
  let other: number;

  beforeAll(async () => {
    t = await testApp();
    ({ token: admin } = await t.signIn({ roleId: 1 }));
    c1 = await t.createCommunity('Rules Court');
    c2 = await t.createCommunity('Other Court');
    manager = await managerOf(t, c1);
    home = await addAddress(t, c1, 'R 101');
    gateA = await addAddress(t, c1, 'Gate A', ADDRESS_TYPE.doorUnit);
    gateB = await addAddress(t, c1, 'Gate B', ADDRESS_TYPE.doorUnit);
    other = await addAddress(t, c2, 'Gate X', ADDRESS_TYPE.doorUnit);
  });
  afterAll(async () => t.close());

  const save = (body: Record<string, unknown>, token = manager.token) =>
    t.post<{ id: number }>('/rules/saveSchedule', { communityId: c1, name: 'Cleaners', week: WEEK, holidayMode: 0, ...body }, token);

  it('the manager role holds the new menu; 401 without a token; 403 without the menu or out of scope', async () => {
    expect((await t.get('/rules/getSchedules', { communityId: c1 })).body.status).toBe(401);
    expect((await t.get('/rules/getSchedules', { communityId: c2 }, manager.token)).body.status).toBe(403);
    const staff = await managerOf(t, c1);
    await revokeMenu(t, staff.id, 'access.rules');
    expect((await t.get('/rules/getSchedules', { communityId: c1 }, staff.token)).body.status).toBe(403);
    const list = await t.get<{ id: number; name: string; builtIn: boolean }[]>('/rules/getSchedules', { communityId: c1 }, manager.token);
    expect(list.body.content).toEqual([expect.objectContaining({ id: 0, name: 'Always', builtIn: true })]);
  });

  it('schedule rules: intervals inside the day, start before end, no overlaps, at most 4, name; nothing saved', async () => {
    const bad = async (week: string[][], message: string) => {
      const res = await save({ week: JSON.stringify(week) });
      expect(res.body.status).toBe(400);
      expect(res.body.msgs).toContain(message);
    };
    const days = (d: string[]) => [d, [], [], [], [], [], []];
    await bad(days(['06:00-25:00']), 'Monday: an interval must be HH:MM-HH:MM inside the day');
    await bad(days(['6-9']), 'Monday: an interval must be HH:MM-HH:MM inside the day');
    await bad(days(['09:00-06:00']), 'Monday: the start must be before the end');
    await bad([[], [], ['06:00-09:00', '08:00-10:00'], [], [], [], []], 'Wednesday: intervals must not overlap');
    await bad(days(['01:00-02:00', '03:00-04:00', '05:00-06:00', '07:00-08:00', '09:00-10:00']), 'Monday: at most 4 intervals');
    expect((await save({ week: JSON.stringify([[]]) })).body.msgs).toContain('weekly intervals is invalid');
    expect((await save({ name: '' })).body.msgs).toContain('Please enter schedule name');
    expect((await save({ name: 'x'.repeat(51) })).body.msgs[0]).toMatch(/schedule name/);
    expect((await save({ holidayMode: 1 })).body.msgs).toContain('Please choose weekday holidays follow');
    expect((await t.get<unknown[]>('/rules/getSchedules', { communityId: c1 }, manager.token)).body.content).toHaveLength(1);
  });

  it('schedule: add, op log with after, unique name, edit with before/after, Always read-only, delete', async () => {
    const res = await save({ holidayMode: 1, holidayWeekday: 6 });
    expect(res.body.status).toBe(200);
    const id = res.body.content.id;
    expect(res.body.content).toMatchObject({ name: 'Cleaners', holidayMode: 1, holidayWeekday: 6, week: JSON.parse(WEEK) });
    const log = await t.lastOpLog();
    expect(log?.name2).toBe('access.rules');
    expect(detailOf(log).after).toMatchObject({ name: 'Cleaners' });
    expect((await save({})).body.msgs).toContain('The name "Cleaners" is already used');
    const edit = await save({ id, name: 'Cleaners 2' });
    expect(edit.body.status).toBe(200);
    const detail = detailOf(await t.lastOpLog());
    expect(detail.before.name).toBe('Cleaners');
    expect(detail.after.name).toBe('Cleaners 2');
    expect((await save({ id: 0, name: 'X' })).body.msgs).toContain('The built-in schedule "Always" cannot be changed or deleted');
    expect((await t.post('/rules/deleteSchedule', { id: 0 }, manager.token)).body.status).toBe(400);
    const foreign = await t.post<{ id: number }>('/rules/saveSchedule', { communityId: c2, name: 'F', week: WEEK, holidayMode: 0 }, admin);
    expect((await t.post('/rules/deleteSchedule', { id: foreign.body.content.id }, manager.token)).body.status).toBe(403);
    expect((await t.post('/rules/deleteSchedule', { id }, manager.token)).body.status).toBe(200);
  });

  it('schedules per community are limited', async () => {
    const c = await t.createCommunity('Limit Court');
    for (let i = 0; i < RULES_LIMITS.schedulesPerCommunity; i++)
      await t.db
        .insertInto('access_schedule')
        .values({ community_id: c, name: `S${i}`, week: WEEK, holiday_mode: 0 })
        .execute();
    const res = await t.post('/rules/saveSchedule', { communityId: c, name: 'One more', week: WEEK, holidayMode: 0 }, admin);
    expect(res.body.msgs).toContain(`A community can have at most ${RULES_LIMITS.schedulesPerCommunity} schedules`);
  });

  it('holidays: rules, add, edit, delete, op log, scope', async () => {
    const add = (body: Record<string, unknown>, token = manager.token) =>
      t.post<{ id: number }>(
        '/rules/saveHoliday',
        { communityId: c1, name: 'National Day', datefrom: '2026-10-01', dateto: '2026-10-07', ...body },
        token,
      );
    expect((await add({ dateto: '2026-09-30' })).body.msgs).toContain('The last day cannot be before the first day');
    expect((await add({ datefrom: '2026-02-30' })).body.msgs).toContain('first day is invalid');
    expect((await add({ communityId: c2 })).body.status).toBe(403);
    const res = await add({});
    expect(res.body.status).toBe(200);
    expect(res.body.content).toMatchObject({ name: 'National Day', datefrom: '2026-10-01', dateto: '2026-10-07' });
    expect((await t.lastOpLog())?.content).toContain('op.rules.holiday.add');
    const edit = await add({ id: res.body.content.id, datefrom: '2026/10/02', dateto: '2026/10/02' });
    expect(edit.body.content).toMatchObject({ datefrom: '2026-10-02', dateto: '2026-10-02' });
    const list = await t.get<{ name: string }[]>('/rules/getHolidays', { communityId: c1 }, manager.token);
    expect(list.body.content.map((h) => h.name)).toEqual(['National Day']);
    expect((await t.post('/rules/deleteHoliday', { id: res.body.content.id }, manager.token)).body.status).toBe(200);
  });

  it('groups: units of the community only, schedule of the community, unique name; a card is given groups', async () => {
    const sched = await save({ name: 'Group hours' });
    const group = (body: Record<string, unknown>) =>
      t.post<{ id: number; units: { id: number }[]; scheduleName: string }>(
        '/rules/saveGroup',
        { communityId: c1, name: 'Cleaners', scheduleId: sched.body.content.id, units: [gateA, gateB], ...body },
        manager.token,
      );
    expect((await group({ units: [gateA, other] })).body.msgs).toContain('The chosen door units do not belong to this community');
    expect((await group({ units: [home] })).body.msgs).toContain('The chosen door units do not belong to this community');
    expect((await group({ scheduleId: 99999 })).body.msgs).toContain('The schedule does not belong to this community');
    expect((await group({ name: '' })).body.msgs).toContain('Please enter group name');
    const g = await group({});
    expect(g.body.status).toBe(200);
    expect(g.body.content.units.map((u) => u.id).sort()).toEqual([gateA, gateB].sort());
    expect(g.body.content.scheduleName).toBe('Group hours');
    expect(detailOf(await t.lastOpLog()).after).toMatchObject({ name: 'Cleaners', units: [gateA, gateB].sort((a, b) => a - b) });
    expect((await group({})).body.msgs).toContain('The name "Cleaners" is already used');
    // a schedule in use is not deleted
    expect((await t.post('/rules/deleteSchedule', { id: sched.body.content.id }, manager.token)).body.msgs).toContain(
      'The schedule is used by 1 access group(s) and cannot be deleted',
    );

    const card = await newCard(t, manager.token, { cardid: 'RG1', communityId: c1, addressId: home });
    const none = await t.get<{ selected: number[] }>('/rules/getCardGroups', { cardRowId: card.id }, manager.token);
    expect(none.body.content.selected).toEqual([]);
    const set = await t.post<{ selected: number[] }>(
      '/rules/setCardGroups',
      { cardRowId: card.id, groupIds: g.body.content.id },
      manager.token,
    );
    expect(set.body.content.selected).toEqual([g.body.content.id]);
    expect(detailOf(await t.lastOpLog())).toEqual({ before: { groups: [] }, after: { groups: [g.body.content.id] } });
    // the card now has a card.put queued for each unit (no devices bound: nothing queued, nothing refused)
    const foreign = await t.post<{ id: number }>('/rules/saveGroup', { communityId: c2, name: 'F', scheduleId: 0, units: [other] }, admin);
    expect(
      (await t.post('/rules/setCardGroups', { cardRowId: card.id, groupIds: foreign.body.content.id }, manager.token)).body.msgs,
    ).toContain("The chosen access groups do not belong to the card's community");
    const outsider = await managerOf(t, c2);
    expect((await t.get('/rules/getCardGroups', { cardRowId: card.id }, outsider.token)).body.status).toBe(403);
    expect((await t.post('/rules/deleteGroup', { id: g.body.content.id }, outsider.token)).body.status).toBe(403);
    expect((await t.post('/rules/deleteGroup', { id: g.body.content.id }, manager.token)).body.status).toBe(200);
    expect(
      (await t.get<{ selected: number[] }>('/rules/getCardGroups', { cardRowId: card.id }, manager.token)).body.content.selected,
    ).toEqual([]);
  });

  it("a face's groups: the face menu, scope, groups of its community only, op log", async () => {
    const g = await t.post<{ id: number }>(
      '/rules/saveGroup',
      { communityId: c1, name: 'Face group', scheduleId: 0, units: [gateA] },
      manager.token,
    );
    const face = await t.post<{ id: number }>(
      '/face/createFace',
      { communityId: c1, addressId: home, account: '13800000051', username: 'Wei', imgBase64: b64(await oneFace()), ...consent('RF0051') },
      manager.token,
    );
    expect(face.body.status).toBe(200);
    const faceId = face.body.content.id;
    expect((await t.post('/rules/setFaceGroups', { faceId, groupIds: g.body.content.id })).body.status).toBe(401);
    const noFaces = await managerOf(t, c1);
    await revokeMenu(t, noFaces.id, 'access.faceid');
    expect((await t.post('/rules/setFaceGroups', { faceId, groupIds: g.body.content.id }, noFaces.token)).body.status).toBe(403);
    const outsider = await managerOf(t, c2);
    expect((await t.get('/rules/getFaceGroups', { faceId }, outsider.token)).body.status).toBe(403);
    const foreign = await t.post<{ id: number }>('/rules/saveGroup', { communityId: c2, name: 'FF', scheduleId: 0, units: [other] }, admin);
    expect((await t.post('/rules/setFaceGroups', { faceId, groupIds: foreign.body.content.id }, manager.token)).body.msgs).toContain(
      "The chosen access groups do not belong to the face's community",
    );
    const set = await t.post<{ selected: number[] }>('/rules/setFaceGroups', { faceId, groupIds: g.body.content.id }, manager.token);
    expect(set.body.content.selected).toEqual([g.body.content.id]);
    const log = await t.lastOpLog();
    expect(log?.name2).toBe('access.faceid');
    expect(detailOf(log)).toEqual({ before: { groups: [] }, after: { groups: [g.body.content.id] } });
  });

  it('the rules routes are in openapi.json', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.paths['/api/rules/saveSchedule']?.post?.operationId).toBe('rules.saveSchedule');
    expect(doc.paths['/api/rules/getGroups']?.get?.operationId).toBe('rules.getGroups');
    expect(doc.paths['/api/rules/setFaceGroups']?.post?.operationId).toBe('rules.setFaceGroups');
  });

  it('time zone: Asia/Shanghai by default, a real IANA zone only, op log', async () => {
    expect((await t.get<{ timeZone: string }>('/rules/getSettings', { communityId: c1 }, manager.token)).body.content.timeZone).toBe(
      'Asia/Shanghai',
    );
    expect((await t.post('/rules/setTimeZone', { communityId: c1, timeZone: 'Mars/Olympus' }, manager.token)).body.msgs).toContain(
      'time zone is invalid',
    );
    expect((await t.post('/rules/setTimeZone', { communityId: c1, timeZone: 'Europe/Berlin' }, manager.token)).body.status).toBe(200);
    expect((await t.lastOpLog())?.content).toContain('Europe/Berlin');
    await t.post('/rules/setTimeZone', { communityId: c1, timeZone: 'Asia/Shanghai' }, manager.token);
  });
});
