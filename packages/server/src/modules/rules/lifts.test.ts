import crypto from 'node:crypto';
import {
  ACCESS_RESULT,
  ADDRESS_TYPE,
  CMD_STATUS,
  type DeviceSecret,
  type GroupRow,
  type QrCreated,
  type QrGroup,
} from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { addAddress, newCard } from '../card/test-kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: the op log detail is free-form JSON
const detailOf = (l: { detail: unknown } | undefined): any => (typeof l?.detail === 'string' ? JSON.parse(l.detail) : l?.detail);
/** Monday 06:00–09:00 (community time, Asia/Shanghai). */
const WEEK = JSON.stringify([['06:00-09:00'], [], [], [], [], [], []]);
/** 2026-11-23 is a Monday: 08:30 and 11:00 in Shanghai (UTC+8). */
const MON_0830 = new Date('2026-11-23T00:30:00Z');
const MON_1100 = new Date('2026-11-23T03:00:00Z');
const lift = (addressid: number, floors: string[], extra: Record<string, unknown> = {}) => ({
  addressid,
  ResiLevel: '03',
  bank: 1,
  node: 2,
  GateType: 0,
  FrontUnlockLevelList: floors,
  BackUnlockLevelList: [],
  ...extra,
});

/** Lift floors in access groups, and visitor QR codes given groups (issue 13 item 3), on simulated door units. */
describe('group lift floors and group QR codes', () => {
  let t: TestApp;
  let token: string;
  let zh: string;
  let community: number;
  let otherCommunity: number;
  let home: number;
  let spare: number;
  let a: DeviceSecret;
  let b: DeviceSecret;
  let sa: SimulatedDevice;
  let sb: SimulatedDevice;
  let schedule: number;
  const prefix = `ghl${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
    ({ token } = await t.signIn({ roleId: 1 }));
    ({ token: zh } = await t.signIn({ roleId: 1 }, 'zh-CN'));
    community = await t.createCommunity('Lift Court');
    otherCommunity = await t.createCommunity('Far Court');
    home = await addAddress(t, community, 'LC 101');
    spare = await addAddress(t, community, 'Gate without device', ADDRESS_TYPE.doorUnit);
    a = await bindNewDevice(t, token, community);
    b = await bindNewDevice(t, token, community);
    const url = t.services.devices.url as string;
    sa = await startSimulatedDevice({ url, prefix, serial: a.serial, secret: a.secret });
    sb = await startSimulatedDevice({ url, prefix, serial: b.serial, secret: b.secret });
    await until(async () => (await allDone(a.addressid)) && (await allDone(b.addressid)), 30_000, 'initial configuration acked');
    schedule = (await post<{ id: number }>('/rules/saveSchedule', { communityId: community, name: 'Mornings', week: WEEK, holidayMode: 0 }))
      .id;
    await until(() => sa.state.schedules?.schedules.some((x) => x.id === schedule) ?? false, 20_000, 'schedule table on unit A');
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
  const groups = async () => (await t.get<GroupRow[]>('/rules/getGroups', { communityId: community }, token)).body.content;
  const groupEntries = (s: SimulatedDevice, cardId: string) => s.state.ladder.filter((e) => e.cardId === cardId && e.group !== undefined);

  it('lift floors are checked: on a unit of the group, once, four fields or none; messages in the caller language; nothing saved', async () => {
    const base = { communityId: community, name: 'Lift rules', scheduleId: 0, units: [a.addressid] };
    const bad = async (lifts: unknown[], msgs: string[], tk = token) => {
      const res = await t.post('/rules/saveGroup', { ...base, lifts: JSON.stringify(lifts) }, tk);
      expect(res.body.status).toBe(400);
      expect(res.body.msgs).toEqual(msgs);
    };
    await bad([lift(b.addressid, ['05'])], [`Gate ${b.serial}: lift floors can only be set on door units of the group`]);
    await bad(
      [lift(a.addressid, ['05'], { node: '' })],
      [`Gate ${a.serial}: resident floor, lift group, lift number and door type must be completely filled`],
    );
    await bad([lift(a.addressid, ['05']), lift(a.addressid, ['06'])], [`Gate ${a.serial}: lift floors are set twice`]);
    await bad([lift(b.addressid, ['05'])], [`Gate ${b.serial}：只能为本组的门口机设置梯控楼层`], zh);
    const res = await t.post('/rules/saveGroup', { ...base, lifts: JSON.stringify([lift(a.addressid, ['99'])]) }, token);
    expect(res.body.status).toBe(400);
    expect((await groups()).some((g) => g.name === 'Lift rules')).toBe(false);
    // another community's unit is refused like any unit outside the group, without naming it
    const far = await addAddress(t, otherCommunity, 'Far gate', ADDRESS_TYPE.doorUnit);
    await bad([lift(far, ['05'])], [`${far}: lift floors can only be set on door units of the group`]);
  });

  it('a card given a group gets its floors on the unit with the group schedule; own lift control wins; withdrawn when removed', async () => {
    const g = await post<GroupRow>('/rules/saveGroup', {
      communityId: community,
      name: 'Morning lifts',
      scheduleId: schedule,
      units: [a.addressid, b.addressid, spare],
      lifts: JSON.stringify([lift(a.addressid, ['05', '06']), lift(spare, ['02']), { addressid: b.addressid }]),
    });
    expect(g.lifts).toHaveLength(2);
    expect(g.lifts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          addressid: a.addressid,
          FrontUnlockLevelList: ['05', '06'],
          ResiLevel: '03',
          bank: 1,
          node: 2,
          GateType: 0,
        }),
        expect.objectContaining({ addressid: spare, FrontUnlockLevelList: ['02'] }),
      ]),
    );
    const log = await t.lastOpLog();
    expect(detailOf(log).after.lifts.map((l: { address_id: number }) => l.address_id)).toEqual([spare, a.addressid].sort((x, y) => x - y));

    const card = await newCard(t, token, { cardid: 'LIFT1', communityId: community, addressId: home, account: '13800000051' });
    await post('/rules/setCardGroups', { cardRowId: card.id, groupIds: g.id });
    await until(() => groupEntries(sa, 'LIFT1').length === 1, 20_000, 'group lift entry on unit A');
    expect(groupEntries(sa, 'LIFT1')[0]).toMatchObject({
      source: 'card',
      holderId: card.id,
      account: '13800000051',
      group: g.id,
      schedules: [schedule],
      FrontUnlockLevelList: ['05', '06'],
      isadmin: 0,
    });
    expect(sb.state.ladder).toEqual([]);
    sa.setClock(MON_0830);
    expect(sa.liftFloors({ cardNo: 'LIFT1' })).toEqual({ resident: ['03'], front: ['05', '06'], back: [] });
    sa.setClock(MON_1100);
    expect(sa.liftFloors({ cardNo: 'LIFT1' })).toEqual({ resident: [], front: [], back: [] });

    // the card's own lift control on the unit wins there
    const own = await t.post(
      '/card/updateLadderControl',
      { id: card.id, source: 0, lcls: JSON.stringify([lift(a.addressid, ['09'])]) },
      token,
    );
    expect(own.body.status).toBe(200);
    await until(() => sa.state.ladder.some((e) => e.cardId === 'LIFT1' && e.group === undefined), 20_000, 'own lift entry');
    expect(groupEntries(sa, 'LIFT1')).toEqual([]);
    expect(sa.liftFloors({ cardNo: 'LIFT1' }).front).toEqual(['09']);
    await t.post('/card/updateLadderControl', { id: card.id, source: 0, lcls: '[]' }, token);
    await until(() => groupEntries(sa, 'LIFT1').length === 1, 20_000, 'group entry back');

    // a new schedule re-sends the file (Always: no schedules); changed floors too
    await post('/rules/saveGroup', {
      id: g.id,
      communityId: community,
      name: 'Morning lifts',
      scheduleId: 0,
      units: [a.addressid, b.addressid],
      lifts: JSON.stringify([lift(a.addressid, ['07'])]),
    });
    await until(() => groupEntries(sa, 'LIFT1')[0]?.FrontUnlockLevelList[0] === '07', 20_000, 'new floors on unit A');
    expect(groupEntries(sa, 'LIFT1')[0]?.schedules).toBeUndefined();
    expect(sa.liftFloors({ cardNo: 'LIFT1' }, MON_1100).front).toEqual(['07']);
    expect((await groups()).find((x) => x.id === g.id)?.lifts.map((l) => l.addressid)).toEqual([a.addressid]);

    // a save without lifts keeps them; removing the unit from the group removes its floors
    await post('/rules/saveGroup', {
      id: g.id,
      communityId: community,
      name: 'Morning lifts',
      scheduleId: 0,
      units: [a.addressid, b.addressid],
    });
    expect((await groups()).find((x) => x.id === g.id)?.lifts).toHaveLength(1);
    await post('/rules/saveGroup', { id: g.id, communityId: community, name: 'Morning lifts', scheduleId: 0, units: [b.addressid] });
    await until(() => groupEntries(sa, 'LIFT1').length === 0, 20_000, 'floors withdrawn from unit A');
    expect((await groups()).find((x) => x.id === g.id)?.lifts).toEqual([]);

    // floors back; disabling the card withdraws them; taking the group away too
    await post('/rules/saveGroup', {
      id: g.id,
      communityId: community,
      name: 'Morning lifts',
      scheduleId: 0,
      units: [a.addressid, b.addressid],
      lifts: JSON.stringify([lift(b.addressid, ['04'])]),
    });
    await until(() => groupEntries(sb, 'LIFT1').length === 1, 20_000, 'floors on unit B');
    const off = await t.post(
      '/card/updateCard',
      { id: card.id, addressId: home, account: '13800000051', cardtype: 'accesscard', cardmode: 'ic', cardstatus: 'disable' },
      token,
    );
    expect(off.body.status).toBe(200);
    await until(() => groupEntries(sb, 'LIFT1').length === 0, 20_000, 'disabled card left the lift file');
  });

  it('taking the group from the card or deleting the group withdraws its floors', async () => {
    const g = await post<GroupRow>('/rules/saveGroup', {
      communityId: community,
      name: 'Card lifts B',
      scheduleId: schedule,
      units: [b.addressid],
      lifts: JSON.stringify([lift(b.addressid, ['08'])]),
    });
    const card = await newCard(t, token, { cardid: 'LIFT2', communityId: community, addressId: home, account: '13800000052' });
    await post('/rules/setCardGroups', { cardRowId: card.id, groupIds: g.id });
    await until(() => groupEntries(sb, 'LIFT2').length === 1, 20_000, 'floors on unit B');
    await post('/rules/setCardGroups', { cardRowId: card.id, groupIds: [] });
    await until(() => groupEntries(sb, 'LIFT2').length === 0, 20_000, 'floors gone with the group');
    await post('/rules/setCardGroups', { cardRowId: card.id, groupIds: g.id });
    await until(() => groupEntries(sb, 'LIFT2').length === 1, 20_000, 'floors back');
    await post('/rules/deleteGroup', { id: g.id });
    await until(() => groupEntries(sb, 'LIFT2').length === 0, 20_000, 'floors gone with the deleted group');
    expect(detailOf(await t.lastOpLog()).before.lifts).toHaveLength(1);
  });

  it('visitor QR codes given groups: the units learn their groups; the code opens there within the schedule; the single-unit code is unchanged', async () => {
    const g = await post<GroupRow>('/rules/saveGroup', {
      communityId: community,
      name: 'Visitors A',
      scheduleId: schedule,
      units: [a.addressid],
    });
    await until(() => sa.state.groups.some((x) => x.id === g.id && x.schedule === schedule), 20_000, 'group table on unit A');
    expect(sb.state.groups.some((x) => x.id === g.id)).toBe(false);

    const listed = await t.get<QrGroup[]>('/qrcode/getQrGroups', { addressRegNo: b.serial }, token);
    expect(listed.body.content.find((x) => x.id === g.id)).toEqual({
      id: g.id,
      name: 'Visitors A',
      scheduleName: 'Mornings',
      unitCount: 1,
    });
    expect((await t.get('/qrcode/getQrGroups', { addressRegNo: b.serial })).body.status).toBe(401);

    const window = { numOpen: 5, validfrom: '2026/11/22 00:00:00', validto: '2026/11/30 00:00:00' };
    const body = (c: QrCreated) => JSON.parse(Buffer.from(c.payload.split('.')[1] as string, 'base64url').toString());

    // the single-unit code: exactly the fields of §8
    const single = await post<QrCreated>('/qrcode/createQrcode', { addressRegNo: b.serial, ...window });
    expect(Object.keys(body(single))).toEqual(['id', 'd', 'n', 'f', 't']);
    sa.setClock(MON_0830);
    expect(await sa.scanQr(single.payload)).toMatchObject({ ok: false, result: ACCESS_RESULT.wrongDevice });

    // unit B and the group: B at any time, A within the group's schedule
    const both = await post<QrCreated>('/qrcode/createQrcode', { addressRegNo: b.serial, ...window, groupIds: g.id });
    expect(body(both)).toMatchObject({ d: b.serial, g: [g.id] });
    sb.setClock(MON_1100);
    expect(await sb.scanQr(both.payload)).toMatchObject({ ok: true });
    sa.setClock(MON_0830);
    expect(await sa.scanQr(both.payload)).toMatchObject({ ok: true });
    sa.setClock(MON_1100);
    expect(await sa.scanQr(both.payload)).toMatchObject({ ok: false, result: ACCESS_RESULT.other, reason: 'schedule' });

    // groups only: B refuses it, A opens within the schedule
    const only = await post<QrCreated>('/qrcode/createQrcode', { addressRegNo: b.serial, ...window, groupIds: g.id, groupsOnly: 1 });
    expect(body(only).d).toBeUndefined();
    expect(await sb.scanQr(only.payload)).toMatchObject({ ok: false, result: ACCESS_RESULT.wrongDevice });
    sa.setClock(MON_0830);
    expect(await sa.scanQr(only.payload)).toMatchObject({ ok: true });
    const rec = await t.db.selectFrom('visitor_qrcode_group').select('group_id').where('qrcode_id', '=', only.id).execute();
    expect(rec.map((r) => r.group_id)).toEqual([g.id]);
    expect(detailOf(await t.lastOpLog()).after).toMatchObject({ groups: [g.id], groupsOnly: 1 });

    // rules: groups only needs groups; groups of another community are refused
    const none = await t.post('/qrcode/createQrcode', { addressRegNo: b.serial, ...window, groupsOnly: 1 }, token);
    expect(none.body.msgs).toEqual(['Choose access groups, or let the code open this door unit']);
    const far = await t.post<GroupRow>('/rules/saveGroup', { communityId: otherCommunity, name: 'Far', scheduleId: 0, units: [] }, token);
    const foreign = await t.post('/qrcode/createQrcode', { addressRegNo: b.serial, ...window, groupIds: far.body.content.id }, token);
    expect(foreign.body.msgs).toEqual(["The chosen access groups do not belong to the door unit's community"]);

    // the unit leaves the group: its group table empties and the code no longer opens there
    await post('/rules/saveGroup', { id: g.id, communityId: community, name: 'Visitors A', scheduleId: schedule, units: [] });
    await until(() => !sa.state.groups.some((x) => x.id === g.id), 20_000, 'group table emptied on unit A');
    expect(await sa.scanQr(only.payload)).toMatchObject({ ok: false, result: ACCESS_RESULT.wrongDevice });
    // a resync sends the group table again
    await post('/rules/saveGroup', { id: g.id, communityId: community, name: 'Visitors A', scheduleId: schedule, units: [a.addressid] });
    await until(() => sa.state.groups.some((x) => x.id === g.id), 20_000, 'group table back on unit A');
    await post('/device/resync', { addressid: a.addressid });
    await until(() => allDone(a.addressid), 20_000, 'resync acked');
    expect(sa.state.groups.map((x) => x.id)).toContain(g.id);
  });
});
