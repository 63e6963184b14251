import crypto from 'node:crypto';
import { ACCESS_RESULT, type AccessLogRow, CMD_STATUS, type DeviceSecret, type Page } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { addAddress, newCard } from '../card/test-kit.ts';
import { b64, oneFace, consent } from '../face/test-photos.ts';

/** Monday 06:00–09:00 and 17:00–20:00, Saturday 08:00–12:00 (community time). */
const WEEK = JSON.stringify([['06:00-09:00', '17:00-20:00'], [], [], [], [], ['08:00-12:00'], []]);
/** 2026-11-23 is a Monday: 08:30 and 11:00 in Shanghai (UTC+8). */
const MON_0830 = new Date('2026-11-23T00:30:00Z');
const MON_1100 = new Date('2026-11-23T03:00:00Z');

/** Access rules on simulated door units: tables and group cards arrive; the unit decides offline. */
describe('access rules on simulated door units', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  let home: number;
  let a: DeviceSecret;
  let b: DeviceSecret;
  let sa: SimulatedDevice;
  let sb: SimulatedDevice;
  const prefix = `ghr${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Rule Court');
    home = await addAddress(t, community, 'RS 101');
    a = await bindNewDevice(t, token, community);
    b = await bindNewDevice(t, token, community);
    const url = t.services.devices.url as string;
    sa = await startSimulatedDevice({ url, prefix, serial: a.serial, secret: a.secret });
    sb = await startSimulatedDevice({ url, prefix, serial: b.serial, secret: b.secret });
    await until(async () => (await allDone(a.addressid)) && (await allDone(b.addressid)), 30_000, 'initial configuration acked');
  });
  afterAll(async () => {
    await sa?.stop();
    await sb?.stop();
    await t.close();
  });

  const allDone = async (unit: number) =>
    (await statusesOf(t, unit)).every((c) => c.status === CMD_STATUS.success || c.status === CMD_STATUS.cancelled);
  const post = async <T>(url: string, body: Record<string, unknown>) => {
    const res = await t.post<T>(url, body, token);
    if (res.body.status !== 200) throw new Error(`${url}: ${res.body.msgs.join('; ')}`);
    return res.body.content;
  };

  it('a schedule, a group of two units and a card given the group: both units hold it and refuse it outside the schedule', async () => {
    const s = await post<{ id: number }>('/rules/saveSchedule', { communityId: community, name: 'Cleaners', week: WEEK, holidayMode: 0 });
    await until(() => sa.state.schedules?.schedules.some((x) => x.id === s.id) ?? false, 20_000, 'schedule table on unit A');
    expect(sa.state.schedules?.timeZone).toBe('Asia/Shanghai');
    const g = await post<{ id: number }>('/rules/saveGroup', {
      communityId: community,
      name: 'Cleaners',
      scheduleId: s.id,
      units: [a.addressid],
    });
    const card = await newCard(t, token, { cardid: 'RULE1', communityId: community, addressId: home, account: '13800000041' });
    await post('/rules/setCardGroups', { cardRowId: card.id, groupIds: g.id });
    await until(() => sa.state.cards.has('RULE1'), 20_000, 'card on unit A');
    expect(sa.state.cards.get('RULE1')).toMatchObject({ schedules: [s.id], account: '13800000041' });
    expect(sb.state.cards.has('RULE1')).toBe(false);

    // adding a unit to the group reaches the member card there
    await post('/rules/saveGroup', {
      id: g.id,
      communityId: community,
      name: 'Cleaners',
      scheduleId: s.id,
      units: [a.addressid, b.addressid],
    });
    await until(() => sb.state.cards.has('RULE1'), 20_000, 'card on unit B');

    // the unit decides with its own clock
    sa.setClock(MON_0830);
    expect(await sa.presentCard('RULE1')).toMatchObject({ result: ACCESS_RESULT.ok });
    sa.setClock(MON_1100);
    expect(await sa.presentCard('RULE1')).toMatchObject({ result: ACCESS_RESULT.other, reason: 'schedule' });

    // a holiday closes the schedule
    await post('/rules/saveHoliday', { communityId: community, name: 'Founders day', datefrom: '2026-11-23', dateto: '2026-11-23' });
    await until(() => sb.state.holidays.length === 1, 20_000, 'holiday table on unit B');
    sb.setClock(MON_0830);
    expect(await sb.presentCard('RULE1')).toMatchObject({ result: ACCESS_RESULT.other, reason: 'holiday' });

    // the refusals land in the access log with their reason
    await until(
      async () => (await t.db.selectFrom('access_event').select('id').where('refusal', '!=', '').execute()).length === 2,
      20_000,
      'refusals stored',
    );
    const log = await t.get<Page<AccessLogRow>>('/eventlog/getAccessLogPage', { result: 9 }, token);
    expect(log.body.content.rows.map((r) => r.reason).sort()).toEqual(['holiday', 'schedule']);

    // removing a unit from the group withdraws the card there
    await post('/rules/saveGroup', { id: g.id, communityId: community, name: 'Cleaners', scheduleId: s.id, units: [b.addressid] });
    await until(() => !sa.state.cards.has('RULE1'), 20_000, 'card withdrawn from unit A');
    expect(sb.state.cards.has('RULE1')).toBe(true);
  });

  it('an Always group puts the card without schedules; resync sends the group cards; taking the group away withdraws it', async () => {
    const g = await post<{ id: number }>('/rules/saveGroup', {
      communityId: community,
      name: 'Always B',
      scheduleId: 0,
      units: [b.addressid],
    });
    const card = await newCard(t, token, { cardid: 'RULE2', communityId: community, addressId: home });
    await post('/rules/setCardGroups', { cardRowId: card.id, groupIds: g.id });
    await until(() => sb.state.cards.has('RULE2'), 20_000, 'card on unit B');
    expect(sb.state.cards.get('RULE2')?.schedules).toBeUndefined();
    const res = await t.post<{ queued: number }>('/device/resync', { addressid: b.addressid }, token);
    expect(res.body.status).toBe(200);
    await until(() => allDone(b.addressid), 20_000, 'resync acked');
    expect(sb.state.cards.has('RULE2')).toBe(true);
    expect(sb.state.cards.has('RULE1')).toBe(true);
    expect(sb.state.schedules?.schedules.length).toBe(1);
    await post('/rules/setCardGroups', { cardRowId: card.id, groupIds: [] });
    await until(() => !sb.state.cards.has('RULE2'), 20_000, 'card withdrawn from unit B');
  });

  it('a face given a group reaches its units with the schedule, is refused outside it, and leaves with the group', async () => {
    const s1 = await post<{ id: number }>('/rules/saveSchedule', {
      communityId: community,
      name: 'Faces',
      week: WEEK,
      holidayMode: 1,
      holidayWeekday: 6,
    });
    const g = await post<{ id: number; faceCount: number }>('/rules/saveGroup', {
      communityId: community,
      name: 'Face crew',
      scheduleId: s1.id,
      units: [a.addressid],
    });
    const face = await post<{ id: number }>('/face/createFace', {
      communityId: community,
      addressId: home,
      account: '13800000042',
      username: 'Han Mei',
      imgBase64: b64(await oneFace()),
      ...consent('DF0042'),
    });
    const set = await post<{ selected: number[] }>('/rules/setFaceGroups', { faceId: face.id, groupIds: g.id });
    expect(set.selected).toEqual([g.id]);
    const key = String(face.id);
    await until(() => sa.state.faces.has(key), 30_000, 'face on unit A');
    expect(sa.state.faces.get(key)?.schedules).toEqual([s1.id]);
    expect(sb.state.faces.has(key)).toBe(false);
    const groups = await t.get<{ id: number; faceCount: number }[]>('/rules/getGroups', { communityId: community }, token);
    expect(groups.body.content.find((x) => x.id === g.id)?.faceCount).toBe(1);
    // that Monday is a holiday and this schedule follows Saturday (08:00–12:00): 11:00 opens, 13:00 does not
    sa.setClock(MON_1100);
    expect(await sa.presentFace(face.id)).toEqual({ result: ACCESS_RESULT.ok });
    sa.setClock(new Date('2026-11-23T05:00:00Z'));
    expect(await sa.presentFace(face.id)).toEqual({ result: ACCESS_RESULT.other, reason: 'holiday' });
    // without the holiday, Monday 11:00 is outside the schedule and 08:30 inside
    sa.setClock(MON_1100);
    await post('/rules/deleteHoliday', {
      id: (await t.get<{ id: number }[]>('/rules/getHolidays', { communityId: community }, token)).body.content[0]?.id as number,
    });
    await until(() => sa.state.holidays.length === 0, 20_000, 'holiday table emptied on unit A');
    expect(await sa.presentFace(face.id)).toEqual({ result: ACCESS_RESULT.other, reason: 'schedule' });
    sa.setClock(MON_0830);
    expect(await sa.presentFace(face.id)).toEqual({ result: ACCESS_RESULT.ok });
    // deleting the group withdraws the face
    await post('/rules/deleteGroup', { id: g.id });
    await until(() => !sa.state.faces.has(key), 20_000, 'face withdrawn from unit A');
  });
});
