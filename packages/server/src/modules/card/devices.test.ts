import crypto from 'node:crypto';
import { CMD_STATUS, type DeviceSecret } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNewDevice, statusesOf, until } from '../../test/devices.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { addAddress, newCard } from './test-kit.ts';

/** What a simulated door unit holds after the card calls (001 §7 "Cards", DESIGN §6). */
describe('cards on a simulated door unit', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  let home: number;
  let d: DeviceSecret;
  let s: SimulatedDevice;
  const prefix = `ghc${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    t = await testApp({ mqtt: true, config: { MQTT_TOPIC_PREFIX: prefix } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Sim Court');
    home = await addAddress(t, community, 'S 101');
    d = await bindNewDevice(t, token, community);
    s = await startSimulatedDevice({ url: t.services.devices.url as string, prefix, serial: d.serial, secret: d.secret });
    await until(() => allDone(), 20_000, 'initial configuration acked');
  });
  afterAll(async () => {
    await s?.stop();
    await t.close();
  });

  const allDone = async () =>
    (await statusesOf(t, d.addressid)).every((c) => c.status === CMD_STATUS.success || c.status === CMD_STATUS.cancelled);
  const assign = (id: number, gates: number[]) =>
    t.post(
      '/card/updateCardAddressInfo',
      { id, agas: JSON.stringify(gates.map((gateID) => ({ gateID, validfrom: '2026/01/01 00:00:00', validto: '2036/01/01 00:00:00' }))) },
      token,
    );
  const edit = (id: number, cardstatus: string) =>
    t.post('/card/updateCard', { id, addressId: home, account: '13800000031', cardtype: 'accesscard', cardmode: 'ic', cardstatus }, token);

  it('assign: the unit holds the card; remove: it is gone', async () => {
    const card = await newCard(t, token, { cardid: 'SIM1', communityId: community, addressId: home, account: '13800000031' });
    expect((await assign(card.id, [d.addressid])).body.status).toBe(200);
    await until(() => s.state.cards.has('SIM1'), 20_000, 'card on the unit');
    expect(s.state.cards.get('SIM1')).toMatchObject({ account: '13800000031', cardMode: 'ic', validto: '2035-12-31T16:00:00.000Z' });
    await assign(card.id, []);
    await until(async () => !s.state.cards.has('SIM1') && (await allDone()), 20_000, 'card removed');
    expect(s.state.cards.has('SIM1')).toBe(false);
  });

  it('disable: the card is gone; enable: it is back; delete: gone', async () => {
    const card = await newCard(t, token, { cardid: 'SIM2', communityId: community, addressId: home, account: '13800000031' });
    await assign(card.id, [d.addressid]);
    await until(() => s.state.cards.has('SIM2'), 20_000, 'card on the unit');
    await edit(card.id, 'disable');
    await until(async () => !s.state.cards.has('SIM2') && (await allDone()), 20_000, 'disabled card removed');
    await edit(card.id, 'enable');
    await until(() => s.state.cards.has('SIM2'), 20_000, 're-enabled card back');
    await t.post('/card/batchDel', { ids: card.id }, token);
    await until(async () => !s.state.cards.has('SIM2') && (await allDone()), 20_000, 'deleted card removed');
  });

  it('resync sends every enabled card of the unit after the reset', async () => {
    const on = await newCard(t, token, { cardid: 'SIM3', communityId: community, addressId: home });
    const off = await newCard(t, token, { cardid: 'SIM4', communityId: community, addressId: home, cardstatus: 'disable' });
    await assign(on.id, [d.addressid]);
    await assign(off.id, [d.addressid]);
    await until(async () => s.state.cards.has('SIM3') && (await allDone()), 20_000, 'cards configured');
    const res = await t.post<{ queued: number }>('/device/resync', { addressid: d.addressid }, token);
    expect(res.body.status).toBe(200);
    await until(() => allDone(), 20_000, 'resync acked');
    expect([...s.state.cards.keys()]).toEqual(['SIM3']);
  });
});
