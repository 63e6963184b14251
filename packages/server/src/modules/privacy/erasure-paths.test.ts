import crypto from 'node:crypto';
import { CMD_STATUS, type DeviceSecret, type ErasureRow, type FaceRow, type Page } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress, managerOf } from '../card/test-kit.ts';
import { runRetention } from '../datareq/retention.ts';
import { b64, consent, oneFace } from '../face/test-photos.ts';
import { PSEUDONYM_PREFIX } from '@gatehouse/contracts';

/**
 * Every way a face leaves records an erasure with a receipt per door unit (issue 35 item 3): a
 * move-out, expiring an unused face, deleting its person's account and the retention rule, beside
 * deleting a face and withdrawing consent (privacy.test.ts). One unit is online and acknowledges,
 * the other is offline throughout and gets every erasure when it returns.
 */
const prefix = `ghe${crypto.randomBytes(3).toString('hex')}`;
const DAY = 86_400_000;

let t: TestApp;
let admin: string;
let mine: number;
let other: number;
let home: number;
let manager: { id: number; token: string };
let online: DeviceSecret;
let offline: DeviceSecret;
let simOn: SimulatedDevice;
let simOff: SimulatedDevice | undefined;
let jpeg: string;

const sim = (d: DeviceSecret) =>
  startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: d.serial, secret: d.secret });
const settled = (d: DeviceSecret, what: string) =>
  until(async () => (await statusesOf(t, d.addressid)).every((c) => c.status === CMD_STATUS.success), 60_000, what);
const erasures = async () => (await t.get<Page<ErasureRow>>('/privacy/getErasures', {}, manager.token)).body.content.rows;
const erasureOf = async (faceId: number) => (await erasures()).find((e) => e.faceId === faceId);

/** A face of `account` with a card, on both door units; answers its id once the online unit holds it. */
async function faceOnUnits(account: string, card: string): Promise<number> {
  const res = await t.post<FaceRow>(
    '/face/createFace',
    { communityId: mine, addressId: home, account, username: `Person ${account.slice(-2)}`, imgBase64: jpeg, ...consent(card) },
    manager.token,
  );
  expect([res.statusCode, res.body.msgs]).toEqual([200, ['Created']]);
  const id = res.body.content.id;
  const fas = JSON.stringify(
    [online.addressid, offline.addressid].map((gateID) => ({
      gateID,
      validfrom: '2026/01/01 00:00:00',
      validto: '2036/01/01 00:00:00',
      info: '',
    })),
  );
  expect((await t.post('/face/updateFaceAddressInfo', { id, fas }, manager.token)).statusCode).toBe(200);
  await until(() => simOn.state.faces.has(String(id)), 60_000, `face ${id} on the online unit`);
  return id;
}

