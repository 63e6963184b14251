import crypto from 'node:crypto';
import {
  CMD_KIND,
  CMD_STATUS,
  CMD_TYPE,
  type DeviceSecret,
  type FaceAddressRow,
  type FaceDownloadInfo,
  type FaceRow,
  type Page,
} from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { b64, oneFace, consent } from './test-photos.ts';

let t: TestApp;
let admin: string;
let community: number;
let other: number;
let house: number;
let cardOnly: number;
let villa: number;
let foreignGate: number;
let unit: DeviceSecret;
let sim: SimulatedDevice;
let face: FaceRow;
const prefix = `ghf${crypto.randomBytes(3).toString('hex')}`;

const addr = async (c: number, address: string, type: number, hardware: number, isVilla = 0) =>
  (
    await t.db
      .insertInto('address')
      .values({ community_id: c, address, name: address, type, is_villa: isVilla, hardware, devstate: 0, reg_no: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const faceCommands = async () =>
  (await statusesOf(t, unit.addressid)).filter((c) => c.kind === CMD_KIND.facePut || c.kind === CMD_KIND.faceDelete);
const settled = async () =>
  (await statusesOf(t, unit.addressid)).every((c) => c.status === CMD_STATUS.success || c.status === CMD_STATUS.cancelled);
const entries = () =>
  t.db
    .selectFrom('face_gate')
    .select(['gate_id', 'validfrom', 'validto', 'info'])
    .where('face_id', '=', face.id)
    .orderBy('gate_id')
    .execute();
const fas = (list: { gateID: number; validfrom?: string; validto?: string; info?: string }[]) =>
  JSON.stringify(list.map((e) => ({ validfrom: '2026/01/01 00:00:00', validto: '2036/01/01 00:00:00', info: '', ...e })));

beforeAll(async () => {
  t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  community = await t.createCommunity('Face Gates');
  other = await t.createCommunity('Face Gates Other');
  house = await addr(community, 'Tower A 1201', 1, 0);
  cardOnly = await addr(community, 'Card Gate', 0, 4);
  villa = await addr(community, 'Villa Gate', 0, 1, 1);
  foreignGate = await addr(other, 'Other Gate', 0, 1);
  unit = await bindNewDevice(t, admin, community);
  sim = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: unit.serial, secret: unit.secret });
  await until(settled, 20_000, 'configuration acked');
  const res = await t.post<FaceRow>(
    '/face/createFace',
    {
      communityId: community,
      addressId: house,
      account: '13700000001',
      username: 'Han Mei',
      imgBase64: b64(await oneFace()),
      ...consent('GF0001'),
    },
    admin,
  );
  if (res.statusCode !== 200) throw new Error(res.body.msgs.join('; '));
  face = res.body.content;
});
afterAll(async () => {
  await sim?.stop();
  await t.close();
});

describe('face door units', () => {
  it('offers the face-capable door units of the community, and needs a community name', async () => {
    const missing = await t.get('/face/getFaceAddressDownloadInfo', { id: face.id }, admin);
    expect([missing.statusCode, missing.body.msgs]).toEqual([400, ['Please select community']]);
    const res = await t.get<FaceDownloadInfo>('/face/getFaceAddressDownloadInfo', { id: face.id, communityname: 'Face Gates' }, admin);
    expect(res.statusCode).toBe(200);
    const info = res.body.content;
    expect(info.allGms.map((g) => g.intValue).sort()).toEqual([unit.addressid, villa].sort());
    expect(info).toMatchObject({ configured: [], deletAll: true });
    expect(info.now).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(info.after > info.now).toBe(true);
    const engineer = await t.signIn({ roleId: 3 });
    expect((await t.get('/face/getFaceAddressDownloadInfo', { id: face.id, communityname: 'x' }, engineer.token)).statusCode).toBe(403);
  });

  it('refuses each broken rule of the door-unit list and changes nothing', async () => {
    const cases: [string | undefined, string[]][] = [
      [undefined, ['Please choose door unit']],
      ['[]', ['Please choose door unit']],
      [fas([{ gateID: cardOnly }]), ['The door unit "Card Gate" does not support faces']],
      [fas([{ gateID: foreignGate }]), ['The door unit "Other Gate" is not in the face\'s community']],
      [
        fas([{ gateID: unit.addressid, validfrom: '2030/01/01 00:00:00', validto: '2029/01/01 00:00:00' }]),
        ['The effective time must be before the expiry time'],
      ],
      [fas([{ gateID: villa }, { gateID: villa }]), ['The door unit "Villa Gate" is listed twice']],
    ];
    for (const [list, msgs] of cases) {
      const res = await t.post('/face/updateFaceAddressInfo', { id: face.id, fas: list }, admin);
      expect([res.statusCode, res.body.msgs]).toEqual([400, msgs]);
    }
    expect(await entries()).toEqual([]);
    expect(await faceCommands()).toEqual([]);
  });

  it('puts the face on the door unit; the unit holds it; edits, resends, disables and removes it', async () => {
    const res = await t.post<FaceDownloadInfo>(
      '/face/updateFaceAddressInfo',
      { id: face.id, fas: fas([{ gateID: unit.addressid, info: 'lobby' }, { gateID: villa }]) },
      admin,
    );
    expect([res.statusCode, res.body.msgs]).toEqual([200, ['Configuration successful']]);
    expect(res.body.content.configured.map((c) => [c.gateID, c.info, c.isVilla])).toEqual([
      [unit.addressid, 'lobby', 0],
      [villa, '', 1],
    ]);
    expect(res.body.content.deletAll).toBe(true);
    expect((await t.lastOpLog())?.content).toBe(`op.face.assign::${JSON.stringify({ account: '13700000001', count: 2 })}`);
    const [put] = await faceCommands();
    expect(put).toMatchObject({ kind: CMD_KIND.facePut });
    const row = await t.db
      .selectFrom('command')
      .select(['type', 'object_key', 'payload', 'account'])
      .where('id', '=', put?.id ?? 0)
      .executeTakeFirstOrThrow();
    const stored = await t.get<{ imgBase64: string }>('/face/getFaceById', { id: face.id }, admin);
    expect(row).toMatchObject({ type: CMD_TYPE.face, object_key: `face:${face.id}`, account: '13700000001' });
    expect(row.payload).toMatchObject({
      faceId: face.id,
      account: '13700000001',
      userName: 'Han Mei',
      status: 'enable',
      // On the wire as card.put's: ISO 8601 in UTC (the dialog's dates are the server's time zone, Shanghai).
      validfrom: '2025-12-31T16:00:00.000Z',
      validto: '2035-12-31T16:00:00.000Z',
      imgBase64: stored.body.content.imgBase64,
    });
    await until(() => sim.state.faces.has(String(face.id)), 20_000, 'face on the unit');
    expect(sim.state.faces.get(String(face.id))?.account).toBe('13700000001');

    // a single-family entry may not be removed
    const villaOff = await t.post('/face/updateFaceAddressInfo', { id: face.id, fas: fas([{ gateID: unit.addressid }]) }, admin);
    expect([villaOff.statusCode, villaOff.body.msgs]).toEqual([403, ['No right to delete the single-family door-unit configuration']]);
    expect((await entries()).length).toBe(2);

    // the door unit face list (menu access.gm)
    const list = await t.get<Page<FaceAddressRow>>('/face/getFaceAddressByAddressId', { addressId: unit.addressid }, admin);
    expect(list.body.content.rows.map((r) => [r.account, r.address, r.status, r.info])).toEqual([
      ['13700000001', 'Tower A 1201', 'enable', 'lobby'],
    ]);
    const entry = list.body.content.rows[0] as FaceAddressRow;
    expect(
      (await t.get<Page<FaceAddressRow>>('/face/getFaceAddressByAddressId', { addressId: unit.addressid, account: '999' }, admin)).body
        .content.total,
    ).toBe(0);
    expect(
      (await t.get<Page<FaceAddressRow>>('/face/getFaceAddressByAddressId', { addressId: unit.addressid, validto: '2035/12/31' }, admin))
        .body.content.total,
    ).toBe(0);
    const engineer = await t.signIn({ roleId: 3 });
    const out = await t.get('/face/getFaceAddressByAddressId', { addressId: unit.addressid }, engineer.token);
    expect([out.statusCode, out.body.msgs]).toEqual([403, ['You have no access to this community']]);
    expect((await t.post('/face/delFaceAddressById', { id: entry.id }, engineer.token)).statusCode).toBe(403);

    const badDates = await t.post(
      '/face/updateFaceAddressByAddressId',
      { id: entry.id, validfrom: '2031/01/01 00:00:00', validto: '2030/01/01 00:00:00' },
      admin,
    );
    expect([badDates.statusCode, badDates.body.msgs]).toEqual([400, ['The effective time must be before the expiry time']]);
    const edited = await t.post<FaceAddressRow>(
      '/face/updateFaceAddressByAddressId',
      { id: entry.id, validfrom: '2026/02/01 08:00:00', validto: '2027/02/01 08:00:00', info: 'moved' },
      admin,
    );
    expect(edited.body.content).toMatchObject({ validfrom: '2026/02/01 08:00:00', validto: '2027/02/01 08:00:00', info: 'moved' });
    await until(() => sim.state.faces.get(String(face.id))?.validto === '2027-02-01T00:00:00.000Z', 20_000, 'new validity on the unit');
    const resent = await t.post<{ queued: number }>('/face/updateFaceRedownload', { id: entry.id }, admin);
    expect([resent.body.content, resent.body.msgs]).toEqual([{ queued: 1 }, ['Resent']]);
    expect((await t.lastOpLog())?.content).toContain('op.face.redownload');

    // disabling the face removes it from the unit; enabling puts it back
    const base = { id: face.id, addressId: house, account: '13700000001', username: 'Han Mei' };
    await t.post('/face/updateFace', { ...base, status: 'disable' }, admin);
    await until(async () => !sim.state.faces.has(String(face.id)) && (await settled()), 20_000, 'face removed when disabled');
    // a disabled face is not sent again, as for cards
    const queuedBefore = (await t.db.selectFrom('command').select('id').execute()).length;
    const refused = await t.post('/face/updateFaceRedownload', { id: entry.id }, admin);
    expect([refused.statusCode, refused.body.msgs]).toEqual([400, ['The face is invalid and is not sent to door units']]);
    expect((await t.db.selectFrom('command').select('id').execute()).length).toBe(queuedBefore);
    await t.post('/face/updateFace', { ...base, status: 'enable' }, admin);
    await until(() => sim.state.faces.has(String(face.id)), 20_000, 'face back when enabled');

    const villaEntry = (await t.db.selectFrom('face_gate').select('id').where('gate_id', '=', villa).executeTakeFirstOrThrow()).id;
    expect((await t.post('/face/delFaceAddressById', { id: villaEntry }, admin)).statusCode).toBe(403);
    const del = await t.post('/face/delFaceAddressById', { id: entry.id }, admin);
    expect([del.statusCode, del.body.msgs]).toEqual([200, ['Deleted']]);
    expect((await t.lastOpLog())?.content).toBe(
      `op.face.gateDelete::${JSON.stringify({ account: '13700000001', gate: `Gate ${unit.serial}` })}`,
    );
    await until(async () => !sim.state.faces.has(String(face.id)) && (await settled()), 20_000, 'face removed from the unit');
    expect((await entries()).map((e) => e.gate_id)).toEqual([villa]);
  });

  it("keeps the unit's lift file in step with the face: disabled faces leave it, enabled ones return", async () => {
    const lift = {
      addressid: unit.addressid,
      ResiLevel: '05',
      bank: 1,
      node: 2,
      GateType: 0,
      isadmin: 0,
      isVilla: 0,
      FrontUnlockLevelList: ['05'],
      BackUnlockLevelList: [],
    };
    const saved = await t.post('/card/updateLadderControl', { id: face.id, source: 1, lcls: JSON.stringify([lift]) }, admin);
    expect(saved.statusCode).toBe(200);
    const holders = () => (sim.state.ladder as { holderId?: number; source?: string }[]).filter((e) => e.source === 'face');
    await until(() => holders().some((e) => e.holderId === face.id), 20_000, 'lift entry on the unit');
    const base = { id: face.id, addressId: house, account: '13700000001', username: 'Han Mei' };
    await t.post('/face/updateFace', { ...base, status: 'disable' }, admin);
    await until(() => !holders().some((e) => e.holderId === face.id), 20_000, 'lift entry gone when disabled');
    await t.post('/face/updateFace', { ...base, status: 'enable' }, admin);
    await until(() => holders().some((e) => e.holderId === face.id), 20_000, 'lift entry back when enabled');
  });

  it('sends the faces of a door unit with its whole configuration (resync)', async () => {
    await t.post('/face/updateFaceAddressInfo', { id: face.id, fas: fas([{ gateID: unit.addressid }, { gateID: villa }]) }, admin);
    await until(() => sim.state.faces.has(String(face.id)), 20_000, 'face on the unit');
    const resync = await t.post('/device/resync', { addressid: unit.addressid }, admin);
    expect(resync.statusCode).toBe(200);
    await until(settled, 20_000, 'resync acked');
    expect(sim.state.faces.has(String(face.id))).toBe(true);
    // Saving the same door units again with only a note changed tells the unit nothing (as for a card);
    // a changed validity tells it once, and it holds the new one.
    const sent = (await faceCommands()).length;
    const same = fas([{ gateID: unit.addressid, info: 'note only' }, { gateID: villa }]);
    expect((await t.post('/face/updateFaceAddressInfo', { id: face.id, fas: same }, admin)).statusCode).toBe(200);
    expect((await faceCommands()).length).toBe(sent);
    const later = fas([{ gateID: unit.addressid, validto: '2037/01/01 00:00:00' }, { gateID: villa }]);
    expect((await t.post('/face/updateFaceAddressInfo', { id: face.id, fas: later }, admin)).statusCode).toBe(200);
    const now = await faceCommands();
    expect(now.map((c) => c.kind).slice(sent)).toEqual([CMD_KIND.facePut]);
    await until(() => sim.state.faces.get(String(face.id))?.validto === '2036-12-31T16:00:00.000Z', 20_000, 'new validity on the unit');
    // deleting the face removes it from the unit
    expect((await t.post('/face/delFace', { id: face.id }, admin)).statusCode).toBe(200);
    await until(async () => !sim.state.faces.has(String(face.id)) && (await settled()), 20_000, 'face deleted from the unit');
  });
});
