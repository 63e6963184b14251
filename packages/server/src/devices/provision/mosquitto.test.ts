import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CMD_STATUS, communityTopic, type DeviceSecret } from '@gatehouse/contracts';
import { type SimulatedDevice, startSimulatedDevice } from '@gatehouse/device-sim';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { boot, type Booted } from '../../boot.ts';
import { type Config, testConfig } from '../../config.ts';
import { bindDevice } from '../../modules/device/binding.ts';
import { addToPool, bindNewDevice, moveDoor, newSerial, statusesOf, until } from '../../test/devices.ts';
import { freshPostgres, testApp, type TestApp, testDbKind } from '../../test/harness.ts';
import { hasMosquitto, startMosquitto, type TestMosquitto } from '../../test/mosquitto.ts';
import { withCommands } from '../commands.ts';
import type { DynsecRoleEntry } from './dynsec.ts';
import { brokerHealth } from './index.ts';

if (!hasMosquitto()) {
  console.warn(
    'SKIPPED: Mosquitto dynamic-security provisioning tests need /usr/sbin/mosquitto and its plugin (apt-get install mosquitto)',
  );
}

const provisionConfig = (m: TestMosquitto, prefix: string, serverUser: string): Partial<Config> => ({
  MQTT_URL: m.url,
  MQTT_PROVISION: 'mosquitto',
  MQTT_TOPIC_PREFIX: prefix,
  MQTT_USERNAME: serverUser,
  MQTT_PASSWORD: crypto.randomBytes(12).toString('base64url'),
  MQTT_ADMIN_USERNAME: m.adminUser,
  MQTT_ADMIN_PASSWORD: m.adminPassword,
  MQTT_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
  MQTT_RECONCILE_SECONDS: 0,
});

