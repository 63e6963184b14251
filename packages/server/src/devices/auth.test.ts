import crypto from 'node:crypto';
import { CMD_KIND, CMD_STATUS, CMD_TYPE, communityTopic, type DeviceSecret } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addToPool, bindNewDevice, moveDoor, newSerial, statusesOf, until } from '../test/devices.ts';
import { testApp, type TestApp } from '../test/harness.ts';
import { withCommands } from './commands.ts';

/** The embedded broker's access rules (an external broker is configured as docs/mqtt-broker.md says). */
describe('embedded broker authentication and topic rules', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  const clients: mqtt.MqttClient[] = [];
  const sims: SimulatedDevice[] = [];
  beforeAll(async () => {
    t = await testApp({ mqtt: true });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await Promise.all(sims.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => t.close());

  const url = () => t.services.devices.url as string;
  const connect = async (username: string, password: string) => {
    const c = await mqtt.connectAsync(url(), {
      username,
      password,
      reconnectPeriod: 0,
      clientId: `raw-${crypto.randomBytes(4).toString('hex')}`,
    });
    clients.push(c);
    return c;
  };
  const refused = (username: string, password: string) =>
    mqtt.connectAsync(url(), { username, password, reconnectPeriod: 0, connectTimeout: 3000 }).then(
      async (c) => {
        await c.endAsync(true);
        return false;
      },
      () => true,
    );
  const sim = async (d: DeviceSecret) => {
    const s = await startSimulatedDevice({ url: url(), serial: d.serial, secret: d.secret });
    sims.push(s);
    return s;
  };

  it('refuses unknown serials, wrong secrets, unbound devices and anonymous clients', async () => {
    const d = await bindNewDevice(t, token, community);
    expect(await refused(d.serial, 'wrong-secret')).toBe(true);
    expect(await refused('NOSUCHSERIAL', d.secret)).toBe(true);
    expect(await refused('$gatehouse', 'guess')).toBe(true);
    const unbound = newSerial('U');
    await addToPool(t, token, unbound);
    expect(await refused(unbound, '')).toBe(true);
    expect(
      await mqtt.connectAsync(url(), { reconnectPeriod: 0, connectTimeout: 3000 }).then(
        (c) => c.endAsync(true).then(() => false),
        () => true,
      ),
    ).toBe(true);
    const ok = await connect(d.serial, d.secret);
    expect(ok.connected).toBe(true);
  });

  it("does not let a device publish or subscribe on another device's topics", async () => {
    const a = await bindNewDevice(t, token, community);
    const b = await bindNewDevice(t, token, community);
    await until(async () => (await statusesOf(t, b.addressid)).every((c) => c.status === CMD_STATUS.sent), 5000, 'sent to b');
    const target = (await statusesOf(t, b.addressid))[0];
    const client = await connect(a.serial, a.secret);
    await expect(client.subscribeAsync(`gh/dev/${b.serial}/cmd`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const own = await client.subscribeAsync(`gh/dev/${a.serial}/cmd`, { qos: 1 });
    expect(own[0]?.qos).toBe(1);
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    client.publish(`gh/dev/${b.serial}/ack`, JSON.stringify({ id: target?.id, ok: true }), { qos: 1 });
    await closed;
    await new Promise((r) => setTimeout(r, 200));
    await t.services.devices.idle();
    expect((await statusesOf(t, b.addressid))[0]?.status).toBe(CMD_STATUS.sent);
    // and an ack on its own topic for a command of another device changes nothing either
    const again = await connect(a.serial, a.secret);
    await again.publishAsync(`gh/dev/${a.serial}/ack`, JSON.stringify({ id: target?.id, ok: true }), { qos: 1 });
    await new Promise((r) => setTimeout(r, 200));
    await t.services.devices.idle();
    expect((await statusesOf(t, b.addressid))[0]?.status).toBe(CMD_STATUS.sent);
  });

  it("lets a unit subscribe to its own community's emergency topic only, and hands it the server's retained broadcast", async () => {
    const d = await bindNewDevice(t, token, community);
    const other = await t.createCommunity();
    const mine = communityTopic('gh', community);
    const theirs = communityTopic('gh', other);
    // The server's own client publishes each community's mode once, retained, before the unit is there.
    const server = (t.services.devices as unknown as { client: mqtt.MqttClient }).client;
    await server.publishAsync(mine, JSON.stringify({ mode: 'lockdown', of: community }), { qos: 1, retain: true });
    await server.publishAsync(theirs, JSON.stringify({ mode: 'lockdown', of: other }), { qos: 1, retain: true });
    const c = await connect(d.serial, d.secret);
    const got: { topic: string; body: string; retain: boolean }[] = [];
    c.on('message', (topic, payload, packet) => got.push({ topic, body: payload.toString(), retain: packet.retain }));
    expect((await c.subscribeAsync(mine, { qos: 1 }))[0]?.qos).toBe(1);
    await until(() => got.length > 0, 5000, 'retained broadcast');
    expect(got).toEqual([{ topic: mine, body: JSON.stringify({ mode: 'lockdown', of: community }), retain: true }]);
    // Another community's broadcast names its accounts: refused (granted 0x80), as a wildcard over them all is.
    await expect(c.subscribeAsync(theirs, { qos: 1 })).rejects.toMatchObject({ packet: { granted: [0x80] } });
    await expect(c.subscribeAsync('gh/community/+/emergency', { qos: 1 })).rejects.toMatchObject({ packet: { granted: [0x80] } });
    // Read at every SUBSCRIBE: moved to the other community, the unit gets that one's topic.
    await moveDoor(t, d.serial, other);
    expect((await c.subscribeAsync(theirs, { qos: 1 }))[0]?.qos).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(got.map((m) => m.topic)).toEqual([mine, theirs]);
    // Only the server publishes there: a unit that tries is disconnected.
    const closed = new Promise<void>((r) => c.once('close', () => r()));
    c.publish(theirs, '{"mode":"normal"}', { qos: 1, retain: true });
    await closed;
  });

  it('refuses the old secret of a replaced device at once, and the new device gets the configuration', async () => {
    const d = await bindNewDevice(t, token, community);
    const old = await sim(d);
    await until(
      async () => (await statusesOf(t, d.addressid)).every((c) => c.status === CMD_STATUS.success),
      10_000,
      'first device configured',
    );
    const next = newSerial('N');
    await addToPool(t, token, next);
    const res = await t.post<DeviceSecret>('/device/changeSerial', { devicenumber: d.serial, newdevicenumber: next }, token);
    expect(res.body.status).toBe(200);
    await until(() => !old.connected(), 5000, 'old device dropped');
    await new Promise((r) => setTimeout(r, 800));
    expect(old.connected()).toBe(false);
    expect(old.lastError?.message ?? '').toMatch(/Bad username or password|Not authorized/i);
    expect(await refused(d.serial, d.secret)).toBe(true);

    const fresh = await sim(res.body.content);
    await until(
      async () =>
        (await statusesOf(t, d.addressid)).filter((c) => c.status !== CMD_STATUS.cancelled).every((c) => c.status === CMD_STATUS.success),
      10_000,
      'new device configured',
    );
    expect(fresh.state.profile?.serial).toBe(next);
    await withCommands(t.services, (_trx, q) =>
      q.add(d.addressid, [{ type: CMD_TYPE.card, kind: CMD_KIND.cardPut, objectKey: 'card:Z', payload: { cardId: 'Z', account: '' } }]),
    );
    await fresh.waitFor((s) => s.state.cards.has('Z'));
    expect(old.state.cards.has('Z')).toBe(false);
  });

  it('issues a secret when a door unit is activated from the address screen (the serial joins the pool)', async () => {
    const gate = await t.db
      .insertInto('address')
      .values({
        community_id: community,
        address: 'Side gate',
        name: 'Side',
        type: 0,
        is_villa: 0,
        hardware: 15,
        devstate: 0,
        reg_no: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const serial = newSerial('A');
    const res = await t.post<{ secret: string; regNo: string }>('/address/activeDevice', { addressid: gate.id, regNo: serial }, token);
    expect(res.body.content).toMatchObject({ regNo: serial });
    const s = await sim({ addressid: gate.id, serial, secret: res.body.content.secret });
    await until(async () => (await statusesOf(t, gate.id)).every((c) => c.status === CMD_STATUS.success), 10_000, 'configured');
    expect(s.state.profile?.name).toBe('Side');
  });

  it('refuses a secret after a new one was issued', async () => {
    const d = await bindNewDevice(t, token, community);
    const s = await sim(d);
    const res = await t.post<DeviceSecret>('/device/resetSecret', { addressid: d.addressid }, token);
    await until(() => !s.connected(), 5000, 'dropped');
    expect(await refused(d.serial, d.secret)).toBe(true);
    expect((await connect(d.serial, res.body.content.secret)).connected).toBe(true);
  });
});