/** The erasure of a face: gone from the server, one receipt per unit, the online one acknowledged, the offline one waiting. */
async function expectErased(faceId: number, reason: ErasureRow['reason']): Promise<void> {
  expect(await t.db.selectFrom('face').select('id').where('id', '=', faceId).executeTakeFirst()).toBeUndefined();
  await until(async () => (await erasureOf(faceId))?.units.some((u) => u.state === 'acked') === true, 60_000, `erasure of ${faceId} acked`);
  const e = (await erasureOf(faceId)) as ErasureRow;
  expect(e.reason).toBe(reason);
  expect(e.units.map((u) => [u.addressId, u.state])).toEqual(
    [
      [online.addressid, 'acked'],
      [offline.addressid, 'pending'],
    ].sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  expect(e.complete).toBe(false);
  expect(simOn.state.faces.has(String(faceId))).toBe(false);
}

beforeAll(async () => {
  t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
  ({ token: admin } = await t.signIn({ roleId: 1 }));
  mine = await t.createCommunity('Erasure Court');
  other = await t.createCommunity('Erasure Other');
  home = await addAddress(t, mine, 'E 101');
  manager = await managerOf(t, mine);
  jpeg = b64(await oneFace());
  online = await bindNewDevice(t, admin, mine);
  offline = await bindNewDevice(t, admin, mine);
  simOn = await sim(online);
  await settled(online, 'online unit configured');
  // The other unit was configured once, then went away for the rest of the test.
  simOff = await sim(offline);
  await settled(offline, 'offline unit configured');
  await simOff.stop();
  simOff = undefined;
}, 120_000);
afterAll(async () => {
  await simOn?.stop();
  await simOff?.stop();
  await t.close();
});

describe('every way a face leaves records an erasure with receipts', () => {
  const faces: number[] = [];

  it('a move-out', async () => {
    const id = await faceOnUnits('13900000011', 'EC0011');
    faces.push(id);
    const res = await t.post('/review/moveOut', { account: '13900000011', reason: 'left' }, manager.token);
    expect(res.statusCode).toBe(200);
    await expectErased(id, 'moveout');
  });

  it('expiring an unused face by deleting it (disabling one erases nothing)', async () => {
    const kept = await faceOnUnits('13900000012', 'EC0012');
    const before = (await erasures()).length;
    expect((await t.post('/review/expireUnused', { cards: [], faces: [kept], action: 'disable' }, manager.token)).statusCode).toBe(200);
    expect((await erasures()).length).toBe(before);
    expect((await t.post('/review/expireUnused', { cards: [], faces: [kept], action: 'delete' }, manager.token)).statusCode).toBe(200);
    faces.push(kept);
    await expectErased(kept, 'expire');
  });

  it("deleting the person's account erases their faces and pseudonymises their events, the same pseudonym for each", async () => {
    const phone = '13900000013';
    const id = await faceOnUnits(phone, 'EC0013');
    faces.push(id);
    const account = await t.createAccount({ roleId: 7, regNo: phone, communityId: mine, addressId: home });
    const event = (n: number, community: number, who: string) => ({
      eid: `e-${who}-${n}`,
      community_id: community,
      device_name: 'Gate',
      time: new Date(Date.now() - n * DAY),
      type: 1,
      result: 1,
      account: who,
      unlock_user_name: who === phone ? 'Person 13' : 'Someone Else',
      card_num: who === phone ? 'EC0013' : 'X1',
      card_mode: 0,
      is_work: n === 3,
    });
    await t.db
      .insertInto('access_event')
      .values([1, 2, 3].map((n) => event(n, mine, phone)).concat([event(1, other, phone), event(1, mine, '13900000099')]))
      .execute();
    const del = await t.post('/account/batchDel', { ids: [account] }, manager.token);
    expect([del.statusCode, del.body.status]).toEqual([200, 200]);
    await expectErased(id, 'account');
    const rows = await t.db
      .selectFrom('access_event')
      .select(['account', 'unlock_user_name', 'card_num', 'community_id'])
      .where('eid', 'like', 'e-%')
      .orderBy('eid')
      .execute();
    // Every row keeps its place; in the manager's community the person's are pseudonymised (punches too).
    expect(rows).toHaveLength(5);
    const theirs = rows.filter((r) => r.community_id === mine && r.unlock_user_name !== 'Someone Else');
    expect(theirs).toHaveLength(3);
    const pseudonym = theirs[0]?.account as string;
    expect(pseudonym).toMatch(new RegExp(`^${PSEUDONYM_PREFIX}[0-9a-f]{10}$`));
    expect(theirs.every((r) => r.account === pseudonym && r.unlock_user_name === '' && r.card_num === '')).toBe(true);
    expect(rows.filter((r) => r.account === phone).map((r) => r.community_id)).toEqual([other]);
    expect(rows.find((r) => r.account === '13900000099')?.unlock_user_name).toBe('Someone Else');
    expect((await t.lastOpLog())?.content).toContain('op.account.delete::');
  });

  it('the retention rule (the face of someone who moved out 30 days ago)', async () => {
    const id = await faceOnUnits('13900000014', 'EC0014');
    faces.push(id);
    const now = new Date();
    await t.db
      .updateTable('face_gate')
      .set({ validto: new Date(now.getTime() - 31 * DAY) })
      .where('face_id', '=', id)
      .execute();
    await runRetention(t.services, now);
    await expectErased(id, 'retention');
  });

  it('the offline unit gets every erasure when it returns, and each receipt completes', async () => {
    expect(faces).toHaveLength(4);
    simOff = await sim(offline);
    await until(
      async () => {
        const all = await erasures();
        return faces.every((f) => all.find((e) => e.faceId === f)?.complete === true);
      },
      60_000,
      'every erasure acknowledged',
    );
    // Each receipt names the command the unit acknowledged: a face.delete of that face.
    const acked = await t.db
      .selectFrom('face_erasure_unit as u')
      .innerJoin('command as c', 'c.id', 'u.command_id')
      .select(['c.kind', 'c.object_key', 'c.status'])
      .where('u.address_id', '=', offline.addressid)
      .orderBy('c.id')
      .execute();
    expect(acked).toEqual(faces.map((f) => ({ kind: 'face.delete', object_key: `face:${f}`, status: CMD_STATUS.success })));
    // And the unit holds none of them (an older put the broker kept for it is never applied after the delete).
    await simOff?.settled();
    for (const f of faces) expect(simOff?.state.faces.has(String(f))).toBe(false);
    expect((await t.db.selectFrom('stored_file').select('id').where('kind', '=', 'face').execute()).length).toBe(0);
  });
});