describe.skipIf(!hasMosquitto())('Mosquitto dynamic-security provisioning', () => {
  let m: TestMosquitto;
  let t: TestApp;
  let token: string;
  let community: number;
  const clients: mqtt.MqttClient[] = [];
  const sims: SimulatedDevice[] = [];
  beforeAll(async () => {
    m = await startMosquitto();
    t = await testApp({ mqtt: true, config: provisionConfig(m, 'gh', 'gatehouse') });
    await t.services.devices.idle(); // the first reconcile runs beside the start
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await Promise.all(sims.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await t?.close();
    await m?.stop();
  });

  // An API call waits for the broker at most PROVISION_WAIT_MS; on a loaded machine the change may still be under way.
  const settled = () => t.services.devices.idle();
  const connect = async (username: string, password: string) => {
    await settled();
    const c = await mqtt.connectAsync(m.url, {
      username,
      password,
      reconnectPeriod: 0,
      clientId: `raw-${crypto.randomBytes(4).toString('hex')}`,
    });
    clients.push(c);
    return c;
  };
  const refused = async (username: string, password: string) => {
    await settled();
    return mqtt.connectAsync(m.url, { username, password, reconnectPeriod: 0, connectTimeout: 5000 }).then(
      async (c) => {
        await c.endAsync(true);
        return false;
      },
      () => true,
    );
  };

  it('creates the client of a unit bound through the API: it connects with its secret and gets its configuration', async () => {
    const d = await bindNewDevice(t, token, community);
    await settled();
    const [got] = await m.dynsec([{ command: 'getClient', username: d.serial }]);
    expect(got?.data?.client).toMatchObject({
      username: d.serial,
      textname: 'gatehouse gh door unit',
      roles: [{ rolename: `gatehouse-gh-dev-${d.serial}` }],
    });
    expect(await refused(d.serial, 'wrong-secret')).toBe(true);
    const sim = await startSimulatedDevice({ url: m.url, serial: d.serial, secret: d.secret });
    sims.push(sim);
    await until(
      async () => (await statusesOf(t, d.addressid)).every((c) => c.status === CMD_STATUS.success),
      30_000,
      'configuration acknowledged through Mosquitto',
    );
    expect(sim.state.profile?.serial).toBe(d.serial);
  });

  it("refuses a unit on another unit's topics", async () => {
    const a = await bindNewDevice(t, token, community);
    const b = await bindNewDevice(t, token, community);
    const ca = await connect(a.serial, a.secret);
    await expect(ca.subscribeAsync(`gh/dev/${b.serial}/cmd`, { qos: 1 })).rejects.toThrow(/Subscribe error|Not authorized/i);
    await expect(ca.subscribeAsync(`gh/dev/+/cmd`, { qos: 1 })).rejects.toThrow(/Subscribe error|Not authorized/i);
    expect((await ca.subscribeAsync(`gh/dev/${a.serial}/cmd`, { qos: 1 }))[0]?.qos).toBe(1);
    expect((await ca.subscribeAsync(`gh/dev/${a.serial}/evack`, { qos: 1 }))[0]?.qos).toBe(1);
    await expect(ca.subscribeAsync(`gh/dev/${b.serial}/evack`, { qos: 1 })).rejects.toThrow(/Subscribe error|Not authorized/i);
    // An observer with the admin's rights sees what the broker lets through, in order.
    const seen: string[] = [];
    const observer = await connect(m.adminUser, m.adminPassword);
    await observer.subscribeAsync('gh/dev/+/+', { qos: 1 });
    const own = new Promise<void>((r) =>
      observer.on('message', (topic, _payload, packet) => {
        // (retained status messages of earlier units are not this test's traffic)
        if (!packet.retain && (topic.includes(a.serial) || topic.includes(b.serial))) seen.push(topic);
        if (topic === `gh/dev/${a.serial}/event`) r();
      }),
    );
    await ca.publishAsync(`gh/dev/${b.serial}/ack`, '{"id":1,"ok":true}', { qos: 1 });
    await ca.publishAsync(`gh/dev/${b.serial}/cmd`, '{}', { qos: 1 });
    await ca.publishAsync(`gh/dev/${a.serial}/cmd`, '{}', { qos: 1 });
    // Its own heartbeat passes (a quiet unit would otherwise go offline on Mosquitto).
    await ca.publishAsync(`gh/dev/${a.serial}/heartbeat`, '{}', { qos: 1 });
    await ca.publishAsync(`gh/dev/${a.serial}/event`, '{}', { qos: 1 });
    await own;
    expect(seen).toEqual([`gh/dev/${a.serial}/heartbeat`, `gh/dev/${a.serial}/event`]);
  });

  it("gives a unit its community's emergency topic: the server's retained broadcast reaches it, another's is refused", async () => {
    const d = await bindNewDevice(t, token, community);
    const other = await t.createCommunity();
    const mine = communityTopic('gh', community);
    const theirs = communityTopic('gh', other);
    const subscribes = async () => {
      await settled();
      const [r] = await m.dynsec([{ command: 'getRole', rolename: `gatehouse-gh-dev-${d.serial}` }]);
      return ((r?.data?.role as DynsecRoleEntry | undefined)?.acls ?? [])
        .filter((a) => a.acltype === 'subscribeLiteral' && a.allow)
        .map((a) => a.topic)
        .sort();
    };
    expect(await subscribes()).toEqual([`gh/dev/${d.serial}/cmd`, `gh/dev/${d.serial}/evack`, mine].sort());
    // The server's own client (its role) publishes each community's mode once, retained.
    const server = await connect(t.services.config.MQTT_USERNAME as string, t.services.config.MQTT_PASSWORD as string);
    await server.publishAsync(mine, JSON.stringify({ mode: 'lockdown', of: community }), { qos: 1, retain: true });
    await server.publishAsync(theirs, JSON.stringify({ mode: 'lockdown', of: other }), { qos: 1, retain: true });
    const received = async (c: mqtt.MqttClient, topic: string) => {
      const got = new Promise<string>((r) =>
        c.on('message', (tp, payload, packet) => tp === topic && packet.retain && r(payload.toString())),
      );
      expect((await c.subscribeAsync(topic, { qos: 1 }))[0]?.qos).toBe(1);
      return got;
    };
    const unit = await connect(d.serial, d.secret);
    expect(JSON.parse(await received(unit, mine))).toEqual({ mode: 'lockdown', of: community });
    await expect(unit.subscribeAsync(theirs, { qos: 1 })).rejects.toMatchObject({ packet: { granted: [0x80] } });
    await expect(unit.subscribeAsync('gh/community/+/emergency', { qos: 1 })).rejects.toMatchObject({ packet: { granted: [0x80] } });
    // The unit cannot overwrite the broadcast (the plugin drops its publish).
    await unit.publishAsync(mine, '{"mode":"normal"}', { qos: 1, retain: true });
    const again = await connect(d.serial, d.secret);
    expect(JSON.parse(await received(again, mine))).toEqual({ mode: 'lockdown', of: community });

    // Its door moves to the other community: the next sync names that one in its role.
    await moveDoor(t, d.serial, other);
    await t.services.devices.provision?.([d.serial]);
    expect(await subscribes()).toEqual([`gh/dev/${d.serial}/cmd`, `gh/dev/${d.serial}/evack`, theirs].sort());
    const moved = await connect(d.serial, d.secret);
    expect(JSON.parse(await received(moved, theirs))).toEqual({ mode: 'lockdown', of: other });
    await expect(moved.subscribeAsync(mine, { qos: 1 })).rejects.toMatchObject({ packet: { granted: [0x80] } });
  });

  it('refuses the old secret after a reset (dropping the open connection) and accepts the new one', async () => {
    const d = await bindNewDevice(t, token, community);
    const c = await connect(d.serial, d.secret);
    const closed = new Promise<void>((r) => c.once('close', () => r()));
    const res = await t.post<DeviceSecret>('/device/resetSecret', { addressid: d.addressid }, token);
    expect(res.body.status).toBe(200);
    await closed;
    expect(await refused(d.serial, d.secret)).toBe(true);
    expect((await connect(d.serial, res.body.content.secret)).connected).toBe(true);
  });

  it('deletes the client of a removed unit and of a replaced one; the replacement connects', async () => {
    const gone = await bindNewDevice(t, token, community);
    const open = await connect(gone.serial, gone.secret);
    const closed = new Promise<void>((r) => open.once('close', () => r()));
    const del = await t.post('/device/delDevices', { ids: [gone.addressid] }, token);
    expect(del.body.status).toBe(200);
    await closed;
    expect(await refused(gone.serial, gone.secret)).toBe(true);
    await settled();
    expect((await m.dynsec([{ command: 'getClient', username: gone.serial }]))[0]?.error).toBe('Client not found');
    expect((await m.dynsec([{ command: 'getRole', rolename: `gatehouse-gh-dev-${gone.serial}` }]))[0]?.error).toBe('Role not found');

    const old = await bindNewDevice(t, token, community);
    const next = newSerial('N');
    await addToPool(t, token, next);
    const res = await t.post<DeviceSecret>('/device/changeSerial', { devicenumber: old.serial, newdevicenumber: next }, token);
    expect(res.body.status).toBe(200);
    expect(await refused(old.serial, old.secret)).toBe(true);
    expect((await connect(next, res.body.content.secret)).connected).toBe(true);
  });

  it('creates the client of a unit activated on the address screen', async () => {
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
    const res = await t.post<{ secret: string }>('/address/activeDevice', { addressid: gate.id, regNo: serial }, token);
    expect(res.body.status).toBe(200);
    expect((await connect(serial, res.body.content.secret)).connected).toBe(true);
  });

  it('applies a change made while the broker was away once it is back', async () => {
    await m.pause();
    const d = await bindNewDevice(t, token, community);
    type Health = { broker: { pending: number } };
    expect((await t.get<Health>('/health')).body.content.broker.pending).toBeGreaterThanOrEqual(1);
    await m.resume();
    await until(
      () =>
        mqtt.connectAsync(m.url, { username: d.serial, password: d.secret, reconnectPeriod: 0, connectTimeout: 3000 }).then(
          (c) => c.endAsync(true).then(() => true),
          () => false,
        ),
      60_000,
      'unit provisioned after the broker came back',
    );
    await until(async () => (await t.get<Health>('/health')).body.content.broker.pending === 0, 30_000, 'nothing pending');
  });

  it('reports the broker in GET /api/health', async () => {
    const res = await t.get<{ broker: { mode: string; provisioning: string; lastReconcile: { ok: boolean } | null; pending: number } }>(
      '/health',
    );
    expect(res.body.content.broker).toMatchObject({ mode: 'external', provisioning: 'mosquitto', lastReconcile: { ok: true }, pending: 0 });
  });
});

describe.skipIf(!hasMosquitto())('Mosquitto provisioning across a server restart', () => {
  let m: TestMosquitto;
  let running: Booted | undefined;
  const cleanup: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    m = await startMosquitto();
  });
  afterAll(async () => {
    await running?.shutdown();
    for (const c of cleanup.reverse()) await c();
    await m?.stop();
  });

  it('repairs a client deleted behind its back, removes a stray one and reports the drift', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-prov-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let url: string | undefined;
    if (testDbKind() === 'postgres') {
      const pg = await freshPostgres();
      url = pg.url;
      cleanup.push(pg.drop);
    }
    const prefix = `ghr${crypto.randomBytes(3).toString('hex')}`;
    const config = testConfig({
      DATA_DIR: dataDir,
      dataDir,
      DATABASE_URL: url,
      MQTT_PORT: 0,
      ...provisionConfig(m, prefix, 'gatehouse-r'),
    });
    running = await boot(config, { inMemoryDb: false, mqtt: true });
    const { db } = running.services;
    const community = await db
      .insertInto('community')
      .values({ name: 'R', location: '', address: '', ip: null, type: 0, reg_no: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const door = await db
      .insertInto('address')
      .values({ community_id: community.id, address: 'Gate', name: 'Gate', type: 0, is_villa: 0, hardware: 15, devstate: 0, reg_no: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const serial = `RS${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
    await db.insertInto('device').values({ serial, name: 'R', is_villa: 0, hardware: 15, note: '' }).execute();
    const services = running.services;
    const bound = await withCommands(services, (trx, q) => bindDevice(trx, q, { addressId: door.id, serial }));
    await services.devices.provision?.([bound.serial]);
    await services.devices.idle();
    const c1 = await mqtt.connectAsync(m.url, { username: serial, password: bound.secret, reconnectPeriod: 0 });
    await c1.endAsync(true);
    // A unit whose secret has no sealed copy (bound before provisioning was turned on).
    const door2 = await db
      .insertInto('address')
      .values({
        community_id: community.id,
        address: 'Gate 2',
        name: 'Gate 2',
        type: 0,
        is_villa: 0,
        hardware: 15,
        devstate: 0,
        reg_no: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const serial2 = `RU${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
    await db.insertInto('device').values({ serial: serial2, name: 'R2', is_villa: 0, hardware: 15, note: '' }).execute();
    const bound2 = await withCommands(services, (trx, q) => bindDevice(trx, q, { addressId: door2.id, serial: serial2 }));
    await services.devices.provision?.([serial2]);
    await services.devices.idle();
    await db.updateTable('device').set({ secret_box: null }).where('serial', '=', serial2).execute();
    await running.shutdown();
    running = undefined;

    // Behind the server's back: its unit's client is deleted, a stray managed client appears.
    const stray = `ST${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
    const answers = await m.dynsec([
      { command: 'deleteClient', username: serial },
      { command: 'deleteClient', username: serial2 },
      { command: 'createClient', username: stray, password: 'stray-secret', textname: `gatehouse ${prefix} door unit` },
    ]);
    expect(answers.map((a) => a.error)).toEqual([undefined, undefined, undefined]);
    await expect(mqtt.connectAsync(m.url, { username: serial, password: bound.secret, reconnectPeriod: 0 })).rejects.toThrow();

    running = await boot(config, { inMemoryDb: false, mqtt: true });
    await running.services.devices.idle(); // the first reconcile runs beside the start
    const health = brokerHealth(running.services.devices, config);
    expect(health).toMatchObject({
      mode: 'external',
      provisioning: 'mosquitto',
      lastReconcile: { ok: true, drift: { missing: 1, extra: 1, changed: 0, unrecoverable: 1 } },
    });
    const c2 = await mqtt.connectAsync(m.url, { username: serial, password: bound.secret, reconnectPeriod: 0 });
    expect(c2.connected).toBe(true);
    await c2.endAsync(true);
    expect((await m.dynsec([{ command: 'getClient', username: stray }]))[0]?.error).toBe('Client not found');
    // the unit without a sealed secret stays out until it gets a new secret
    await expect(mqtt.connectAsync(m.url, { username: serial2, password: bound2.secret, reconnectPeriod: 0 })).rejects.toThrow();
    expect(brokerHealth(running.services.devices, config).pending).toBe(0);
  });
});
