import crypto from 'node:crypto';
import {
  CMD_STATUS,
  type DeviceSecret,
  type FaceRow,
  type MoveOutDone,
  type MoveOutPreview,
  type MoveOutProgress,
  type Review,
} from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../../test/devices.ts';
import { type TestApp, testApp } from '../../test/harness.ts';
import { addAddress, newCard } from '../card/test-kit.ts';
import { b64, oneFace, consent } from '../face/test-photos.ts';

/** A household with a card and a face on two simulated door units moves out: both units acknowledge the withdrawals. */
describe('move-out on simulated door units', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  let home: number;
  const units: DeviceSecret[] = [];
  const sims: SimulatedDevice[] = [];
  const prefix = `ghr${crypto.randomBytes(3).toString('hex')}`;
  const settled = async () =>
    (await Promise.all(units.map((u) => statusesOf(t, u.addressid))))
      .flat()
      .every((c) => c.status === CMD_STATUS.success || c.status === CMD_STATUS.cancelled);
  const validity = (gates: number[]) =>
    JSON.stringify(gates.map((gateID) => ({ gateID, validfrom: '2026/01/01 00:00:00', validto: '2036/01/01 00:00:00', info: '' })));

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Move Court');
    home = await addAddress(t, community, 'M 301');
    for (let i = 0; i < 2; i++) {
      const u = await bindNewDevice(t, token, community);
      units.push(u);
      sims.push(await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: u.serial, secret: u.secret }));
    }
    await until(settled, 30_000, 'initial configuration acked');
  });
  afterAll(async () => {
    for (const s of sims) await s.stop();
    await t.close();
  });

  it('withdraws the card and the face from every unit, and the progress ends when each unit acknowledged', async () => {
    const gates = units.map((u) => u.addressid);
    const card = await newCard(t, token, { cardid: 'MOVE1', communityId: community, addressId: home, account: '13800007001' });
    expect((await t.post('/card/updateCardAddressInfo', { id: card.id, agas: validity(gates) }, token)).body.status).toBe(200);
    const face = await t.post<FaceRow>(
      '/face/createFace',
      {
        communityId: community,
        addressId: home,
        account: '13800007001',
        username: 'Wang Fang',
        imgBase64: b64(await oneFace()),
        ...consent(),
      },
      token,
    );
    expect(face.statusCode).toBe(200);
    const faceId = face.body.content.id;
    expect((await t.post('/face/updateFaceAddressInfo', { id: faceId, fas: validity(gates) }, token)).body.status).toBe(200);
    await until(
      () => sims.every((s) => s.state.cards.has('MOVE1') && s.state.faces.has(String(faceId))),
      30_000,
      'card and face on both units',
    );
    await until(settled, 30_000, 'assignments acked');

    const review = await t.get<Review>('/review/getReview', { addressId: home }, token);
    const syncs = review.body.content.credentials.flatMap((c) => c.places.map((p) => p.sync?.status));
    expect(syncs).toEqual([CMD_STATUS.success, CMD_STATUS.success, CMD_STATUS.success, CMD_STATUS.success]);

    const preview = await t.get<MoveOutPreview>('/review/previewMoveOut', { addressId: home }, token);
    expect(preview.body.content.commands).toBe(4);
    expect(preview.body.content.items.map((i) => i.units.length)).toEqual([2, 2]);

    const res = await t.post<MoveOutDone>('/review/moveOut', { addressId: home, reason: 'Sold' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.body.content.commands).toBe(4);
    let last: MoveOutProgress | undefined;
    await until(
      async () => {
        last = (await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: res.body.content.id }, token)).body.content;
        return last.done;
      },
      30_000,
      'every unit acknowledged',
    );
    expect(last).toMatchObject({ total: 4, acked: 4, failed: 0 });
    for (const s of sims) {
      expect(s.state.cards.has('MOVE1')).toBe(false);
      expect(s.state.faces.has(String(faceId))).toBe(false);
    }
  });

  it('Resend queues a failed withdrawal again until the unit acknowledges it', async () => {
    const card = await newCard(t, token, { cardid: 'MOVE2', communityId: community, addressId: home, account: '13800007002' });
    await t.post('/card/updateCardAddressInfo', { id: card.id, agas: validity([units[0]?.addressid as number]) }, token);
    await until(() => sims[0]?.state.cards.has('MOVE2') ?? false, 30_000, 'card on the unit');
    await until(settled, 30_000, 'assignment acked');
    // The unit is offline while the move-out runs; its withdrawal is then marked failed (as after too many attempts).
    await sims[0]?.stop();
    const res = await t.post<MoveOutDone>('/review/moveOut', { account: '13800007002' }, token);
    expect(res.body.content.commands).toBe(1);
    const [cmd] = await t.db.selectFrom('moveout_command').select('command_id').where('moveout_id', '=', res.body.content.id).execute();
    await t.db
      .updateTable('command')
      .set({ status: CMD_STATUS.failed, info: 'timeout' })
      .where('id', '=', Number(cmd?.command_id))
      .execute();
    const failed = await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: res.body.content.id }, token);
    expect(failed.body.content).toMatchObject({ done: false, failed: 1 });
    const u = units[0] as DeviceSecret;
    sims[0] = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: u.serial, secret: u.secret });
    const resend = await t.post<{ resent: number }>('/review/resendMoveOut', { id: res.body.content.id }, token);
    expect([resend.statusCode, resend.body.content.resent]).toEqual([200, 1]);
    await until(
      async () => (await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: res.body.content.id }, token)).body.content.done,
      30_000,
      'resent withdrawal acknowledged',
    );
    expect(sims[0]?.state.cards.has('MOVE2')).toBe(false);
  });

  it('a withdrawal cancelled by a resync counts as done once the reset of the resync is acknowledged', async () => {
    const card = await newCard(t, token, { cardid: 'MOVE3', communityId: community, addressId: home, account: '13800007003' });
    const u = units[1] as DeviceSecret;
    await t.post('/card/updateCardAddressInfo', { id: card.id, agas: validity([u.addressid]) }, token);
    await until(() => sims[1]?.state.cards.has('MOVE3') ?? false, 30_000, 'card on the unit');
    await until(settled, 30_000, 'assignment acked');
    await sims[1]?.stop();
    const res = await t.post<MoveOutDone>('/review/moveOut', { account: '13800007003' }, token);
    expect(res.body.content.commands).toBe(1);
    expect((await t.post('/device/resync', { addressid: u.addressid }, token)).statusCode).toBe(200);
    const [cmd] = await t.db.selectFrom('moveout_command').select('command_id').where('moveout_id', '=', res.body.content.id).execute();
    const cancelled = await t.db.selectFrom('command').select('status').where('id', '=', Number(cmd?.command_id)).executeTakeFirstOrThrow();
    expect(cancelled.status).toBe(CMD_STATUS.cancelled);
    expect((await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: res.body.content.id }, token)).body.content.done).toBe(false);
    sims[1] = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: u.serial, secret: u.secret });
    await until(
      async () => (await t.get<MoveOutProgress>('/review/getMoveOutProgress', { id: res.body.content.id }, token)).body.content.done,
      30_000,
      'reset acknowledged',
    );
    expect(sims[1]?.state.cards.has('MOVE3')).toBe(false);
  });
});
